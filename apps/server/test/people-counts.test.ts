import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, HQ } from '../src/demo/demo-chain';
import { loadDemoChainIfEmpty } from '../src/demo/load-demo';
import { LocalStorage } from '../src/storage/local-storage';
import { startTestApp } from './harness';

/**
 * people_counts is kept by triggers on users (migration 0037, docs/decisions/052): after
 * every write path — hq's staff screens, SCIM provisioning, deactivation, role changes,
 * deletes, many at once, the demo loader — each row equals a recount, and Staff
 * Management's unfiltered total (which reads it) equals the people in the table.
 */
const t = await startTestApp();
const hq = await t.signedIn('hq');
const utrecht = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

type App = Awaited<ReturnType<typeof startTestApp>>;

async function expectCountsToMatchRecount(app: App = t, cookie = hq.cookie) {
  const kept = rows<{ role: string; is_active: boolean; people: number }>(
    await app.db.execute(
      sql`select role, is_active, people::int as people from people_counts where people <> 0 order by role, is_active`,
    ),
  );
  const counted = rows<{ role: string; is_active: boolean; people: number }>(
    await app.db.execute(
      sql`select role, is_active, count(*)::int as people from users group by role, is_active order by role, is_active`,
    ),
  );
  expect(kept).toEqual(counted);
  const everyone = counted.reduce((sum, row) => sum + row.people, 0);
  const list = await app.request(cookie, { method: 'GET', url: '/api/users?page=1' });
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json().total).toBe(everyone);
  return everyone;
}

const staffInput = (n: number, role: 'staff' | 'manager' = 'staff') => ({
  name: `Counted ${n}`,
  email: `counted${n}@example.com`,
  role,
  password: 'correct-horse-battery',
  selectedRestaurants: [utrecht.id],
});

async function createThroughApi(n: number, role: 'staff' | 'manager' = 'staff') {
  const response = await t.request(hq.cookie, { method: 'POST', url: '/api/users', payload: staffInput(n, role) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

describe("Staff Management's total is the chain's people, kept by triggers", () => {
  test('the migration counted the people already there', async () => {
    expect(await expectCountsToMatchRecount()).toBe(1);
  });

  test("hq's staff screens: create, edit the role, deactivate, activate, delete", async () => {
    const before = await expectCountsToMatchRecount();
    const first = await createThroughApi(1);
    const second = await createThroughApi(2, 'manager');
    expect(await expectCountsToMatchRecount()).toBe(before + 2);

    const promoted = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: { ...staffInput(1, 'manager'), id: first, password: undefined },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    await expectCountsToMatchRecount();

    for (const isActive of [false, true, false]) {
      const response = await t.request(hq.cookie, {
        method: 'PATCH',
        url: `/api/users/${second}/active`,
        payload: { isActive },
      });
      expect(response.statusCode, response.body).toBe(200);
      await expectCountsToMatchRecount();
    }

    const deleted = await t.request(hq.cookie, { method: 'DELETE', url: `/api/users/${first}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await expectCountsToMatchRecount()).toBe(before + 1);
  });

  test('a refused write moves nothing: the taken email rolls its transaction back', async () => {
    const before = await expectCountsToMatchRecount();
    await createThroughApi(3);
    const again = await t.request(hq.cookie, { method: 'POST', url: '/api/users', payload: staffInput(3) });
    expect(again.statusCode).toBe(409);
    expect(await expectCountsToMatchRecount()).toBe(before + 1);
  });

  test('many writers at once: 12 creations and 6 deactivations side by side are all counted', async () => {
    const before = await expectCountsToMatchRecount();
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => createThroughApi(100 + i)));
    const deactivated = await Promise.all(
      ids
        .slice(0, 6)
        .map((id) =>
          t.request(hq.cookie, { method: 'PATCH', url: `/api/users/${id}/active`, payload: { isActive: false } }),
        ),
    );
    expect(deactivated.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await expectCountsToMatchRecount()).toBe(before + 12);
  });

  test('SCIM provisioning: create, disable, enable, delete', async () => {
    const made = await t.request(hq.cookie, { method: 'POST', url: '/api/scim/tokens', payload: { name: 'Entra ID' } });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;
    const scim = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
      const response = await t.app.inject({
        method,
        url: `/scim/v2${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : null };
    };
    const before = await expectCountsToMatchRecount();
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'counted-by-scim',
      userName: 'provisioned@example.com',
      active: true,
      name: { givenName: 'Pro', familyName: 'Visioned' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(await expectCountsToMatchRecount()).toBe(before + 1);
    const patch = (active: boolean) => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: active }],
    });
    for (const active of [false, true, false]) {
      expect((await scim('PATCH', `/Users/${created.json.id}`, patch(active))).status).toBe(200);
      await expectCountsToMatchRecount();
    }
    expect((await scim('DELETE', `/Users/${created.json.id}`)).status).toBe(204);
    expect(await expectCountsToMatchRecount()).toBe(before);
  });

  test('a searched or restaurant list still counts its matches', async () => {
    const searched = await t.request(hq.cookie, { method: 'GET', url: '/api/users?page=1&search=Counted%201' });
    const names = searched.json().items.map((person: { name: string }) => person.name);
    // Names sort as text: Counted 100, 101, … the first page of the twelve.
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Counted ${100 + i}`).slice(0, names.length));
    expect(names.length).toBeGreaterThan(1);
    expect(searched.json().total).toBe(12);
    const [counted] = rows<{ people: number }>(
      await t.db.execute(
        sql`select count(*)::int as people from staff_restaurant_assignments where restaurant_id = ${utrecht.id}`,
      ),
    );
    const ofRestaurant = await t.request(hq.cookie, {
      method: 'GET',
      url: `/api/users?page=1&restaurantId=${utrecht.id}`,
    });
    expect(ofRestaurant.json().total).toBe(counted?.people);
  });
});

test('the demo loader: its people are counted as they are loaded', async () => {
  const demo = await startTestApp();
  const outcome = await loadDemoChainIfEmpty(demo.db, demo.app.auth, new LocalStorage(demo.dataDir));
  expect(outcome.loaded, outcome.message).toBe(true);
  const { cookie } = await demo.signIn(HQ, DEMO_PASSWORD);
  expect(cookie).toBeDefined();
  expect(await expectCountsToMatchRecount(demo, cookie)).toBeGreaterThan(10);
}, 120_000);
