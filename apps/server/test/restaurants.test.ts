import { messages } from '@brigade/core/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { restaurants } from '../src/db/schema/restaurants';
import { startTestApp } from './harness';

const t = await startTestApp();
const hq = await t.signedIn('hq');
const home = await t.buildRestaurant({ name: 'Brigade Home' });
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });

const valid = {
  name: 'Brigade Haarlem',
  city: 'Haarlem',
  country: 'Netherlands',
  address: 'Grote Markt 1',
  email: 'Haarlem@Example.com',
  posId: 'POS-77',
  googlePlaceId: 'ChIJ-haarlem',
  uberEatsId: '',
  takeawayId: null,
};

const send = (cookie: string | undefined, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request(cookie, { method, url, payload });

describe('adding and editing restaurants (hq)', () => {
  test('a new restaurant starts active; blanks become empty values and the email is lower-cased', async () => {
    const response = await send(hq.cookie, 'POST', '/api/restaurants', valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Brigade Haarlem',
      email: 'haarlem@example.com',
      posId: 'POS-77',
      googlePlaceId: 'ChIJ-haarlem',
      uberEatsId: null,
      takeawayId: null,
      deliverooId: null,
      isActive: true,
    });
  });

  test('required fields and a malformed email get the spec messages; nothing is stored', async () => {
    const before = await t.db.$count(restaurants);
    const response = await send(hq.cookie, 'POST', '/api/restaurants', { name: ' ', email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.nameRequired,
      city: messages.cityRequired,
      country: messages.countryRequired,
      address: messages.addressRequired,
      email: messages.invalidEmail,
    });
    expect(await t.db.$count(restaurants)).toBe(before);
  });

  test('edit changes the fields; toggle flips is_active both ways', async () => {
    const created = (await send(hq.cookie, 'POST', '/api/restaurants', { ...valid, name: 'Brigade Leiden' })).json();
    const edited = await send(hq.cookie, 'PUT', `/api/restaurants/${created.id}`, {
      ...valid,
      name: 'Brigade Leiden Centrum',
      deliverooId: 'DEL-1',
    });
    expect(edited.json()).toMatchObject({ name: 'Brigade Leiden Centrum', deliverooId: 'DEL-1', isActive: true });
    const off = await send(hq.cookie, 'PATCH', `/api/restaurants/${created.id}/active`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    const on = await send(hq.cookie, 'PATCH', `/api/restaurants/${created.id}/active`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, created.id));
    expect(row).toMatchObject({ name: 'Brigade Leiden Centrum', deliverooId: 'DEL-1', isActive: true });
  });

  test('editing a missing restaurant is 404 and creates nothing', async () => {
    const before = await t.tableDigests();
    const response = await send(hq.cookie, 'PUT', '/api/restaurants/00000000-0000-4000-8000-000000000000', valid);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Restaurant not found');
    expect(await t.tableDigests()).toEqual(before);
  });
});

describe('searching (in SQL)', () => {
  test('finds by name, city, address, email and POS id', async () => {
    await send(hq.cookie, 'POST', '/api/restaurants', {
      ...valid,
      name: 'Brigade Zwolle',
      city: 'Zwolle',
      posId: 'ZW-123',
    });
    for (const search of ['zwolle', 'ZW-123', 'grote markt']) {
      const found = await t.request(hq.cookie, {
        method: 'GET',
        url: `/api/restaurants?search=${encodeURIComponent(search)}`,
      });
      expect(found.json().items.map((r: { name: string }) => r.name)).toContain('Brigade Zwolle');
    }
  });

  test('pages are bounded and counted', async () => {
    for (const name of ['Brigade Page A', 'Brigade Page B', 'Brigade Page C']) await t.buildRestaurant({ name });
    const first = (await t.request(hq.cookie, { method: 'GET', url: '/api/restaurants?pageSize=2' })).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(await t.db.$count(restaurants));
  });

  test('options list active restaurants only', async () => {
    const closed = await t.buildRestaurant({ name: 'Brigade Gesloten', isActive: false });
    const options = (await t.request(hq.cookie, { method: 'GET', url: '/api/restaurants/options' })).json();
    const ids = options.map((o: { id: string }) => o.id);
    expect(ids).toContain(home.id);
    expect(ids).not.toContain(closed.id);
  });
});

describe('deleting', () => {
  test('a restaurant without history is deleted', async () => {
    const created = (await send(hq.cookie, 'POST', '/api/restaurants', { ...valid, name: 'Brigade Tijdelijk' })).json();
    const response = await send(hq.cookie, 'DELETE', `/api/restaurants/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(restaurants).where(eq(restaurants.id, created.id))).toHaveLength(0);
  });

  test('a restaurant with staff is refused with the reason and kept', async () => {
    const response = await send(hq.cookie, 'DELETE', `/api/restaurants/${home.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.restaurantHasHistory);
    expect(await t.db.select().from(restaurants).where(eq(restaurants.id, home.id))).toHaveLength(1);
  });

  test('a restaurant with audits is refused too', async () => {
    const audited = await t.buildRestaurant({ name: 'Brigade Audited' });
    await t.db.insert(audits).values({ restaurantId: audited.id, auditedBy: hq.id });
    const before = await t.tableDigests();
    const response = await send(hq.cookie, 'DELETE', `/api/restaurants/${audited.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.restaurantHasHistory);
    expect(await t.tableDigests()).toEqual(before);
  });
});

describe('only hq manages restaurants', () => {
  const attempts = [
    ['POST', '/api/restaurants', valid],
    ['PUT', `/api/restaurants/${home.id}`, valid],
    ['PATCH', `/api/restaurants/${home.id}/active`, { isActive: false }],
    ['DELETE', `/api/restaurants/${home.id}`, undefined],
  ] as const;

  test.each(attempts)('manager and staff: %s %s is 403 and changes nothing', async (method, url, payload) => {
    const before = await t.tableDigests();
    for (const caller of [manager, staff]) {
      const response = await send(caller.cookie, method, url, payload);
      expect(response.statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants.id, home.id));
    expect(row).toMatchObject({ name: 'Brigade Home', isActive: true });
  });

  test.each(attempts)('signed out: %s %s is 401 and changes nothing', async (method, url, payload) => {
    const before = await t.tableDigests();
    expect((await send(undefined, method, url, payload)).statusCode).toBe(401);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('options are hq-only too', async () => {
    for (const caller of [manager, staff]) {
      const response = await t.request(caller.cookie, { method: 'GET', url: '/api/restaurants/options' });
      expect([response.statusCode, response.json()]).toEqual([403, { message: expect.any(String) }]);
    }
  });
});
