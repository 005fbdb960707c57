import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { type ActivityEntry, recordActivity } from '../src/activity/record';
import { startTestApp } from './harness';

/**
 * Issue 36, the activity log's reading side (decision 044): GET /api/activity and its CSV,
 * the person filter, POST /api/activity/verify. Entries are written through LOG-CORE's
 * `recordActivity`, as the app writes them.
 */

const t = await startTestApp();
const a = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const b = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [a.id] });
const staff = await t.signedIn('staff', { restaurantIds: [a.id] });
const cook = await t.buildUser('staff', { restaurantIds: [b.id], name: 'Cook of Rotterdam' });

interface Entry {
  id: string;
  at: string;
  kind: string;
  cursor: string;
  actor: { id: string | null; name: string | null; label: string | null };
  restaurant: { id: string; name: string | null } | null;
  object: { type: string | null; id: string | null; label: string | null };
  changes: Record<string, { from: unknown; to: unknown }> | null;
}
interface Page {
  items: Entry[];
  older: string | null;
  newer: string | null;
}

const record = (entry: ActivityEntry) => recordActivity(t.db, entry);

async function list(cookie: string | undefined, query: Record<string, string> = {}) {
  return t.request(cookie, { method: 'GET', url: `/api/activity?${new URLSearchParams(query)}` });
}
async function page(cookie: string, query: Record<string, string> = {}): Promise<Page> {
  const response = await list(cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// The log as the tests find it: what signing in wrote, then what each test adds.
await record({
  kind: 'user.updated',
  actorId: hq.id,
  restaurantId: a.id,
  objectType: 'user',
  objectId: staff.id,
  objectLabel: 'Staff of Utrecht',
  changes: { role: { from: 'staff', to: 'manager' } },
  address: '203.0.113.7',
  userAgent: 'Firefox',
});
await record({
  kind: 'restaurant.updated',
  actorId: hq.id,
  restaurantId: b.id,
  objectType: 'restaurant',
  objectId: b.id,
  objectLabel: 'Brigade Rotterdam',
  changes: { city: { from: 'Delft', to: 'Rotterdam' } },
});
await record({ kind: 'auth.signIn', actorId: staff.id, restaurantId: a.id, details: { method: 'password' } });
await record({ kind: 'auth.signInFailed', actorLabel: 'who@example.com', address: '198.51.100.1' });
await record({
  kind: 'audit.submitted',
  actorId: manager.id,
  restaurantId: a.id,
  objectType: 'audit',
  objectLabel: 'Kitchen',
});

describe('refusals', () => {
  test('signed out: 401; staff: 403; a manager naming another restaurant: 403', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(staff.cookie)).statusCode).toBe(403);
    expect((await list(manager.cookie, { restaurantId: b.id })).statusCode).toBe(403);
    const verify = await t.request(manager.cookie, { method: 'POST', url: '/api/activity/verify', payload: {} });
    expect(verify.statusCode).toBe(403);
    const csv = await t.request(staff.cookie, { method: 'GET', url: '/api/activity.csv' });
    expect(csv.statusCode).toBe(403);
  });

  test('a malformed cursor, kind, date or page size is a 400 with the field named, never a 5xx', async () => {
    const queries: Record<string, string>[] = [
      { before: "2026-11-29T00:00:00.000000Z_' or 1=1 --" },
      { after: 'x' },
      { kind: 'auth.everything' },
      { from: '29-11-2026' },
      { from: '0000-01-01T00:00:00Z' },
      { to: '2026-11-29T25:00:00Z' },
      { pageSize: '0' },
      { pageSize: '1000' },
      { actorId: 'not-a-uuid' },
      {
        before: '2026-11-29T00:00:00.000000Z_00000000-0000-0000-0000-000000000000',
        after: '2026-11-29T00:00:00.000000Z_00000000-0000-0000-0000-000000000000',
      },
    ];
    for (const query of queries) {
      const response = await list(hq.cookie, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    // The CSV refuses before its first byte: an error reply, not a download cut short.
    const csv = await t.request(hq.cookie, { method: 'GET', url: '/api/activity.csv?to=0000-01-01T00:00:00Z' });
    expect(csv.statusCode).toBe(400);
    // An offset ISO 8601 allows but PostgreSQL does not is read as the moment it names.
    const far = await list(hq.cookie, { to: '2030-01-01T00:00:00+23:00' });
    expect(far.statusCode).toBe(200);
  });
});

describe('hq reads every entry', () => {
  test('newest first, with who (by name now), the restaurant, the object and before → after', async () => {
    const { items } = await page(hq.cookie);
    const times = items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    const change = items.find((entry) => entry.kind === 'user.updated');
    expect(change).toMatchObject({
      actor: { id: hq.id, name: expect.any(String) },
      restaurant: { id: a.id, name: 'Brigade Utrecht' },
      object: { type: 'user', id: staff.id, label: 'Staff of Utrecht' },
      changes: { role: { from: 'staff', to: 'manager' } },
      address: '203.0.113.7',
      userAgent: 'Firefox',
    });
    const failed = items.find((entry) => entry.kind === 'auth.signInFailed');
    expect(failed?.actor).toEqual({ id: null, name: null, label: 'who@example.com' });
  });

  test('filters by person, restaurant, kind and time, together too', async () => {
    const byPerson = await page(hq.cookie, { actorId: manager.id });
    expect(byPerson.items.length).toBeGreaterThan(0);
    expect(byPerson.items.every((entry) => entry.actor.id === manager.id)).toBe(true);

    const byRestaurant = await page(hq.cookie, { restaurantId: b.id });
    expect(byRestaurant.items.map((entry) => entry.kind)).toEqual(['restaurant.updated']);

    const byKind = await page(hq.cookie, { kind: 'auth.signInFailed' });
    expect(byKind.items.map((entry) => entry.actor.label)).toEqual(['who@example.com']);

    const both = await page(hq.cookie, { restaurantId: a.id, kind: 'audit.submitted', actorId: manager.id });
    expect(both.items.map((entry) => entry.object.label)).toEqual(['Kitchen']);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect((await page(hq.cookie, { from: tomorrow })).items).toEqual([]);
    expect((await page(hq.cookie, { to: yesterday })).items).toEqual([]);
    const today = await page(hq.cookie, { from: yesterday, to: tomorrow, kind: 'restaurant.updated' });
    expect(today.items).toHaveLength(1);
  });

  test('pages by cursor: older pages to the end, newer back to the start, no entry twice or missed', async () => {
    for (let index = 0; index < 7; index += 1) {
      await record({ kind: 'setting.changed', actorId: hq.id, objectType: 'setting', objectLabel: `paging ${index}` });
    }
    const all = (await page(hq.cookie, { kind: 'setting.changed', pageSize: '100' })).items.map((entry) => entry.id);
    expect(all).toHaveLength(7);

    const seen: string[] = [];
    let current = await page(hq.cookie, { kind: 'setting.changed', pageSize: '3' });
    expect(current.newer).toBeNull();
    const pages = [current];
    seen.push(...current.items.map((entry) => entry.id));
    while (current.older) {
      current = await page(hq.cookie, { kind: 'setting.changed', pageSize: '3', before: current.older });
      pages.push(current);
      seen.push(...current.items.map((entry) => entry.id));
    }
    expect(seen).toEqual(all);
    expect(pages.map((each) => each.items.length)).toEqual([3, 3, 1]);
    expect(current.older).toBeNull();

    // Back from the last page: the middle page again, then the first, which has nothing newer.
    const middle = await page(hq.cookie, { kind: 'setting.changed', pageSize: '3', after: current.newer as string });
    expect(middle.items.map((entry) => entry.id)).toEqual(all.slice(3, 6));
    const first = await page(hq.cookie, { kind: 'setting.changed', pageSize: '3', after: middle.newer as string });
    expect(first.items.map((entry) => entry.id)).toEqual(all.slice(0, 3));
    expect(first.newer).toBeNull();
  });
});

describe('a manager reads the record changes of their restaurants', () => {
  test("their restaurants' changes; never restaurant B's, nor how anyone signs in, nor exports", async () => {
    // Changes to people are entered under their first restaurant: Delft for both cooks.
    const c = await t.buildRestaurant({ name: 'Brigade Delft' });
    const sharedCook = await t.buildUser('staff', { restaurantIds: [c.id, a.id], name: 'Cook of Delft and Utrecht' });
    const cookOfC = await t.buildUser('staff', { restaurantIds: [c.id], name: 'Cook of Delft' });
    for (const person of [sharedCook, cookOfC]) {
      await record({
        kind: 'user.updated',
        actorId: hq.id,
        restaurantId: c.id,
        objectType: 'user',
        objectId: person.id,
        objectLabel: person.email,
        changes: { role: { from: 'manager', to: 'staff' } },
      });
    }
    const { items } = await page(manager.cookie, { pageSize: '100' });
    expect(items.length).toBeGreaterThan(0);
    // Restaurant A's entries, and the changes to a person who also works at A.
    expect(items.every((entry) => entry.restaurant?.id === a.id || entry.object.id === sharedCook.id)).toBe(true);
    expect(items.filter((entry) => entry.object.id === sharedCook.id)).toHaveLength(1);
    expect(items.filter((entry) => entry.object.id === cookOfC.id)).toEqual([]);
    expect(items.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['user.updated', 'audit.submitted']));
    expect(items.filter((entry) => entry.kind.startsWith('auth.') || entry.kind === 'export')).toEqual([]);
    const named = await page(manager.cookie, { restaurantId: a.id, kind: 'auth.signIn' });
    expect(named.items).toEqual([]);
  });

  test('the person filter offers the people of their restaurants only; hq anyone', async () => {
    const people = async (cookie: string, query: Record<string, string> = {}) => {
      const response = await t.request(cookie, {
        method: 'GET',
        url: `/api/activity/people?${new URLSearchParams(query)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: string; name: string }[]).map((person) => person.id);
    };
    const managers = await people(manager.cookie);
    expect(managers).toEqual(expect.arrayContaining([staff.id, manager.id]));
    expect(managers).not.toContain(cook.id);
    expect(await people(hq.cookie, { search: 'Cook of Rotter' })).toEqual([cook.id]);
    expect(await people(hq.cookie, { search: '%' })).toEqual([]);
  });
});

describe('CSV', () => {
  test('every matching entry, formulas neutralised, and the export itself recorded with its row count', async () => {
    await record({
      kind: 'user.created',
      actorId: hq.id,
      restaurantId: b.id,
      objectType: 'user',
      objectLabel: '=HYPERLINK("https://evil.example","click")',
      changes: { name: { from: null, to: '+31 6 1234' } },
    });
    const response = await t.request(hq.cookie, { method: 'GET', url: `/api/activity.csv?restaurantId=${b.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Activity)).toEqual(['user.created', 'restaurant.updated']);
    expect(rows[0]?.Object).toBe('user: =HYPERLINK("https://evil.example","click")');
    expect(rows[0]?.Changes).toBe('name: null → +31 6 1234');
    expect(rows[1]?.Restaurant).toBe('Brigade Rotterdam');

    const evil = await t.request(hq.cookie, { method: 'GET', url: '/api/activity.csv?kind=user.created' });
    const evilRows = parse(evil.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(evilRows[0]?.Object?.startsWith('user: ')).toBe(true);

    const exports = await page(hq.cookie, { kind: 'export' });
    expect(exports.items[1]).toMatchObject({
      actor: { id: hq.id },
      restaurant: { id: b.id },
      object: { type: 'export', label: 'activity' },
    });
    const details = (exports.items[1] as unknown as { details: Record<string, unknown> }).details;
    expect(details).toMatchObject({ list: 'activity', rows: 2 });
  });

  test("a cell that starts with a formula character is written as text (the object's label alone)", async () => {
    await record({ kind: 'setting.changed', actorId: null, actorLabel: '=1+2', objectLabel: 'formula' });
    const response = await t.request(hq.cookie, { method: 'GET', url: '/api/activity.csv?kind=setting.changed' });
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.Object === 'formula')?.Person).toBe("'=1+2");
  });

  test('every list export records which list, how many rows and the restaurant it was filtered to', async () => {
    for (const [url, list] of [
      [`/api/users/export.csv?restaurantId=${a.id}`, 'staff'],
      [`/api/audits/export.csv?restaurantId=${a.id}`, 'audits'],
      [`/api/actions/export.csv?restaurantId=${a.id}`, 'actions'],
      [`/api/training-assignments/export.csv?restaurantId=${a.id}`, 'trainingAssignments'],
    ] as const) {
      const response = await t.request(hq.cookie, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const lines = parse(response.body.replace(/^\uFEFF/, '')).length - 1;
      const [entry] = (await page(hq.cookie, { kind: 'export' })).items as unknown as {
        details: Record<string, unknown>;
        restaurant: { id: string } | null;
        actor: { id: string };
      }[];
      expect(entry?.details, url).toMatchObject({ list, rows: lines, filters: { restaurantId: a.id } });
      expect(entry?.restaurant?.id).toBe(a.id);
      expect(entry?.actor.id).toBe(hq.id);
    }
  });
});

describe('verify', () => {
  test('intact: every entry checked; a row edited in SQL (trigger bypassed as a superuser) is named', async () => {
    const intact = await t.request(hq.cookie, { method: 'POST', url: '/api/activity/verify', payload: {} });
    expect(intact.statusCode).toBe(200);
    const [{ count }] = (
      (await t.db.execute(sql`select count(*)::int as count from activity_log`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows as [{ count: number }];
    expect(intact.json()).toEqual({ ok: true, checked: count });

    const victim = (await page(hq.cookie, { kind: 'restaurant.updated' })).items[0] as Entry;
    await t.db.transaction(async (tx) => {
      // What only someone with the database's own superuser rights can do: the app's trigger refuses it.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update activity_log set object_label = 'Brigade Delft' where id = ${victim.id}`);
    });
    const broken = await t.request(hq.cookie, { method: 'POST', url: '/api/activity/verify', payload: {} });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ ok: false, firstBroken: { id: victim.id, reason: 'changed' } });
  });
});
