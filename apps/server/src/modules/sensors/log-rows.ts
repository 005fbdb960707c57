import type { SensorLogDevice } from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';

interface DeviceRow {
  id: string;
  name: string;
  kind: SensorLogDevice['kind'];
  low_c: number;
  high_c: number;
  days: { day: string; min: number; max: number; avg: number; count: number; hoursOut: number }[];
  excursions: {
    id: string;
    direction: 'high' | 'low';
    limitC: number;
    peakC: number;
    startedAt: string;
    endedAt: string | null;
    actionId: string | null;
    actionStatus: 'open' | 'resolved' | null;
  }[];
}

const round = (value: number) => Math.round(value * 100) / 100;
const iso = (value: string) => new Date(value).toISOString();

/**
 * The sensor rows of a restaurant's food-safety log (issue 37), for the local days
 * `start`..`end`: per device, each local day's min/max/avg and how many of its hours had
 * a reading out of the limits (from the hourly rollup, so a month is a few hundred rows
 * whatever the reading rate), and the excursions that started in the period with their
 * actions. Devices retired since stay when they have readings in it. One statement.
 */
export async function readSensorLogRows(
  db: Queryable,
  restaurantId: string,
  start: string,
  end: string,
): Promise<SensorLogDevice[]> {
  const from = sql`((${start}::date)::timestamp at time zone r.time_zone)`;
  const to = sql`((${end}::date + 1)::timestamp at time zone r.time_zone)`;
  const result = (await db.execute(sql`
    select d.id, d.name, d.kind, d.low_c, d.high_c,
      coalesce((
        select json_agg(json_build_object('day', x.day, 'min', x.min, 'max', x.max, 'avg', x.avg,
            'count', x.count, 'hoursOut', x.hours_out) order by x.day)
        from (
          select (h.hour at time zone r.time_zone)::date::text as day, min(h.min) as min, max(h.max) as max,
            sum(h.sum) / nullif(sum(h.count), 0) as avg, sum(h.count)::int as count,
            (count(*) filter (where h.max > d.high_c or h.min < d.low_c))::int as hours_out
          from sensor_hourly h
          where h.device_id = d.id and h.hour >= ${from} and h.hour < ${to}
          group by 1
        ) x), '[]'::json) as days,
      coalesce((
        select json_agg(json_build_object('id', e.id, 'direction', e.direction, 'limitC', e.limit_c,
            'peakC', e.peak_c, 'startedAt', e.started_at, 'endedAt', e.ended_at,
            'actionId', ca.id, 'actionStatus', ca.status) order by e.started_at, e.id)
        from sensor_excursions e
        left join corrective_actions ca on ca.sensor_excursion_id = e.id
        where e.device_id = d.id and e.started_at >= ${from} and e.started_at < ${to}), '[]'::json) as excursions
    from sensor_devices d
    join restaurants r on r.id = d.restaurant_id
    where d.restaurant_id = ${restaurantId}
      and (d.retired_at is null or exists (
        select 1 from sensor_hourly h where h.device_id = d.id and h.hour >= ${from} and h.hour < ${to}))
    order by d.name, d.id`)) as unknown as { rows: DeviceRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    lowC: Number(row.low_c),
    highC: Number(row.high_c),
    days: row.days.map((day) => ({
      day: day.day,
      min: Number(day.min),
      max: Number(day.max),
      avg: round(Number(day.avg)),
      count: Number(day.count),
      hoursOutOfRange: Number(day.hoursOut),
    })),
    excursions: row.excursions.map((excursion) => ({
      id: excursion.id,
      direction: excursion.direction,
      limitC: Number(excursion.limitC),
      peakC: Number(excursion.peakC),
      startedAt: iso(excursion.startedAt),
      endedAt: excursion.endedAt === null ? null : iso(excursion.endedAt),
      action:
        excursion.actionId && excursion.actionStatus
          ? { id: excursion.actionId, status: excursion.actionStatus }
          : null,
    })),
  }));
}
