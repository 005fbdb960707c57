import { messages } from '@brigade/core/messages';
import { reachesRestaurant } from '@brigade/core/permissions';
import {
  type SensorChartRange,
  type SensorExcursion,
  type SensorExcursionDetail,
  type SensorExcursionListQuery,
  type SensorSeries,
  sensorMessages,
} from '@brigade/core/schemas/sensors';
import { type SQL, sql } from 'drizzle-orm';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../errors';

type Actor = Pick<SessionUser, 'role' | 'restaurantIds'>;

const HOUR_MS = 3_600_000;
/** The most readings an excursion's curve carries (a day and a half at one a minute). */
const CURVE_MAX = 2000;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A device's chart: the last 24 hours as raw readings (the primary key's index: device,
 * time), or 7 days as hourly min/max/avg from the rollup; with the limits and the
 * excursions overlapping the window. Three statements, whatever the range.
 */
export async function readSeries(
  db: Queryable,
  actor: Actor,
  deviceId: string,
  range: SensorChartRange,
  now = new Date(),
): Promise<SensorSeries> {
  const device = (await db.execute(sql`
    select d.id, d.name, d.kind, d.low_c, d.high_c, d.restaurant_id from sensor_devices d
    where d.id = ${deviceId} and d.retired_at is null`)) as unknown as {
    rows: {
      id: string;
      name: string;
      kind: SensorSeries['device']['kind'];
      low_c: number;
      high_c: number;
      restaurant_id: string;
    }[];
  };
  const row = device.rows[0];
  if (!row) throw notFound(sensorMessages.deviceNotFound);
  if (!reachesRestaurant(actor, row.restaurant_id)) throw forbidden(messages.restaurantForbidden);
  const from = new Date(now.getTime() - (range === '24h' ? 24 : 7 * 24) * HOUR_MS);
  const base = {
    device: { id: row.id, name: row.name, kind: row.kind, lowC: Number(row.low_c), highC: Number(row.high_c) },
    from: from.toISOString(),
    to: now.toISOString(),
    excursions: await excursionSpans(db, deviceId, from, now),
  };
  if (range === '24h') {
    const readings = (await db.execute(sql`
      select at, value from sensor_readings
      where device_id = ${deviceId} and at >= ${from.toISOString()}::timestamptz and at <= ${now.toISOString()}::timestamptz
      order by at`)) as unknown as { rows: { at: Date | string; value: number }[] };
    return {
      range,
      ...base,
      readings: readings.rows.map((reading) => ({ at: iso(reading.at), value: Number(reading.value) })),
    };
  }
  const hours = (await db.execute(sql`
    select hour, min, max, sum / count as avg, count from sensor_hourly
    where device_id = ${deviceId} and hour >= date_trunc('hour', ${from.toISOString()}::timestamptz, 'UTC')
      and hour <= ${now.toISOString()}::timestamptz
    order by hour`)) as unknown as {
    rows: { hour: Date | string; min: number; max: number; avg: number; count: number }[];
  };
  return {
    range,
    ...base,
    hours: hours.rows.map((hour) => ({
      hour: iso(hour.hour),
      min: Number(hour.min),
      max: Number(hour.max),
      avg: Math.round(Number(hour.avg) * 100) / 100,
      count: Number(hour.count),
    })),
  };
}

async function excursionSpans(db: Queryable, deviceId: string, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select id, direction, started_at, ended_at from sensor_excursions
    where device_id = ${deviceId} and started_at <= ${to.toISOString()}::timestamptz
      and (ended_at is null or ended_at >= ${from.toISOString()}::timestamptz)
    order by started_at`)) as unknown as {
    rows: { id: string; direction: 'high' | 'low'; started_at: Date | string; ended_at: Date | string | null }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
  }));
}

interface ExcursionRow {
  id: string;
  device_id: string;
  device_name: string;
  kind: SensorExcursion['device']['kind'];
  restaurant_id: string;
  restaurant_name: string;
  time_zone: string;
  direction: 'high' | 'low';
  limit_c: number;
  peak_c: number;
  started_at: Date | string;
  detected_at: Date | string;
  ended_at: Date | string | null;
  action_id: string | null;
  action_status: 'open' | 'resolved' | null;
  low_c: number;
  high_c: number;
  delay_minutes: number;
  recovery_minutes: number;
}

function selectExcursions(where: SQL, limit: number): SQL {
  return sql`
    select e.id, e.device_id, d.name as device_name, d.kind, e.restaurant_id, r.name as restaurant_name, r.time_zone,
      e.direction, e.limit_c, e.peak_c, e.started_at, e.detected_at, e.ended_at,
      ca.id as action_id, ca.status as action_status, d.low_c, d.high_c, d.delay_minutes, d.recovery_minutes
    from sensor_excursions e
    join sensor_devices d on d.id = e.device_id
    join restaurants r on r.id = e.restaurant_id
    left join corrective_actions ca on ca.sensor_excursion_id = e.id
    where ${where}
    order by (e.ended_at is null) desc, e.started_at desc, e.id desc
    limit ${limit}`;
}

function presentExcursion(row: ExcursionRow): SensorExcursion {
  return {
    id: row.id,
    device: { id: row.device_id, name: row.device_name, kind: row.kind },
    restaurant: { id: row.restaurant_id, name: row.restaurant_name, timeZone: row.time_zone },
    direction: row.direction,
    limitC: Number(row.limit_c),
    peakC: Number(row.peak_c),
    startedAt: iso(row.started_at),
    detectedAt: iso(row.detected_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    state: row.ended_at === null ? 'live' : 'past',
    action: row.action_id && row.action_status ? { id: row.action_id, status: row.action_status } : null,
  };
}

/** Live excursions first, then the newest; only restaurants the caller reaches (the restaurant index). */
export async function listExcursions(
  db: Queryable,
  actor: Actor,
  query: SensorExcursionListQuery,
): Promise<SensorExcursion[]> {
  const conditions: SQL[] = [inReach(actor, sql`e.restaurant_id`)];
  if (query.restaurantId) conditions.push(sql`e.restaurant_id = ${query.restaurantId}`);
  if (query.deviceId) conditions.push(sql`e.device_id = ${query.deviceId}`);
  if (query.state === 'live') conditions.push(sql`e.ended_at is null`);
  if (query.state === 'past') conditions.push(sql`e.ended_at is not null`);
  const result = (await db.execute(selectExcursions(sql.join(conditions, sql` and `), query.limit))) as unknown as {
    rows: ExcursionRow[];
  };
  return result.rows.map(presentExcursion);
}

/** One excursion and its curve: the readings from its start to its end (or `now`), at most 2,000. */
export async function getExcursion(
  db: Queryable,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<SensorExcursionDetail> {
  const result = (await db.execute(selectExcursions(sql`e.id = ${id}`, 1))) as unknown as { rows: ExcursionRow[] };
  const row = result.rows[0];
  if (!row) throw notFound(sensorMessages.excursionNotFound);
  if (!reachesRestaurant(actor, row.restaurant_id)) throw forbidden(messages.restaurantForbidden);
  const end = row.ended_at === null ? now : new Date(row.ended_at);
  const readings = (await db.execute(sql`
    select at, value from sensor_readings
    where device_id = ${row.device_id} and at >= ${iso(row.started_at)}::timestamptz and at <= ${end.toISOString()}::timestamptz
    order by at limit ${CURVE_MAX}`)) as unknown as { rows: { at: Date | string; value: number }[] };
  return {
    ...presentExcursion(row),
    lowC: Number(row.low_c),
    highC: Number(row.high_c),
    delayMinutes: row.delay_minutes,
    recoveryMinutes: row.recovery_minutes,
    readings: readings.rows.map((reading) => ({ at: iso(reading.at), value: Number(reading.value) })),
  };
}
