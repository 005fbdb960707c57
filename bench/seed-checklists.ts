/**
 * Issue 33's scale, on top of bench/seed-chain.ts (PostgreSQL only): three chain
 * checklists of 12 items each with 6 windows a day (Opening 06:00–09:00, a Temperature
 * log at 08:00, 12:00, 16:00 and 20:00, Closing 22:00–00:30) at all 500 restaurants,
 * with a record of every window on each of the last 365 local days, today and tomorrow
 * (≈ 1.1 million records) and the 12 values of every submitted one (≈ 13 million).
 *
 * Generated in SQL from a seed, as the chain is: ids are md5-derived, every "random"
 * choice a hash of the record's number. Of the records whose window has closed, 3 % are
 * missed, 5 % late and the rest on time; 1 % of the submitted ones have an out-of-range
 * temperature, with its corrective action (resolved 19 times in 20 once a week old). A
 * tenth of the records that closed in the last 24 hours are still open, nothing
 * submitted: the backlog the checklist job's missed step marks.
 *
 * The load is `INSERT … SELECT` over `generate_series`, with the triggers off
 * (`session_replication_role = replica`, which also skips the foreign-key checks: the
 * rows are consistent by construction): the frozen-values trigger would refuse values of
 * records inserted as submitted, and the statement-level trigger on checklist_runs would
 * fold a million rows into one jsonb array. `checklist_day_counts` is then filled with one
 * `INSERT … SELECT` of the trigger's own formula; the corrective actions are inserted with
 * the triggers back on, so their counters follow as usual.
 */

import { ChecklistContent } from '@brigade/core/checklist-items';
import { localDay } from '@brigade/core/restaurant-time';
import { ChecklistWindowInput } from '@brigade/core/schemas/checklists';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';

export const CHECKLIST_CHAIN = {
  /** Local days of history, today included; tomorrow's records are made too, as the job makes them ahead. */
  days: 365,
  itemsPerRecord: 12,
  missedPercent: 3,
  latePercent: 5,
  /** Submitted records with an out-of-range temperature. */
  failedPercent: 1,
  /** Records that closed in the last 24 hours still open, for the missed step to mark. */
  backlogPercent: 10,
} as const;

/**
 * A year of checklists at 1× is 12.7 million values (2 GB); at 5× a year would be 10 GB
 * and alone take longer than the 10 minutes the 5× seed may take. The larger chain gets
 * the same number of records spread over five times the restaurants: 73 days, which
 * still holds every screen's window (today, a month's log).
 */
export const checklistDaysAt = (atScale: number) => Math.max(35, Math.round(CHECKLIST_CHAIN.days / atScale));

const SEED = 20261128;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

type Kind = 'tick' | 'yesNo' | 'temperature';
interface BenchItem {
  kind: Kind;
  label: string;
  min?: number;
  max?: number | null;
}

const tick = (label: string): BenchItem => ({ kind: 'tick', label });
const yes = (label: string): BenchItem => ({ kind: 'yesNo', label });
const degrees = (label: string, min: number, max: number | null): BenchItem => ({
  kind: 'temperature',
  label,
  min,
  max,
});

/** Each checklist's 12 items; the first temperature is the one that fails, when one does. */
const CHECKLISTS: { name: string; windows: { start: string; end: string }[]; items: BenchItem[] }[] = [
  {
    name: 'Opening checklist',
    windows: [{ start: '06:00', end: '09:00' }],
    items: [
      degrees('Prep fridge', 0, 4),
      tick('Hand-wash stations stocked'),
      tick('Prep surfaces sanitised'),
      yes('No signs of pests'),
      tick('Fryers on, oil checked'),
      yes('Everyone on shift fit for work'),
      tick('Uniforms and hair nets'),
      degrees('Salad fridge', 0, 4),
      tick('Probe thermometer calibrated'),
      tick('Deliveries checked in'),
      tick('Allergen chart at the counter'),
      tick('Dining room open and clean'),
    ],
  },
  {
    name: 'Temperature log',
    windows: [
      { start: '08:00', end: '09:00' },
      { start: '12:00', end: '13:00' },
      { start: '16:00', end: '17:00' },
      { start: '20:00', end: '21:00' },
    ],
    items: [
      degrees('Walk-in cooler', 0, 4),
      degrees('Freezer', -25, -18),
      degrees('Hot holding cabinet', 63, null),
      degrees('Salad fridge', 0, 4),
      degrees('Drinks fridge', 0, 7),
      degrees('Reach-in fridge 1', 0, 4),
      degrees('Reach-in fridge 2', 0, 4),
      degrees('Fries holding', 63, null),
      tick('Probe cleaned after use'),
      tick('Door seals intact'),
      tick('Nothing stored on the floor'),
      tick('Labels and dates checked'),
    ],
  },
  {
    name: 'Closing checklist',
    windows: [{ start: '22:00', end: '00:30' }],
    items: [
      degrees('Walk-in cooler at close', 0, 4),
      yes('All food covered, labelled and dated'),
      tick('Fryers off and covered'),
      tick('Grill cleaned'),
      tick('Prep surfaces cleaned'),
      tick('Floors swept and mopped'),
      tick('Waste out, bins cleaned'),
      tick('Dishwasher emptied'),
      tick('Dining room tidy'),
      tick('Restrooms checked'),
      tick('Doors and windows locked'),
      tick('Alarm set'),
    ],
  },
];

const contentOf = (items: BenchItem[]) =>
  ChecklistContent.parse({
    sections: [
      {
        id: 's1',
        title: 'Checks',
        items: items.map((item, index) => ({ id: `i${String(index + 1).padStart(2, '0')}`, ...item })),
      },
    ],
  });

export interface SeededChecklists {
  rows: Record<string, number>;
  /** The bench staff member's restaurant (the Today row) and the bench manager's (the log row), with its zone. */
  staffRestaurantId: string;
  managerRestaurantId: string;
  managerTimeZone: string;
}

/**
 * Seeds the checklists on a database seeded by seedChain (PostgreSQL: it needs
 * `session_replication_role`), `days` local days of history at every restaurant.
 */
export async function seedChecklists(
  database: DatabaseHandle,
  people: { staff: string; manager: string; hq: string },
  days: number = CHECKLIST_CHAIN.days,
): Promise<SeededChecklists> {
  const c = { ...CHECKLIST_CHAIN, days };
  const db = database.db;
  const windows = CHECKLISTS.flatMap((checklist, checklistIndex) =>
    checklist.windows.map((window) => ({
      checklistIndex: checklistIndex + 1,
      ...ChecklistWindowInput.parse({ weekdays: EVERY_DAY, ...window }),
    })),
  );
  const windowRows = sql.join(
    windows.map(
      (window, index) =>
        sql`(${index + 1}::int, ${window.checklistIndex}::int, ${window.startsAt}::int, ${window.minutes}::int)`,
    ),
    sql`, `,
  );
  const itemRows = sql.join(
    CHECKLISTS.flatMap((checklist, checklistIndex) => {
      const firstTemperature = checklist.items.findIndex((item) => item.kind === 'temperature');
      return checklist.items.map(
        (item, index) =>
          sql`(${checklistIndex + 1}::int, ${index + 1}::int, ${`i${String(index + 1).padStart(2, '0')}`}::text,
            ${item.label}::text, ${item.kind}::text, ${item.min ?? 0}::numeric, ${item.max ?? (item.min ?? 0) + 10}::numeric,
            ${item.max ?? null}::numeric, ${index === firstTemperature}::boolean)`,
      );
    }),
    sql`, `,
  );
  const now = sql`now()`;

  const statements = [
    // One md5 shaped as a version-4 uuid (the API's id fields require it); a single expression, so it is inlined.
    sql`create or replace function pg_temp.checklist_uid(kind text, n bigint) returns uuid language sql immutable
        as $$ select overlay(overlay(md5('${sql.raw(String(SEED))}' || kind || n) placing '4' from 13) placing '8' from 17)::uuid $$`,
    sql`create or replace function pg_temp.checklist_pick(n bigint, k int, salt int) returns int language sql immutable
        as $$ select (abs(hashint8(n * 1000003 + salt + ${sql.raw(String(SEED))}::bigint)::bigint) % k)::int $$`,
    sql`set local work_mem = '256MB'`,
    // The restaurants' zones by city (the bench chain's cities are Dutch, Belgian and German).
    sql`update restaurants set time_zone = case
          when city in ('Antwerpen', 'Gent') then 'Europe/Brussels'
          when city in ('Berlin', 'Hamburg') then 'Europe/Berlin'
          else 'Europe/Amsterdam' end`,

    sql`insert into checklists (id, name, all_restaurants, created_by, created_at, updated_at)
        select pg_temp.checklist_uid('checklist', x.n), x.name, true, u.id, now() - interval '400 days', now() - interval '400 days'
        from unnest(string_to_array(${CHECKLISTS.map((checklist) => checklist.name).join('|')}, '|'))
          with ordinality as x(name, n)
        join users u on u.email = ${people.hq}`,
    sql`insert into checklist_versions (id, checklist_id, version, content, item_count, created_at)
        select pg_temp.checklist_uid('version', x.n), pg_temp.checklist_uid('checklist', x.n), 1, x.content, ${c.itemsPerRecord},
          now() - interval '400 days'
        from jsonb_array_elements(${JSON.stringify(CHECKLISTS.map((checklist) => contentOf(checklist.items)))}::jsonb)
          with ordinality as x(content, n)`,
    sql`update checklists set current_version_id = pg_temp.checklist_uid('version', n)
        from generate_series(1, ${CHECKLISTS.length}) n where id = pg_temp.checklist_uid('checklist', n)`,
    sql`insert into checklist_windows (id, checklist_id, weekdays, starts_at, minutes)
        select pg_temp.checklist_uid('window', w.n), pg_temp.checklist_uid('checklist', w.checklist), ${`{${EVERY_DAY.join(',')}}`}::smallint[],
          w.starts_at, w.minutes
        from (values ${windowRows}) as w(n, checklist, starts_at, minutes)`,

    // Off for the load: the counters' and the frozen values' triggers, and the foreign-key checks.
    sql`set local session_replication_role = replica`,
    // Day after day, all restaurants each day, as a year of use would have written them.
    // `offset 0` keeps each step a step: PostgreSQL would otherwise paste every expression
    // into each place that uses it, and the zone conversions would run dozens of times a row.
    sql`with windows as materialized (
          select n, pg_temp.checklist_uid('checklist', checklist) as checklist_id, pg_temp.checklist_uid('version', checklist)
            as version_id, pg_temp.checklist_uid('window', n) as window_id, starts_at, minutes
          from (values ${windowRows}) as w(n, checklist, starts_at, minutes)
        ), places as materialized (
          select r.id, r.time_zone, r.is_active, substring(r.email from 'restaurant([0-9]+)@')::bigint as n,
            (${now} at time zone r.time_zone)::date as today, crews.crew
          from restaurants r
          left join (select sra.restaurant_id, array_agg(u.id order by u.id) as crew
            from staff_restaurant_assignments sra join users u on u.id = sra.user_id and u.role = 'staff' and u.is_active
            group by sra.restaurant_id) crews on crews.restaurant_id = r.id
        )
        insert into checklist_runs (id, checklist_id, version_id, window_id, restaurant_id, local_day, starts_at, minutes,
          opens_at, closes_at, status, submitted_at, submitted_by, failures, open_notified, created_at)
        select pg_temp.checklist_uid('run', x.seq), x.checklist_id, x.version_id, x.window_id, x.restaurant_id,
          x.local_day, x.starts_at, x.minutes, x.opens_at, x.closes_at,
          case e.outcome when 'open' then 'open' when 'missed' then 'missed' else 'submitted' end,
          s.submitted_at, case when s.submitted_at is not null then x.crew[1 + p.who % cardinality(x.crew)] end,
          case when s.submitted_at is not null and p.roll2 < ${c.failedPercent * 10} then 1 else 0 end,
          x.opens_at <= ${now}, x.created_at
        from (
          select x.*, x.opens_at + make_interval(mins => x.minutes) as closes_at
          from (
            select r.id as restaurant_id, r.is_active, w.n as window_n, w.checklist_id, w.version_id, w.window_id,
              w.starts_at, w.minutes, r.today - back.b as local_day, r.crew, (r.n * 1000 + back.b + 1) * 10 + w.n as seq, back.b,
              ((r.today - back.b) + make_interval(mins => w.starts_at)) at time zone r.time_zone as opens_at,
              least((r.today - back.b)::timestamp at time zone r.time_zone, ${now}) as created_at
            from generate_series(-1, ${c.days - 1}) as back(b)
            cross join places r
            cross join windows w
            offset 0) x
          -- A closed restaurant keeps its history; nothing is made ahead for it (ensureRuns would drop it).
          where x.is_active or x.opens_at <= ${now}
          offset 0) x
        cross join lateral (select pg_temp.checklist_pick(x.seq, 100, 1) as roll, pg_temp.checklist_pick(x.seq, 1000, 2) as roll2,
          pg_temp.checklist_pick(x.seq, 1000003, 3) as who, x.closes_at + make_interval(mins => 5 + pg_temp.checklist_pick(x.seq, 1000, 2) % 120) as late_at
          offset 0) p
        cross join lateral (select case
            when x.closes_at > ${now} then 'open'
            when x.closes_at > ${now} - interval '24 hours' and p.roll >= ${100 - c.backlogPercent} then 'open'
            when p.roll < ${c.missedPercent} then 'missed'
            when p.roll < ${c.missedPercent + c.latePercent} and p.late_at <= ${now} then 'late'
            else 'on_time' end as outcome
          offset 0) e
        cross join lateral (select case e.outcome
            when 'late' then p.late_at
            when 'on_time' then x.opens_at + make_interval(secs => x.minutes * 60 * (10 + p.roll2 % 75) / 100) end
          as submitted_at
          offset 0) s
        order by x.b desc, x.restaurant_id, x.window_n`,
    // Twelve values a submitted record, entered in the minutes before its submit, run by run.
    sql`with items as materialized (
          select pg_temp.checklist_uid('checklist', checklist) as checklist_id, *
          from (values ${itemRows}) as i(checklist, pos, item_id, label, kind, low, high, max, fails))
        insert into checklist_values (run_id, item_id, value, failed, note, entered_by, received_at)
        select r.id, i.item_id,
          case when f.failing then to_jsonb(coalesce(i.max + 3, i.low - 3))
            when i.kind = 'tick' then 'true'::jsonb when i.kind = 'yesNo' then '"yes"'::jsonb
            else to_jsonb(round(i.low + 1 + (abs(hashtext(r.id::text || i.item_id)::bigint) % (round((i.high - i.low - 2) * 10)::int + 1)) / 10.0, 1)) end,
          f.failing, case when f.failing then 'Handled as the instruction says; re-checked after 30 minutes.' end,
          r.submitted_by, r.submitted_at - make_interval(secs => (${c.itemsPerRecord} - i.pos + 1) * 20)
        from (select id, checklist_id, submitted_at, submitted_by, failures from checklist_runs
              where status = 'submitted' order by id) r
        join items i on i.checklist_id = r.checklist_id
        cross join lateral (select r.failures > 0 and i.fails as failing) f`,
    sql`set local session_replication_role = origin`,

    // What the triggers would have counted, per restaurant and local day (their formula).
    sql`insert into checklist_day_counts (restaurant_id, local_day, total, on_time, late, missed, failed)
        select restaurant_id, local_day, count(*),
          count(*) filter (where status = 'submitted' and submitted_at <= closes_at),
          count(*) filter (where status = 'submitted' and submitted_at > closes_at),
          count(*) filter (where status = 'missed'),
          count(*) filter (where status = 'submitted' and failures > 0)
        from checklist_runs group by restaurant_id, local_day order by restaurant_id, local_day`,

    // A corrective action for every failure, as a submit opens it: owned by the restaurant's
    // managers (the submitter where it has none), due the day found; resolved by hq a day
    // later 19 times in 20 once a week old.
    sql`insert into corrective_actions (id, restaurant_id, checklist_run_id, checklist_item_id, template_name, item_text,
          comment, due_on, status, resolution_note, resolved_by, resolved_at, created_by, version, created_at, updated_at)
        select pg_temp.checklist_uid('action ' || r.id, 0), r.restaurant_id, r.id, v.item_id, c.name,
          i.label, 'Value: ' || (v.value #>> '{}') || ' °C' || chr(10) || 'Note: ' || v.note,
          (r.submitted_at at time zone rest.time_zone)::date,
          case when x.resolved then 'resolved' else 'open' end, case when x.resolved then 'Fixed and re-checked.' end,
          case when x.resolved then hq.id end, case when x.resolved then r.submitted_at + interval '1 day' end,
          r.submitted_by, case when x.resolved then 2 else 1 end, r.submitted_at,
          case when x.resolved then r.submitted_at + interval '1 day' else r.submitted_at end
        from checklist_runs r
        join checklist_values v on v.run_id = r.id and v.failed
        join checklists c on c.id = r.checklist_id
        join (values ${itemRows}) as i(checklist, pos, item_id, label, kind, low, high, max, fails)
          on pg_temp.checklist_uid('checklist', i.checklist) = c.id and i.item_id = v.item_id
        join restaurants rest on rest.id = r.restaurant_id
        cross join (select id from users where email = ${people.hq}) hq
        cross join lateral (select r.submitted_at < ${now} - interval '7 days'
          and abs(hashtext(r.id::text)::bigint) % 20 <> 0 as resolved) x
        where r.failures > 0
        order by r.submitted_at`,
    sql`insert into corrective_action_owners (action_id, user_id)
        select ca.id, coalesce(m.user_id, ca.created_by) from corrective_actions ca
        left join (select sra.restaurant_id, sra.user_id from staff_restaurant_assignments sra
          join users u on u.id = sra.user_id and u.role = 'manager' and u.is_active) m on m.restaurant_id = ca.restaurant_id
        where ca.checklist_run_id is not null
        on conflict do nothing`,
    sql`insert into corrective_action_events (id, action_id, kind, actor_id, actor_name, note, created_at)
        select gen_random_uuid(), ca.id, 'created', ca.created_by, u.name, null, ca.created_at
        from corrective_actions ca join users u on u.id = ca.created_by where ca.checklist_run_id is not null
        union all
        select gen_random_uuid(), ca.id, 'resolved', ca.resolved_by, u.name, ca.resolution_note, ca.resolved_at
        from corrective_actions ca join users u on u.id = ca.resolved_by
        where ca.checklist_run_id is not null and ca.status = 'resolved'`,
  ];

  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
  await db.execute(
    sql`vacuum analyze restaurants, checklist_runs, checklist_values, checklist_day_counts, corrective_actions,
        corrective_action_owners, corrective_action_events`,
  );

  const counted = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from checklist_runs) as checklist_records,
    (select count(*)::int from checklist_values) as checklist_values,
    (select count(*)::int from checklist_runs where status = 'open' and closes_at <= now()) as missed_backlog,
    (select count(*)::int from checklist_runs where failures > 0) as failed_records,
    (select count(*)::int from checklist_day_counts) as checklist_day_counts,
    (select count(*)::int from corrective_actions where checklist_run_id is not null) as checklist_actions`);
  type Subjects = { staff_restaurant_id: string; manager_restaurant_id: string; manager_time_zone: string };
  const subjects = await db.execute<Subjects>(sql`select
    (select sra.restaurant_id from staff_restaurant_assignments sra join users u on u.id = sra.user_id
      where u.email = ${people.staff} order by sra.restaurant_id limit 1) as staff_restaurant_id,
    r.id as manager_restaurant_id, r.time_zone as manager_time_zone
    from staff_restaurant_assignments sra join users u on u.id = sra.user_id join restaurants r on r.id = sra.restaurant_id
    where u.email = ${people.manager} order by r.name limit 1`);
  const [row] = (subjects as unknown as { rows: Subjects[] }).rows;
  if (!row) throw new Error('the bench people have no restaurants');
  return {
    rows: (counted as unknown as { rows: Record<string, number>[] }).rows[0] ?? {},
    staffRestaurantId: row.staff_restaurant_id,
    managerRestaurantId: row.manager_restaurant_id,
    managerTimeZone: row.manager_time_zone,
  };
}

/** The first day of the month before the restaurant's current one: a whole month of records. */
export function lastMonthOf(timeZone: string, now = new Date()): string {
  const [year, month] = localDay(now, timeZone).split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 1));
  return previous.toISOString().slice(0, 10);
}
