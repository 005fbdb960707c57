import {
  SENSOR_READING_MAX_AGE_DAYS,
  SENSOR_READING_MAX_AHEAD_SECONDS,
  sensorMessages,
} from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { badRequest } from '../../errors';

export interface IntakeDevice {
  id: string;
  keyHash: string;
}

/** The device a request names, unless unknown or retired: one indexed read per request (a new key counts at once). */
export async function findIntakeDevice(db: Queryable, deviceId: string): Promise<IntakeDevice | null> {
  const result = (await db.execute(
    sql`select id, key_hash from sensor_devices where id = ${deviceId} and retired_at is null`,
  )) as unknown as { rows: { id: string; key_hash: string }[] };
  const row = result.rows[0];
  return row ? { id: row.id, keyHash: row.key_hash } : null;
}

/** Each reading's time within the window a device may send: its buffer of 7 days, a clock 5 minutes fast. */
export function assertReadingTimes(readings: readonly { at: string }[], now: Date): Date[] {
  const earliest = now.getTime() - SENSOR_READING_MAX_AGE_DAYS * 86_400_000;
  const latest = now.getTime() + SENSOR_READING_MAX_AHEAD_SECONDS * 1000;
  const fields: Record<string, string> = {};
  const times = readings.map((reading, index) => {
    const at = new Date(reading.at);
    if (!(at.getTime() >= earliest && at.getTime() <= latest)) {
      fields[`readings.${index}.at`] = sensorMessages.readingTimeOutOfWindow;
    }
    return at;
  });
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return times;
}

/**
 * Stores a batch in one statement: the readings (a time already stored for the device is
 * skipped: a resend changes nothing), the hourly min/max/sum/count of those new ones
 * (upserted), and the device's newest reading; an offline device is back. Returns how
 * many were new, and whether they need an evaluation: a new reading out of range, or a
 * device waiting out a delay or a recovery, or with a live excursion. In range and idle,
 * a batch changes nothing an evaluation would look at, and costs none (most batches).
 */
export async function storeReadings(
  db: Queryable,
  deviceId: string,
  readings: readonly { at: Date; value: number }[],
): Promise<{ stored: number; evaluate: boolean }> {
  const rows = JSON.stringify(readings.map((reading) => ({ at: reading.at.toISOString(), value: reading.value })));
  const result = (await db.execute(sql`
    with batch as (
      select distinct on (t.at) t.at, t.value
      from jsonb_to_recordset(${rows}::jsonb) as t(at timestamptz, value float8)
      order by t.at
    ), stored as (
      insert into sensor_readings (device_id, at, value)
      select ${deviceId}::uuid, at, value from batch
      on conflict do nothing
      returning at, value
    ), hourly as (
      insert into sensor_hourly as h (device_id, hour, min, max, sum, count)
      select ${deviceId}::uuid, date_trunc('hour', at, 'UTC'), min(value), max(value), sum(value), count(*)::int
      from stored group by 1, 2
      on conflict (device_id, hour) do update set
        min = least(h.min, excluded.min), max = greatest(h.max, excluded.max),
        sum = h.sum + excluded.sum, count = h.count + excluded.count
      returning 1
    ), newest as (
      select at, value from stored order by at desc limit 1
    ), device as (
      update sensor_devices d set last_reading_at = n.at, last_value = n.value, offline_since = null
      from newest n
      where d.id = ${deviceId} and (d.last_reading_at is null or d.last_reading_at < n.at)
      returning 1
    )
    select (select count(*) from stored)::int as stored,
      exists (
        select 1 from sensor_devices d
        where d.id = ${deviceId} and (d.out_since is not null or d.in_since is not null
          or exists (select 1 from stored s where s.value > d.high_c or s.value < d.low_c)
          or exists (select 1 from sensor_excursions e where e.device_id = d.id and e.ended_at is null))
      ) as evaluate`)) as unknown as { rows: { stored: number; evaluate: boolean }[] };
  const row = result.rows[0];
  return { stored: row?.stored ?? 0, evaluate: (row?.stored ?? 0) > 0 && row?.evaluate === true };
}
