import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { restaurantOptionsQueryKey } from '../lib/api/get-restaurant-options';
import { FilterBar, RestaurantFilter } from './filter-bar';

function Harness() {
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  return (
    <FilterBar>
      <RestaurantFilter value={restaurantId} onChange={setRestaurantId} />
      <output aria-label="Chosen restaurant">{restaurantId ?? 'all'}</output>
    </FilterBar>
  );
}

describe('RestaurantFilter', () => {
  test('lists the active restaurants; nothing chosen means all, choosing one filters by it', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(restaurantOptionsQueryKey, [
      { id: 'r-ams', name: 'Brigade Amsterdam Centraal' },
      { id: 'r-utr', name: 'Brigade Utrecht Neude' },
    ]);
    const { user } = renderWithProviders(<Harness />, { queryClient });
    const chosen = screen.getByRole('status', { name: 'Chosen restaurant' });
    expect(screen.getByRole('combobox', { name: 'Restaurant' })).toHaveAttribute('placeholder', 'All restaurants');
    expect(chosen).toHaveTextContent('all');

    await user.type(screen.getByRole('combobox', { name: 'Restaurant' }), 'Utrecht');
    await user.click(await screen.findByRole('option', { name: 'Brigade Utrecht Neude', hidden: true }));
    expect(chosen).toHaveTextContent('r-utr');
  });
});
