import { STAFF_SORTS, type StaffSort } from '@brigade/core/schemas/users';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ListSortSpec, useListParams } from '../../lib/use-list-params';

/** Staff Management's sort: by name without a choice; the server's columns (core `STAFF_SORTS`). */
export const STAFF_SORT: ListSortSpec<StaffSort> = {
  columns: STAFF_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/** What a column is called in the "Sort by" menu. */
export const STAFF_SORT_LABELS: Record<StaffSort, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`Email`,
  role: msg`Role`,
  status: msg`Status`,
  trainings: msg`Training progress`,
};

/** The list's view as both Staff Management screens keep it in the address (`useListParams`). */
export type StaffListView = Pick<
  ReturnType<typeof useListParams<StaffSort>>,
  'search' | 'setSearch' | 'query' | 'setPage' | 'setSort' | 'sortControl'
>;
