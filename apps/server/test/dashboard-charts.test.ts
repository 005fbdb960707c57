import type { Role } from '@brigade/core/roles';
import { CHART_WEEKS } from '@brigade/core/schemas/dashboard-charts';
import { beforeAll, describe, expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { startTestApp } from './harness';

/**
 * The dashboards' charts (issue 21), on audits and assignments with known dates and
 * scores. The file runs in three steps: nothing yet (every chart empty), the restaurants'
 * audits and trainings, then ten more restaurants to rank.
 */
let statements: string[] = [];
const t = await startTestApp({ onQuery: (query) => statements.push(query) });

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Monday 00:00 UTC of this week: where the server's weeks start (ISO weeks, UTC). */
const thisMonday = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
})();
/** A moment in the week `weeksAgo` weeks before this one, `hours` after its Monday began. */
const at = (weeksAgo: number, hours = 12) => new Date(thisMonday - weeksAgo * WEEK + hours * 3_600_000);
/** The chart's weeks, oldest first: index `CHART_WEEKS - 1 - k` is k weeks ago. */
const weekStarts = Array.from({ length: CHART_WEEKS }, (_, index) =>
  new Date(thisMonday - (CHART_WEEKS - 1 - index) * WEEK).toISOString().slice(0, 10),
);
const weeksAgo = (k: number) => CHART_WEEKS - 1 - k;

const north = await t.buildRestaurant({ name: 'Brigade North' });
const south = await t.buildRestaurant({ name: 'Brigade South' });
const east = await t.buildRestaurant({ name: 'Brigade East' });
const closed = await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [north.id] });
const staff = await t.signedIn('staff', { restaurantIds: [north.id] });
const retired = await t.buildUser('staff', { restaurantIds: [north.id], isActive: false });
const shared = await t.buildUser('staff', { restaurantIds: [north.id, south.id] });
const southStaff = await t.buildUser('staff', { restaurantIds: [south.id] });
await t.buildUser('staff', { restaurantIds: [east.id] });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

const hqCharts = [
  '/api/dashboards/hq/audit-scores',
  '/api/dashboards/hq/audit-ranking',
  '/api/dashboards/hq/training-completion',
];
const managerCharts = (restaurantId: string) => [
  `/api/dashboards/manager/audit-scores?restaurantId=${restaurantId}`,
  `/api/dashboards/manager/training-progress?restaurantId=${restaurantId}`,
];

async function json(cookie: string, url: string) {
  const response = await get(cookie, url);
  expect([url, response.statusCode]).toEqual([url, 200]);
  return response.json();
}

/** Every week of a weekly score line, the weeks given as { k weeks ago: [average, audits] }. */
function scoreWeeks(filled: Record<number, [number, number]>) {
  return weekStarts.map((weekStart, index) => {
    const [average, audits] = filled[CHART_WEEKS - 1 - index] ?? [null, 0];
    return { weekStart, average, audits };
  });
}

describe('with no audits and no assignments, every chart is empty', () => {
  test('hq: twelve weeks without a score, nobody ranked, no completion', async () => {
    const trend = await json(hq.cookie, `/api/dashboards/hq/audit-scores?restaurantIds=${north.id}`);
    expect(trend).toEqual({
      chain: scoreWeeks({}),
      restaurants: [{ restaurant: { id: north.id, name: 'Brigade North' }, weeks: scoreWeeks({}) }],
    });
    // Consecutive Mondays, this week's last.
    expect(trend.chain.map((week: { weekStart: string }) => new Date(week.weekStart).getUTCDay())).toEqual(
      Array(CHART_WEEKS).fill(1),
    );
    expect(await json(hq.cookie, '/api/dashboards/hq/audit-ranking')).toEqual({
      lowest: [],
      highest: [],
      ranked: 0,
      unranked: 3,
    });
    expect(await json(hq.cookie, '/api/dashboards/hq/training-completion')).toEqual({
      restaurants: [],
      withoutAssignments: 3,
    });
  });

  test('manager: no audit scores, and every week at zero', async () => {
    const [scores, progress] = managerCharts(north.id);
    expect(await json(manager.cookie, scores ?? '')).toEqual({ audits: [], average: null });
    expect(await json(manager.cookie, progress ?? '')).toEqual({
      weeks: weekStarts.map((weekStart) => ({ weekStart, completed: 0, incomplete: 0 })),
    });
  });
});

describe('on the restaurants’ audits and trainings', () => {
  beforeAll(async () => {
    const completed = (restaurantId: string, auditedAt: Date, finalScore: number) => ({
      restaurantId,
      auditedBy: hq.id,
      auditedAt,
      status: 'completed',
      finalScore,
    });
    await t.db.insert(audits).values([
      // North: twelve completed audits; the latest ten are from 26 weeks ago on.
      completed(north.id, at(30), 5),
      ...[41, 42, 43, 44, 45, 46, 47].map((score, index) => completed(north.id, at(26 - index), score)),
      completed(north.id, at(13), 10),
      completed(north.id, at(3, 10), 80),
      completed(north.id, at(3, 14), 70),
      completed(north.id, at(1, 10), 90),
      { restaurantId: north.id, auditedBy: hq.id, auditedAt: at(1, 20), status: 'draft' },
      completed(south.id, at(5), 50),
      completed(south.id, at(3), 61),
      // A closed restaurant's audit is chain history, but the closed restaurant is not ranked.
      completed(closed.id, at(5), 100),
    ]);

    const made = await t.db
      .insert(trainings)
      .values(['One', 'Two', 'Three', 'Four'].map((title) => ({ title })))
      .returning();
    const [one, two, three, four] = made.map((training) => training.id) as [string, string, string, string];
    const assignment = (staffId: string, trainingId: string, assignedAt: Date, completedAt: Date | null = null) => ({
      staffId,
      trainingId,
      assignedAt,
      completedAt,
    });
    await t.db.insert(staffTrainingAssignments).values([
      // The signed-in staff member of North: 2 of 4 completed.
      assignment(staff.id, one, at(13, 24), at(3, 48)),
      assignment(staff.id, two, at(5, 24)),
      assignment(staff.id, three, at(2, 24)),
      assignment(staff.id, four, at(2, 24), at(1, 72)),
      // North's manager: 2 of 2 (counted in hq's completion, not among the manager's staff).
      assignment(manager.id, one, at(6), at(4, 24)),
      assignment(manager.id, two, at(6), at(4, 24)),
      // A deactivated staff member of North: left out of the completion, not of the weekly chart.
      assignment(retired.id, one, at(8, 24)),
      assignment(retired.id, two, at(8, 24)),
      assignment(retired.id, three, at(8, 24)),
      // Works at North and South: counts at both.
      assignment(shared.id, one, at(3, 24), at(3, 96)),
      // South: 1 of 3.
      assignment(southStaff.id, one, at(4), at(2)),
      assignment(southStaff.id, two, at(4)),
      assignment(southStaff.id, three, at(4)),
    ]);
  });

  test('hq: the chain’s average per week, with gaps where no audit was completed', async () => {
    const trend = await json(hq.cookie, '/api/dashboards/hq/audit-scores');
    // 5 weeks ago South 50 and Closed 100; 3 weeks ago 80, 70 and 61; last week 90 (the draft does not count).
    expect(trend).toEqual({ chain: scoreWeeks({ 5: [75, 2], 3: [70.3, 3], 1: [90, 1] }), restaurants: [] });
  });

  test('hq: a chosen restaurant’s line beside the chain’s, lines by name, unknown ids left out', async () => {
    const url = `/api/dashboards/hq/audit-scores?restaurantIds=${south.id}&restaurantIds=${north.id}&restaurantIds=${crypto.randomUUID()}`;
    const trend = await json(hq.cookie, url);
    expect(trend.restaurants).toEqual([
      { restaurant: { id: north.id, name: 'Brigade North' }, weeks: scoreWeeks({ 3: [75, 2], 1: [90, 1] }) },
      { restaurant: { id: south.id, name: 'Brigade South' }, weeks: scoreWeeks({ 5: [50, 1], 3: [61, 1] }) },
    ]);
    expect(trend.chain[weeksAgo(3)]).toEqual({ weekStart: weekStarts[weeksAgo(3)], average: 70.3, audits: 3 });
  });

  test('hq: with fewer than ten restaurants ranked, each appears once, lowest first', async () => {
    expect(await json(hq.cookie, '/api/dashboards/hq/audit-ranking')).toEqual({
      lowest: [
        { restaurant: { id: south.id, name: 'Brigade South' }, average: 55.5, audits: 2 },
        // The audit of 13 weeks ago is older than 90 days.
        { restaurant: { id: north.id, name: 'Brigade North' }, average: 80, audits: 3 },
      ],
      highest: [],
      ranked: 2,
      // East has no audit; Closed is not active.
      unranked: 1,
    });
  });

  test('hq: completion per restaurant of its active staff and managers, lowest first', async () => {
    expect(await json(hq.cookie, '/api/dashboards/hq/training-completion')).toEqual({
      restaurants: [
        // The shared person's 1 of 1 and South's own 1 of 3.
        { restaurant: { id: south.id, name: 'Brigade South' }, completed: 2, total: 4, percent: 50 },
        // Staff 2 of 4, the manager 2 of 2, the shared person 1 of 1; the deactivated person is left out.
        { restaurant: { id: north.id, name: 'Brigade North' }, completed: 5, total: 7, percent: 71.4 },
      ],
      withoutAssignments: 1,
    });
  });

  test('manager: the last ten completed audits, oldest first, and their average', async () => {
    const body = await json(manager.cookie, `/api/dashboards/manager/audit-scores?restaurantId=${north.id}`);
    expect(body.audits.map((audit: { score: number }) => audit.score)).toEqual([
      42, 43, 44, 45, 46, 47, 10, 80, 70, 90,
    ]);
    expect(body.audits[0].auditedAt).toBe(at(25).toISOString());
    expect(body.audits.at(-1).auditedAt).toBe(at(1, 10).toISOString());
    expect(body.average).toBe(51.7);
  });

  test('manager: per week, trainings completed that week and those still incomplete at its end', async () => {
    const body = await json(manager.cookie, `/api/dashboards/manager/training-progress?restaurantId=${north.id}`);
    // Completed: two 3 weeks ago (staff, shared), one last week. Incomplete at the end of
    // each week: the staff member's first training until 3 weeks ago, the deactivated
    // person's three from 8 weeks ago, the second from 5 weeks ago, the third and fourth
    // from 2 weeks ago (the fourth completed last week). The shared person's training was
    // assigned and completed within one week.
    const completed: Record<number, number> = { 3: 2, 1: 1 };
    const incomplete = [5, 5, 6, 4, 5, 5, 4, 4, 4, 1, 1, 1];
    expect(body.weeks).toEqual(
      weekStarts.map((weekStart, index) => ({
        weekStart,
        completed: completed[CHART_WEEKS - 1 - index] ?? 0,
        incomplete: incomplete[CHART_WEEKS - 1 - index],
      })),
    );
    // This week's incomplete assignments are the dashboard's Active Trainings.
    const dashboard = await json(manager.cookie, `/api/dashboards/manager?restaurantId=${north.id}`);
    expect(body.weeks.at(-1).incomplete).toBe(dashboard.activeTrainings);
  });

  test('manager: a restaurant without audits or staff trainings has empty charts', async () => {
    const eastManager = await t.signedIn('manager', { restaurantIds: [east.id] });
    const [scores, progress] = managerCharts(east.id);
    expect(await json(eastManager.cookie, scores ?? '')).toEqual({ audits: [], average: null });
    const weeks = (await json(eastManager.cookie, progress ?? '')).weeks;
    expect(weeks.every((week: { completed: number; incomplete: number }) => !week.completed && !week.incomplete)).toBe(
      true,
    );
  });
});

describe('with more than ten restaurants ranked', () => {
  beforeAll(async () => {
    for (let rank = 1; rank <= 10; rank += 1) {
      const restaurant = await t.buildRestaurant({ name: `Rank ${String(rank).padStart(2, '0')}` });
      await t.db.insert(audits).values({
        restaurantId: restaurant.id,
        auditedBy: hq.id,
        auditedAt: at(2),
        status: 'completed',
        finalScore: rank * 10,
      });
    }
  });

  test('hq: the five lowest and the five highest, ties by name', async () => {
    const ranking = await json(hq.cookie, '/api/dashboards/hq/audit-ranking');
    const names = (entries: { restaurant: { name: string }; average: number }[]) =>
      entries.map((entry) => [entry.restaurant.name, entry.average]);
    expect(names(ranking.lowest)).toEqual([
      ['Rank 01', 10],
      ['Rank 02', 20],
      ['Rank 03', 30],
      ['Rank 04', 40],
      ['Rank 05', 50],
    ]);
    expect(names(ranking.highest)).toEqual([
      ['Rank 10', 100],
      ['Rank 09', 90],
      ['Brigade North', 80],
      ['Rank 08', 80],
      ['Rank 07', 70],
    ]);
    expect([ranking.ranked, ranking.unranked]).toEqual([12, 1]);
  });

  test('hq: their week joins the chain’s line; restaurants without people have no completion', async () => {
    const trend = await json(hq.cookie, '/api/dashboards/hq/audit-scores');
    expect(trend.chain).toEqual(scoreWeeks({ 5: [75, 2], 3: [70.3, 3], 2: [55, 10], 1: [90, 1] }));
    const completion = await json(hq.cookie, '/api/dashboards/hq/training-completion');
    expect(completion.restaurants).toHaveLength(2);
    expect(completion.withoutAssignments).toBe(11);
  });
});

describe('who may read the charts', () => {
  test('hq charts are hq’s: a manager and staff are refused, signed out is 401', async () => {
    for (const url of hqCharts) {
      for (const [cookie, status] of [
        [manager.cookie, 403],
        [staff.cookie, 403],
        [undefined, 401],
      ] as const) {
        const response = await get(cookie, url);
        expect([url, response.statusCode]).toEqual([url, status]);
        expect(Object.keys(response.json())).toEqual(['message']);
      }
    }
  });

  test('a manager reads only their own restaurant’s charts; staff and hq are refused', async () => {
    const [ownScores, ownProgress] = managerCharts(north.id);
    const [otherScores, otherProgress] = managerCharts(south.id);
    for (const [cookie, url, status] of [
      [manager.cookie, otherScores, 403],
      [manager.cookie, otherProgress, 403],
      [staff.cookie, ownScores, 403],
      [staff.cookie, ownProgress, 403],
      [hq.cookie, ownScores, 403],
      [undefined, ownScores, 401],
      [undefined, ownProgress, 401],
      [manager.cookie, '/api/dashboards/manager/audit-scores', 400],
      [manager.cookie, '/api/dashboards/manager/training-progress?restaurantId=north', 400],
    ] as const) {
      const response = await get(cookie, url ?? '');
      expect([url, response.statusCode]).toEqual([url, status]);
      // The reason, and not one figure.
      expect(Object.keys(response.json()).filter((key) => key !== 'fields')).toEqual(['message']);
    }
  });

  test('hq chooses at most three restaurant lines', async () => {
    const ids = Array.from({ length: 4 }, () => `restaurantIds=${crypto.randomUUID()}`).join('&');
    const response = await get(hq.cookie, `/api/dashboards/hq/audit-scores?${ids}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('at most 3 restaurants');
  });
});

describe('one SQL statement per chart', () => {
  /** The statements a request sent beyond what checking the session costs (a route without SQL of its own). */
  async function chartStatements(role: Role, cookie: string, url: string) {
    statements = [];
    expect((await get(cookie, '/api/reports/status')).statusCode).toBe(200);
    const session = statements.length;
    statements = [];
    const response = await get(cookie, url);
    expect([url, response.statusCode]).toEqual([url, 200]);
    return { role, url, sent: statements.length - session, statements: [...statements] };
  }

  test.each([
    ...hqCharts.map((url) => ['hq', url] as const),
    ['hq', `/api/dashboards/hq/audit-scores?restaurantIds=${north.id}&restaurantIds=${south.id}`] as const,
    ...managerCharts(north.id).map((url) => ['manager', url] as const),
  ])('%s %s', async (role, url) => {
    const cookie = role === 'hq' ? hq.cookie : manager.cookie;
    const { sent, statements: sentStatements } = await chartStatements(role, cookie, url);
    expect(sent, sentStatements.join('\n')).toBe(1);
  });
});
