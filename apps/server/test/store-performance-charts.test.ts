import { SCORE_TREND_WEEKS } from '@brigade/core/schemas/store-performance';
import { afterAll, describe, expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { startFakeMonday } from './fakes/monday-server';
import { startTestApp } from './harness';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** Monday 00:00 UTC of this week: weeks on the score trend are ISO weeks in UTC. */
function thisMonday(): number {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return midnight - ((today.getUTCDay() + 6) % 7) * DAY;
}
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const monday = await startFakeMonday(
  [
    {
      id: '1',
      name: 'Autumn visit',
      group: 'Brigade Utrecht',
      date: '2026-10-01',
      person: 'Hannah Quist',
      status: 'Done',
      notes: [
        { id: '11', name: 'Fryer filter', status: 'Done', category: 'Kitchen' },
        { id: '12', name: 'Cold room door', status: 'Stuck', category: 'Kitchen' },
        { id: '13', name: 'Menu boards', status: null, category: 'Marketing' },
      ],
    },
    {
      id: '2',
      name: 'Follow-up',
      group: 'Brigade Utrecht',
      date: '2026-11-05',
      person: 'Henk',
      status: 'Stuck',
      notes: [],
    },
    {
      id: '3',
      name: 'Rotterdam check',
      group: 'Brigade Rotterdam',
      date: '2026-10-02',
      person: 'Henk',
      status: 'Done',
      notes: [{ id: '31', name: 'Grill', status: 'Done', category: 'Kitchen' }],
    },
    // Closed restaurants and names the chain does not know are not part of its averages.
    {
      id: '4',
      name: 'Last visit',
      group: 'Brigade Closed',
      date: '2026-09-01',
      person: 'Henk',
      status: 'Stuck',
      notes: [{ id: '41', name: 'Keys', status: 'Done', category: 'Administration' }],
    },
    {
      id: '5',
      name: 'Elsewhere',
      group: 'Not a Brigade restaurant',
      date: '2026-09-02',
      person: 'Henk',
      status: 'Done',
      notes: [{ id: '51', name: 'Other', status: 'Done', category: 'Kitchen' }],
    },
  ],
  500,
);
afterAll(() => monday.close());

const t = await startTestApp({
  monday: {
    config: {
      token: 'test-monday-token',
      boardId: '123',
      apiUrl: monday.url,
      apiVersion: '2025-10',
      restaurantColumn: 'group',
      dateColumn: 'date',
      personColumn: 'person',
      statusColumn: 'status',
      noteStatusColumn: 'status',
      noteCategoryColumn: 'category',
      cacheSeconds: 60,
    },
    missing: [],
  },
});
const utrecht = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const rotterdam = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
const quiet = await t.buildRestaurant({ name: 'Brigade Quiet' });
const closed = await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [utrecht.id] });
const staff = await t.signedIn('staff', { restaurantIds: [utrecht.id] });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

describe('score trend', () => {
  const week = (weeksAgo: number) => thisMonday() - weeksAgo * WEEK;
  const audit = (restaurantId: string, auditedAt: number, finalScore: number, status = 'completed') => ({
    restaurantId,
    auditedBy: hq.id,
    status,
    finalScore: status === 'completed' ? finalScore : null,
    auditedAt: new Date(auditedAt),
  });

  test("weekly averages of completed audits, the restaurant's beside the chain's, computed in SQL", async () => {
    const oldest = SCORE_TREND_WEEKS - 1;
    await t.db.insert(audits).values([
      audit(utrecht.id, week(0) + 60_000, 80),
      audit(utrecht.id, week(0) + 2 * 60_000, 91),
      audit(utrecht.id, week(0) + 3 * 60_000, 0, 'draft'),
      audit(utrecht.id, week(3) + DAY, 70),
      // The first moment of the oldest week counts; the last moment before it does not.
      audit(utrecht.id, week(oldest), 40),
      audit(utrecht.id, week(oldest) - 1, 10),
      audit(rotterdam.id, week(0) + 60_000, 60),
      audit(rotterdam.id, week(5) + 2 * DAY, 50),
      audit(closed.id, week(5) + 3 * DAY, 55),
    ]);

    const response = await get(hq.cookie, `/api/store-performance/${utrecht.id}/score-trend`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.weeks).toHaveLength(SCORE_TREND_WEEKS);
    expect(body.weeks.map((row: { weekStart: string }) => row.weekStart)).toEqual(
      Array.from({ length: SCORE_TREND_WEEKS }, (_, index) => isoDay(week(oldest - index))),
    );
    const none = { restaurant: null, restaurantAudits: 0, chain: null, chainAudits: 0 };
    const expected = Array.from({ length: SCORE_TREND_WEEKS }, (_, index) => ({
      weekStart: isoDay(week(oldest - index)),
      ...none,
    }));
    const at = (weeksAgo: number) => expected[oldest - weeksAgo] as (typeof expected)[number];
    Object.assign(at(0), { restaurant: 85.5, restaurantAudits: 2, chain: 77, chainAudits: 3 });
    Object.assign(at(3), { restaurant: 70, restaurantAudits: 1, chain: 70, chainAudits: 1 });
    // Every completed audit of the chain counts, a closed restaurant's too.
    Object.assign(at(5), { restaurant: null, restaurantAudits: 0, chain: 52.5, chainAudits: 2 });
    Object.assign(at(oldest), { restaurant: 40, restaurantAudits: 1, chain: 40, chainAudits: 1 });
    expect(body.weeks).toEqual(expected);
    // (80 + 91 + 70 + 40) / 4 and (80 + 91 + 70 + 40 + 60 + 50 + 55) / 7, to one decimal.
    expect(body.total).toEqual({ restaurant: 70.3, restaurantAudits: 4, chain: 63.7, chainAudits: 7 });
  });

  test('a restaurant without audits in the weeks has no averages; the chain still has its own', async () => {
    const body = (await get(hq.cookie, `/api/store-performance/${quiet.id}/score-trend`)).json();
    expect(body.total).toEqual({ restaurant: null, restaurantAudits: 0, chain: 63.7, chainAudits: 7 });
    expect(body.weeks.every((row: { restaurant: number | null }) => row.restaurant === null)).toBe(true);
  });

  test('an unknown restaurant is 404', async () => {
    const response = await get(hq.cookie, '/api/store-performance/00000000-0000-4000-8000-000000000000/score-trend');
    expect([response.statusCode, response.json()]).toEqual([404, { message: 'Restaurant not found' }]);
  });
});

describe('visits by status and notes by category, from the board', () => {
  test("the restaurant's counts beside the chain's average per active restaurant", async () => {
    const response = await get(hq.cookie, `/api/store-performance/${utrecht.id}/visits`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.visits.map((visit: { id: string }) => visit.id)).toEqual(['2', '1']);
    // Three active restaurants (Utrecht, Rotterdam, Quiet); the closed one and the unknown name are left out.
    expect(body.breakdown).toEqual({
      restaurants: 3,
      visits: { count: 2, chainAverage: 1 },
      notes: { count: 3, chainAverage: 1.3 },
      byStatus: [
        { status: 'Stuck', count: 1, chainAverage: 0.3 },
        { status: 'Working on it', count: 0, chainAverage: 0 },
        { status: 'Done', count: 1, chainAverage: 0.7 },
        { status: 'Franchisee responsibility', count: 0, chainAverage: 0 },
        { status: 'No status', count: 0, chainAverage: 0 },
      ],
      byCategory: [
        { category: 'Conway', count: 0, chainAverage: 0 },
        { category: 'Kitchen', count: 2, chainAverage: 1 },
        { category: 'Marketing', count: 1, chainAverage: 0.3 },
        { category: 'Administration', count: 0, chainAverage: 0 },
        { category: 'Kassa System', count: 0, chainAverage: 0 },
        { category: 'Construction', count: 0, chainAverage: 0 },
        { category: 'Operations', count: 0, chainAverage: 0 },
        { category: 'Financial', count: 0, chainAverage: 0 },
        { category: 'No category', count: 0, chainAverage: 0 },
      ],
    });
  });

  test("a closed restaurant gets its own counts against the active chain's averages, from the cached board", async () => {
    const before = monday.requests.length;
    const body = (await get(hq.cookie, `/api/store-performance/${closed.id}/visits`)).json();
    expect(monday.requests.length).toBe(before);
    expect(body.breakdown.restaurants).toBe(3);
    expect(body.breakdown.byStatus[0]).toEqual({ status: 'Stuck', count: 1, chainAverage: 0.3 });
    expect(body.breakdown.byCategory[3]).toEqual({ category: 'Administration', count: 1, chainAverage: 0 });
  });
});

describe('who may read the charts', () => {
  test('hq only: a manager (of this restaurant or another), staff and the signed-out are refused', async () => {
    const before = monday.requests.length;
    for (const path of ['score-trend', 'visits']) {
      for (const [who, cookie, restaurantId, status] of [
        ['manager, another restaurant', manager.cookie, rotterdam.id, 403],
        ['manager, own restaurant', manager.cookie, utrecht.id, 403],
        ['staff', staff.cookie, utrecht.id, 403],
        ['signed out', undefined, utrecht.id, 401],
      ] as const) {
        const response = await get(cookie, `/api/store-performance/${restaurantId}/${path}`);
        expect([path, who, response.statusCode, response.json()]).toEqual([
          path,
          who,
          status,
          { message: expect.any(String) },
        ]);
      }
    }
    expect(monday.requests.length).toBe(before);
  });
});

describe('without monday.com', async () => {
  const bare = await startTestApp();
  const restaurant = await bare.buildRestaurant();
  const boss = await bare.signedIn('hq');

  test('the board charts have nothing to show, and say why instead of failing; the score trend still answers', async () => {
    const visits = await bare.request(boss.cookie, {
      method: 'GET',
      url: `/api/store-performance/${restaurant.id}/visits`,
    });
    expect([visits.statusCode, visits.json()]).toEqual([
      200,
      { configured: false, host: 'monday.com', visits: [], missing: ['MONDAY_API_TOKEN', 'MONDAY_BOARD_ID'] },
    ]);
    const trend = await bare.request(boss.cookie, {
      method: 'GET',
      url: `/api/store-performance/${restaurant.id}/score-trend`,
    });
    expect(trend.statusCode).toBe(200);
    expect(trend.json().total).toEqual({ restaurant: null, restaurantAudits: 0, chain: null, chainAudits: 0 });
  });
});
