import { notificationContent } from '@brigade/core/notification-texts';
import type { ExcursionDirection } from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import type { Notifier } from '../../notify/notifier';
import { insertSensorExcursionAction } from '../corrective-actions/service';
import { celsius, localTime } from './local-time';

/**
 * Turns a device's readings into excursions (decision 047). Readings are walked in time
 * order from the newest one evaluated before: out of range continuously for the device's
 * delay opens one excursion, and with it one corrective action and a notification to the
 * restaurant's managers; back in range for the recovery time ends its live state (the
 * action stays open for a person). The walk's state is kept on the device row, so any
 * server carries on; an advisory lock per device makes two servers evaluating at once take
 * turns, and the unique keys (one live excursion per device, one action per excursion)
 * hold even without it. A reading that arrives after later ones were evaluated (a
 * device's buffer sent out of order) is stored and charted but not walked.
 */

/** Readings walked per round; a device's whole 7-day buffer is a few rounds. */
const ROUND = 5000;
/**
 * Between readings the value is taken to stay where it was, but only this long: a device
 * that read out of range a minute ago and is still out when the delay elapses has an
 * excursion now, not at its next reading; one silent for longer waits for its next reading.
 */
const LAST_READING_HOLDS_MS = 5 * 60_000;

interface DeviceState {
  id: string;
  name: string;
  restaurant_id: string;
  restaurant_name: string;
  time_zone: string;
  low_c: number;
  high_c: number;
  delay_minutes: number;
  recovery_minutes: number;
  evaluated_through: Date | null;
  out_since: Date | null;
  out_direction: ExcursionDirection | null;
  out_peak: number | null;
  in_since: Date | null;
  last_reading_at: Date | null;
  last_value: number | null;
  live_id: string | null;
  live_direction: ExcursionDirection | null;
  live_peak: number | null;
}

export interface EvaluationOutcome {
  /** The excursion opened, with its action (null when another server's evaluation made it). */
  opened: { excursionId: string; actionId: string | null } | null;
  /** The live excursion whose live state ended. */
  ended: string | null;
  /** The device waits out its delay (or recovery) until this moment: evaluate again then. */
  dueAt: Date | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));
const directionOf = (value: number, low: number, high: number): ExcursionDirection | null =>
  value > high ? 'high' : value < low ? 'low' : null;
const extreme = (direction: ExcursionDirection, a: number, b: number) =>
  direction === 'high' ? Math.max(a, b) : Math.min(a, b);

async function readState(tx: Queryable, deviceId: string): Promise<DeviceState | null> {
  const result = (await tx.execute(sql`
    select d.id, d.name, d.restaurant_id, r.name as restaurant_name, r.time_zone, d.low_c, d.high_c,
      d.delay_minutes, d.recovery_minutes, d.evaluated_through, d.out_since, d.out_direction, d.out_peak,
      d.in_since, d.last_reading_at, d.last_value, e.id as live_id, e.direction as live_direction, e.peak_c as live_peak
    from sensor_devices d
    join restaurants r on r.id = d.restaurant_id
    left join sensor_excursions e on e.device_id = d.id and e.ended_at is null
    where d.id = ${deviceId} and d.retired_at is null`)) as unknown as { rows: DeviceState[] };
  const row = result.rows[0];
  if (!row) return null;
  return {
    ...row,
    low_c: Number(row.low_c),
    high_c: Number(row.high_c),
    out_peak: row.out_peak === null ? null : Number(row.out_peak),
    live_peak: row.live_peak === null ? null : Number(row.live_peak),
    last_value: row.last_value === null ? null : Number(row.last_value),
    evaluated_through: toDate(row.evaluated_through),
    out_since: toDate(row.out_since),
    in_since: toDate(row.in_since),
    last_reading_at: toDate(row.last_reading_at),
  };
}

/** Evaluates one device's new readings as of `now`; safe to run any number of times, on any server. */
export async function evaluateDevice(
  db: Database,
  notifier: Pick<Notifier, 'notify' | 'wake'>,
  deviceId: string,
  now = new Date(),
): Promise<EvaluationOutcome> {
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sensor-evaluation'), hashtext(${deviceId}))`);
    const state = await readState(tx, deviceId);
    if (!state) return { opened: null, ended: null, dueAt: null, notify: false };
    const delayMs = state.delay_minutes * 60_000;
    const recoveryMs = state.recovery_minutes * 60_000;
    let { out_since: outSince, out_direction: outDirection, out_peak: outPeak, in_since: inSince } = state;
    let live = state.live_id
      ? { id: state.live_id, direction: state.live_direction as ExcursionDirection, peak: state.live_peak as number }
      : null;
    let evaluatedThrough = state.evaluated_through;
    let toOpen: { startedAt: Date; direction: ExcursionDirection; peak: number } | null = null;
    let endedAt: Date | null = null;
    let last: { at: Date; value: number } | null = null;

    const step = (at: Date, value: number) => {
      const direction = directionOf(value, state.low_c, state.high_c);
      if (live) {
        if (direction) {
          inSince = null;
          if (direction === live.direction) live.peak = extreme(direction, live.peak, value);
        } else {
          inSince ??= at;
          if (at.getTime() - inSince.getTime() >= recoveryMs) {
            endedAt = at;
            live = null;
            inSince = null;
          }
        }
        return;
      }
      if (!direction) {
        outSince = outDirection = outPeak = null;
        return;
      }
      if (outSince && outDirection === direction && outPeak !== null) {
        outPeak = extreme(direction, outPeak, value);
      } else {
        outSince = at;
        outDirection = direction;
        outPeak = value;
      }
      if (at.getTime() - outSince.getTime() >= delayMs && !toOpen && !endedAt) {
        toOpen = { startedAt: outSince, direction, peak: outPeak };
        live = { id: '', direction, peak: outPeak };
        outSince = outDirection = outPeak = null;
      }
    };

    for (;;) {
      const result = (await tx.execute(sql`
        select at, value from sensor_readings
        where device_id = ${deviceId} and at > ${evaluatedThrough?.toISOString() ?? '-infinity'}::timestamptz
        order by at limit ${ROUND}`)) as unknown as { rows: { at: Date | string; value: number }[] };
      for (const row of result.rows) {
        last = { at: new Date(row.at), value: Number(row.value) };
        step(last.at, last.value);
      }
      const newest = result.rows.at(-1);
      if (newest) evaluatedThrough = new Date(newest.at);
      if (result.rows.length < ROUND) break;
    }

    // No newer reading: the last one holds for a while (see LAST_READING_HOLDS_MS).
    const lastAt = last?.at ?? state.last_reading_at;
    const holds = lastAt !== null && now.getTime() - lastAt.getTime() <= LAST_READING_HOLDS_MS;
    if (
      holds &&
      !live &&
      outSince &&
      outDirection &&
      outPeak !== null &&
      now.getTime() - outSince.getTime() >= delayMs
    ) {
      toOpen = { startedAt: outSince, direction: outDirection, peak: outPeak };
      live = { id: '', direction: outDirection, peak: outPeak };
      outSince = outDirection = outPeak = null;
    }
    if (holds && live && inSince && now.getTime() - inSince.getTime() >= recoveryMs) {
      endedAt = now;
      live = null;
      inSince = null;
    }

    let opened: EvaluationOutcome['opened'] = null;
    let ended: string | null = null;
    const open = toOpen as { startedAt: Date; direction: ExcursionDirection; peak: number } | null;
    if (endedAt && state.live_id) {
      await tx.execute(sql`update sensor_excursions set ended_at = ${(endedAt as Date).toISOString()}::timestamptz
        where id = ${state.live_id} and ended_at is null`);
      ended = state.live_id;
    } else if (state.live_id && live && live.id === state.live_id && live.peak !== state.live_peak) {
      await tx.execute(sql`update sensor_excursions set peak_c = ${live.peak} where id = ${state.live_id}`);
    }
    if (open) {
      const peak = live && live.id === '' ? live.peak : open.peak;
      const limit = open.direction === 'high' ? state.high_c : state.low_c;
      const inserted = (await tx.execute(sql`
        insert into sensor_excursions (device_id, restaurant_id, direction, limit_c, peak_c, started_at, detected_at, ended_at)
        values (${deviceId}, ${state.restaurant_id}, ${open.direction}, ${limit}, ${peak},
          ${open.startedAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
          ${live ? null : ((endedAt as Date | null)?.toISOString() ?? null)}::timestamptz)
        on conflict do nothing
        returning id`)) as unknown as { rows: { id: string }[] };
      const excursionId = inserted.rows[0]?.id;
      if (excursionId) {
        const since = localTime(open.startedAt, state.time_zone);
        const word = open.direction === 'high' ? 'above' : 'below';
        const actionId = await insertSensorExcursionAction(tx, {
          excursionId,
          restaurantId: state.restaurant_id,
          deviceName: state.name,
          itemText: `${state.name}: ${word} ${celsius(limit)} °C since ${since.day} ${since.time} (peak ${celsius(peak)} °C)`,
          comment:
            `Temperature sensor "${state.name}" read ${word} its limit of ${celsius(limit)} °C from ${since.day} ${since.time} ` +
            `(${state.time_zone}) for longer than its delay of ${state.delay_minutes} minutes; peak ${celsius(peak)} °C when detected. ` +
            'Check the unit and the food it holds; the readings are on the excursion.',
        });
        const content = notificationContent(
          'sensorExcursion',
          state.name,
          state.restaurant_name,
          open.direction,
          celsius(limit),
          celsius(peak),
          since.day,
          since.time,
        );
        const managers = (await tx.execute(sql`
          select u.id from staff_restaurant_assignments sra join users u on u.id = sra.user_id
          where sra.restaurant_id = ${state.restaurant_id} and u.role = 'manager' and u.is_active`)) as unknown as {
          rows: { id: string }[];
        };
        await notifier.notify(
          tx,
          managers.rows.map((manager) => ({
            userId: manager.id,
            kind: 'sensorExcursion' as const,
            subjectKey: excursionId,
            title: content.title,
            body: content.body,
            params: content.params,
            link: actionId ? `/actions/${actionId}` : '/actions',
          })),
        );
        opened = { excursionId, actionId };
      }
    }

    await tx.execute(sql`
      update sensor_devices set
        evaluated_through = ${evaluatedThrough?.toISOString() ?? null}::timestamptz,
        out_since = ${outSince ? (outSince as Date).toISOString() : null}::timestamptz,
        out_direction = ${outDirection},
        out_peak = ${outPeak},
        in_since = ${inSince ? (inSince as Date).toISOString() : null}::timestamptz
      where id = ${deviceId}`);

    const dueAt = outSince
      ? new Date((outSince as Date).getTime() + delayMs)
      : inSince
        ? new Date((inSince as Date).getTime() + recoveryMs)
        : null;
    return { opened, ended, dueAt, notify: opened !== null };
  });
  if (outcome.notify) notifier.wake();
  return { opened: outcome.opened, ended: outcome.ended, dueAt: outcome.dueAt };
}
