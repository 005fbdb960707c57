import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import { Button, Card, Chip, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useTrainingCategories } from '../../lib/api/get-training-categories';
import { useCurrentUser } from '../../lib/current-user';
import { useTrainings } from './api/get-trainings';
import classes from './chip-fieldset.module.css';
import { TrainingCard } from './training-card';

const SEARCH_DELAY_MS = 300;
const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 };

/** /trainings (core §2 "Trainings"): every training as a card, searched and filtered by category. */
export function TrainingsPage() {
  const me = useCurrentUser();
  const canManage = allows(me.role, 'trainings.manage');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const trainings = useTrainings({ search: debouncedSearch, categoryIds });
  const filtered = debouncedSearch !== '' || categoryIds.length > 0;

  return (
    <>
      <PageHeader
        title="Trainings"
        actions={
          canManage && (
            <Button component={Link} to="/trainings/add" leftSection={<IconPlus size={18} aria-hidden />}>
              Add Training
            </Button>
          )
        }
      />
      <Stack>
        <SearchInput
          label="Search trainings"
          placeholder="Title or description..."
          value={search}
          onChange={setSearch}
        />
        <CategoryFilter value={categoryIds} onChange={setCategoryIds} />

        {trainings.isPending ? (
          <CardsSkeleton />
        ) : trainings.isError && !trainings.data ? (
          <LoadError
            message={messages.trainingsLoadFailed}
            onRetry={() => void trainings.refetch()}
            retrying={trainings.isFetching}
          />
        ) : trainings.data.length === 0 ? (
          <EmptyList
            title="No trainings found"
            description={
              filtered
                ? 'Try a different search term or category'
                : canManage
                  ? 'Add your first training to get started'
                  : 'No trainings have been published yet'
            }
            icon={<IconSchool size={28} aria-hidden />}
          />
        ) : (
          <SimpleGrid cols={GRID_COLUMNS} aria-busy={trainings.isFetching || undefined}>
            {trainings.data.map((training) => (
              <TrainingCard key={training.id} training={training} canManage={canManage} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

interface CategoryFilterProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** Category chips (core §5): none selected means all; Select All toggles all or none. */
function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const categories = useTrainingCategories();

  if (categories.isPending) {
    return (
      <Group gap="xs" role="status" aria-busy="true" aria-label="Loading categories">
        {[80, 110, 90, 120].map((width) => (
          <Skeleton key={width} height={28} width={width} radius="xl" />
        ))}
      </Group>
    );
  }
  if (categories.isError) {
    return (
      <LoadError
        message={messages.categoriesLoadFailed}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  const all = categories.data.map((category) => category.id);
  if (all.length === 0) return null;
  // A category deleted since it was picked no longer counts.
  const selected = value.filter((id) => all.includes(id));
  const allSelected = selected.length === all.length;

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>Filter by category</legend>
      <Group gap="xs">
        <Chip checked={allSelected} onChange={() => onChange(allSelected ? [] : all)} variant="filled">
          Select All
        </Chip>
        <Chip.Group multiple value={selected} onChange={onChange}>
          {categories.data.map((category) => (
            <Chip key={category.id} value={category.id} variant="outline">
              {category.name}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </fieldset>
  );
}

function CardsSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} role="status" aria-busy="true" aria-label="Loading trainings">
      {[0, 1, 2].map((card) => (
        <Card key={card} withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Skeleton height={20} width="70%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
            <Group gap={6}>
              <Skeleton height={20} width={80} radius="xl" />
              <Skeleton height={20} width={60} radius="xl" />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
