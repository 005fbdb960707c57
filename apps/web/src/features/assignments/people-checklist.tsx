import { ROLE_LABELS } from '@brigade/core/roles';
import type { AssignablePerson } from '@brigade/core/schemas/assignments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Group, Input, Skeleton, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import fieldset from '../../components/fieldset.module.css';
import { useCoreText } from '../../lib/i18n';
import classes from './assignments.module.css';

interface PeopleChecklistProps {
  people: readonly AssignablePerson[] | undefined;
  loading: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | null;
  legend?: string;
  /** hq assigns to staff and managers: show each person's role. */
  showRole?: boolean;
  /** Shown when nobody matches. */
  emptyText: string;
}

/**
 * Choosing people: a checkbox per person (name, email, restaurant chips) and one that
 * selects everyone listed. A choice hidden by a filter or search stays chosen.
 */
export function PeopleChecklist({
  people,
  loading,
  value,
  onChange,
  error,
  legend,
  showRole = false,
  emptyText,
}: PeopleChecklistProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const errorId = useId();
  const listed = people ?? [];
  const selected = value.length;
  const listedCount = listed.length;
  const listedIds = listed.map((person) => person.id);
  const chosenListed = listedIds.filter((id) => value.includes(id));
  const allListed = listed.length > 0 && chosenListed.length === listed.length;

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  }

  function toggleAll() {
    onChange(allListed ? value.filter((id) => !listedIds.includes(id)) : [...new Set([...value, ...listedIds])]);
  }

  return (
    <fieldset className={fieldset.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldset.legend}>
        {legend ?? t`Staff`}
        {value.length > 0 && (
          <Text span size="sm" c="gray.7" fw={400}>
            {' '}
            <Trans>({selected} selected)</Trans>
          </Text>
        )}
      </legend>
      {loading && !people ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading people`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} />
          ))}
        </Stack>
      ) : listed.length === 0 ? (
        <Text size="sm" c="gray.7" py="sm">
          {emptyText}
        </Text>
      ) : (
        <>
          <Checkbox
            mb="xs"
            px="sm"
            label={t`Select all listed (${listedCount})`}
            checked={allListed}
            indeterminate={!allListed && chosenListed.length > 0}
            onChange={toggleAll}
          />
          <ul className={classes.scrollList} data-checklist aria-busy={loading || undefined}>
            {listed.map((person) => {
              const checked = value.includes(person.id);
              return (
                <li key={person.id} className={classes.option} data-checked={checked || undefined}>
                  <Checkbox
                    checked={checked}
                    onChange={(event) => toggle(person.id, event.currentTarget.checked)}
                    label={
                      <Text span size="sm" fw={600}>
                        {person.name}
                      </Text>
                    }
                    description={
                      <Stack gap={4} component="span">
                        <Text span size="xs" c="gray.7">
                          {person.email}
                        </Text>
                        <Group gap={4} component="span">
                          {showRole && (
                            <Badge size="sm" variant="light" color="gray" c="dark.6" tt="none" component="span">
                              {text(ROLE_LABELS[person.role])}
                            </Badge>
                          )}
                          {person.restaurants.map((restaurant) => (
                            <Badge
                              key={restaurant.id}
                              size="sm"
                              variant="outline"
                              color="teal.9"
                              c="#0b6b50"
                              tt="none"
                              component="span"
                            >
                              {restaurant.name}
                            </Badge>
                          ))}
                        </Group>
                      </Stack>
                    }
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      {error && (
        <Input.Error id={errorId} mt={6}>
          {text(error)}
        </Input.Error>
      )}
    </fieldset>
  );
}
