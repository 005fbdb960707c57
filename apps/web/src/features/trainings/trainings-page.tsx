import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import { idField } from '@brigade/core/schemas/fields';
import { TRAINING_SORTS, type TrainingSort } from '@brigade/core/schemas/trainings';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CategoryFilter } from '../../components/category-filter';
import { DataList } from '../../components/data-list/data-list';
import { FilterBar } from '../../components/filter-bar';
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

        <DataList
          query={trainings}
          rowKey={(training) => training.id}
          card={(training) => <TrainingCard training={training} canManage={canManage} />}
          showTable={false}
          // Each training is a Mantine Card of its own, three across on wide screens.
          cards={{ cols: GRID_COLUMNS, spacing: 'md', framed: false }}
          labels={{ loading: t`Loading trainings`, loadFailed: text(messages.trainingsLoadFailed) }}
          empty={{
            title: t`No trainings found`,
            description: filtered
              ? t`Try a different search term or category`
              : canManage
                ? t`Add your first training to get started`
                : t`No trainings have been published yet`,
            icon: <IconSchool size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}
