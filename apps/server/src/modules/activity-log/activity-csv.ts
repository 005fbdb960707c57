import type { ActivityItem } from '@brigade/core/schemas/activity-log';
import type { CsvColumn } from '../../http/send-csv';

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** `role: staff → manager; isActive: true → false`. */
export function changesText(changes: ActivityItem['changes']): string | null {
  if (!changes) return null;
  const parts = Object.entries(changes).map(
    ([field, change]) => `${field}: ${valueText(change.from)} → ${valueText(change.to)}`,
  );
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * The activity log as a spreadsheet: one entry a row, its time in UTC (ISO 8601, as the
 * server recorded it), the kind's key (`auth.signIn`), who and what by the names kept
 * with the entry, before → after per changed field. Cells are guarded against formulas
 * by `sendCsv` (a person's name such as `=HYPERLINK(…)` arrives as text).
 */
export const ACTIVITY_CSV_COLUMNS: readonly CsvColumn<ActivityItem>[] = [
  { header: 'Entry ID', cell: (entry) => entry.id },
  { header: 'Time', cell: (entry) => entry.at },
  { header: 'Activity', cell: (entry) => entry.kind },
  { header: 'Person', cell: (entry) => entry.actor.name ?? entry.actor.label },
  { header: 'Restaurant', cell: (entry) => entry.restaurant?.name ?? null },
  { header: 'Object', cell: (entry) => [entry.object.type, entry.object.label].filter(Boolean).join(': ') || null },
  { header: 'Changes', cell: (entry) => changesText(entry.changes) },
  { header: 'Details', cell: (entry) => (entry.details ? JSON.stringify(entry.details) : null) },
  { header: 'Address', cell: (entry) => entry.address },
  { header: 'User agent', cell: (entry) => entry.userAgent },
];
