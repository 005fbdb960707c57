import { addDays } from '@brigade/core/audit-periods';
import type { ChecklistContent } from '@brigade/core/checklist-items';
import { runStateOf } from '@brigade/core/checklist-runs';
import { notificationTexts } from '@brigade/core/notification-texts';
import { localDay } from '@brigade/core/restaurant-time';
import { CHECKLIST_PANEL_ROWS, type HqChecklistsPanel } from '@brigade/core/schemas/checklist-counts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checklistDayCounts, checklistRuns, checklists, checklistVersions } from '../src/db/schema/checklists';
import { notifications } from '../src/db/schema/notifications';
import { restaurants } from '../src/db/schema/restaurants';
import { hqDashboard } from '../src/modules/dashboards/service';
import { isoWeek, makeWeeklyDigests } from '../src/modules/notifications/digest';
import { storePerformance } from '../src/modules/store-performance/service';
import { createNotifier } from '../src/notify/notifier';
import { startTestApp } from './harness';

/**
 * Issue 33, head office's view of checklists: the hq dashboard's "Checklists today",
 * Store Performance's checklist compliance and the weekly digest's missed and late
 * counts, all read from `checklist_day_counts`, which triggers keep from
 * `checklist_runs`. Records are written straight into the tables, in two restaurants
 * whose local days never agree (UTC+14 and UTC−11, 25 hours apart), so a count taken on
 * one "today" for the whole chain is wrong for one of them at any hour.
 */

const t = await startTestApp();
const EAST = 'Pacific/Kiritimati'; // UTC+14
const WEST = 'Pacific/Pago_Pago'; // UTC−11
const east = await t.buildRestaurant({ name: 'Brigade East', timeZone: EAST });
const west = await t.buildRestaurant({ name: 'Brigade West', timeZone: WEST });
const later = await t.buildRestaurant({ name: 'Brigade Later', timeZone: 'Europe/Amsterdam' });
const closed = await t.buildRestaurant({ name: 'Brigade Closed', timeZone: EAST, isActive: false });
const quiet = await t.buildRestaurant({ name: 'Brigade Quiet', timeZone: WEST });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [east.id] });
const westManager = await t.signedIn('manager', { restaurantIds: [west.id] });
const staff = await t.signedIn('staff', { restaurantIds: [east.id] });

const content: ChecklistContent = {
  sections: [
    {
      id: 's1',
      title: 'Kitchen',
      items: [
        {
          id: 'i1',
          label: 'Fridge below 7 °C',
          kind: 'tick',
          unit: null,
          min: null,
          max: null,
          choices: [],
          failingChoices: [],
          critical: false,
          failInstruction: null,
          failNeedsPhoto: false,
          failNeedsNote: false,
        },
      ],
    },
  ],
};
const [checklist] = await t.db.insert(checklists).values({ name: 'Opening' }).returning();
if (!checklist) throw new Error('no checklist');
const [version] = await t.db
  .insert(checklistVersions)
  .values({ checklistId: checklist.id, version: 1, content, itemCount: 1 })
  .returning();
if (!version) throw new Error('no version');
await t.db.update(checklists).set({ currentVersionId: version.id }).where(eq(checklists.id, checklist.id));

const MINUTE = 60_000;
const now = new Date();
const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
const todayOf = (timeZone: string) => localDay(now, timeZone);

type Outcome = 'onTime' | 'late' | 'missed' | 'open' | 'openClosed' | 'upcoming';
/**
 * A record of `restaurant` on `day` with the given outcome, relative to `now`: on time
 * (submitted inside its window), late (submitted after it closed), missed (marked so),
 * open now, open with its window closed (not yet marked missed), or upcoming.
 */
function record(restaurant: { id: string }, day: string, outcome: Outcome, failures = 0) {
  const window = {
    onTime: [180, 120],
    late: [300, 240],
    missed: [420, 360],
    open: [10, -50],
    openClosed: [120, 30],
    upcoming: [-60, -120],
  }[outcome] as [number, number];
  const submittedAt = outcome === 'onTime' ? ago(150) : outcome === 'late' ? ago(60) : null;
  const status = submittedAt ? 'submitted' : outcome === 'missed' ? 'missed' : 'open';
  return {
    checklistId: checklist?.id ?? '',
    versionId: version?.id ?? '',
    restaurantId: restaurant.id,
    localDay: day,
    startsAt: 480,
    minutes: 60,
    opensAt: ago(window[0]),
    closesAt: ago(window[1]),
    status,
    submittedAt,
    failures,
  };
}

const eastToday = todayOf(EAST);
const westToday = todayOf(WEST);
await t.db.insert(checklistRuns).values([
  // East today: 2 done (one late, with a failure), 1 marked missed, 1 closed unsubmitted,
  // 1 open now, 1 upcoming.
  record(east, eastToday, 'onTime'),
  record(east, eastToday, 'late', 1),
  record(east, eastToday, 'missed'),
  record(east, eastToday, 'openClosed'),
  record(east, eastToday, 'open'),
  record(east, eastToday, 'upcoming'),
  // East before today: a failure yesterday and 6 days ago count in the last 7 days; 7 days ago does not.
  record(east, addDays(eastToday, -1), 'onTime', 2),
  record(east, addDays(eastToday, -1), 'missed'),
  record(east, addDays(eastToday, -6), 'onTime', 1),
  record(east, addDays(eastToday, -7), 'onTime', 1),
  // West's today is east's yesterday or the day before: a missed record of east's then is not east's today.
  record(east, westToday, 'missed'),
  // West today: 1 done; a record of west on east's today is a day ahead of west's.
  record(west, westToday, 'onTime'),
  record(west, eastToday, 'openClosed'),
  // Later: only a window still to come today; Closed is not active.
  record(later, todayOf('Europe/Amsterdam'), 'upcoming'),
  record(closed, todayOf(EAST), 'missed'),
  // Compliance, 30 local days with today: 29 days ago counts, 30 days ago does not.
  record(east, addDays(eastToday, -29), 'late'),
  record(east, addDays(eastToday, -30), 'missed'),
]);

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

/** The counters as they should be: a recount of checklist_runs, without all-zero days. */
async function recount() {
  const { rows } = (await t.db.execute(sql`
    select restaurant_id, local_day::text as local_day, count(*)::int as total,
      (count(*) filter (where status = 'submitted' and submitted_at <= closes_at))::int as on_time,
      (count(*) filter (where status = 'submitted' and submitted_at > closes_at))::int as late,
      (count(*) filter (where status = 'missed'))::int as missed,
      (count(*) filter (where status = 'submitted' and failures > 0))::int as failed
    from checklist_runs group by restaurant_id, local_day order by restaurant_id, local_day`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return rows;
}
async function counters() {
  const { rows } = (await t.db.execute(sql`
    select restaurant_id, local_day::text as local_day, total, on_time, late, missed, failed
    from checklist_day_counts where total <> 0 or on_time <> 0 or late <> 0 or missed <> 0 or failed <> 0
    order by restaurant_id, local_day`)) as unknown as { rows: Record<string, unknown>[] };
  return rows;
}

/**
 * The panel the slow way: every record of every active restaurant, its shown state by
 * core's `runStateOf` at `at`, on the restaurant's own today.
 */
async function panelTheSlowWay(at: Date): Promise<HqChecklistsPanel> {
  const rows = await t.db
    .select({
      restaurantId: checklistRuns.restaurantId,
      name: restaurants.name,
      timeZone: restaurants.timeZone,
      localDay: checklistRuns.localDay,
      status: checklistRuns.status,
      opensAt: checklistRuns.opensAt,
      closesAt: checklistRuns.closesAt,
      submittedAt: checklistRuns.submittedAt,
      failures: checklistRuns.failures,
    })
    .from(checklistRuns)
    .innerJoin(restaurants, and(eq(restaurants.id, checklistRuns.restaurantId), eq(restaurants.isActive, true)));
  const per = new Map<string, HqChecklistsPanel['restaurants'][number] & { total: number }>();
  for (const row of rows) {
    const today = localDay(at, row.timeZone);
    const entry = per.get(row.restaurantId) ?? {
      restaurant: { id: row.restaurantId, name: row.name },
      done: 0,
      due: 0,
      missed: 0,
      failures: 0,
      total: 0,
    };
    per.set(row.restaurantId, entry);
    if (row.status === 'submitted' && row.failures > 0 && row.localDay > addDays(today, -7) && row.localDay <= today) {
      entry.failures += 1;
    }
    if (row.localDay !== today) continue;
    entry.total += 1;
    const state = runStateOf({ ...row, status: row.status as 'open' | 'submitted' | 'missed' }, at);
    if (state === 'done' || state === 'late') entry.done += 1;
    if (state === 'missed') entry.missed += 1;
    if (state !== 'upcoming') entry.due += 1;
  }
  const listed = [...per.values()]
    .filter((entry) => entry.total > 0 || entry.failures > 0)
    .sort(
      (a, b) =>
        b.missed - a.missed ||
        b.due - b.done - (a.due - a.done) ||
        b.failures - a.failures ||
        a.restaurant.name.localeCompare(b.restaurant.name),
    );
  const sum = (key: 'done' | 'due' | 'missed' | 'failures') => listed.reduce((total, entry) => total + entry[key], 0);
  return {
    done: sum('done'),
    due: sum('due'),
    missed: sum('missed'),
    failures: sum('failures'),
    restaurantCount: listed.length,
    missedRestaurantCount: listed.filter((entry) => entry.missed > 0).length,
    restaurants: listed.slice(0, CHECKLIST_PANEL_ROWS).map(({ total: _, ...entry }) => entry),
  };
}

describe("hq dashboard: checklists of each restaurant's today", () => {
  test('done, due so far and missed per restaurant on its own local day, missed first, with the chain totals and 7 days of failures', async () => {
    const response = await get(hq.cookie, '/api/dashboards/hq');
    expect(response.statusCode).toBe(200);
    expect(response.json().checklists).toEqual({
      done: 3,
      due: 6,
      missed: 2,
      failures: 3,
      restaurantCount: 3,
      missedRestaurantCount: 1,
      restaurants: [
        // 2 done (1 late), missed: 1 marked + 1 closed unsubmitted; due: those 4 + 1 open now; failures: today, yesterday, 6 days ago.
        { restaurant: { id: east.id, name: 'Brigade East' }, done: 2, due: 5, missed: 2, failures: 3 },
        { restaurant: { id: later.id, name: 'Brigade Later' }, done: 0, due: 0, missed: 0, failures: 0 },
        { restaurant: { id: west.id, name: 'Brigade West' }, done: 1, due: 1, missed: 0, failures: 0 },
      ],
    });
  });

  test('the panel equals the records counted one by one with their shown state', async () => {
    const atNow = (await hqDashboard(t.db, now)).checklists;
    expect(atNow).toEqual(await panelTheSlowWay(now));
    // An hour on, the open window has closed unsubmitted and the upcoming ones opened (or a day turned).
    const hourLater = new Date(now.getTime() + 60 * MINUTE);
    const panel = (await hqDashboard(t.db, hourLater)).checklists;
    expect(panel).toEqual(await panelTheSlowWay(hourLater));
    expect(panel).not.toEqual(atNow);
  });

  test('a submission moves a restaurant from missed to done at once', async () => {
    const [closedOne] = await t.db
      .select({ id: checklistRuns.id })
      .from(checklistRuns)
      .where(
        and(
          eq(checklistRuns.restaurantId, east.id),
          eq(checklistRuns.localDay, eastToday),
          eq(checklistRuns.status, 'open'),
          sql`${checklistRuns.closesAt} <= now()`,
        ),
      );
    if (!closedOne) throw new Error('no closed record');
    await t.db
      .update(checklistRuns)
      .set({ status: 'submitted', submittedAt: new Date() })
      .where(eq(checklistRuns.id, closedOne.id));
    const panel = (await get(hq.cookie, '/api/dashboards/hq')).json().checklists as HqChecklistsPanel;
    expect(panel.restaurants[0]).toEqual({
      restaurant: { id: east.id, name: 'Brigade East' },
      done: 3,
      due: 5,
      missed: 1,
      failures: 3,
    });
    expect(panel).toEqual(await panelTheSlowWay(new Date()));
    await t.db
      .update(checklistRuns)
      .set({ status: 'open', submittedAt: null })
      .where(eq(checklistRuns.id, closedOne.id));
  });

  test('only hq reads it: managers and staff are refused, signed out is 401', async () => {
    expect((await get(manager.cookie, '/api/dashboards/hq')).statusCode).toBe(403);
    expect((await get(staff.cookie, '/api/dashboards/hq')).statusCode).toBe(403);
    expect((await get(undefined, '/api/dashboards/hq')).statusCode).toBe(401);
  });
});

describe('Store Performance: checklist compliance, last 30 local days', () => {
  test('on time ÷ due (on time, late or missed), on the restaurant’s own days', async () => {
    const response = await get(hq.cookie, `/api/store-performance/${east.id}`);
    expect(response.statusCode).toBe(200);
    // On time: today, yesterday, 6 and 7 days ago (4); late: today and 29 days ago (2);
    // missed: today, yesterday and west's today (3); 30 days ago is out. The open records are not due yet.
    expect(response.json().checklistCompliance).toEqual({ percent: 44, onTime: 4, late: 2, missed: 3, due: 9 });
    expect((await get(hq.cookie, `/api/store-performance/${west.id}`)).json().checklistCompliance).toEqual({
      percent: 100,
      onTime: 1,
      late: 0,
      missed: 0,
      due: 1,
    });
  });

  test('"No checklists yet": a restaurant without records has no percent', async () => {
    expect((await storePerformance(t.db, quiet.id)).checklistCompliance).toEqual({
      percent: null,
      onTime: 0,
      late: 0,
      missed: 0,
      due: 0,
    });
  });

  test('a day moves out of the 30 as the restaurant’s day turns', async () => {
    const tomorrow = new Date(now.getTime() + 24 * 60 * MINUTE);
    // The late record of 29 days ago leaves; nothing new comes in.
    expect((await storePerformance(t.db, east.id, tomorrow)).checklistCompliance).toMatchObject({
      onTime: 4,
      late: 1,
      missed: 3,
    });
  });
});

describe('weekly digest: missed and late checklists of the 7 local days before today', () => {
  test('a manager’s digest counts their restaurants’; hq’s counts the chain’s; a second run makes none', async () => {
    const notifier = createNotifier({ emailOn: false, jobs: () => null });
    // The manager of East and hq; West's manager has nothing of the week.
    expect(await makeWeeklyDigests(t.db, notifier, now)).toBe(2);
    expect(await makeWeeklyDigests(t.db, notifier, now)).toBe(0);
    const digestOf = async (userId: string) => {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'weeklyDigest')));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.subjectKey).toBe(isoWeek(now));
      return rows[0];
    };

    // East, days −7 … −1: missed yesterday and on west's today (2); late: none (29 days ago is out).
    const eastChecklists = {
      missed: 2,
      late: 0,
      restaurantCount: 1,
      restaurants: [{ restaurant: 'Brigade East', missed: 2, late: 0 }],
    };
    const mine = await digestOf(manager.id);
    const mineTexts = notificationTexts.weeklyDigest('Brigade East', 0, 0, [], [], eastChecklists);
    expect(mine).toMatchObject({ title: mineTexts.title, body: mineTexts.body, link: '/dashboard-manager' });
    expect(mine?.body).toContain('Checklists, last 7 days: 2 missed · 0 late');
    expect(mine?.params).toEqual(['Brigade East', 0, 0, [], [], eastChecklists]);

    // West had records only today and tomorrow (its local days): nothing of its week, so no digest.
    const westDigests = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, westManager.id), eq(notifications.kind, 'weeklyDigest')));
    expect(westDigests).toEqual([]);

    const chain = await digestOf(hq.id);
    expect(chain?.title).toBe('Weekly digest: the whole chain');
    expect(chain?.link).toBe('/dashboard-hq');
    expect(chain?.params).toEqual([null, 0, 0, [], [], eastChecklists]);
  });

  test('late records count, and a restaurant’s week is its own: the chain lists the worst first', async () => {
    const at = new Date(now.getTime() + 7 * 24 * 60 * MINUTE); // a week on: last week's records are this digest's
    const added = await t.db
      .insert(checklistRuns)
      .values([
        record(west, westToday, 'late'),
        record(west, addDays(westToday, 1), 'late'),
        record(west, addDays(westToday, 2), 'missed'),
      ])
      .returning({ id: checklistRuns.id });
    const notifier = createNotifier({ emailOn: false, jobs: () => null });
    await makeWeeklyDigests(t.db, notifier, at);
    const [chain] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hq.id), eq(notifications.subjectKey, isoWeek(at))));
    // East a week on: its days −7 … −1 are today … 6 days ahead of the records: today's missed (1) and late (1).
    // West a week on: today (1 on time, 1 late), tomorrow (1 late), the day after (1 missed).
    expect(chain?.params).toEqual([
      null,
      0,
      0,
      [],
      [],
      {
        missed: 2,
        late: 3,
        restaurantCount: 2,
        // As many missed: the more late first.
        restaurants: [
          { restaurant: 'Brigade West', missed: 1, late: 2 },
          { restaurant: 'Brigade East', missed: 1, late: 1 },
        ],
      },
    ]);
    expect(chain?.body.split('\n')).toEqual([
      '0 overdue trainings · 0 open corrective actions',
      'Checklists, last 7 days: 2 missed · 3 late',
      '- Brigade West: 1 missed, 2 late',
      '- Brigade East: 1 missed, 1 late',
    ]);
    await t.db.delete(checklistRuns).where(
      inArray(
        checklistRuns.id,
        added.map((row) => row.id),
      ),
    );
  });
});

describe('checklist_day_counts follows checklist_runs (the triggers)', () => {
  test('inserts, status changes, failures, moved days and deletes keep the counters equal to a recount', async () => {
    expect(await counters()).toEqual(await recount());

    const day = addDays(eastToday, -100);
    const made = await t.db
      .insert(checklistRuns)
      .values([
        record(east, day, 'open'),
        record(east, day, 'open'),
        record(east, day, 'openClosed'),
        record(west, day, 'missed'),
      ])
      .returning({ id: checklistRuns.id });
    expect(await counters()).toEqual(await recount());
    const [a, b, c, d] = made.map((row) => row.id) as [string, string, string, string];

    // Submitted on time with a failure, submitted late, marked missed, and a missed one submitted late after all.
    await t.db
      .update(checklistRuns)
      .set({ status: 'submitted', submittedAt: ago(0), closesAt: ago(-10), failures: 2 })
      .where(eq(checklistRuns.id, a));
    await t.db
      .update(checklistRuns)
      .set({ status: 'submitted', submittedAt: ago(0), closesAt: ago(5) })
      .where(eq(checklistRuns.id, b));
    await t.db.update(checklistRuns).set({ status: 'missed' }).where(eq(checklistRuns.id, c));
    await t.db
      .update(checklistRuns)
      .set({ status: 'submitted', submittedAt: ago(0) })
      .where(eq(checklistRuns.id, d));
    expect(await counters()).toEqual(await recount());
    const [dayRow] = await t.db
      .select()
      .from(checklistDayCounts)
      .where(and(eq(checklistDayCounts.restaurantId, east.id), eq(checklistDayCounts.localDay, day)));
    expect(dayRow).toMatchObject({ total: 3, onTime: 1, late: 1, missed: 1, failed: 1 });

    // One statement changing many rows: failures cleared, a record moved to another day.
    await t.db
      .update(checklistRuns)
      .set({ failures: 0 })
      .where(inArray(checklistRuns.id, [a, b, c, d]));
    await t.db
      .update(checklistRuns)
      .set({ localDay: addDays(day, 1) })
      .where(eq(checklistRuns.id, b));
    expect(await counters()).toEqual(await recount());

    await t.db.delete(checklistRuns).where(inArray(checklistRuns.id, [a, c]));
    expect(await counters()).toEqual(await recount());
  });

  test('deleting a checklist deletes its records, and the counters follow', async () => {
    const [other] = await t.db.insert(checklists).values({ name: 'Closing' }).returning();
    if (!other) throw new Error('no checklist');
    const [otherVersion] = await t.db
      .insert(checklistVersions)
      .values({ checklistId: other.id, version: 1, content, itemCount: 1 })
      .returning();
    await t.db.insert(checklistRuns).values([
      { ...record(west, westToday, 'missed'), checklistId: other.id, versionId: otherVersion?.id ?? '' },
      { ...record(east, eastToday, 'late'), checklistId: other.id, versionId: otherVersion?.id ?? '' },
    ]);
    const before = (await hqDashboard(t.db)).checklists;
    await t.db.delete(checklists).where(eq(checklists.id, other.id));
    expect(await counters()).toEqual(await recount());
    const after = (await hqDashboard(t.db)).checklists;
    expect(after.missed).toBe(before.missed - 1);
    expect(after.done).toBe(before.done - 1);
  });

  test('a restaurant with checklist records is history: deleting it is refused, deactivating it leaves the panel', async () => {
    const gone = await t.buildRestaurant({ name: 'Brigade Gone', timeZone: WEST });
    await t.db.insert(checklistRuns).values([record(gone, westToday, 'missed'), record(gone, westToday, 'onTime')]);
    const names = async () => (await hqDashboard(t.db)).checklists.restaurants.map((row) => row.restaurant.name);
    expect(await names()).toContain('Brigade Gone');
    const response = await t.request(hq.cookie, { method: 'DELETE', url: `/api/restaurants/${gone.id}` });
    expect(response.statusCode).toBe(409);
    expect(await counters()).toEqual(await recount());
    await t.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, gone.id));
    expect(await names()).not.toContain('Brigade Gone');
  });

  test('a restaurant deleted straight in the database takes its records and their counters with it', async () => {
    const gone = await t.buildRestaurant({ name: 'Brigade Dropped', timeZone: WEST });
    await t.db.insert(checklistRuns).values([record(gone, westToday, 'missed'), record(gone, westToday, 'late')]);
    await t.db.delete(restaurants).where(eq(restaurants.id, gone.id));
    expect(await counters()).toEqual(await recount());
    const left = await t.db.select().from(checklistDayCounts).where(eq(checklistDayCounts.restaurantId, gone.id));
    expect(left).toEqual([]);
  });
});

describe('the panel names at most CHECKLIST_PANEL_ROWS restaurants, and counts them all', () => {
  test('more restaurants with missed windows than rows', async () => {
    const many = await Promise.all(
      Array.from({ length: CHECKLIST_PANEL_ROWS }, (_, index) =>
        t.buildRestaurant({ name: `Brigade Many ${String(index).padStart(2, '0')}`, timeZone: EAST }),
      ),
    );
    await t.db.insert(checklistRuns).values(many.map((restaurant) => record(restaurant, eastToday, 'missed')));
    const panel = (await get(hq.cookie, '/api/dashboards/hq')).json().checklists as HqChecklistsPanel;
    expect(panel.restaurants).toHaveLength(CHECKLIST_PANEL_ROWS);
    expect(panel.restaurantCount).toBe(CHECKLIST_PANEL_ROWS + 3);
    expect(panel.missedRestaurantCount).toBe(CHECKLIST_PANEL_ROWS + 1);
    // East (2 missed) leads; then the ten with one missed each, by name: the last of them is left off.
    expect(panel.restaurants[0]?.restaurant.name).toBe('Brigade East');
    expect(panel.restaurants.at(-1)?.restaurant.name).toBe(
      `Brigade Many ${String(CHECKLIST_PANEL_ROWS - 2).padStart(2, '0')}`,
    );
    expect(panel).toEqual(await panelTheSlowWay(new Date()));
  });
});
