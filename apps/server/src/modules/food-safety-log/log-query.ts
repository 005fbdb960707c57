import type { ChecklistContent, ChecklistValue } from '@brigade/core/checklist-items';
import { runStateOf } from '@brigade/core/checklist-runs';
import { messages } from '@brigade/core/messages';
import { clockTime, localDay } from '@brigade/core/restaurant-time';
import {
  addDays,
  type FoodSafetyLog,
  type FoodSafetyLogEntry,
  type FoodSafetyLogPeriod,
  type FoodSafetyLogRecord,
  type FoodSafetySignOff,
  logPeriodOf,
} from '@brigade/core/schemas/food-safety-log';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { notFound } from '../../errors';

/**
 * The food-safety log's reads (issue 33). Whatever the period's size, a log is two
 * statements: its head (the restaurant, the sign-offs covering the period and the
 * contents of the checklist versions its records were filled from), and its records,
 * each with its values, corrections and corrective actions aggregated by PostgreSQL
 * (no statement per record). The PDF and the CSV read the records in batches of
 * `LOG_BATCH_RECORDS` by key, one short statement each, and write each batch before
 * reading the next: memory stays one batch whatever the period.
 */

/** Records read per statement while the PDF or the CSV is written. */
export const LOG_BATCH_RECORDS = 100;

export interface LogRange {
  period: FoodSafetyLogPeriod;
  start: string;
  end: string;
}

/** What every view of the log starts from: the restaurant, its day now, the sign-offs, and the versions' items. */
export interface LogHead {
  restaurant: FoodSafetyLog['restaurant'];
  range: LogRange;
  today: string;
  signOffs: FoodSafetySignOff[];
  versions: Map<string, ChecklistContent>;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export function logRangeOf(period: FoodSafetyLogPeriod, from: string): LogRange {
  return { period, ...logPeriodOf(period, from) };
}

interface HeadRow {
  id: string;
  name: string;
  time_zone: string;
  sign_offs: { period: 'day' | 'week'; startsOn: string; signedBy: string; signedAt: string }[];
  versions: Record<string, ChecklistContent> | null;
}

/**
 * The restaurant (404 when there is none), the day and week sign-offs covering the
 * range (a week that starts up to six days before it touches it), and the content of
 * every checklist version the range's records were filled from: one statement.
 */
export async function readLogHead(
  db: Queryable,
  restaurantId: string,
  range: LogRange,
  now = new Date(),
): Promise<LogHead> {
  const weeksFrom = addDays(range.start, -6);
  const result = (await db.execute(sql`
    select r.id, r.name, r.time_zone,
      (select coalesce(json_agg(json_build_object(
          'period', s.period, 'startsOn', s.starts_on, 'signedBy', s.signed_by_name, 'signedAt', s.signed_at)
          order by s.starts_on, s.period desc), '[]'::json)
        from checklist_sign_offs s
        where s.restaurant_id = r.id
          and ((s.period = 'day' and s.starts_on between ${range.start}::date and ${range.end}::date)
            or (s.period = 'week' and s.starts_on between ${weeksFrom}::date and ${range.end}::date))) as sign_offs,
      (select json_object_agg(v.id, v.content)
        from checklist_versions v
        where v.id in (select cr.version_id from checklist_runs cr
          where cr.restaurant_id = r.id and cr.local_day between ${range.start}::date and ${range.end}::date)) as versions
    from restaurants r
    where r.id = ${restaurantId}`)) as unknown as { rows: HeadRow[] };
  const [row] = result.rows;
  if (!row) throw notFound(messages.restaurantNotFound);
  return {
    restaurant: { id: row.id, name: row.name, timeZone: row.time_zone },
    range,
    today: localDay(now, row.time_zone),
    signOffs: row.sign_offs.map((signOff) => ({
      ...signOff,
      startsOn: signOff.startsOn.slice(0, 10),
      signedAt: iso(signOff.signedAt) as string,
    })),
    versions: new Map(Object.entries(row.versions ?? {})),
  };
}

interface Person {
  id: string;
  name: string;
}

interface RecordRow {
  id: string;
  day: string;
  checklistId: string;
  checklistName: string;
  versionId: string;
  startsAt: number;
  minutes: number;
  opensAt: string;
  closesAt: string;
  status: 'open' | 'submitted' | 'missed';
  submittedAt: string | null;
  submittedBy: Person | null;
  failures: number;
  values: {
    itemId: string;
    value: ChecklistValue;
    failed: boolean;
    note: string | null;
    by: Person | null;
    at: string;
  }[];
  corrections: {
    id: string;
    itemId: string;
    value: ChecklistValue;
    failed: boolean;
    reason: string;
    by: Person | null;
    at: string;
  }[];
  actions: { id: string; itemId: string; status: 'open' | 'resolved' }[];
}

/** A person as JSON, or null when their user row is gone. */
const personOf = (idColumn: SQL, nameColumn: SQL) =>
  sql`case when ${idColumn} is null or ${nameColumn} is null then null
    else json_build_object('id', ${idColumn}, 'name', ${nameColumn}) end`;

/** Where the next batch starts: after this record in (day, start, id) order. */
export interface LogCursor {
  day: string;
  startsAt: number;
  id: string;
}

/**
 * The range's records in (local day, window start, id) order, each with its values,
 * corrections (oldest first) and corrective actions, and the names of who entered,
 * submitted and corrected: one statement. `after` and `limit` read one batch.
 */
async function readRecordRows(
  db: Queryable,
  restaurantId: string,
  range: LogRange,
  batch: { after: LogCursor | null; limit: number } | null,
): Promise<RecordRow[]> {
  const after = batch?.after
    ? sql`and (r.local_day, r.starts_at, r.id) > (${batch.after.day}::date, ${batch.after.startsAt}::int, ${batch.after.id}::uuid)`
    : sql``;
  const limit = batch ? sql`limit ${batch.limit}` : sql``;
  const result = (await db.execute(sql`
    select json_build_object(
      'id', r.id, 'day', r.local_day, 'checklistId', r.checklist_id, 'checklistName', c.name,
      'versionId', r.version_id, 'startsAt', r.starts_at, 'minutes', r.minutes,
      'opensAt', r.opens_at, 'closesAt', r.closes_at, 'status', r.status, 'submittedAt', r.submitted_at,
      'submittedBy', ${personOf(sql`r.submitted_by`, sql`su.name`)}, 'failures', r.failures,
      'values', (select coalesce(json_agg(json_build_object(
          'itemId', v.item_id, 'value', v.value, 'failed', v.failed, 'note', v.note,
          'by', ${personOf(sql`v.entered_by`, sql`vu.name`)}, 'at', v.received_at)), '[]'::json)
        from checklist_values v left join users vu on vu.id = v.entered_by
        where v.run_id = r.id),
      'corrections', (select coalesce(json_agg(json_build_object(
          'id', k.id, 'itemId', k.item_id, 'value', k.value, 'failed', k.failed, 'reason', k.reason,
          'by', ${personOf(sql`k.corrected_by`, sql`ku.name`)}, 'at', k.corrected_at)
          order by k.corrected_at, k.id), '[]'::json)
        from checklist_corrections k left join users ku on ku.id = k.corrected_by
        where k.run_id = r.id),
      'actions', (select coalesce(json_agg(json_build_object(
          'id', a.id, 'itemId', a.checklist_item_id, 'status', a.status)), '[]'::json)
        from corrective_actions a
        where a.checklist_run_id = r.id)
    ) as record
    from checklist_runs r
    join checklists c on c.id = r.checklist_id
    left join users su on su.id = r.submitted_by
    where r.restaurant_id = ${restaurantId}
      and r.local_day between ${range.start}::date and ${range.end}::date
      ${after}
    order by r.local_day, r.starts_at, r.id
    ${limit}`)) as unknown as { rows: { record: RecordRow }[] };
  return result.rows.map((row) => row.record);
}

/** One stored record as the log shows it: its state now, and its items with a value or a correction, in the checklist's order. */
function recordOf(row: RecordRow, versions: Map<string, ChecklistContent>, now: Date): FoodSafetyLogRecord {
  const content = versions.get(row.versionId);
  const values = new Map(row.values.map((value) => [value.itemId, value]));
  const corrections = new Map<string, RecordRow['corrections']>();
  for (const correction of row.corrections) {
    corrections.set(correction.itemId, [...(corrections.get(correction.itemId) ?? []), correction]);
  }
  const actions = new Map(row.actions.map((action) => [action.itemId, action]));
  const itemIds = new Set([...values.keys(), ...corrections.keys()]);

  const entries: FoodSafetyLogEntry[] = [];
  const entryOf = (
    itemId: string,
    item: { section: string; label: string; kind: FoodSafetyLogEntry['kind']; unit: string | null },
  ) => {
    const value = values.get(itemId);
    const action = actions.get(itemId);
    entries.push({
      itemId,
      ...item,
      value: value?.value ?? null,
      failed: value?.failed ?? false,
      note: value?.note ?? null,
      enteredBy: value?.by ?? null,
      receivedAt: iso(value?.at ?? null),
      corrections: (corrections.get(itemId) ?? []).map((correction) => ({
        id: correction.id,
        value: correction.value,
        failed: correction.failed,
        reason: correction.reason,
        correctedBy: correction.by,
        correctedAt: iso(correction.at) as string,
      })),
      action: action ? { id: action.id, status: action.status === 'resolved' ? 'resolved' : 'open' } : null,
    });
    itemIds.delete(itemId);
  };
  for (const section of content?.sections ?? []) {
    for (const item of section.items) {
      if (!itemIds.has(item.id)) continue;
      const unit = item.kind === 'temperature' ? '°C' : item.kind === 'number' ? item.unit : null;
      entryOf(item.id, { section: section.title, label: item.label, kind: item.kind, unit });
    }
  }
  // A value of an item its version does not have (never made by the app): still shown, by its id.
  for (const itemId of [...itemIds]) entryOf(itemId, { section: '', label: itemId, kind: 'text', unit: null });

  const opensAt = iso(row.opensAt) as string;
  const closesAt = iso(row.closesAt) as string;
  const submittedAt = iso(row.submittedAt);
  return {
    id: row.id,
    day: row.day.slice(0, 10),
    checklist: { id: row.checklistId, name: row.checklistName },
    start: clockTime(row.startsAt),
    end: clockTime(row.startsAt + row.minutes),
    opensAt,
    closesAt,
    state: runStateOf({ status: row.status, opensAt, closesAt, submittedAt }, now),
    submittedBy: row.submittedBy,
    submittedAt,
    failures: row.failures,
    entries,
  };
}

/** The whole log of a restaurant's period: two statements, side by side. */
export async function readFoodSafetyLog(
  db: Queryable,
  restaurantId: string,
  range: LogRange,
  now = new Date(),
): Promise<FoodSafetyLog> {
  const [head, rows] = await Promise.all([
    readLogHead(db, restaurantId, range, now),
    readRecordRows(db, restaurantId, range, null),
  ]);
  return {
    restaurant: head.restaurant,
    period: range.period,
    start: range.start,
    end: range.end,
    today: head.today,
    records: rows.map((row) => recordOf(row, head.versions, now)),
    signOffs: head.signOffs,
  };
}

/**
 * The range's records one batch of `batchSize` at a time (each batch its own short
 * statement, read when the previous one is written), for the PDF and the CSV.
 */
export async function* logRecordsInBatches(
  db: Queryable,
  head: LogHead,
  { now = new Date(), batchSize = LOG_BATCH_RECORDS }: { now?: Date; batchSize?: number } = {},
): AsyncGenerator<FoodSafetyLogRecord> {
  let after: LogCursor | null = null;
  for (;;) {
    const rows = await readRecordRows(db, head.restaurant.id, head.range, { after, limit: batchSize });
    for (const row of rows) yield recordOf(row, head.versions, now);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { day: last.day.slice(0, 10), startsAt: last.startsAt, id: last.id };
  }
}
