/**
 * The chain's audit schedules (issue 19), for bench/seed-chain.ts: run inside its
 * transaction, after the restaurants and templates, with its pg_temp.uid and pick.
 *
 * - weekly, every restaurant, from 52 weeks ago: 53 periods × 500 restaurants;
 * - monthly, every fifth restaurant, from 12 months ago: 13 periods × 100 restaurants.
 * Past periods are completed (85 %, on the period's third day) or missed; the current
 * one is due. About 28,000 due entries at 1×. A period's ids are its number × 10⁶ + the
 * restaurant's, unique up to a million restaurants.
 */
import { type SQL, sql } from 'drizzle-orm';

export function scheduleStatements(restaurants: number): SQL[] {
  return [
    sql`insert into audit_schedules (id, name, cadence, starts_on, all_restaurants, created_by)
        values (pg_temp.uid('schedule', 1), 'Weekly food safety', 'weekly', current_date - 364, true, pg_temp.uid('user', 1)::text),
               (pg_temp.uid('schedule', 2), 'Monthly brand standards', 'monthly',
                (current_date - interval '12 months')::date, false, pg_temp.uid('user', 1)::text)`,
    sql`insert into audit_schedule_templates (schedule_id, template_id)
        values (pg_temp.uid('schedule', 1), pg_temp.uid('template', 1)), (pg_temp.uid('schedule', 2), pg_temp.uid('template', 2))`,
    sql`insert into audit_schedule_restaurants (schedule_id, restaurant_id)
        select pg_temp.uid('schedule', 2), pg_temp.uid('restaurant', n)
        from generate_series(1, ${restaurants}) n where n % 5 = 0`,
    sql`insert into audit_due (id, schedule_id, restaurant_id, period_start, period_end, status, completed_at)
        select pg_temp.uid('due', w * 1000000 + n), pg_temp.uid('schedule', 1), pg_temp.uid('restaurant', n), p.s, p.e,
               case when p.e > current_date then 'due' when pg_temp.pick(w * 1000000 + n, 20, 21) < 17 then 'completed' else 'missed' end,
               case when p.e <= current_date and pg_temp.pick(w * 1000000 + n, 20, 21) < 17 then p.s + time '10:00' end
        from generate_series(0, 52) w
        cross join lateral (select current_date - 364 + 7 * w as s, current_date - 364 + 7 * w + 7 as e) p
        cross join generate_series(1, ${restaurants}) n`,
    sql`insert into audit_due (id, schedule_id, restaurant_id, period_start, period_end, status, completed_at)
        select pg_temp.uid('due-monthly', m * 1000000 + n), pg_temp.uid('schedule', 2), pg_temp.uid('restaurant', n), p.s, p.e,
               case when p.e > current_date then 'due' when pg_temp.pick(m * 1000000 + n, 20, 22) < 17 then 'completed' else 'missed' end,
               case when p.e <= current_date and pg_temp.pick(m * 1000000 + n, 20, 22) < 17 then p.s + 2 + time '10:00' end
        from generate_series(0, 12) m
        cross join lateral (select ((current_date - interval '12 months')::date + make_interval(months => m))::date as s,
                                   ((current_date - interval '12 months')::date + make_interval(months => m + 1))::date as e) p
        cross join generate_series(1, ${restaurants}) n
        where n % 5 = 0`,
  ];
}
