import { describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const other = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
const closed = await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id, closed.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

describe('signed out', () => {
  test.each(['/api/me', '/api/profile', '/api/restaurants', `/api/restaurants/${mine.id}`])(
    'GET %s answers 401',
    async (url) => {
      const response = await get(undefined, url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue.' });
    },
  );
});

describe('/api/me', () => {
  test('a manager gets their active restaurants only, by name', async () => {
    const response = await get(manager.cookie, '/api/me');
    expect(response.json()).toMatchObject({ role: 'manager', restaurants: [{ id: mine.id, name: 'Brigade Utrecht' }] });
  });

  test('staff get their role and restaurant', async () => {
    expect((await get(staff.cookie, '/api/me')).json()).toMatchObject({
      role: 'staff',
      restaurants: [{ id: mine.id }],
    });
  });
});

describe('restaurants list is for hq only', () => {
  test('hq lists every restaurant, searched in SQL', async () => {
    const all = await get(hq.cookie, '/api/restaurants');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    const found = await get(hq.cookie, '/api/restaurants?search=rotter');
    expect(found.json().items.map((r: { name: string }) => r.name)).toEqual(['Brigade Rotterdam']);
  });

  test('a search for % matches it literally, not everything', async () => {
    expect((await get(hq.cookie, '/api/restaurants?search=%25')).json().total).toBe(0);
  });

  test.each([
    ['manager', () => manager.cookie],
    ['staff', () => staff.cookie],
  ])('%s is refused with 403', async (_role, cookie) => {
    const response = await get(cookie(), '/api/restaurants');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You do not have permission to do this.');
  });

  test('a bad page size is a 400 with the field named', async () => {
    const response = await get(hq.cookie, '/api/restaurants?pageSize=100000');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['pageSize']);
  });
});

describe('a restaurant is reached only within scope', () => {
  test('hq reaches any restaurant', async () => {
    for (const restaurant of [mine, other, closed]) {
      const response = await get(hq.cookie, `/api/restaurants/${restaurant.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: restaurant.id, name: restaurant.name });
    }
  });

  test('a manager reaches their own restaurant', async () => {
    expect((await get(manager.cookie, `/api/restaurants/${mine.id}`)).json()).toMatchObject({
      name: 'Brigade Utrecht',
    });
  });

  test("a manager cannot open another restaurant's record", async () => {
    const response = await get(manager.cookie, `/api/restaurants/${other.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have access to this restaurant.' });
  });

  test("staff cannot open another restaurant's record", async () => {
    const response = await get(staff.cookie, `/api/restaurants/${other.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have access to this restaurant.' });
  });

  test('a missing restaurant is 404 and a malformed id is 400', async () => {
    const missing = await get(hq.cookie, '/api/restaurants/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Restaurant not found');
    const malformed = await get(hq.cookie, '/api/restaurants/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ id: 'Invalid id' });
  });
});
