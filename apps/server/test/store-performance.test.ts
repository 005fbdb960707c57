import { messages } from '@brigade/core/messages';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { startFakeMonday } from './fakes/monday-server';
import { startTestApp } from './harness';

const monday = await startFakeMonday([
  {
    id: '1',
    name: 'Quarterly visit',
    group: 'Brigade Utrecht',
    date: '2026-10-01',
    person: 'Hannah Quist',
    status: 'Done',
    notes: [
      { id: '11', name: 'Fryer filter replaced', status: 'Done', category: 'Kitchen' },
      { id: '12', name: 'New menu boards', status: 'Working on it', category: 'Marketing' },
    ],
  },
  {
    id: '2',
    name: 'Rotterdam check',
    group: 'Brigade Rotterdam',
    date: '2026-10-02',
    person: 'Henk',
    status: 'Stuck',
    notes: [],
  },
  {
    id: '3',
    name: 'Follow-up visit',
    group: 'Brigade Utrecht',
    date: '2026-11-05',
    person: 'Henk de Vries',
    status: 'Something new',
    notes: [{ id: '31', name: 'Odd note', status: null, category: 'Gardening' }],
  },
]);
afterAll(() => monday.close());

const boardSettings = (cacheSeconds: number) => ({
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
  cacheSeconds,
});

const t = await startTestApp({ monday: { config: boardSettings(60), missing: [] } });
const utrecht = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const quiet = await t.buildRestaurant({ name: 'Brigade Quiet' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [utrecht.id] });
const staff = await t.signedIn('staff', { restaurantIds: [utrecht.id] });
await t.buildUser('staff', { restaurantIds: [utrecht.id], isActive: false, name: 'Away' });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

describe('store performance figures (our data)', () => {
  test('stats, the 5 latest audits and the staff table, computed in SQL', async () => {
    const [training, later, undated] = await t.db
      .insert(trainings)
      .values([{ title: 'T' }, { title: 'Later' }, { title: 'Undated' }])
      .returning();
    // Three incomplete assignments; only the one past its due date is overdue.
    await t.db.insert(staffTrainingAssignments).values([
      { staffId: staff.id, trainingId: training?.id ?? '', dueAt: new Date(Date.now() - 86_400_000) },
      { staffId: staff.id, trainingId: later?.id ?? '', dueAt: new Date(Date.now() + 86_400_000) },
      { staffId: staff.id, trainingId: undated?.id ?? '' },
      {
        staffId: manager.id,
        trainingId: training?.id ?? '',
        completedAt: new Date(),
        dueAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    await t.db.insert(audits).values(
      Array.from({ length: 7 }, (_, index) => ({
        restaurantId: utrecht.id,
        auditedBy: hq.id,
        status: index < 6 ? 'completed' : 'draft',
        finalScore: index < 6 ? 50 + index : null,
        auditedAt: new Date(Date.now() - index * 86_400_000),
      })),
    );
    const body = (await get(hq.cookie, `/api/store-performance/${utrecht.id}`)).json();
    expect(body.stats).toEqual({ totalStaff: 3, overdueTrainings: 1, totalAudits: 6 });
    expect(body.recentAudits).toHaveLength(5);
    expect(body.recentAudits[0]).toMatchObject({ status: 'completed', finalScore: 50 });
    expect(
      body.staff.map((p: { name: string; role: string; isActive: boolean }) => [p.name, p.role, p.isActive]),
    ).toEqual([
      ['Away', 'staff', false],
      [expect.stringMatching(/^manager/), 'manager', true],
      [expect.stringMatching(/^staff/), 'staff', true],
    ]);
  });

  test('is hq-only, and a missing restaurant is 404; neither reads figures or asks monday.com', async () => {
    const mondayCalls = monday.requests.length;
    for (const [cookie, url, status] of [
      [manager.cookie, `/api/store-performance/${utrecht.id}`, 403],
      [manager.cookie, `/api/store-performance/${utrecht.id}/visits`, 403],
      [staff.cookie, `/api/store-performance/${utrecht.id}/visits`, 403],
      [hq.cookie, '/api/store-performance/00000000-0000-4000-8000-000000000000', 404],
    ] as const) {
      const response = await get(cookie, url);
      expect([url, response.statusCode, response.json()]).toEqual([url, status, { message: expect.any(String) }]);
    }
    expect(monday.requests.length).toBe(mondayCalls);
  });
});

describe('store visits from monday.com', () => {
  test('maps visits and notes, follows cursors, and sends the token and API version', async () => {
    const before = monday.requests.length;
    // A minute on, whatever board an earlier test cached has expired: this request loads it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const response = await get(hq.cookie, `/api/store-performance/${utrecht.id}/visits`).finally(() =>
      vi.useRealTimers(),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ configured: true, host: '127.0.0.1' });
    expect(body.visits).toEqual([
      {
        id: '3',
        event: 'Follow-up visit',
        date: '2026-11-05',
        person: 'Henk de Vries',
        status: 'No status',
        notes: [{ id: '31', name: 'Odd note', status: 'No status', category: 'No category' }],
      },
      {
        id: '1',
        event: 'Quarterly visit',
        date: '2026-10-01',
        person: 'Hannah Quist',
        status: 'Done',
        notes: [
          { id: '11', name: 'Fryer filter replaced', status: 'Done', category: 'Kitchen' },
          { id: '12', name: 'New menu boards', status: 'Working on it', category: 'Marketing' },
        ],
      },
    ]);
    const sent = monday.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body.query).toContain('next_items_page');
    expect(sent[0]?.headers['api-version']).toBe('2025-10');
    expect(response.body).not.toContain('test-monday-token');
  });

  test('answers from its cache for a while', async () => {
    expect((await get(hq.cookie, `/api/store-performance/${utrecht.id}/visits`)).json().visits).toHaveLength(2);
    const before = monday.requests.length;
    const quietVisits = (await get(hq.cookie, `/api/store-performance/${quiet.id}/visits`)).json();
    expect(quietVisits.visits).toEqual([]);
    expect(monday.requests.length).toBe(before);
  });
});

describe('when monday.com fails', async () => {
  const fresh = async () => {
    const app = await startTestApp({ monday: { config: boardSettings(0), missing: [] } });
    const restaurant = await app.buildRestaurant({ name: 'Brigade Utrecht' });
    const boss = await app.signedIn('hq');
    return (path = '/visits') =>
      app.request(boss.cookie, { method: 'GET', url: `/api/store-performance/${restaurant.id}${path}` });
  };
  const visits = await fresh();

  test('errors inside an HTTP 200 answer are a 502 with the spec message', async () => {
    monday.setMode('errors-on-200');
    const response = await visits();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: messages.storeVisitsFailed });
  });

  test('a 429 is waited out once, then the answer is used', async () => {
    monday.setMode('rate-limited-once');
    const before = monday.requests.length;
    const response = await visits();
    expect(response.statusCode).toBe(200);
    expect(response.json().visits).toHaveLength(2);
    expect(monday.requests.length - before).toBe(3);
  });

  test('a server error is a 502 and the page figures still load', async () => {
    monday.setMode('server-error');
    const failed = await visits();
    expect([failed.statusCode, failed.json()]).toEqual([502, { message: messages.storeVisitsFailed }]);
    const figures = await visits('');
    expect(figures.statusCode).toBe(200);
    expect(figures.json()).toMatchObject({
      stats: { totalStaff: 0, overdueTrainings: 0, totalAudits: 0 },
      recentAudits: [],
      staff: [],
    });
    monday.setMode('ok');
  });
});

describe('without configuration', async () => {
  const bare = await startTestApp();
  const restaurant = await bare.buildRestaurant();
  const boss = await bare.signedIn('hq');

  test('tells hq which settings are missing instead of failing', async () => {
    const response = await bare.request(boss.cookie, {
      method: 'GET',
      url: `/api/store-performance/${restaurant.id}/visits`,
    });
    expect(response.json()).toEqual({
      configured: false,
      host: 'monday.com',
      visits: [],
      missing: ['MONDAY_API_TOKEN', 'MONDAY_BOARD_ID'],
    });
  });
});
