import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';

/**
 * Which checklists apply to restaurant `r` (an alias of `restaurants` in the caller's
 * SQL), as a join condition on checklist `c`: active, with a current version, and either
 * the restaurant's own checklist or a chain template for all restaurants or chosen for it,
 * which its manager did not switch off there. The restaurant's own `is_active` is the
 * caller's to check.
 */
export function appliesTo(c: SQL, r: SQL): SQL {
  return sql`${c}.is_active and ${c}.current_version_id is not null and (
    ${c}.restaurant_id = ${r}.id
    or (${c}.restaurant_id is null
      and (${c}.all_restaurants or exists (select 1 from checklist_restaurants cr
        where cr.checklist_id = ${c}.id and cr.restaurant_id = ${r}.id))
      and not exists (select 1 from checklist_opt_outs oo
        where oo.checklist_id = ${c}.id and oo.restaurant_id = ${r}.id)))`;
}

/**
 * The instant a record's window opens: its local day and start (minutes after local
 * midnight) read in the restaurant's zone as PostgreSQL's `timestamp AT TIME ZONE`
 * reads them, which core's `windowOf` matches (decision 032): a time in the
 * spring-forward gap falls the gap's length later, a time that happens twice is the
 * second. A window then lasts its written length in real minutes.
 */
export function opensAtSql(localDay: SQL, startsAt: SQL, timeZone: SQL): SQL {
  return sql`((${localDay} + make_interval(mins => ${startsAt})) at time zone ${timeZone})`;
}

export interface EnsureRunsOptions {
  /** One restaurant (the Today screen); omitted, every restaurant (the checklist job). */
  restaurantId?: string;
  /**
   * Which local days, counted from each restaurant's own today: `[0]` (the default) is
   * today, `[0, 1]` today and tomorrow (the job, so a window just after midnight exists
   * before it opens).
   */
  dayOffsets?: readonly number[];
  /** The clock (tests, the demo); omitted, the database's `now()`. */
  now?: Date;
}

export interface EnsureRunsResult {
  /** Records made. */
  made: number;
  /** Untouched open records moved to their checklist's current version or their window's new times. */
  moved: number;
  /** Untouched records not yet open whose checklist or window no longer applies there, removed. */
  dropped: number;
}

/**
 * Makes the records of the given local days ahead of time, one per applicable window,
 * restaurant and day, however many servers and requests do it at once (the unique key
 * (window, restaurant, day) and ON CONFLICT DO NOTHING), in one statement:
 *
 * - **made**: each active window on that ISO weekday of each checklist that applies to the
 *   active restaurant gets its record, with the checklist's current version, the window's
 *   start and length copied, `opens_at` from `opensAtSql` and `closes_at` its length
 *   later; a window that closed before its checklist or its restaurant was created is not
 *   made (a checklist added at 10:00 does not start with a missed 06:00–09:00);
 * - **moved**: an open record nobody has touched yet (no value, no photo) follows its
 *   checklist's current version, and, until it opens, its window's edited times;
 * - **dropped**: an untouched record that has not opened yet and whose checklist or
 *   window no longer applies there (switched off, removed, another weekday, the
 *   restaurant deactivated) goes. A touched, opened or submitted record always stays.
 *
 * The three parts touch disjoint rows, so one statement is safe (each event's
 * transition table feeds `checklist_day_counts`).
 */
export async function ensureRuns(db: Queryable, options: EnsureRunsOptions = {}): Promise<EnsureRunsResult> {
  const offsets = options.dayOffsets?.length ? options.dayOffsets : [0];
  const now = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const onlyRestaurant = options.restaurantId ? sql`where r.id = ${options.restaurantId}` : sql``;
  const untouched = sql`not exists (select 1 from checklist_values v where v.run_id = cr.id)
    and not exists (select 1 from photos p where p.checklist_run_id = cr.id)`;
  const result = (await db.execute(sql`
    with days as (
      select r.id as restaurant_id, r.time_zone, r.is_active,
        ((${now} at time zone r.time_zone)::date + shift) as local_day
      from restaurants r
      cross join unnest(array[${sql.join(
        offsets.map((offset) => sql`${offset}`),
        sql`, `,
      )}]::int[]) as s(shift)
      ${onlyRestaurant}
    ), applicable as (
      select d.restaurant_id, d.local_day, c.id as checklist_id, c.current_version_id as version_id,
        greatest(c.created_at, r.created_at) as created_at,
        w.id as window_id, w.starts_at, w.minutes,
        ${opensAtSql(sql`d.local_day`, sql`w.starts_at`, sql`d.time_zone`)} as opens_at
      from days d
      join restaurants r on r.id = d.restaurant_id
      join checklists c on ${appliesTo(sql`c`, sql`r`)}
      join checklist_windows w on w.checklist_id = c.id and w.is_active
        and extract(isodow from d.local_day)::smallint = any(w.weekdays)
      where d.is_active
    ), moved as (
      update checklist_runs cr set
        version_id = a.version_id,
        starts_at = case when cr.opens_at > ${now} then a.starts_at else cr.starts_at end,
        minutes = case when cr.opens_at > ${now} then a.minutes else cr.minutes end,
        opens_at = case when cr.opens_at > ${now} then a.opens_at else cr.opens_at end,
        closes_at = case when cr.opens_at > ${now} then a.opens_at + make_interval(mins => a.minutes)
          else cr.closes_at end
      from applicable a
      -- Each applicable window's record by the unique key, then by id: index lookups, never a scan of open records.
      where cr.id = (select r.id from checklist_runs r
          where r.window_id = a.window_id and r.restaurant_id = a.restaurant_id and r.local_day = a.local_day)
        and cr.status || '' = 'open' and ${untouched}
        and (cr.version_id <> a.version_id
          or (cr.opens_at > ${now} and (cr.opens_at <> a.opens_at or cr.minutes <> a.minutes)))
      returning cr.id
    ), dropped as (
      delete from checklist_runs cr
      using days d
      where cr.restaurant_id = d.restaurant_id and cr.local_day = d.local_day
        -- Read through the (restaurant, day) index: one restaurant's few records, not every open one.
        and cr.status || '' = 'open' and cr.opens_at > ${now} and ${untouched}
        -- Whether the record's own window still applies, by key lookups, not a search of the applicable windows.
        and not exists (select 1 from checklist_windows w
          join checklists c on c.id = w.checklist_id
          join restaurants r on r.id = cr.restaurant_id
          where w.id = cr.window_id and w.is_active and r.is_active
            and extract(isodow from cr.local_day)::smallint = any(w.weekdays) and ${appliesTo(sql`c`, sql`r`)})
      returning cr.id
    ), made as (
      insert into checklist_runs
        (checklist_id, version_id, window_id, restaurant_id, local_day, starts_at, minutes, opens_at, closes_at)
      select a.checklist_id, a.version_id, a.window_id, a.restaurant_id, a.local_day, a.starts_at, a.minutes,
        a.opens_at, a.opens_at + make_interval(mins => a.minutes)
      from applicable a
      where a.opens_at + make_interval(mins => a.minutes) > a.created_at
      order by a.restaurant_id, a.local_day, a.window_id
      on conflict (window_id, restaurant_id, local_day) do nothing
      returning id
    )
    select (select count(*)::int from made) as made, (select count(*)::int from moved) as moved,
      (select count(*)::int from dropped) as dropped`)) as unknown as { rows: EnsureRunsResult[] };
  const row = result.rows[0];
  return { made: Number(row?.made ?? 0), moved: Number(row?.moved ?? 0), dropped: Number(row?.dropped ?? 0) };
}
