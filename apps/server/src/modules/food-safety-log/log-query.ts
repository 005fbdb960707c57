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
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { notFound } from '../../errors';
import { readSensorLogRows } from '../sensors/service';

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

/** Where the next batch starts: after this record in (day, start, id) order. */
export interface LogCursor {
  day: string;
  startsAt: number;
  id: string;
}

/** The statement's rows, as compact JSON arrays (what each column holds is named where they are read). */
interface RecordStatementRow {
  runs: [
    string,
    string,
    string,
    string,
    string,
    number,
    number,
    string,
    string,
    RecordRow['status'],
    string | null,
    string | null,
    number,
  ][];
  values: [string, string, ChecklistValue, boolean, string | null, string | null, string][];
  corrections: [string, string, string, ChecklistValue, boolean, string, string | null, string][];
  actions: [string, string, string, string][];
  people: Record<string, string>;
}

/**
 * The range's records in (local day, window start, id) order with their values,
 * corrections (oldest first) and corrective actions, and the names of everyone who
 * entered, submitted or corrected any of them: one statement, whose parts are compact
 * JSON arrays put together here. Names come once per person (by id, an index probe
 * each), not once per value. `after` and `limit` read one batch.
 *
 * Shaped so that PostgreSQL's planner keeps it under `jit_above_cost`: the same data with
 * a subquery per record and a users join per value was estimated above it (the values'
 * statistics overestimate rows per record), and compiling it took longer than running it.
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
    with runs as materialized (
      select r.id, r.local_day, r.checklist_id, r.version_id, r.starts_at, r.minutes, r.opens_at, r.closes_at,
        r.status, r.submitted_at, r.submitted_by, r.failures
      from checklist_runs r
      where r.restaurant_id = ${restaurantId}
        and r.local_day between ${range.start}::date and ${range.end}::date
        ${after}
      order by r.local_day, r.starts_at, r.id
      ${limit}
    ), vals as materialized (
      select v.run_id, v.item_id, v.value, v.failed, v.note, v.entered_by, v.received_at
      from runs join checklist_values v on v.run_id = runs.id
    ), fixes as materialized (
      select k.id, k.run_id, k.item_id, k.value, k.failed, k.reason, k.corrected_by, k.corrected_at
      from runs join checklist_corrections k on k.run_id = runs.id
    )
    select
      (select coalesce(json_agg(json_build_array(runs.id, runs.local_day, runs.checklist_id, c.name, runs.version_id,
          runs.starts_at, runs.minutes, runs.opens_at, runs.closes_at, runs.status, runs.submitted_at, runs.submitted_by,
          runs.failures) order by runs.local_day, runs.starts_at, runs.id), '[]'::json)
        from runs join checklists c on c.id = runs.checklist_id) as runs,
      (select coalesce(json_agg(json_build_array(run_id, item_id, value, failed, note, entered_by, received_at)), '[]'::json)
        from vals) as values,
      (select coalesce(json_agg(json_build_array(id, run_id, item_id, value, failed, reason, corrected_by, corrected_at)
          order by corrected_at, id), '[]'::json)
        from fixes) as corrections,
      (select coalesce(json_agg(json_build_array(a.id, a.checklist_run_id, a.checklist_item_id, a.status)), '[]'::json)
        from runs join corrective_actions a on a.checklist_run_id = runs.id) as actions,
      (select coalesce(json_object_agg(u.id, u.name), '{}'::json)
        from users u
        where u.id = any(array(select submitted_by from runs union select entered_by from vals
          union select corrected_by from fixes))) as people`)) as unknown as { rows: RecordStatementRow[] };
  const [row] = result.rows;
  if (!row) return [];
  const person = (id: string | null): Person | null => {
    const name = id === null ? undefined : row.people[id];
    return id !== null && name !== undefined ? { id, name } : null;
  };
  const records = new Map<string, RecordRow>();
  for (const [
    id,
    day,
    checklistId,
    checklistName,
    versionId,
    startsAt,
    minutes,
    opensAt,
    closesAt,
    status,
    submittedAt,
    submittedBy,
    failures,
  ] of row.runs) {
    records.set(id, {
      id,
      day,
      checklistId,
      checklistName,
      versionId,
      startsAt,
      minutes,
      opensAt,
      closesAt,
      status,
      submittedAt,
      submittedBy: person(submittedBy),
      failures,
      values: [],
      corrections: [],
      actions: [],
    });
  }
  for (const [runId, itemId, value, failed, note, by, at] of row.values) {
    records.get(runId)?.values.push({ itemId, value, failed, note, by: person(by), at });
  }
  for (const [id, runId, itemId, value, failed, reason, by, at] of row.corrections) {
    records.get(runId)?.corrections.push({ id, itemId, value, failed, reason, by: person(by), at });
  }
  for (const [id, runId, itemId, status] of row.actions) {
    records.get(runId)?.actions.push({ id, itemId, status: status === 'resolved' ? 'resolved' : 'open' });
  }
  return [...records.values()];
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

/** The whole log of a restaurant's period, with its temperature sensors' rows: statements side by side. */
export async function readFoodSafetyLog(
  db: Queryable,
  restaurantId: string,
  range: LogRange,
  now = new Date(),
): Promise<FoodSafetyLog> {
  const [head, rows, sensors] = await Promise.all([
    readLogHead(db, restaurantId, range, now),
    readRecordRows(db, restaurantId, range, null),
    readSensorLogRows(db, restaurantId, range.start, range.end),
  ]);
  return {
    restaurant: head.restaurant,
    period: range.period,
    start: range.start,
    end: range.end,
    today: head.today,
    records: rows.map((row) => recordOf(row, head.versions, now)),
    signOffs: head.signOffs,
    sensors,
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
