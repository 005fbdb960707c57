import { AUDIT_SORTS, AUDIT_STATUSES, type AuditSort, type AuditStatus } from '@brigade/core/schemas/audits';
import { idField } from '@brigade/core/schemas/fields';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ListSortSpec } from '../../lib/use-list-params';

/** The audit lists' sort: newest first without a choice; dates and scores start high on a first click. */
export const AUDIT_SORT: ListSortSpec<AuditSort> = {
  columns: AUDIT_SORTS,
  defaultSort: 'auditedAt',
  defaultOrder: 'desc',
  descendingFirst: ['auditedAt', 'score'],
};

/** The "Sort by" choices of the card layouts, named as the table's headers name them. */
export const AUDIT_SORT_LABELS: Record<AuditSort, MessageDescriptor> = {
  auditedAt: msg`Date`,
  restaurant: msg`Restaurant`,
  auditor: msg`Auditor`,
  template: msg`Templates`,
  score: msg`Score`,
};

/** The choices in the active language (`i18n` from `useLingui`). */
export function sortOptions(i18n: I18n, columns: readonly AuditSort[]) {
  return columns.map((value) => ({ value, label: i18n._(AUDIT_SORT_LABELS[value]) }));
}

/** A restaurant id from the address, or null when it is missing or was edited into something else. */
export function restaurantIdOf(value: string | null): string | null {
  return value && idField.safeParse(value).success ? value : null;
}

/** A status from the address, or null (every status) when it is missing or unknown. */
export function auditStatusOf(value: string | null): AuditStatus | null {
  return AUDIT_STATUSES.find((status) => status === value) ?? null;
}
