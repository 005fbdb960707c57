import type { SensorLogDevice } from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';

interface DayRow {
  device_id: string;
  name: string;
  kind: SensorLogDevice['kind'];
  low_c: number;
  high_c: number;
  day: string | null;
  min: number | null;
  max: number | null;
  avg: number | null;
  count: number | null;
  hours_out: number | null;
}

interface ExcursionRow {
  id: string;
  device_id: string;
  direction: 'high' | 'low';
  limit_c: number;
  peak_c: number;
  started_at: Date | string;
  ended_at: Date | string | null;
  action_id: string | null;
  action_status: 'open' | 'resolved' | null;
}

const round = (value: number) => Math.round(value * 100) / 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The sensor rows of a restaurant's food-safety log (issue 37), for the local days
 * `start`..`end`: per device, each local day's min/max/avg and how many of its hours had
 * a reading out of the limits (from the hourly rollup, so a month is a few hundred rows),
 * and the excursions that started in the period with their actions. Devices retired
 * since stay when they have readings in it. Two statements.
 */
export async function readSensorLogRows(
  db: Queryable,
  restaurantId: string,
  start: string,
  end: string,
): Promise<SensorLogDevice[]> {
  const bounds = sql`(${start}::date)::timestamp at time zone r.time_zone`;
  const boundsEnd = sql`(${end}::date + 1)::timestamp at time zone r.time_zone`;
  const [days, excursions] = await Promise.all([
    db.execute(sql`
      select d.id as device_id, d.name, d.kind, d.low_c, d.high_c,
        (h.hour at time zone r.time_zone)::date::text as day,
        min(h.min) as min, max(h.max) as max, sum(h.sum) / nullif(sum(h.count), 0) as avg, sum(h.count)::int as count,
        (count(*) filter (where h.max > d.high_c or h.min < d.low_c))::int as hours_out
      from sensor_devices d
      join restaurants r on r.id = d.restaurant_id
      left join sensor_hourly h on h.device_id = d.id and h.hour >= ${bounds} and h.hour < ${boundsEnd}
      where d.restaurant_id = ${restaurantId}
      group by d.id, d.name, d.kind, d.low_c, d.high_c, d.retired_at, r.time_zone, 6
      having d.retired_at is null or count(h.hour) > 0
      order by d.name, d.id, 6`) as unknown as Promise<{ rows: DayRow[] }>,
    db.execute(sql`
      select e.id, e.device_id, e.direction, e.limit_c, e.peak_c, e.started_at, e.ended_at,
        ca.id as action_id, ca.status as action_status
      from sensor_excursions e
      join restaurants r on r.id = e.restaurant_id
      left join corrective_actions ca on ca.sensor_excursion_id = e.id
      where e.restaurant_id = ${restaurantId} and e.started_at >= ${bounds} and e.started_at < ${boundsEnd}
      order by e.started_at, e.id`) as unknown as Promise<{ rows: ExcursionRow[] }>,
  ]);
  const devices = new Map<string, SensorLogDevice>();
  for (const row of days.rows) {
    let device = devices.get(row.device_id);
    if (!device) {
      device = {
        id: row.device_id,
        name: row.name,
        kind: row.kind,
        lowC: Number(row.low_c),
        highC: Number(row.high_c),
        days: [],
        excursions: [],
      };
      devices.set(row.device_id, device);
    }
    if (row.day !== null && row.count) {
      device.days.push({
        day: row.day,
        min: Number(row.min),
        max: Number(row.max),
        avg: round(Number(row.avg)),
        count: Number(row.count),
        hoursOutOfRange: Number(row.hours_out),
      });
    }
  }
  for (const row of excursions.rows) {
    devices.get(row.device_id)?.excursions.push({
      id: row.id,
      direction: row.direction,
      limitC: Number(row.limit_c),
      peakC: Number(row.peak_c),
      startedAt: iso(row.started_at),
      endedAt: row.ended_at === null ? null : iso(row.ended_at),
      action: row.action_id && row.action_status ? { id: row.action_id, status: row.action_status } : null,
    });
  }
  return [...devices.values()];
}
