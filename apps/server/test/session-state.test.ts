import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

const t = await startTestApp();
const session = (cookie: string | undefined) => t.request(cookie, { method: 'GET', url: '/api/session' });

describe('the web app’s session check (issue 31)', () => {
  test('signed out is an answer, not a failure: 200 with no user, where /api/me answers 401', async () => {
    const response = await session(undefined);
    expect([response.statusCode, response.json()]).toEqual([200, { user: null }]);
    expect((await t.request(undefined, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await session('better-auth.session_token=forged.signature');
    expect([forged.statusCode, forged.json()]).toEqual([200, { user: null }]);
  });

  test('signed in, it names the person as /api/me does', async () => {
    const restaurant = await t.buildRestaurant();
    const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const me = (await t.request(staff.cookie, { method: 'GET', url: '/api/me' })).json();
    expect(me).toMatchObject({ id: staff.id, role: 'staff', restaurants: [{ id: restaurant.id }] });
    expect((await session(staff.cookie)).json()).toEqual({ user: me });
  });

  test('a deactivated person’s session is no one’s', async () => {
    const staff = await t.signedIn('staff');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, staff.id));
    expect((await session(staff.cookie)).json()).toEqual({ user: null });
  });
});
