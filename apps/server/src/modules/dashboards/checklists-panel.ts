import {
  CHECKLIST_FAILURE_DAYS,
  CHECKLIST_PANEL_ROWS,
  type HqChecklistsPanel,
} from '@brigade/core/schemas/checklist-counts';
import { sql } from 'drizzle-orm';
import { checklistDayCounts, checklistRuns } from '../../db/schema/checklists';
import { restaurants } from '../../db/schema/restaurants';

/**
 * The hq dashboard's "Checklists today" (issue 33) as one json column of the dashboard's
 * statement, so the panel adds no round trip. Per active restaurant, at its own local
 * today (`now` in its time zone):
 * - done and missed come from the day counters the triggers keep (`checklist_day_counts`);
 * - "due so far" is done + missed + the records still open whose window has opened, and
 *   an open record whose window has already closed counts as missed before the job
 *   marks it so (core `runStateOf`): the open records of the zones' todays that have
 *   opened, counted per restaurant in one range scan of the partial index
 *   `checklist_runs_open_day_idx` (local day, opens_at, restaurant, closes_at where open),
 *   index only (decision 050), not a probe per restaurant;
 * - failures sum the counters' `failed` over the last CHECKLIST_FAILURE_DAYS local days.
 * Each zone's today is worked out once (a materialized CTE: `AT TIME ZONE` costs about a
 * microsecond a call, and inlined it ran for every counter row). The counters of every
 * restaurant's last CHECKLIST_FAILURE_DAYS days are read in one index-only range scan of
 * `checklist_day_counts_day_idx`, which carries them (from the earliest zone's first day
 * to the latest zone's today; each zone's own days are picked by the sums' filters, so
 * the zones do not each scan the range): at 500 restaurants 3,500 index entries in ~30
 * pages, where a probe per restaurant read ~4 pages each (1,985 at 1×). The rows per
 * restaurant are worked out once (materialized) for the totals and the first
 * CHECKLIST_PANEL_ROWS, taken by a top-N sort. It still reads every restaurant's week:
 * ranking them is what the panel does (docs/scaling.md).
 */
export function checklistsPanelColumn(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<HqChecklistsPanel>`(
    with zones as materialized (
      select z.time_zone, (${at} at time zone z.time_zone)::date as today
      from (select distinct time_zone from ${restaurants} where is_active) z
    ), still_open as materialized (
      select cr.restaurant_id, cr.local_day, count(*)::int as opened,
        (count(*) filter (where cr.closes_at <= ${at}))::int as closed
      from ${checklistRuns} cr
      where cr.status = 'open' and cr.local_day in (select today from zones) and cr.opens_at <= ${at}
      group by cr.restaurant_id, cr.local_day
    ), counts as materialized (
      select d.restaurant_id, r.name, zones.today,
        (sum(d.on_time + d.late) filter (where d.local_day = zones.today))::int as done,
        (sum(d.missed) filter (where d.local_day = zones.today))::int as missed,
        (sum(d.total) filter (where d.local_day = zones.today))::int as total,
        (sum(d.failed) filter (where d.local_day <= zones.today
          and d.local_day > zones.today - ${CHECKLIST_FAILURE_DAYS}::int))::int as failures
      from ${checklistDayCounts} d
      join ${restaurants} r on r.id = d.restaurant_id and r.is_active
      join zones on zones.time_zone = r.time_zone
      where d.local_day > (select min(today) from zones) - ${CHECKLIST_FAILURE_DAYS}::int
        and d.local_day <= (select max(today) from zones)
      group by d.restaurant_id, r.name, zones.today
    ), per_restaurant as materialized (
      select c.restaurant_id as id, c.name, coalesce(c.done, 0) as done,
        coalesce(c.missed, 0) + coalesce(still_open.closed, 0) as missed,
        coalesce(c.done, 0) + coalesce(c.missed, 0) + coalesce(still_open.opened, 0) as due,
        coalesce(c.failures, 0) as failures
      from counts c
      left join still_open on still_open.restaurant_id = c.restaurant_id and still_open.local_day = c.today
      where coalesce(c.total, 0) > 0 or coalesce(c.failures, 0) > 0
    )
    select json_build_object(
      'done', coalesce(sum(done), 0), 'due', coalesce(sum(due), 0), 'missed', coalesce(sum(missed), 0),
      'failures', coalesce(sum(failures), 0), 'restaurantCount', count(*),
      'missedRestaurantCount', count(*) filter (where missed > 0),
      'restaurants', (select coalesce(json_agg(json_build_object(
          'restaurant', json_build_object('id', top.id, 'name', top.name),
          'done', top.done, 'due', top.due, 'missed', top.missed, 'failures', top.failures) order by top.place), '[]'::json)
        from (select p.*, row_number() over (order by missed desc, due - done desc, failures desc, name, id) as place
          from per_restaurant p order by place limit ${CHECKLIST_PANEL_ROWS}) top))
    from per_restaurant)`;
}
