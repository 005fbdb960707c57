import { Trans } from '@lingui/react/macro';
import { Chip, Text } from '@mantine/core';
import { useId } from 'react';
import { useSelectedRestaurant } from '../lib/selected-restaurant';
import classes from './app-layout.module.css';

/**
 * The managers' strip of restaurant pills (core-operations §2). Single choice, so the
 * pills are radios: one tab stop, arrow keys move between restaurants.
 */
export function RestaurantSelector() {
  const { restaurants, selectedRestaurant, selectRestaurant } = useSelectedRestaurant();
  const labelId = useId();

  return (
    <div className={classes.selectorStrip}>
      <Text id={labelId} size="sm" fw={600} c="gray.8">
        <Trans>Restaurant</Trans>
      </Text>
      {restaurants.length === 0 ? (
        <Text size="sm" c="gray.7">
          <Trans>No active restaurant is assigned to you.</Trans>
        </Text>
      ) : (
        <div role="radiogroup" aria-labelledby={labelId} className={classes.selectorPills}>
          <Chip.Group value={selectedRestaurant?.id ?? null} onChange={selectRestaurant}>
            {restaurants.map((restaurant) => (
              <Chip key={restaurant.id} value={restaurant.id} name="restaurant" variant="filled">
                {restaurant.name}
              </Chip>
            ))}
          </Chip.Group>
        </div>
      )}
    </div>
  );
}
