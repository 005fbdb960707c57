import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import { idField } from '@brigade/core/schemas/fields';
import { TRAINING_SORTS, type TrainingSort } from '@brigade/core/schemas/trainings';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CategoryFilter } from '../../components/category-filter';
import { EmptyList } from '../../components/empty-list';
import { FilterBar } from '../../components/filter-bar';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useTrainings } from './api/get-trainings';
import { TrainingCard } from './training-card';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 };

const TRAINING_SORT: ListSortSpec<TrainingSort> = {
  columns: TRAINING_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  descendingFirst: ['createdAt', 'videoCount'],
};

const SORT_OPTIONS = [
  { value: 'createdAt', label: msg`Date added` },
  { value: 'title', label: msg`Title` },
  { value: 'category', label: msg`Category` },
  { value: 'videoCount', label: msg`Videos` },
] as const satisfies readonly { value: TrainingSort; label: MessageDescriptor }[];

/** The address keeps the chosen categories as one comma-separated value: `?category=…,…`. */
const FILTER_KEYS = ['category'] as const;

function categoryIdsOf(value: string | null): string[] {
  // A hand-edited address may hold something that is not an id: it filters nothing.
  return (value ?? '').split(',').filter((id) => idField.safeParse(id).success);
}

/**
 * /trainings (core §2 "Trainings"): every training as a card, searched, filtered by
 * category and sorted, all of it kept in the address so a reload or a shared link
 * shows the same cards.
 */
export function TrainingsPage() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const canManage = allows(me.role, 'trainings.manage');
  const list = useListParams(TRAINING_SORT, FILTER_KEYS);
  const categoryIds = categoryIdsOf(list.filters.category);
  const trainings = useTrainings({
    search: list.query.search,
    categoryIds,
    sort: list.query.sort,
    order: list.query.order,
  });
  const filtered = list.query.search !== '' || categoryIds.length > 0;

  return (
    <>
      <PageHeader
        title={t`Trainings`}
        actions={
          canManage && (
            <Button component={Link} to="/trainings/add" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>Add Training</Trans>
            </Button>
          )
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label={t`Search trainings`}
            placeholder={t`Title or description...`}
            value={list.search}
            onChange={list.setSearch}
          />
          <SortSelect
            options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            sort={list.query.sort}
            order={list.query.order}
            onChange={list.setSort}
          />
        </FilterBar>
        <CategoryFilter
          value={categoryIds}
          onChange={(ids) => list.setFilters({ category: ids.length > 0 ? ids.join(',') : null })}
        />

        {trainings.isPending ? (
          <CardsSkeleton />
        ) : trainings.isError && !trainings.data ? (
          <LoadError
            message={text(messages.trainingsLoadFailed)}
            onRetry={() => void trainings.refetch()}
            retrying={trainings.isFetching}
          />
        ) : trainings.data.length === 0 ? (
          <EmptyList
            title={t`No trainings found`}
            description={
              filtered
                ? t`Try a different search term or category`
                : canManage
                  ? t`Add your first training to get started`
                  : t`No trainings have been published yet`
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

function CardsSkeleton() {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={GRID_COLUMNS} role="status" aria-busy="true" aria-label={t`Loading trainings`}>
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
