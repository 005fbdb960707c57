import {
  type ChecklistContent,
  type ChecklistItem,
  type ChecklistValue,
  checklistMessages,
  failureOf,
  isAnswered,
  itemsOf,
  valueSchemaFor,
} from '@brigade/core/checklist-items';
import { mayStillFill, type RunTimes, runStateOf, TODAY_ORDER } from '@brigade/core/checklist-runs';
import { messages } from '@brigade/core/messages';
import { clockTime } from '@brigade/core/restaurant-time';
import type {
  ChecklistCorrectionInput,
  ChecklistRun,
  ChecklistValueInput,
  Today,
  TodayEntry,
} from '@brigade/core/schemas/checklists';
import { photoUrls } from '@brigade/core/schemas/photos';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { OfflineTimes } from '../../http/offline-times';
import type { Notifier } from '../../notify/notifier';
import { ensureRuns } from './ensure-runs';
import { type FailedItem, openFailureActions } from './failures';

type Actor = Pick<SessionUser, 'id' | 'name' | 'role' | 'restaurantIds'>;
type Status = RunTimes['status'];

/** json_build_object and the drivers write timestamps in their own forms; the API speaks toISOString(). */
const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** What the rules of filling, submitting and correcting need of a record, read (and locked) in one statement. */
export interface RunHead {
  id: string;
  restaurantId: string;
  checklistId: string;
  status: Status;
  opensAt: Date;
  closesAt: Date;
  submittedAt: Date | null;
  content: ChecklistContent;
  /** The database's clock in this transaction: every rule of one request reads the same instant. */
  now: Date;
}

/**
 * A record by id, for `actor`: 404 when there is none, 403 when its restaurant is not
 * theirs. With `lock`, its row is locked (`share` for a value or a photo, so values are
 * entered side by side but never while it is submitted; `update` for submit, so
 * submitters queue on it and each but the first finds it submitted).
 */
export async function readRunHead(
  db: Queryable,
  actor: Pick<SessionUser, 'role' | 'restaurantIds'>,
  runId: string,
  lock: 'share' | 'update' | null = null,
): Promise<RunHead> {
  const { rows } = (await db.execute(sql`
    select cr.id, cr.restaurant_id, cr.checklist_id, cr.status, cr.opens_at, cr.closes_at, cr.submitted_at,
      v.content, now() as now, ${inReach(actor, sql`cr.restaurant_id`)} as reached
    from checklist_runs cr
    join checklist_versions v on v.id = cr.version_id
    where cr.id = ${runId}
    ${lock === 'share' ? sql`for share of cr` : lock === 'update' ? sql`for update of cr` : sql``}`)) as unknown as {
    rows: {
      id: string;
      restaurant_id: string;
      checklist_id: string;
      status: Status;
      opens_at: string | Date;
      closes_at: string | Date;
      submitted_at: string | Date | null;
      content: ChecklistContent;
      now: string | Date;
      reached: boolean;
    }[];
  };
  const row = rows[0];
  if (!row) throw notFound(checklistMessages.runNotFound);
  if (!row.reached) throw forbidden(messages.restaurantForbidden);
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    checklistId: row.checklist_id,
    status: row.status,
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
    content: row.content,
    now: new Date(row.now),
  };
}

/**
 * Whether values may be entered and the record submitted now (core's `mayStillFill`), or
 * the 409 that says why not: submitted already, not open yet, or closed more than
 * `LATE_SUBMIT_HOURS` ago (missed for good). Judged when the change arrives, also for
 * one made offline (decision 033): after that limit the record is missed for good, and
 * what was signed off on it stays as it was.
 */
export function assertFillable(run: RunHead): void {
  if (mayStillFill(run, run.now)) return;
  if (run.status === 'submitted') throw conflict(checklistMessages.runSubmitted);
  if (run.now.getTime() < run.opensAt.getTime()) throw conflict(checklistMessages.runNotOpenYet);
  throw conflict(checklistMessages.runMissed);
}

/**
 * A record that may be filled now, locked against Submit for the caller's transaction:
 * `share` for a value (several people fill side by side), `update` for a photo (adds
 * queue, so an item never passes its most photos).
 */
export async function lockRunForFilling(
  db: Queryable,
  actor: Pick<SessionUser, 'role' | 'restaurantIds'>,
  runId: string,
  lock: 'share' | 'update' = 'share',
): Promise<RunHead> {
  const run = await readRunHead(db, actor, runId, lock);
  assertFillable(run);
  return run;
}

/** The item of the record's version, or 404. */
export function itemOfRun(run: Pick<RunHead, 'content'>, itemId: string): ChecklistItem {
  const item = itemsOf(run.content).find((candidate) => candidate.id === itemId);
  if (!item) throw notFound(checklistMessages.itemNotFound);
  return item;
}

/** A value checked against its item's kind (core's `valueSchemaFor`): 400 naming the field `value` otherwise. */
export function parseValue(item: ChecklistItem, value: unknown): ChecklistValue {
  const parsed = valueSchemaFor(item).safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? checklistMessages.valueRequired;
    throw badRequest(message, { value: message });
  }
  return parsed.data;
}

const jsonbOf = (value: ChecklistValue) => (value === null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`);

/**
 * Writes one value as it is entered (save as you go), in the caller's transaction: who
 * entered it and the server's time it was received, and whether it fails its item; one
 * entered offline also keeps when it was made and the device clock's offset (issue 34). A
 * submitted record's values never change: the database refuses it whatever the route
 * (migration 0023's trigger), and the callers lock the record against Submit first.
 */
export async function writeValue(
  db: Queryable,
  actor: Pick<SessionUser, 'id'>,
  runId: string,
  item: ChecklistItem,
  value: ChecklistValue,
  note: string | null,
  offline: OfflineTimes | null = null,
) {
  const recordedAt = offline?.recordedAt.toISOString() ?? null;
  const offset = offline?.clockOffsetSeconds ?? null;
  await db.execute(sql`
    insert into checklist_values (run_id, item_id, value, failed, note, entered_by, received_at, recorded_at,
      clock_offset_seconds)
    values (${runId}, ${item.id}, ${jsonbOf(value)}, ${failureOf(item, value)}, ${note}, ${actor.id}, now(),
      ${recordedAt}, ${offset})
    on conflict (run_id, item_id) do update set value = excluded.value, failed = excluded.failed,
      note = excluded.note, entered_by = excluded.entered_by, received_at = excluded.received_at,
      recorded_at = excluded.recorded_at, clock_offset_seconds = excluded.clock_offset_seconds`);
}

async function photoCountOf(db: Queryable, runId: string, itemId: string): Promise<number> {
  const { rows } = (await db.execute(sql`select count(*)::int as n from photos
    where checklist_run_id = ${runId} and checklist_item_id = ${itemId}`)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/**
 * `PUT /api/checklist-runs/:id/items/:itemId`: one value, checked against its item
 * (400 on `value`), while the record may be filled (409 otherwise). A photo item's value
 * is `true` only once it has a photo (adding one sets it).
 */
export async function saveValue(
  db: Database,
  actor: Actor,
  runId: string,
  itemId: string,
  input: z.output<typeof ChecklistValueInput>,
  offline: OfflineTimes | null = null,
): Promise<ChecklistRun> {
  await db.transaction(async (tx) => {
    const run = await lockRunForFilling(tx, actor, runId);
    const item = itemOfRun(run, itemId);
    const value = parseValue(item, input.value);
    if (item.kind === 'photo' && value === true && (await photoCountOf(tx, runId, itemId)) === 0) {
      throw badRequest(checklistMessages.photoRequired, { value: checklistMessages.photoRequired });
    }
    await writeValue(tx, actor, runId, item, value, input.note, offline);
  });
  return getRun(db, actor, runId);
}

/**
 * `POST /api/checklist-runs/:id/submit`. One record per restaurant and window however
 * many people or servers submit at once: the record's row is locked for update, so
 * submitters queue on it; the first marks it submitted with a conditional UPDATE
 * (`status <> 'submitted'`), every later one finds it submitted and gets 409
 * `runSubmitted` (the web then reloads it, showing who and when). Every item must be
 * answered (400 `incomplete`, `fields` keyed by the missing items' ids), and a failed
 * item whose item asks for it needs its note or photo (400 naming the item). Late when
 * after the window closed, also when the job had marked it missed (within
 * `LATE_SUBMIT_HOURS`). In the same transaction each failed item opens its corrective
 * action; the record keeps how many items failed.
 *
 * A submit made offline (issue 34) is submitted when it was made (`offline.recordedAt`,
 * corrected for the device's clock, never before the window opened), so one done in the
 * window is on time though it arrives after it closed; the record keeps when it arrived
 * and the clock's offset beside it.
 */
export async function submitRun(
  db: Database,
  actor: Actor,
  notifier: Notifier,
  runId: string,
  offline: OfflineTimes | null = null,
): Promise<ChecklistRun> {
  const submittedAt = offline ? sql`greatest(${offline.recordedAt.toISOString()}::timestamptz, opens_at)` : sql`now()`;
  const receivedAt = offline ? sql`now()` : sql`null`;
  await db.transaction(async (tx) => {
    const run = await readRunHead(tx, actor, runId, 'update');
    assertFillable(run);
    const { rows: values } = (await tx.execute(sql`
      select v.item_id, v.value, v.note,
        (select count(*)::int from photos p where p.checklist_run_id = v.run_id and p.checklist_item_id = v.item_id)
          as photos
      from checklist_values v where v.run_id = ${runId}`)) as unknown as {
      rows: { item_id: string; value: ChecklistValue; note: string | null; photos: number }[];
    };
    const byItem = new Map(values.map((row) => [row.item_id, row]));
    const missing: Record<string, string> = {};
    const unmet: Record<string, string> = {};
    const failed: FailedItem[] = [];
    for (const item of itemsOf(run.content)) {
      const entered = byItem.get(item.id);
      if (!entered || !isAnswered(entered.value)) {
        missing[item.id] = checklistMessages.valueRequired;
        continue;
      }
      if (!failureOf(item, entered.value)) continue;
      failed.push({ item, value: entered.value, note: entered.note });
      if (item.failNeedsNote && !entered.note) unmet[item.id] = checklistMessages.noteRequired;
      else if (item.failNeedsPhoto && Number(entered.photos) === 0) unmet[item.id] = checklistMessages.photoRequired;
    }
    if (Object.keys(missing).length > 0) {
      throw badRequest(checklistMessages.incomplete, { ...unmet, ...missing });
    }
    const [first] = Object.values(unmet);
    if (first) throw badRequest(first, unmet);
    const { rows: submitted } = (await tx.execute(sql`
      update checklist_runs set status = 'submitted', submitted_at = ${submittedAt}, submitted_by = ${actor.id},
        failures = ${failed.length}, submit_received_at = ${receivedAt},
        submit_clock_offset_seconds = ${offline?.clockOffsetSeconds ?? null}
      where id = ${runId} and status <> 'submitted'
      returning id`)) as unknown as { rows: { id: string }[] };
    if (submitted.length === 0) throw conflict(checklistMessages.runSubmitted);
    await openFailureActions(tx, notifier, actor, runId, failed);
  });
  notifier.wake();
  return getRun(db, actor, runId);
}

/**
 * `POST /api/checklist-runs/:id/corrections`: a manager of the record's restaurant (or
 * hq) corrects one value of a submitted record (409 `notSubmitted` otherwise) with a
 * reason. The correction is a row of its own, beside the original, which never changes;
 * a corrected value that fails opens a corrective action, unless the item already has one.
 */
export async function correctRun(
  db: Database,
  actor: Actor,
  notifier: Notifier,
  runId: string,
  input: z.output<typeof ChecklistCorrectionInput>,
): Promise<ChecklistRun> {
  await db.transaction(async (tx) => {
    const run = await readRunHead(tx, actor, runId, 'share');
    if (run.status !== 'submitted') throw conflict(checklistMessages.notSubmitted);
    const item = itemsOf(run.content).find((candidate) => candidate.id === input.itemId);
    if (!item) throw badRequest(checklistMessages.itemNotFound, { itemId: checklistMessages.itemNotFound });
    const value = parseValue(item, input.value);
    if (!isAnswered(value))
      throw badRequest(checklistMessages.valueRequired, { value: checklistMessages.valueRequired });
    const failed = failureOf(item, value);
    // The value before this correction: the latest correction's, else the one entered.
    const { rows: previous } = (await tx.execute(sql`
      select coalesce(
        (select value from checklist_corrections where run_id = ${runId} and item_id = ${item.id}
          order by corrected_at desc, id desc limit 1),
        (select value from checklist_values where run_id = ${runId} and item_id = ${item.id})) as value`)) as unknown as {
      rows: { value: unknown }[];
    };
    await recordActivity(tx, {
      kind: 'checklistRun.corrected',
      restaurantId: run.restaurantId,
      objectType: 'checklistRun',
      objectId: runId,
      objectLabel: item.label,
      changes: { [item.id]: { from: previous[0]?.value ?? null, to: value } },
      details: { itemId: item.id, item: item.label, reason: input.reason, failed },
    });
    await tx.execute(sql`
      insert into checklist_corrections (run_id, item_id, value, failed, reason, corrected_by, corrected_at)
      values (${runId}, ${item.id}, ${jsonbOf(value)}, ${failed}, ${input.reason}, ${actor.id}, now())`);
    if (failed) {
      await openFailureActions(tx, notifier, actor, runId, [
        { item, value, note: null, correctionReason: input.reason },
      ]);
    }
  });
  notifier.wake();
  return getRun(db, actor, runId);
}

interface RunRow {
  id: string;
  checklist_id: string;
  checklist_name: string;
  restaurant_id: string;
  restaurant_name: string;
  time_zone: string;
  local_day: string;
  starts_at: number;
  minutes: number;
  opens_at: string | Date;
  closes_at: string | Date;
  status: Status;
  submitted_at: string | Date | null;
  submit_received_at: string | Date | null;
  submit_clock_offset_seconds: number | null;
  submitted_by: { id: string; name: string } | null;
  version: number;
  content: ChecklistContent;
  values: {
    itemId: string;
    value: ChecklistValue;
    failed: boolean;
    note: string | null;
    enteredBy: { id: string; name: string } | null;
    receivedAt: string;
    recordedAt: string | null;
    clockOffsetSeconds: number | null;
  }[];
  corrections: {
    id: string;
    itemId: string;
    value: ChecklistValue;
    failed: boolean;
    reason: string;
    correctedBy: { id: string; name: string } | null;
    correctedAt: string;
  }[];
  photos: { id: string; itemId: string; width: number; height: number }[];
  actions: { itemId: string; id: string; status: string }[];
  now: string | Date;
  reached: boolean;
}

const personJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.name) end`,
  );

/**
 * `GET /api/checklist-runs/:id`: the record as filled from its version, in one statement:
 * its values with who entered them and when the server received them, its corrections
 * (oldest first), its photos and its items' corrective actions, and whether the caller
 * may still fill it (`canFill`) or correct it (`canCorrect`: submitted, and a manager of
 * its restaurant or hq). 404 unknown, 403 another restaurant's. A record not open yet
 * is shown (state `upcoming`), but filling it is refused until it opens.
 */
export async function getRun(db: Queryable, actor: Actor, runId: string): Promise<ChecklistRun> {
  const { rows } = (await db.execute(sql`
    select cr.id, cr.checklist_id, c.name as checklist_name, cr.restaurant_id, r.name as restaurant_name, r.time_zone,
      cr.local_day::text as local_day, cr.starts_at, cr.minutes, cr.opens_at, cr.closes_at, cr.status, cr.submitted_at,
      cr.submit_received_at, cr.submit_clock_offset_seconds, ${personJson('su')} as submitted_by, v.version, v.content,
      coalesce((select json_agg(json_build_object('itemId', cv.item_id, 'value', cv.value, 'failed', cv.failed,
          'note', cv.note, 'enteredBy', ${personJson('eu')}, 'receivedAt', cv.received_at,
          'recordedAt', cv.recorded_at, 'clockOffsetSeconds', cv.clock_offset_seconds) order by cv.item_id)
        from checklist_values cv left join users eu on eu.id = cv.entered_by where cv.run_id = cr.id), '[]'::json)
        as values,
      coalesce((select json_agg(json_build_object('id', cc.id, 'itemId', cc.item_id, 'value', cc.value,
          'failed', cc.failed, 'reason', cc.reason, 'correctedBy', ${personJson('ku')}, 'correctedAt', cc.corrected_at)
          order by cc.corrected_at, cc.id)
        from checklist_corrections cc left join users ku on ku.id = cc.corrected_by where cc.run_id = cr.id), '[]'::json)
        as corrections,
      coalesce((select json_agg(json_build_object('id', p.id, 'itemId', p.checklist_item_id, 'width', p.width,
          'height', p.height) order by p.created_at, p.id)
        from photos p where p.checklist_run_id = cr.id), '[]'::json) as photos,
      coalesce((select json_agg(json_build_object('itemId', ca.checklist_item_id, 'id', ca.id, 'status', ca.status)
          order by ca.created_at, ca.id)
        from corrective_actions ca where ca.checklist_run_id = cr.id), '[]'::json) as actions,
      now() as now, ${inReach(actor, sql`cr.restaurant_id`)} as reached
    from checklist_runs cr
    join checklists c on c.id = cr.checklist_id
    join restaurants r on r.id = cr.restaurant_id
    join checklist_versions v on v.id = cr.version_id
    left join users su on su.id = cr.submitted_by
    where cr.id = ${runId}`)) as unknown as { rows: RunRow[] };
  const row = rows[0];
  if (!row) throw notFound(checklistMessages.runNotFound);
  if (!row.reached) throw forbidden(messages.restaurantForbidden);
  const times = { status: row.status, opensAt: row.opens_at, closesAt: row.closes_at, submittedAt: row.submitted_at };
  const now = new Date(row.now);
  return {
    id: row.id,
    checklist: { id: row.checklist_id, name: row.checklist_name },
    restaurant: { id: row.restaurant_id, name: row.restaurant_name, timeZone: row.time_zone },
    day: row.local_day,
    start: clockTime(row.starts_at),
    end: clockTime(row.starts_at + row.minutes),
    opensAt: iso(row.opens_at),
    closesAt: iso(row.closes_at),
    state: runStateOf(times, now),
    version: row.version,
    content: row.content,
    values: row.values.map((value) => ({
      ...value,
      receivedAt: iso(value.receivedAt),
      recordedAt: isoOrNull(value.recordedAt),
    })),
    corrections: row.corrections.map((correction) => ({ ...correction, correctedAt: iso(correction.correctedAt) })),
    photos: row.photos.map((photo) => ({ ...photo, ...photoUrls(photo.id) })),
    actions: row.actions,
    submittedBy: row.submitted_by,
    submittedAt: isoOrNull(row.submitted_at),
    submitReceivedAt: isoOrNull(row.submit_received_at),
    submitClockOffsetSeconds: row.submit_clock_offset_seconds,
    canFill: mayStillFill(times, now),
    canCorrect: row.status === 'submitted' && (actor.role === 'hq' || actor.role === 'manager'),
  };
}

interface TodayRow {
  restaurant_id: string;
  restaurant_name: string;
  time_zone: string;
  day: string;
  now: string | Date;
  run_id: string | null;
  checklist_id: string;
  checklist_name: string;
  starts_at: number;
  minutes: number;
  opens_at: string | Date;
  closes_at: string | Date;
  status: Status;
  submitted_at: string | Date | null;
  submitted_by: { id: string; name: string } | null;
  item_count: number;
  answered: number;
  failures: number;
}

/**
 * `GET /api/checklists/today?restaurantId=`: the restaurant's records of its local today
 * (made first if the job has not yet, `ensureRuns`), and yesterday's that are still open
 * (a window crossing midnight), each with its shown state (core's `runStateOf`), how many
 * items are answered of how many, its failures (counted at submit; while open, the
 * failing values so far) and who submitted it; ordered by core's `TODAY_ORDER`, then
 * opening time. Two statements whatever the number of records; 404 for an unknown
 * restaurant (the guard has checked the caller reaches it).
 */
export async function getToday(db: Queryable, restaurantId: string): Promise<Today> {
  await ensureRuns(db, { restaurantId });
  const { rows } = (await db.execute(sql`
    select r.id as restaurant_id, r.name as restaurant_name, r.time_zone, d.day::text as day, now() as now,
      e.*
    from restaurants r
    cross join lateral (select (now() at time zone r.time_zone)::date as day) d
    left join lateral (
      select cr.id as run_id, cr.checklist_id, c.name as checklist_name, cr.starts_at, cr.minutes, cr.opens_at,
        cr.closes_at, cr.status, cr.submitted_at, ${personJson('su')} as submitted_by, v.item_count,
        (select count(*)::int from checklist_values cv
          where cv.run_id = cr.id and cv.value is not null and cv.value <> '""'::jsonb) as answered,
        case when cr.status = 'submitted' then cr.failures
          else (select count(*)::int from checklist_values cv where cv.run_id = cr.id and cv.failed) end as failures
      from checklist_runs cr
      join checklists c on c.id = cr.checklist_id
      join checklist_versions v on v.id = cr.version_id
      left join users su on su.id = cr.submitted_by
      where cr.restaurant_id = r.id
        and (cr.local_day = d.day or (cr.local_day = d.day - 1 and cr.closes_at > now()))
    ) e on true
    where r.id = ${restaurantId}`)) as unknown as { rows: TodayRow[] };
  const head = rows[0];
  if (!head) throw notFound(messages.restaurantNotFound);
  const now = new Date(head.now);
  const entries: TodayEntry[] = rows
    .filter((row) => row.run_id !== null)
    .map((row) => ({
      runId: row.run_id as string,
      checklist: { id: row.checklist_id, name: row.checklist_name },
      start: clockTime(row.starts_at),
      end: clockTime(row.starts_at + row.minutes),
      opensAt: iso(row.opens_at),
      closesAt: iso(row.closes_at),
      state: runStateOf(
        { status: row.status, opensAt: row.opens_at, closesAt: row.closes_at, submittedAt: row.submitted_at },
        now,
      ),
      answered: Number(row.answered),
      itemCount: Number(row.item_count),
      failures: Number(row.failures),
      submittedBy: row.submitted_by,
      submittedAt: isoOrNull(row.submitted_at),
    }))
    .sort(
      (a, b) =>
        TODAY_ORDER[a.state] - TODAY_ORDER[b.state] ||
        a.opensAt.localeCompare(b.opensAt) ||
        a.checklist.name.localeCompare(b.checklist.name) ||
        a.runId.localeCompare(b.runId),
    );
  return {
    restaurant: { id: head.restaurant_id, name: head.restaurant_name, timeZone: head.time_zone },
    day: head.day,
    entries,
  };
}
