import { windowOf } from '@brigade/core/restaurant-time';
import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { CHECKLIST_JOB, ensureRuns, runChecklistJob } from '../src/modules/checklists/service';
import { insertChecklist, insertRun, minutesFromNow } from './checklist-run-fixtures';
import { startTestApp } from './harness';

/**
 * Issue 33: the checklist job makes each restaurant's records of its local today and
 * tomorrow (across midnight and daylight-saving changes), tells people once when a
 * window opens, and marks windows that closed with nothing submitted as missed, telling
 * the managers once.
 */
const t = await startTestApp();
/** A second app, on a database of its own, that runs the job queue. */
const withJobs = await startTestApp({ jobs: true });
const longAgo = new Date('2020-01-01T00:00:00Z');

interface RunRow {
  id: string;
  local_day: string;
  starts_at: number;
  minutes: number;
  opens_at: string | Date;
  closes_at: string | Date;
  status: string;
  open_notified: boolean;
}
async function runsOf(restaurantId: string): Promise<RunRow[]> {
  const { rows } = (await t.db.execute(sql`
    select id, local_day::text as local_day, starts_at, minutes, opens_at, closes_at, status, open_notified
    from checklist_runs where restaurant_id = ${restaurantId} order by opens_at, starts_at`)) as unknown as {
    rows: RunRow[];
  };
  return rows;
}
const iso = (value: string | Date) => new Date(value).toISOString();

async function notificationsOf(kind: string, subject: string) {
  const { rows } = (await t.db.execute(sql`
    select user_id, title, body, email_state, link from notifications
    where kind = ${kind} and subject_key = ${subject} order by user_id`)) as unknown as {
    rows: { user_id: string; title: string; body: string; email_state: string; link: string }[];
  };
  return rows;
}

/** Every day count equal to a recount of the records (the triggers of migration 0023 keep them). */
async function expectDayCountsRecounted() {
  const { rows } = (await t.db.execute(sql`
    with recount as (
      select restaurant_id, local_day, count(*)::int as total,
        (count(*) filter (where status = 'submitted' and submitted_at <= closes_at))::int as on_time,
        (count(*) filter (where status = 'submitted' and submitted_at > closes_at))::int as late,
        (count(*) filter (where status = 'missed'))::int as missed,
        (count(*) filter (where status = 'submitted' and failures > 0))::int as failed
      from checklist_runs group by restaurant_id, local_day
    )
    select coalesce(r.restaurant_id, c.restaurant_id) as restaurant_id
    from recount r full join checklist_day_counts c on c.restaurant_id = r.restaurant_id and c.local_day = r.local_day
    where (r.total, r.on_time, r.late, r.missed, r.failed) is distinct from
      (c.total, c.on_time, c.late, c.missed, c.failed)
      and not (r.restaurant_id is null and c.total = 0)`)) as unknown as { rows: unknown[] };
  expect(rows).toEqual([]);
}

describe('records made ahead in the restaurant’s day', () => {
  /** Opening 00:00, the 02:00–03:00 and 02:30 windows the clock skips or repeats, 08:00, and Closing 22:00–00:30. */
  const dstWindows = [
    { startsAt: 0, minutes: 60 },
    { startsAt: 120, minutes: 60 },
    { startsAt: 150, minutes: 30 },
    { startsAt: 480, minutes: 60 },
    { startsAt: 1320, minutes: 150 },
  ];

  test.each([
    // Spring forward (Amsterdam, last Sunday of March): 02:00–03:00 does not exist on the clock.
    {
      zone: 'Europe/Amsterdam',
      day: '2026-03-29',
      before: '2026-03-28T20:00:00Z',
      during: '2026-03-29T08:00:00Z',
      expected: {
        0: ['2026-03-28T23:00:00.000Z', '2026-03-29T00:00:00.000Z'],
        120: ['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z'],
        150: ['2026-03-29T01:30:00.000Z', '2026-03-29T02:00:00.000Z'],
        480: ['2026-03-29T06:00:00.000Z', '2026-03-29T07:00:00.000Z'],
        1320: ['2026-03-29T20:00:00.000Z', '2026-03-29T22:30:00.000Z'],
      },
    },
    // Fall back (Amsterdam, last Sunday of October): 02:00–03:00 happens twice; the second counts.
    {
      zone: 'Europe/Amsterdam',
      day: '2026-10-25',
      before: '2026-10-24T19:00:00Z',
      during: '2026-10-25T09:00:00Z',
      expected: {
        0: ['2026-10-24T22:00:00.000Z', '2026-10-24T23:00:00.000Z'],
        120: ['2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z'],
        150: ['2026-10-25T01:30:00.000Z', '2026-10-25T02:00:00.000Z'],
        480: ['2026-10-25T07:00:00.000Z', '2026-10-25T08:00:00.000Z'],
        1320: ['2026-10-25T21:00:00.000Z', '2026-10-25T23:30:00.000Z'],
      },
    },
    // New York's spring forward, another zone, another day.
    {
      zone: 'America/New_York',
      day: '2026-03-08',
      before: '2026-03-08T02:00:00Z',
      during: '2026-03-08T15:00:00Z',
      expected: {
        0: ['2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z'],
        120: ['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z'],
        150: ['2026-03-08T07:30:00.000Z', '2026-03-08T08:00:00.000Z'],
        480: ['2026-03-08T12:00:00.000Z', '2026-03-08T13:00:00.000Z'],
        1320: ['2026-03-09T02:00:00.000Z', '2026-03-09T04:30:00.000Z'],
      },
    },
  ])(
    '$zone on $day: each window once, at the instants core’s windowOf gives',
    async ({ zone, day, before, during, expected }) => {
      const restaurant = await t.buildRestaurant({ name: `DST ${zone} ${day}`, timeZone: zone, createdAt: longAgo });
      await insertChecklist(t.db, { restaurantId: restaurant.id, windows: dstWindows });
      // The evening before (today and tomorrow), then during the day itself (today again, and the day after).
      await runChecklistJob(t.db, { now: new Date(before) });
      expect(await runsOf(restaurant.id)).toHaveLength(10);
      await runChecklistJob(t.db, { now: new Date(during) });
      expect(await runsOf(restaurant.id)).toHaveLength(15);
      await runChecklistJob(t.db, { now: new Date(during) });
      expect(await runsOf(restaurant.id)).toHaveLength(15);

      const ofDay = (await runsOf(restaurant.id)).filter((run) => run.local_day === day);
      expect(ofDay.map((run) => run.starts_at).sort((a, b) => a - b)).toEqual([0, 120, 150, 480, 1320]);
      for (const run of ofDay) {
        const window = windowOf(day, run.starts_at, run.minutes, zone);
        expect([iso(run.opens_at), iso(run.closes_at)], `${day} ${run.starts_at}`).toEqual([
          window.opensAt.toISOString(),
          window.closesAt.toISOString(),
        ]);
        expect([iso(run.opens_at), iso(run.closes_at)]).toEqual(expected[run.starts_at as keyof typeof expected]);
      }
      // Every day has each window once.
      const perDay = new Map<string, number>();
      for (const run of await runsOf(restaurant.id)) perDay.set(run.local_day, (perDay.get(run.local_day) ?? 0) + 1);
      expect([...perDay.values()].every((count) => count === 5)).toBe(true);
    },
  );

  test('a window crossing midnight belongs to the day it opens on, on its weekdays only, and closes the next day', async () => {
    const restaurant = await t.buildRestaurant({
      name: 'Brigade Late',
      timeZone: 'Europe/Amsterdam',
      createdAt: longAgo,
    });
    // Closing 22:00–00:30 on Friday and Saturday; a midnight check 00:00–00:45 every day.
    await insertChecklist(t.db, {
      restaurantId: restaurant.id,
      windows: [
        { weekdays: [5, 6], startsAt: 1320, minutes: 150 },
        { startsAt: 0, minutes: 45 },
      ],
    });
    // Friday 27 March 2026, 23:30 in Amsterdam (CET): Friday's Closing is open; Saturday's is made ahead.
    await runChecklistJob(t.db, { now: new Date('2026-03-27T22:30:00Z') });
    const closing = (await runsOf(restaurant.id)).filter((run) => run.starts_at === 1320);
    expect(
      closing.map((run) => [run.local_day, iso(run.opens_at), iso(run.closes_at), run.status, run.open_notified]),
    ).toEqual([
      ['2026-03-27', '2026-03-27T21:00:00.000Z', '2026-03-27T23:30:00.000Z', 'open', true],
      ['2026-03-28', '2026-03-28T21:00:00.000Z', '2026-03-28T23:30:00.000Z', 'open', false],
    ]);
    // Saturday's midnight check (00:00 Saturday) exists before midnight, made as tomorrow's.
    const midnight = (await runsOf(restaurant.id)).filter((run) => run.starts_at === 0);
    expect(midnight.map((run) => run.local_day)).toEqual(['2026-03-27', '2026-03-28']);
    expect(iso(midnight[1]?.opens_at ?? '')).toBe('2026-03-27T23:00:00.000Z');

    // Sunday 00:15 (CET still): Saturday's Closing is open, not missed; Sunday has no Closing.
    await runChecklistJob(t.db, { now: new Date('2026-03-28T23:15:00Z') });
    const saturday = (await runsOf(restaurant.id)).find(
      (run) => run.starts_at === 1320 && run.local_day === '2026-03-28',
    );
    expect(saturday?.status).toBe('open');
    expect((await runsOf(restaurant.id)).some((run) => run.starts_at === 1320 && run.local_day === '2026-03-29')).toBe(
      false,
    );
    // Sunday 00:31: it closed with nothing submitted.
    await runChecklistJob(t.db, { now: new Date('2026-03-28T23:31:00Z') });
    const after = (await runsOf(restaurant.id)).find((run) => run.id === saturday?.id);
    expect(after?.status).toBe('missed');
    await expectDayCountsRecounted();
  });

  test('a checklist (or restaurant) added today does not start with missed records of windows that closed before', async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade New', timeZone: 'UTC', createdAt: longAgo });
    await insertChecklist(t.db, {
      restaurantId: restaurant.id,
      createdAt: new Date('2026-06-10T10:00:00Z'),
      windows: [
        { startsAt: 6 * 60, minutes: 180 },
        { startsAt: 9 * 60 + 30, minutes: 60 },
        { startsAt: 14 * 60, minutes: 60 },
      ],
    });
    await ensureRuns(t.db, { restaurantId: restaurant.id, now: new Date('2026-06-10T10:05:00Z') });
    // 06:00–09:00 closed before the checklist existed; 09:30–10:30 still open; 14:00 ahead.
    expect((await runsOf(restaurant.id)).map((run) => run.starts_at)).toEqual([570, 840]);
  });

  test('only checklists that apply: active, for the restaurant, not switched off there, on an active restaurant', async () => {
    const here = await t.buildRestaurant({ name: 'Brigade Here', timeZone: 'UTC', createdAt: longAgo });
    const elsewhere = await t.buildRestaurant({ name: 'Brigade Elsewhere', timeZone: 'UTC', createdAt: longAgo });
    const closed = await t.buildRestaurant({
      name: 'Brigade Closed',
      timeZone: 'UTC',
      createdAt: longAgo,
      isActive: false,
    });
    const chosen = await insertChecklist(t.db, { name: 'Chosen', allRestaurants: false });
    await t.db.execute(
      sql`insert into checklist_restaurants (checklist_id, restaurant_id) values (${chosen.id}, ${here.id})`,
    );
    const switchedOff = await insertChecklist(t.db, { name: 'Switched off' });
    await t.db.execute(
      sql`insert into checklist_opt_outs (checklist_id, restaurant_id) values (${switchedOff.id}, ${here.id})`,
    );
    const inactive = await insertChecklist(t.db, { name: 'Inactive' });
    await t.db.execute(sql`update checklists set is_active = false where id = ${inactive.id}`);
    const local = await insertChecklist(t.db, { name: 'Local', restaurantId: elsewhere.id });
    const now = new Date('2031-05-05T05:00:00Z');
    for (const restaurant of [here, elsewhere, closed]) await ensureRuns(t.db, { restaurantId: restaurant.id, now });
    const names = async (restaurantId: string) => {
      const { rows } =
        (await t.db.execute(sql`select c.name from checklist_runs r join checklists c on c.id = r.checklist_id
        where r.restaurant_id = ${restaurantId} and r.local_day = '2031-05-05' order by c.name`)) as unknown as {
          rows: { name: string }[];
        };
      return rows
        .map((row) => row.name)
        .filter((name) => ['Chosen', 'Switched off', 'Inactive', 'Local'].includes(name));
    };
    expect(await names(here.id)).toEqual(['Chosen']);
    expect(await names(elsewhere.id)).toEqual(['Local', 'Switched off']);
    expect(await names(closed.id)).toEqual([]);
    expect(local.windowIds).toHaveLength(1);
    // The other tests' restaurants are not this chain template's.
    await t.db.execute(sql`update checklists set is_active = false where id = ${switchedOff.id}`);
  });

  test('an untouched record not open yet goes when its window is removed; a touched or opened one stays', async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Edits', timeZone: 'UTC', createdAt: longAgo });
    const checklist = await insertChecklist(t.db, {
      restaurantId: restaurant.id,
      windows: [
        { startsAt: 600, minutes: 60 },
        { startsAt: 720, minutes: 60 },
        { startsAt: 360, minutes: 60 },
        { startsAt: 900, minutes: 60 },
      ],
    });
    const now = new Date('2031-07-01T09:00:00Z');
    await ensureRuns(t.db, { restaurantId: restaurant.id, now });
    const [early, ten, noon] = await runsOf(restaurant.id);
    await t.db.execute(
      sql`insert into checklist_values (run_id, item_id, value) values (${noon?.id}, 'fridge', '3'::jsonb)`,
    );
    await t.db.execute(sql`update checklist_windows set is_active = false where checklist_id = ${checklist.id}
      and starts_at in (360, 600, 720)`);
    // The 15:00 window moves to 16:00: its untouched upcoming record follows.
    await t.db.execute(
      sql`update checklist_windows set starts_at = 960 where checklist_id = ${checklist.id} and starts_at = 900`,
    );
    expect(await ensureRuns(t.db, { restaurantId: restaurant.id, now })).toEqual({ made: 0, moved: 1, dropped: 1 });
    const left = await runsOf(restaurant.id);
    expect(left.map((run) => run.id)).toEqual([early?.id, noon?.id, expect.any(String)]);
    expect(left.map((run) => run.starts_at)).toEqual([360, 720, 960]);
    expect(iso(left[2]?.opens_at ?? '')).toBe('2031-07-01T16:00:00.000Z');
    expect(ten).toBeDefined();
    await expectDayCountsRecounted();
  });
});

describe('window open and missed notifications', () => {
  test("window open: the restaurant's active staff and managers, once whatever the runs, by email as each chose", async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Bell', createdAt: longAgo });
    const other = await t.buildRestaurant({ name: 'Brigade Other', createdAt: longAgo });
    const staff = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const manager = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    await t.buildUser('staff', { restaurantIds: [restaurant.id], isActive: false });
    await t.buildUser('staff', { restaurantIds: [other.id] });
    await t.buildUser('hq');
    await t.db.execute(sql`insert into notification_preferences (user_id, kind, email)
      values (${staff.id}, 'checklistOpen', true)`);
    const checklist = await insertChecklist(t.db, { name: 'Fridge log', allRestaurants: false, windows: [] });
    const opened = await insertRun(t.db, checklist, restaurant.id, { opensAt: minutesFromNow(-5) });
    const upcoming = await insertRun(t.db, checklist, restaurant.id, { opensAt: minutesFromNow(60) });

    await Promise.all([
      runChecklistJob(t.db, { emailOn: true }),
      runChecklistJob(t.db, { emailOn: true }),
      runChecklistJob(t.db, { emailOn: true }),
    ]);
    await runChecklistJob(t.db, { emailOn: true });
    const told = await notificationsOf('checklistOpen', opened);
    expect(told.map((row) => [row.user_id, row.email_state]).sort()).toEqual(
      [
        [staff.id, 'pending'],
        [manager.id, 'none'],
      ].sort(),
    );
    expect(told[0]).toMatchObject({
      title: 'Checklist open: Fridge log',
      body: 'Brigade Bell · 08:00–09:00',
      link: `/checklists/${opened}`,
    });
    expect(await notificationsOf('checklistOpen', upcoming)).toEqual([]);
    // An hour later the second window opens: told once too.
    await runChecklistJob(t.db, { now: minutesFromNow(61) });
    await runChecklistJob(t.db, { now: minutesFromNow(62) });
    expect(await notificationsOf('checklistOpen', upcoming)).toHaveLength(2);
  });

  test('a window that closed with nothing submitted becomes missed once; its managers are told once; a submitted one is not', async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Missed', createdAt: longAgo });
    const staff = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const manager = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    const checklist = await insertChecklist(t.db, { name: 'Closing', allRestaurants: false, windows: [] });
    const closed = await insertRun(t.db, checklist, restaurant.id, {
      opensAt: minutesFromNow(-90),
      localDay: '1999-12-31',
    });
    const done = await insertRun(t.db, checklist, restaurant.id, { opensAt: minutesFromNow(-90) });
    await t.db.execute(sql`update checklist_runs set status = 'submitted', submitted_at = now() - interval '40 minutes'
      where id = ${done}`);
    const stillOpen = await insertRun(t.db, checklist, restaurant.id, { opensAt: minutesFromNow(-30) });

    const results = await Promise.all([runChecklistJob(t.db), runChecklistJob(t.db)]);
    await runChecklistJob(t.db);
    expect(results.reduce((sum, result) => sum + (result.missed ?? 0), 0)).toBeGreaterThanOrEqual(1);
    const statuses = Object.fromEntries((await runsOf(restaurant.id)).map((run) => [run.id, run.status]));
    expect(statuses).toEqual({ [closed]: 'missed', [done]: 'submitted', [stillOpen]: 'open' });
    const told = await notificationsOf('checklistMissed', closed);
    expect(told).toEqual([
      {
        user_id: manager.id,
        title: 'Checklist missed: Closing',
        body: 'Brigade Missed · 1999-12-31 08:00–09:00',
        email_state: 'none',
        link: `/checklists/${closed}`,
      },
    ]);
    expect(await notificationsOf('checklistMissed', done)).toEqual([]);
    // A window that closed before any job saw it open is marked, without a "window open".
    expect(await notificationsOf('checklistOpen', closed)).toEqual([]);
    expect((await runsOf(restaurant.id)).every((run) => run.open_notified)).toBe(true);
    expect(staff.id).not.toBe(manager.id);
    await expectDayCountsRecounted();
  });
});

describe('on the queue', () => {
  test('the job runs as the queue starts and every 5 minutes', async () => {
    const restaurant = await withJobs.buildRestaurant({ name: 'Brigade Queue', timeZone: 'UTC', createdAt: longAgo });
    const person = await withJobs.buildUser('staff', { restaurantIds: [restaurant.id] });
    const minutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    // A window open now (from up to 10 minutes ago, within today in UTC).
    await insertChecklist(withJobs.db, {
      restaurantId: restaurant.id,
      windows: [{ startsAt: Math.max(0, minutes - 10), minutes: 20 }],
    });
    await withJobs.app.ready();
    await vi.waitFor(
      async () => {
        const { rows } = (await withJobs.db.execute(sql`select count(*)::int as n from notifications
          where user_id = ${person.id} and kind = 'checklistOpen'`)) as unknown as { rows: { n: number }[] };
        expect(rows[0]?.n).toBe(1);
      },
      { timeout: 30_000, interval: 200 },
    );
    const { rows: cron } = (await withJobs.db.execute(
      sql`select cron from pgboss.schedule where name = ${CHECKLIST_JOB}`,
    )) as unknown as { rows: { cron: string }[] };
    expect(cron).toEqual([{ cron: '*/5 * * * *' }]);
  });
});
