import { messages } from '@brigade/core/messages';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { AUTH_ENDPOINTS } from '../src/auth/routes';
import { loggerOptions } from '../src/logging';
import { captureLogs } from './captured-logs';
import { PASSWORD, startTestApp } from './harness';

/**
 * Issue 15, point 5: Better Auth's endpoints that the app does not use are not answered.
 * The web app signs in and out through Better Auth and nothing else; every other path
 * under /api/auth gets our JSON 404 without reaching it, however it is spelled, so no
 * name, email, password, role or session changes except through our own routes' rules.
 */

const logs = captureLogs();

const t = await startTestApp({ logger: { ...loggerOptions('trace'), stream: logs.stream } });

/** Every row of the tables Better Auth writes: users, their credentials, sessions, verifications. */
async function authTables(): Promise<string> {
  const { rows } = (await t.db.execute(
    sql.raw(
      ['users', 'accounts', 'sessions', 'verifications']
        .map(
          (name) =>
            `select '${name}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`,
        )
        .join(' union all '),
    ),
  )) as { rows: { t: string; n: number; h: string }[] };
  // Sorted here: a union's rows come in no set order (PostgreSQL may run its parts in parallel).
  return rows
    .map((row) => `${row.t}:${row.n}:${row.h}`)
    .sort()
    .join(' ');
}

const hq = await t.signedIn('hq');
const staff = await t.signedIn('staff');
/** A second session of the hq person, which change-password with revokeOtherSessions: false would have kept. */
const { cookie: hqOtherDevice } = await t.signIn(hq.email);
const me = (cookie: string | undefined) => t.request(cookie, { method: 'GET', url: '/api/me' });

const HUGE_NAME = 'N'.repeat(900 * 1024);

/** Better Auth endpoints of its core and of the admin plugin, with a body each would act on. */
const UNUSED: [method: 'GET' | 'POST', path: string, body?: Record<string, unknown>][] = [
  ['POST', 'update-user', { name: '' }],
  ['POST', 'update-user', { name: '   ' }],
  ['POST', 'update-user', { name: '<img src=x onerror=alert(1)>'.repeat(180) }],
  ['POST', 'update-user', { name: { a: 1 } }],
  ['POST', 'update-user', { name: 'Renamed', image: 'https://evil.example/x.png', role: 'staff' }],
  ['POST', 'change-password', { currentPassword: PASSWORD, newPassword: 'taken-over-1', revokeOtherSessions: false }],
  ['POST', 'change-email', { newEmail: 'attacker@example.com' }],
  ['POST', 'set-password', { newPassword: 'taken-over-2' }],
  ['POST', 'sign-up/email', { name: 'Walk In', email: 'walk.in@example.com', password: 'walk-in-pass' }],
  ['POST', 'delete-user', { password: PASSWORD }],
  ['POST', 'update-session', {}],
  ['GET', 'get-session'],
  ['POST', 'get-session', {}],
  ['GET', 'list-sessions'],
  ['POST', 'revoke-session', { token: 'x' }],
  ['POST', 'revoke-sessions', {}],
  ['POST', 'revoke-other-sessions', {}],
  ['GET', 'list-accounts'],
  ['POST', 'unlink-account', { providerId: 'credential' }],
  ['POST', 'forget-password', { email: 'hq1@example.com' }],
  ['GET', 'reset-password/some-token'],
  ['GET', 'verify-email?token=x'],
  ['POST', 'send-verification-email', { email: 'hq1@example.com' }],
  ['POST', 'sign-in/social', { provider: 'google' }],
  ['GET', 'callback/google'],
  ['GET', 'ok'],
  ['GET', 'error'],
  ['GET', 'reference'],
  ['POST', 'admin/set-role', { userId: 'STAFF', role: 'hq' }],
  ['POST', 'admin/create-user', { email: 'made@example.com', password: 'made-up-pass', name: 'Made', role: 'hq' }],
  ['POST', 'admin/ban-user', { userId: 'STAFF' }],
  ['POST', 'admin/unban-user', { userId: 'STAFF' }],
  ['POST', 'admin/remove-user', { userId: 'STAFF' }],
  ['POST', 'admin/set-user-password', { userId: 'STAFF', newPassword: 'taken-over-4' }],
  ['POST', 'admin/update-user', { userId: 'STAFF', data: { name: 'Renamed' } }],
  ['POST', 'admin/impersonate-user', { userId: 'STAFF' }],
  ['POST', 'admin/stop-impersonating', {}],
  ['POST', 'admin/revoke-user-sessions', { userId: 'STAFF' }],
  ['POST', 'admin/list-user-sessions', { userId: 'STAFF' }],
  ['GET', 'admin/list-users'],
  ['POST', 'admin/has-permission', { permissions: { user: ['set-role'] } }],
];

/** The body with the staff member's id where it says STAFF. */
const withIds = (body: Record<string, unknown> | undefined) =>
  body && JSON.parse(JSON.stringify(body).replaceAll('"STAFF"', JSON.stringify(staff.id)));

describe('Better Auth endpoints the app does not use', () => {
  test('the server answers only sign-in, sign-out, the password reset and the passkey sign-in of them', () => {
    // The reset endpoints (issue 20) are proven in password-reset.test.ts; their GET
    // callback (`reset-password/:token`) stays unused: the emailed link opens the web app.
    // The passkey sign-in (issue 36) is our own plugin's, proven in passkeys.test.ts.
    expect(AUTH_ENDPOINTS).toEqual([
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/passkey/sign-in-options',
      '/api/auth/passkey/sign-in',
    ]);
  });

  test.each(UNUSED.map(([method, path, body]) => [`${method} /api/auth/${path}`, method, path, body] as const))(
    '%s: our 404, as hq, and nothing changes',
    async (_, method, path, body) => {
      const before = await authTables();
      const response = await t.request(hq.cookie, { method, url: `/api/auth/${path}`, payload: withIds(body) });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^No such endpoint: /) });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await authTables()).toBe(before);
    },
  );

  test('afterwards everyone is as they were: names, passwords, roles and every session', async () => {
    expect((await me(hq.cookie)).json()).toMatchObject({ id: hq.id, role: 'hq', name: expect.stringMatching(/^hq /) });
    expect((await me(hqOtherDevice)).statusCode).toBe(200);
    expect((await me(staff.cookie)).json()).toMatchObject({ id: staff.id, role: 'staff' });
    expect((await t.signIn(hq.email)).response.statusCode).toBe(200);
    expect((await t.signIn('walk.in@example.com', 'walk-in-pass')).response.statusCode).toBe(401);
    expect((await t.signIn('made@example.com', 'made-up-pass')).response.statusCode).toBe(401);
  });

  test('no spelling of a path reaches another endpoint: case, slashes, escapes, dot segments, queries', async () => {
    const spellings = [
      '/api/auth/update-user/',
      '/api/auth//update-user',
      '/api/auth/update-user//',
      '/API/AUTH/UPDATE-USER',
      '/api/auth/Update-User',
      '/api/auth/update%2Duser',
      '/api/auth/update%2duser',
      '/api/auth/%75pdate-user',
      '/api/auth/./update-user',
      '/api/auth/sign-out/../update-user',
      '/api/auth/sign-out/%2E%2E/update-user',
      '/api/auth/sign-out%2F..%2Fupdate-user',
      '/api/auth/sign-in/email/../../update-user',
      '/api/auth/sign-in%2Femail%2F..%2F..%2Fupdate-user',
      '/api/auth/update-user?x=1',
      '/api/auth/update-user;jsessionid=1',
      '/api/auth/update-user%3F',
      '/api/auth/update-user%00',
      '/api/auth/update-user%20',
      '/api/auth/update-user#fragment',
      '/api/auth/admin%2Fset-role',
      '/api/./auth/update-user',
      '/api/auth/../auth/update-user',
      '//api/auth/update-user',
    ];
    const before = await authTables();
    const answers: string[] = [];
    for (const url of spellings) {
      const response = await t.request(hq.cookie, {
        method: 'POST',
        url,
        payload: { name: 'Renamed by a spelling', userId: staff.id, role: 'hq' },
      });
      if (![400, 404].includes(response.statusCode) || response.headers['set-cookie']) {
        answers.push(`${url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await authTables()).toBe(before);
  });

  test('sign-in and sign-out answer POST only', async () => {
    const before = await authTables();
    for (const url of AUTH_ENDPOINTS) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await t.request(hq.cookie, { method, url, payload: method === 'GET' ? undefined : {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
      }
    }
    expect(await authTables()).toBe(before);
    expect((await me(hq.cookie)).statusCode).toBe(200);
  });

  test('the query string of a sign-in is not handed on; sign-in still works', async () => {
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email?callbackURL=https://evil.example/&disableCookieCache=true',
      payload: { email: staff.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
  });
});

describe('the rules of PUT /api/profile are the only way to change a name, email or password', () => {
  const put = (payload: unknown, options: Partial<InjectOptions> = {}) =>
    t.request(hq.cookie, { method: 'PUT', url: '/api/profile', payload: payload as object, ...options });

  test("what update-user took is refused there: '', blanks, an object, over 200 characters, 900 KB", async () => {
    const before = await authTables();
    const email = hq.email;
    expect((await put({ name: '', email })).json().fields).toEqual({ name: messages.nameRequired });
    expect((await put({ name: '   ', email })).json().fields).toEqual({ name: messages.nameRequired });
    expect((await put({ name: { a: 1 }, email })).statusCode).toBe(400);
    expect((await put({ name: '<b>x</b>'.repeat(30), email })).statusCode).toBe(400);
    expect((await put({ name: HUGE_NAME, email })).statusCode).toBe(400);
    expect(await authTables()).toBe(before);
  });

  test('a new password there ends every other session of the person', async () => {
    const person = await t.signedIn('manager');
    const { cookie: otherDevice } = await t.signIn(person.email);
    const response = await t.request(person.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Manager', email: person.email, password: 'a-new-password' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await t.signIn(person.email)).response.statusCode).toBe(401);
    expect((await t.signIn(person.email, 'a-new-password')).response.statusCode).toBe(200);
  });
});

describe('900 KB bodies to /api/auth', () => {
  test('are refused (413 on sign-in and sign-out, 404 elsewhere) and leave no long log line', async () => {
    const body = { name: HUGE_NAME, email: 'n@example.com', password: PASSWORD };
    const statuses: Record<string, number> = {};
    for (const path of ['sign-in/email', 'sign-out', 'update-user', 'sign-up/email', 'admin/create-user']) {
      const response = await t.request(hq.cookie, { method: 'POST', url: `/api/auth/${path}`, payload: body });
      statuses[path] = response.statusCode;
      expect(response.body.length).toBeLessThan(1000);
    }
    expect(statuses).toEqual({
      'sign-in/email': 413,
      'sign-out': 413,
      'update-user': 404,
      'sign-up/email': 404,
      'admin/create-user': 404,
    });
    expect(logs.text()).toContain('/api/auth/update-user');
    const longest = Math.max(
      ...logs
        .text()
        .split('\n')
        .map((line) => line.length),
    );
    expect(longest).toBeLessThan(4096);
    expect(logs.text()).not.toContain('N'.repeat(100));
  });
});
