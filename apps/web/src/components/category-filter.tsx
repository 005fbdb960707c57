import { messages } from '@brigade/core/messages';
import type { TrainingCategory } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Chip, Group, Skeleton } from '@mantine/core';
import { useTrainingCategories } from '../lib/api/get-training-categories';
import { useCoreText } from '../lib/i18n';
import fieldset from './fieldset.module.css';
import { LoadError } from './load-error';

interface CategoryFilterProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** The fieldset's legend. */
  label?: string;
}

/**
 * Category chips (core §5: none selected means all) with a `Select All` button that
 * reads `Deselect All` once every category is selected (core §2, bulk assign). The
 * trainings list, My Trainings and the assignment screens all filter with it.
 */
export function CategoryFilter({ value, onChange, label }: CategoryFilterProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const categories = useTrainingCategories();

  if (categories.isPending) {
    return (
      <Group gap="xs" role="status" aria-busy="true" aria-label={t`Loading categories`}>
        {[80, 110, 90, 120].map((width) => (
          <Skeleton key={width} height={28} width={width} radius="xl" />
        ))}
      </Group>
    );
  }
  if (categories.isError) {
    return (
      <LoadError
        message={text(messages.categoriesLoadFailed)}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  return (
    <CategoryChips
      categories={categories.data}
      value={value}
      onChange={onChange}
      label={label ?? t`Filter by category`}
    />
  );
}

interface CategoryChipsProps extends Required<CategoryFilterProps> {
  categories: readonly TrainingCategory[];
}

function CategoryChips({ categories, value, onChange, label }: CategoryChipsProps) {
  const all = categories.map((category) => category.id);
  if (all.length === 0) return null;
  // A category deleted since it was picked no longer counts.
  const selected = value.filter((id) => all.includes(id));
  const allSelected = selected.length === all.length;

  return (
    <fieldset className={fieldset.fieldset}>
      <legend className={fieldset.legend}>{label}</legend>
      <Group gap="xs">
        <Button size="compact-sm" variant="default" radius="xl" onClick={() => onChange(allSelected ? [] : all)}>
          {allSelected ? <Trans>Deselect All</Trans> : <Trans>Select All</Trans>}
        </Button>
        <Chip.Group multiple value={selected} onChange={onChange}>
          {categories.map((category) => (
            <Chip key={category.id} value={category.id} variant="outline" size="sm">
              {category.name}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </fieldset>
  );
}
