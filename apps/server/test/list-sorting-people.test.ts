import { selectRestaurantMessages } from '@brigade/core/messages';
import type { RestaurantPage } from '@brigade/core/schemas/restaurants';
import type { StaffPage } from '@brigade/core/schemas/users';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { CSV_BATCH_ROWS } from '../src/http/send-csv';
import { insertBulkPeople } from './bulk-people';
import { startTestApp } from './harness';

/**
 * Issue 21: Staff Management and the restaurants list sort in SQL by the column the query
 * string names, in either direction, the id breaking ties so no row shows twice across
 * pages; filters arrive URL-encoded; a sort the list does not offer is a 400 with a field
 * message. The staff CSV export is the same list (search, restaurant, sort, scope), every
 * page of it, with its formula guard.
 */
const t = await startTestApp();
const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

const sorting = await t.buildRestaurant({ name: 'Brigade Sorting' });
const elsewhere = await t.buildRestaurant({ name: 'Brigade Elsewhere' });
const paging = await t.buildRestaurant({ name: 'Brigade Paging' });
const staffroom = await t.buildRestaurant({ name: 'Brigade Staffroom' });
const hq = await t.signedIn('hq');
const staffCaller = await t.signedIn('staff', { restaurantIds: [staffroom.id] });
const otherManager = await t.signedIn('manager', { restaurantIds: [elsewhere.id] });

const trainingIds = await Promise.all(
  Array.from({ length: 6 }, async (_, n) => {
    const [row] = await t.db
      .insert(trainings)
      .values({ title: `Training ${n + 1}`, description: 'Step by step.' })
      .returning({ id: trainings.id });
    if (!row) throw new Error('training not inserted');
    return row.id;
  }),
);

/**
 * A person of Brigade Sorting with the email, role, status and trainings (completed of
 * assigned) given, so each column orders them differently.
 */
async function person(
  name: string,
  email: string,
  role: 'staff' | 'manager' | 'hq',
  trainingsDone: { completed: number; assigned: number },
  options: { isActive?: boolean; restaurantIds?: string[] } = {},
) {
  const built = await t.buildUser(role, { name, isActive: options.isActive, restaurantIds: options.restaurantIds });
  await t.db.update(users).set({ email }).where(eq(users.id, built.id));
  if (trainingsDone.assigned > 0) {
    await t.db.insert(staffTrainingAssignments).values(
      trainingIds.slice(0, trainingsDone.assigned).map((trainingId, n) => ({
        staffId: built.id,
        trainingId,
        completedAt: n < trainingsDone.completed ? new Date('2026-11-20T10:00:00Z') : null,
      })),
    );
  }
  return { id: built.id, name, email };
}

const annaVries = await person(
  'Anna de Vries',
  'zz.anna@example.com',
  'staff',
  { completed: 1, assigned: 4 },
  {
    restaurantIds: [sorting.id],
  },
);
const annaWit = await person(
  'Anna de Wit',
  'yy.wit@example.com',
  'staff',
  { completed: 2, assigned: 2 },
  {
    isActive: false,
    restaurantIds: [sorting.id],
  },
);
// Bram manages Brigade Sorting: the manager whose view the tests below use.
const bram = await person(
  'Bram Jansen',
  'aa.bram@example.com',
  'manager',
  { completed: 0, assigned: 0 },
  {
    restaurantIds: [sorting.id],
  },
);
const chloe = await person(
  'Chloé Bakker',
  'mm.chloe@example.com',
  'hq',
  { completed: 0, assigned: 1 },
  {
    restaurantIds: [sorting.id],
  },
);
const daan = await person(
  'Daan Visser',
  'bb.daan@example.com',
  'staff',
  { completed: 3, assigned: 6 },
  {
    restaurantIds: [sorting.id, elsewhere.id],
  },
);
const annaBoer = await person(
  'Anna de Boer',
  'anna.boer@example.com',
  'staff',
  { completed: 0, assigned: 0 },
  {
    restaurantIds: [elsewhere.id],
  },
);
const manager = { ...bram, cookie: (await t.signIn(bram.email)).cookie ?? '' };

/** The ids of a list reply, in the order the server sent them. */
async function idsOf(cookie: string, url: string): Promise<string[]> {
  const response = await get(cookie, url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as StaffPage | RestaurantPage).items.map((row) => row.id);
}

const ids = (...rows: { id: string }[]) => rows.map((row) => row.id);
const reversed = (list: string[]) => [...list].reverse();

describe('Staff Management sorts by the column asked for', () => {
  const ofSorting = `restaurantId=${sorting.id}`;
  const ascending = {
    name: ids(annaVries, annaWit, bram, chloe, daan),
    email: ids(bram, daan, chloe, annaWit, annaVries),
    // hq, manager, staff; then by name.
    role: ids(chloe, bram, annaVries, annaWit, daan),
    // The inactive first (false before true); then by name.
    status: ids(annaWit, annaVries, bram, chloe, daan),
    // Share completed: 0/1, 1/4, 3/6, then the 100%s by number assigned: 0/0, 2/2.
    trainings: ids(chloe, annaVries, daan, bram, annaWit),
  };

  test.each(Object.entries(ascending))('hq, by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/users?${ofSorting}&sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/users?${ofSorting}&sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('by name without a sort, ascending with a sort but no order', async () => {
    expect(await idsOf(hq.cookie, `/api/users?${ofSorting}`)).toEqual(ascending.name);
    expect(await idsOf(hq.cookie, `/api/users?${ofSorting}&sort=trainings`)).toEqual(ascending.trainings);
  });

  test("a manager's view is their restaurant's staff, sorted the same way", async () => {
    expect(await idsOf(manager.cookie, `/api/users?${ofSorting}&sort=trainings`)).toEqual(
      ids(annaVries, daan, annaWit),
    );
    expect(await idsOf(manager.cookie, `/api/users?${ofSorting}&sort=email&order=desc`)).toEqual(
      ids(annaVries, annaWit, daan),
    );
    expect(await idsOf(manager.cookie, `/api/users?${ofSorting}&sort=status`)).toEqual(ids(annaWit, annaVries, daan));
  });

  test('the search and the restaurant arrive URL-encoded and filter the sorted list', async () => {
    expect(await idsOf(hq.cookie, '/api/users?search=Anna%20de&sort=name&order=desc')).toEqual(
      ids(annaWit, annaVries, annaBoer),
    );
    expect(await idsOf(hq.cookie, `/api/users?search=Anna%20de&restaurantId=${sorting.id}&sort=status`)).toEqual(
      ids(annaWit, annaVries),
    );
    // Search covers restaurant names too: "Elsewhere" finds Daan (there and in Sorting) and Anna de Boer.
    expect(await idsOf(hq.cookie, '/api/users?search=brigade%20ELSEWHERE&sort=name')).toEqual(
      ids(annaBoer, daan, otherManager),
    );
    // "%25" is a percent sign, searched for as text, not as a wildcard.
    expect(await idsOf(hq.cookie, `/api/users?search=%25&${ofSorting}`)).toEqual([]);
  });

  test('a sort or an order the list does not offer is refused with a field message', async () => {
    const badSort = await get(hq.cookie, '/api/users?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toEqual({ sort: 'Sort must be one of name, email, role, status, trainings' });
    const badOrder = await get(manager.cookie, `/api/users?${ofSorting}&sort=name&order=sideways`);
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fields).toEqual({ order: 'Order must be asc or desc' });
  });
});

// Seven people alike in every sorted column but their email: only their ids tell them apart.
const twins = await Promise.all(
  Array.from({ length: 7 }, (_, n) =>
    person(
      'Twin Alike',
      `twin${n}@example.com`,
      'staff',
      { completed: 1, assigned: 2 },
      {
        restaurantIds: [paging.id],
      },
    ),
  ),
);

describe('paging is stable whatever the sort', () => {
  const byId = twins.map((twin) => twin.id).sort();

  test.each(['name', 'role', 'status', 'trainings'] as const)(
    'by %s, pages of 3 hold every person once, in id order among equals',
    async (sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const pages: string[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const url = `/api/users?restaurantId=${paging.id}&sort=${sort}&order=${order}&page=${page}&pageSize=3`;
          const response = await get(hq.cookie, url);
          expect(response.json()).toMatchObject({ total: 7, page, pageSize: 3 });
          pages.push(...(response.json() as StaffPage).items.map((item) => item.id));
        }
        expect(pages).toEqual(order === 'asc' ? byId : reversed(byId));
      }
    },
  );
});

const kit = async (name: string, email: string | null, isActive: boolean) =>
  t.buildRestaurant({ name: `Sortkit ${name}`, email, isActive });
const alpha = await kit('Alpha', 'c@example.com', true);
const beta = await kit('Beta', null, false);
const gamma = await kit('Gamma', 'a@example.com', true);
const delta = await kit('Delta', 'b@example.com', false);

describe('the restaurants list sorts by the column asked for', () => {
  const ascending = {
    name: ids(alpha, beta, delta, gamma),
    // No email last when ascending (and so first when descending).
    email: ids(gamma, delta, alpha, beta),
    status: ids(beta, delta, alpha, gamma),
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/restaurants?search=sortkit&sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/restaurants?search=sortkit&sort=${column}&order=desc`)).toEqual(
      reversed(order),
    );
  });

  test('by name without a sort; the search arrives URL-encoded', async () => {
    expect(await idsOf(hq.cookie, '/api/restaurants?search=sortkit')).toEqual(ascending.name);
    expect(await idsOf(hq.cookie, '/api/restaurants?search=SORTKIT%20d&sort=status&order=desc')).toEqual(ids(delta));
  });

  test('restaurants of the same name keep their places from page to page', async () => {
    const same = await Promise.all(Array.from({ length: 5 }, () => t.buildRestaurant({ name: 'Twin Kitchen' })));
    const byId = same.map((restaurant) => restaurant.id).sort();
    for (const order of ['asc', 'desc'] as const) {
      const pages: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        pages.push(
          ...(await idsOf(hq.cookie, `/api/restaurants?search=twin%20kitchen&order=${order}&page=${page}&pageSize=2`)),
        );
      }
      expect(pages).toEqual(order === 'asc' ? byId : reversed(byId));
    }
  });

  test('a sort the list does not offer is refused with a field message; only hq lists restaurants', async () => {
    const response = await get(hq.cookie, '/api/restaurants?sort=city');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ sort: 'Sort must be one of name, email, status' });
    expect((await get(manager.cookie, '/api/restaurants?sort=name')).statusCode).toBe(403);
    expect((await get(undefined, '/api/restaurants?sort=name')).statusCode).toBe(401);
  });
});

/** A CSV reply as its records, the header row first. */
function recordsOf(body: string): string[][] {
  return parse(body, { bom: true });
}

const HEADER = ['Name', 'Email', 'Role', 'Status', 'Restaurants', 'Trainings completed', 'Trainings assigned'];

describe('the staff CSV export', () => {
  test('a header row, then the filtered list in its sort, one person per row', async () => {
    const response = await get(hq.cookie, `/api/users/export.csv?restaurantId=${sorting.id}&sort=trainings`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="staff-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(recordsOf(response.body)).toEqual([
      HEADER,
      ['Chloé Bakker', 'mm.chloe@example.com', 'HQ', 'Active', 'Brigade Sorting', '0', '1'],
      ['Anna de Vries', 'zz.anna@example.com', 'Staff', 'Active', 'Brigade Sorting', '1', '4'],
      ['Daan Visser', 'bb.daan@example.com', 'Staff', 'Active', 'Brigade Elsewhere; Brigade Sorting', '3', '6'],
      ['Bram Jansen', 'aa.bram@example.com', 'Manager', 'Active', 'Brigade Sorting', '0', '0'],
      ['Anna de Wit', 'yy.wit@example.com', 'Staff', 'Inactive', 'Brigade Sorting', '2', '2'],
    ]);
  });

  test('the rows are those of the list with the same search, restaurant and sort', async () => {
    for (const query of [
      'search=Anna%20de&sort=name&order=desc',
      `search=Anna%20de&restaurantId=${sorting.id}&sort=status`,
      'search=brigade%20ELSEWHERE&sort=email',
    ]) {
      const list = (await get(hq.cookie, `/api/users?${query}`)).json() as StaffPage;
      const exported = recordsOf((await get(hq.cookie, `/api/users/export.csv?${query}`)).body);
      expect(exported.slice(1).map((record) => record[1])).toEqual(list.items.map((item) => item.email));
      expect(exported.slice(1).length, query).toBeGreaterThan(0);
    }
  });

  test("a manager exports their restaurant's staff only", async () => {
    const response = await get(manager.cookie, `/api/users/export.csv?restaurantId=${sorting.id}&sort=name`);
    expect(response.statusCode).toBe(200);
    expect(recordsOf(response.body).map((record) => record[0])).toEqual([
      'Name',
      'Anna de Vries',
      'Anna de Wit',
      'Daan Visser',
    ]);
  });

  test('refused as the list is: another restaurant, no restaurant, staff, signed out; a bad sort', async () => {
    const otherRestaurant = await get(manager.cookie, `/api/users/export.csv?restaurantId=${elsewhere.id}`);
    expect(otherRestaurant.statusCode).toBe(403);
    expect(otherRestaurant.headers['content-disposition']).toBeUndefined();
    const noRestaurant = await get(manager.cookie, '/api/users/export.csv');
    expect(noRestaurant.statusCode).toBe(400);
    expect(noRestaurant.json()).toMatchObject({ fields: { restaurantId: selectRestaurantMessages.staff } });
    expect((await get(staffCaller.cookie, `/api/users/export.csv?restaurantId=${sorting.id}`)).statusCode).toBe(403);
    expect((await get(undefined, `/api/users/export.csv?restaurantId=${sorting.id}`)).statusCode).toBe(401);
    const badSort = await get(hq.cookie, '/api/users/export.csv?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toEqual({ sort: 'Sort must be one of name, email, role, status, trainings' });
  });

  test('a name or a restaurant that a spreadsheet would run as a formula is written as text', async () => {
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/restaurants',
      payload: { name: '@Brigade Formula', city: 'Utrecht', country: 'Netherlands', address: 'Main 1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const formula = created.json() as { id: string };
    const saved = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: '=HYPERLINK("http://evil.test","x")',
        email: 'formula@example.com',
        password: 'secret1',
        role: 'staff',
        selectedRestaurants: [formula.id],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const response = await get(hq.cookie, `/api/users/export.csv?restaurantId=${formula.id}`);
    expect(recordsOf(response.body)).toEqual([
      HEADER,
      [`'=HYPERLINK("http://evil.test","x")`, 'formula@example.com', 'Staff', 'Active', "'@Brigade Formula", '0', '0'],
    ]);
  });

  test('a list longer than one batch comes whole: every person once, in order', async () => {
    const bulk = await t.buildRestaurant({ name: 'Brigade Bulk' });
    const count = CSV_BATCH_ROWS + 5;
    await insertBulkPeople(t.db, bulk.id, count);
    const response = await get(hq.cookie, `/api/users/export.csv?restaurantId=${bulk.id}&sort=name&order=desc`);
    const names = recordsOf(response.body)
      .slice(1)
      .map((record) => record[0]);
    expect(names).toEqual(Array.from({ length: count }, (_, n) => `Bulk Person ${String(count - n).padStart(5, '0')}`));
  });
});
