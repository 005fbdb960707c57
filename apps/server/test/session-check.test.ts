import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { sessions, users } from '../src/db/schema/users';
import { startTestApp } from './harness';

const t = await startTestApp();
const me = (cookie: string | undefined) => t.request(cookie, { method: 'GET', url: '/api/me' });
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The session row behind a cookie `better-auth.session_token=<token>.<signature>`. */
function tokenOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

describe('the session check (one prepared lookup per request)', () => {
  test('a cookie whose signature is not the server’s is refused, whatever the token', async () => {
    const { cookie } = await t.signedIn('staff');
    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = tokenOf(cookie);
    const signature = decoded.slice(decoded.lastIndexOf('.') + 1);
    const forged = [
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}.`)}`,
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      // The signature of this token on another token.
      `${name}=${encodeURIComponent(`${token.slice(1)}x.${signature}`)}`,
      // The same signature in base64url: Better Auth would refuse it, so does the check.
      `${name}=${encodeURIComponent(`${token}.${signature.replaceAll('+', '-').replaceAll('/', '_')}`)}`,
      `other=${value}`,
    ].filter((forgery) => forgery !== cookie);
    expect(forged.length).toBeGreaterThanOrEqual(5);
    for (const forgery of forged) expect((await me(forgery)).statusCode, forgery).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  test('an expired session is refused, and one due for renewal is renewed by Better Auth', async () => {
    const { cookie } = await t.signedIn('staff');
    const token = tokenOf(cookie);
    // Seven days (sessionDays in the harness) less an hour and a minute from now: renewed.
    const due = new Date(Date.now() + 7 * DAY - HOUR - 60_000);
    await t.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(200);
    const [renewed] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 30_000);

    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  test('a session not yet due for renewal is read, not written', async () => {
    const { cookie } = await t.signedIn('staff');
    const token = tokenOf(cookie);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(200);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });

  test('deactivation, a deleted session and a changed role take effect on the next request', async () => {
    const deactivated = await t.signedIn('staff');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    expect((await me(deactivated.cookie)).statusCode).toBe(401);

    const signedOut = await t.signedIn('staff');
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(signedOut.cookie)));
    expect((await me(signedOut.cookie)).statusCode).toBe(401);

    const promoted = await t.signedIn('staff');
    expect((await t.request(promoted.cookie, { method: 'GET', url: '/api/users?page=1' })).statusCode).toBe(403);
    await t.db.update(users).set({ role: 'hq' }).where(eq(users.id, promoted.id));
    expect((await t.request(promoted.cookie, { method: 'GET', url: '/api/users?page=1' })).statusCode).toBe(200);
  });

  test('a manager’s restaurants are read on every request: an unassigned restaurant is refused at once', async () => {
    const restaurant = await t.buildRestaurant();
    const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
    const read = () => t.request(manager.cookie, { method: 'GET', url: `/api/restaurants/${restaurant.id}` });
    expect((await read()).statusCode).toBe(200);
    await t.db
      .delete(staffRestaurantAssignments)
      .where(
        and(
          eq(staffRestaurantAssignments.userId, manager.id),
          eq(staffRestaurantAssignments.restaurantId, restaurant.id),
        ),
      );
    expect((await read()).statusCode).toBe(403);
  });
});
