import { messages } from '@brigade/core/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sessions, users } from '../src/db/schema/users';
import { PASSWORD, sessionCookieOf, startTestApp } from './harness';

const t = await startTestApp();

describe('sign-in', () => {
  test('the right password starts an httpOnly, SameSite session that /api/me recognises', async () => {
    const user = await t.buildUser('hq');
    const { response, cookie } = await t.signIn(user.email);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.request(cookie, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email, role: 'hq' });
  });

  test('the email is matched case-insensitively, with surrounding spaces ignored', async () => {
    const user = await t.buildUser('staff');
    const typed = `  ${user.email.toUpperCase()}  `;
    expect(typed).not.toBe(user.email);
    const { response, cookie } = await t.signIn(typed);
    expect(response.statusCode, response.body).toBe(200);
    const me = await t.request(cookie, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
  });

  test('a wrong password is refused with the server message and no session', async () => {
    const user = await t.buildUser('staff');
    const { response, cookie } = await t.signIn(user.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    expect(cookie).toBeUndefined();
  });

  test('an unknown email gets the same answer as a wrong password', async () => {
    const { response, cookie } = await t.signIn('nobody@example.com', PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    expect(cookie).toBeUndefined();
  });

  test('a deactivated account cannot sign in and is told so', async () => {
    const user = await t.buildUser('staff', { isActive: false });
    const { response, cookie } = await t.signIn(user.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.accountDeactivated);
    expect(cookie).toBeUndefined();
  });

  test('deactivating a signed-in person ends their access at once', async () => {
    const user = await t.signedIn('staff');
    expect((await t.request(user.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const after = await t.request(user.cookie, { method: 'GET', url: '/api/me' });
    expect(after.statusCode).toBe(401);
  });

  test('a cross-site sign-in POST is refused', async () => {
    const user = await t.buildUser('hq');
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: PASSWORD },
      headers: { origin: 'https://evil.example.net' },
    });
    expect(response.statusCode).toBe(403);
    expect(sessionCookieOf(response.headers['set-cookie'])).toBeUndefined();
  });
});

describe('sign-out and session end', () => {
  test('sign-out ends the session on the server, not only in the browser', async () => {
    const user = await t.signedIn('manager');
    const out = await t.request(user.cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    const replay = await t.request(user.cookie, { method: 'GET', url: '/api/me' });
    expect(replay.statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  test('an expired session is refused with 401', async () => {
    const user = await t.signedIn('staff');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await t.request(user.cookie, { method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to continue.');
  });

  test('a session in use is renewed: its expiry moves forward', async () => {
    const user = await t.signedIn('staff');
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await t.db
      .update(sessions)
      .set({ expiresAt: soon, updatedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await t.request(user.cookie, { method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60 * 1000);
  });

  test('a forged cookie is refused', async () => {
    const response = await t.request('better-auth.session_token=forged.value', { method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('sign-in rate limit', async () => {
  const limited = await startTestApp({ signInRateLimit: 3 });

  // Better Auth keeps its counters per process, so this test uses addresses of its own.
  const attacker = { remoteAddress: '203.0.113.7' };

  test('after the allowed attempts from one address, further attempts get 429', async () => {
    const user = await limited.buildUser('staff');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await limited.signIn(user.email, 'wrong-password', attacker)).response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Even the right password waits out the window...
    expect((await limited.signIn(user.email, undefined, attacker)).response.statusCode).toBe(429);
    // ...while another address is not held up.
    expect((await limited.signIn(user.email, undefined, { remoteAddress: '203.0.113.8' })).response.statusCode).toBe(
      200,
    );
  });
});
