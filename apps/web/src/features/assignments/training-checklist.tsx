import { messages } from '@brigade/core/messages';
import type { TrainingSummary } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Group, Input, Skeleton, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { CategoryFilter } from '../../components/category-filter';
import fieldset from '../../components/fieldset.module.css';
import { LoadError } from '../../components/load-error';
import { useCoreText } from '../../lib/i18n';
import { useTrainingOptions } from './api/get-training-options';
import classes from './assignments.module.css';

interface TrainingChecklistProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | null;
  /** Trainings the person already has: shown ticked and locked. */
  assignedIds?: ReadonlySet<string>;
  legend?: string;
}

/**
 * Choosing trainings: category chips to narrow the list, then a checkbox per training
 * with its categories. A choice hidden by the filter stays chosen.
 */
export function TrainingChecklist({ value, onChange, error, assignedIds, legend }: TrainingChecklistProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const trainings = useTrainingOptions();
  const selected = value.length;
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const errorId = useId();

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  }

  const shown = inCategories(trainings.data ?? [], categoryIds);
  return (
    <Stack gap="sm">
      <CategoryFilter value={categoryIds} onChange={setCategoryIds} />
      <fieldset className={fieldset.fieldset} aria-describedby={error ? errorId : undefined}>
        <legend className={fieldset.legend}>
          {legend ?? t`Trainings`}
          {value.length > 0 && (
            <Text span size="sm" c="gray.7" fw={400}>
              {' '}
              <Trans>({selected} selected)</Trans>
            </Text>
          )}
        </legend>
        {trainings.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading trainings`}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </Stack>
        ) : trainings.isError ? (
          <LoadError
            message={text(messages.trainingsLoadFailed)}
            onRetry={() => void trainings.refetch()}
            retrying={trainings.isFetching}
          />
        ) : shown.length === 0 ? (
          <Text size="sm" c="gray.7" py="sm">
            <Trans>No trainings found</Trans>
          </Text>
        ) : (
          <ul className={classes.scrollList} data-checklist>
            {shown.map((training) => (
              <TrainingOption
                key={training.id}
                training={training}
                checked={value.includes(training.id) || Boolean(assignedIds?.has(training.id))}
                assigned={Boolean(assignedIds?.has(training.id))}
                onChange={(checked) => toggle(training.id, checked)}
              />
            ))}
          </ul>
        )}
        {error && (
          <Input.Error id={errorId} mt={6}>
            {text(error)}
          </Input.Error>
        )}
      </fieldset>
    </Stack>
  );
}

interface TrainingOptionProps {
  training: TrainingSummary;
  checked: boolean;
  assigned: boolean;
  onChange: (checked: boolean) => void;
}

function TrainingOption({ training, checked, assigned, onChange }: TrainingOptionProps) {
  return (
    <li className={classes.option} data-checked={(checked && !assigned) || undefined}>
      <Checkbox
        checked={checked}
        disabled={assigned}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={
          <Text span size="sm" fw={600}>
            {training.title}
          </Text>
        }
        description={
          <Group gap={4} mt={4} component="span">
            {assigned && (
              <Badge size="sm" variant="filled" color="gray.7" tt="none" component="span">
                <Trans>Already assigned</Trans>
              </Badge>
            )}
            {training.categories.map((category) => (
              <Badge
                key={category.id}
                size="sm"
                variant="outline"
                color="indigo"
                c="indigo.9"
                tt="none"
                component="span"
              >
                {category.name}
              </Badge>
            ))}
          </Group>
        }
      />
    </li>
  );
}

/** Trainings in any of the chosen categories; all of them when none is chosen. */
function inCategories<T extends { categories: readonly { id: string }[] }>(
  trainings: readonly T[],
  categoryIds: readonly string[],
): T[] {
  if (categoryIds.length === 0) return [...trainings];
  return trainings.filter((training) => training.categories.some((category) => categoryIds.includes(category.id)));
}
