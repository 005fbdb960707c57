import { messages } from '@brigade/core/messages';
import { PASSWORD_CHANGE_REQUIRED } from '@brigade/core/schemas/passwords';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { PASSWORD_RESET_EMAIL_LIMIT } from '../src/auth/auth';
import { users, verifications } from '../src/db/schema/users';
import { loggerOptions } from '../src/logging';
import { captureLogs } from './captured-logs';
import { startSmtpSink } from './fakes/smtp-sink';
import { PASSWORD, PUBLIC_URL, startTestApp } from './harness';

/**
 * Issue 20, "Password reset": a single-use, 30-minute link by email through Better
 * Auth's reset flow, under the app's rules (none for a deactivated account, issue 31);
 * and without SMTP, hq's temporary password that must be changed before anything else.
 */

const logs = captureLogs();
const sink = await startSmtpSink();
afterAll(() => sink.close());

const SIGN_IN_LIMIT = 3;
const t = await startTestApp({
  mail: { smtpUrl: sink.url, from: 'Brigade <no-reply@brigade.test>' },
  signInRateLimit: SIGN_IN_LIMIT,
  logger: { ...loggerOptions('trace'), stream: logs.stream },
});

// Each test asks from an address of its own, so the per-address limit counts its requests only.
let addresses = 0;
const newAddress = () => ({ remoteAddress: `198.51.100.${++addresses}` });

/** Signing in counts against the same per-address limit: each sign-in from an address of its own. */
const signIn = (email: string, password = PASSWORD) => t.signIn(email, password, newAddress());

async function signedIn(role: 'hq' | 'manager' | 'staff', options: { restaurantIds?: string[] } = {}) {
  const user = await t.buildUser(role, options);
  const { cookie, response } = await signIn(user.email);
  if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
  return { ...user, cookie };
}

function requestReset(email: string, from = newAddress()) {
  return t.request(undefined, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, ...from });
}

function resetPassword(token: string, newPassword: string, from = newAddress()) {
  return t.request(undefined, {
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
    ...from,
  });
}

/** The token of the reset link emailed to `email`, with the email itself. */
async function linkEmailedTo(email: string) {
  const mail = await sink.waitFor((received) => received.to.includes(email));
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return { mail, token };
}

const resetRows = (userId: string) =>
  t.db
    .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.value, userId));

describe('a reset link by email', () => {
  test('arrives in plain text and HTML, pointing at PUBLIC_URL; it sets the new password and ends every session', async () => {
    const person = await t.buildUser('staff');
    const first = await signIn(person.email);
    const second = await signIn(person.email);

    const asked = await requestReset(person.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: true, message: messages.passwordResetSent });

    const { mail, token } = await linkEmailedTo(person.email);
    expect(mail.subject).toBe('Reset your Brigade password');
    const link = `${PUBLIC_URL}/reset-password?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain(`href="${link}"`);

    const reset = await resetPassword(token, 'brand-new-password');
    expect(reset.statusCode).toBe(200);

    // Every session of the person ended, wherever it was open.
    for (const { cookie } of [first, second]) {
      expect((await t.request(cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    }
    expect((await signIn(person.email, PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(person.email, 'brand-new-password')).response.statusCode).toBe(200);
  });

  test('works once: the same link again is refused, and so is an earlier link of the same person', async () => {
    const person = await t.buildUser('manager');
    await requestReset(person.email);
    const { token: earlier } = await linkEmailedTo(person.email);
    await requestReset(person.email);
    const { token } = await sink
      .waitFor((received) => received.to.includes(person.email) && !received.text.includes(earlier))
      .then((mail) => ({ token: /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '' }));
    expect((await resetPassword(token, 'first-new-password')).statusCode).toBe(200);

    const again = await resetPassword(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    expect((await signIn(person.email, 'first-new-password')).response.statusCode).toBe(200);
    expect((await resetPassword(earlier, 'third-new-password')).statusCode).toBe(400);
    expect((await resetRows(person.id)).length).toBe(0);
  });

  test('expires after 30 minutes', async () => {
    const person = await t.buildUser('staff');
    await requestReset(person.email);
    const { token } = await linkEmailedTo(person.email);

    const [row] = await resetRows(person.id);
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    // Thirty minutes on, as the database sees it: the link's row is past its expiry.
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const late = await resetPassword(token, 'too-late-password');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    expect((await signIn(person.email, PASSWORD)).response.statusCode).toBe(200);
  });

  test('an unknown email gets the same answer as a known one, and no link is made', async () => {
    const person = await t.buildUser('staff');
    const before = await t.db.$count(verifications);
    const unknown = await requestReset('nobody-here@example.com');
    expect(await t.db.$count(verifications)).toBe(before);
    const known = await requestReset(person.email);

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await linkEmailedTo(person.email);
  });

  test('a deactivated account gets the answer everyone gets, and no link is made or sent', async () => {
    const leaver = await t.buildUser('staff', { isActive: false });
    const before = await t.db.$count(verifications);
    const unknown = await requestReset('nobody-either@example.com');
    const asked = await requestReset(leaver.email);
    expect(asked.statusCode).toBe(unknown.statusCode);
    expect(asked.body).toBe(unknown.body);
    expect(await t.db.$count(verifications)).toBe(before);
    // An active person's link asked for after it arrives; none went to the leaver.
    const colleague = await t.buildUser('staff');
    await requestReset(colleague.email);
    await linkEmailedTo(colleague.email);
    expect(sink.messages.filter((mail) => mail.to.includes(leaver.email))).toEqual([]);
  });

  test('a link of an account deactivated since it was sent fails as a used one does, and stays void', async () => {
    const person = await t.buildUser('staff');
    await requestReset(person.email);
    const { token } = await linkEmailedTo(person.email);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));

    const refused = await resetPassword(token, 'taken-over-1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: messages.passwordResetLinkInvalid });
    // Active again: the password is the one they had, and the link no longer works.
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, person.id));
    expect((await resetPassword(token, 'taken-over-2')).statusCode).toBe(400);
    expect((await signIn(person.email, PASSWORD)).response.statusCode).toBe(200);
  });

  test('the new password follows the app rules, and a refused one leaves the link usable', async () => {
    const person = await t.buildUser('staff');
    await requestReset(person.email);
    const { token } = await linkEmailedTo(person.email);

    const short = await resetPassword(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ newPassword: messages.passwordTooShort });
    const blank = await resetPassword(token, '');
    expect(blank.json().fields).toEqual({ newPassword: messages.passwordRequired });
    const long = await resetPassword(token, 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    const noToken = await resetPassword('', 'long-enough');
    expect(noToken.json().fields).toEqual({ token: messages.passwordResetLinkInvalid });

    expect((await resetPassword(token, 'six-ok')).statusCode).toBe(200);
  });

  test('the request needs a valid email', async () => {
    const invalid = await requestReset('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ email: messages.invalidEmail });
  });

  test('the sign-in limit per address applies to asking for links', async () => {
    const from = newAddress();
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) {
      expect((await requestReset(`someone-${i}@example.com`, from)).statusCode).toBe(200);
    }
    const limited = await requestReset('someone-else@example.com', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await requestReset('someone-else@example.com')).statusCode).toBe(200);
  });

  test('one email gets a few links per 15 minutes, whoever asks; beyond that the same answer and no link', async () => {
    const person = await t.buildUser('staff');
    const answers = [];
    for (let i = 0; i <= PASSWORD_RESET_EMAIL_LIMIT.max; i += 1) answers.push(await requestReset(person.email));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: true, message: messages.passwordResetSent });
    }
    expect((await resetRows(person.id)).length).toBe(PASSWORD_RESET_EMAIL_LIMIT.max);
  });

  test('a reset also ends the need to change a temporary password', async () => {
    const hq = await signedIn('hq');
    const person = await t.buildUser('staff');
    await setTemporary(hq.cookie, person.id, 'temporary-1');
    await requestReset(person.email);
    const { token } = await linkEmailedTo(person.email);
    expect((await resetPassword(token, 'chosen-by-me')).statusCode).toBe(200);
    const [row] = await t.db
      .select({ mustChange: users.mustChangePassword })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.mustChange).toBe(false);
  });

  test('the token never reaches the log: not from the email, the reset, or the link opened in a browser', async () => {
    const person = await t.buildUser('staff');
    const since = logs.text().length;
    await requestReset(person.email);
    const { token } = await linkEmailedTo(person.email);
    await t.request(undefined, { method: 'GET', url: `/reset-password?token=${token}` });
    await t.request(undefined, { method: 'GET', url: `/api/auth/reset-password?token=${token}&x=1` });
    await resetPassword(token, '12345');
    expect((await resetPassword(token, 'logged-nowhere')).statusCode).toBe(200);
    expect((await resetPassword(token, 'logged-nowhere')).statusCode).toBe(400);

    const written = logs.text().slice(since);
    expect(written).toContain('/reset-password?token=[redacted]');
    expect(written).toContain('/api/auth/reset-password?token=[redacted]&x=1');
    expect(written.includes(token)).toBe(false);
    expect(written.includes('logged-nowhere')).toBe(false);
  });
});

function setTemporary(cookie: string | undefined, id: string, password: string) {
  return t.request(cookie, { method: 'POST', url: `/api/users/${id}/temporary-password`, payload: { password } });
}

describe("hq's temporary password", () => {
  test('forces the person to choose their own before anything else', async () => {
    const hq = await signedIn('hq');
    const person = await signedIn('staff');

    expect((await setTemporary(hq.cookie, person.id, 'temporary-1')).statusCode).toBe(204);
    // Their sessions ended, and the old password no longer works.
    expect((await t.request(person.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await signIn(person.email, PASSWORD)).response.statusCode).toBe(401);

    const { cookie } = await signIn(person.email, 'temporary-1');
    const me = await t.request(cookie, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);

    // Every other call: a 403 that says why, whatever the route.
    for (const [method, url] of [
      ['GET', '/api/dashboards/staff'],
      ['GET', '/api/profile'],
      ['GET', '/api/my-trainings'],
    ] as const) {
      const refused = await t.request(cookie, { method, url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ message: messages.passwordChangeRequired, code: PASSWORD_CHANGE_REQUIRED });
    }
    const profile = await t.request(cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Me', email: person.email, password: 'sneaky-change' },
    });
    expect(profile.statusCode).toBe(403);

    // The new one follows the app rules.
    const short = await t.request(cookie, { method: 'PUT', url: '/api/password', payload: { password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: messages.passwordTooShort });

    const changed = await t.request(cookie, { method: 'PUT', url: '/api/password', payload: { password: 'my-own-1' } });
    expect(changed.statusCode).toBe(204);
    expect((await t.request(cookie, { method: 'GET', url: '/api/dashboards/staff' })).statusCode).toBe(200);
    expect((await t.request(cookie, { method: 'GET', url: '/api/me' })).json().mustChangePassword).toBe(false);
    expect((await signIn(person.email, 'temporary-1')).response.statusCode).toBe(401);
    expect((await signIn(person.email, 'my-own-1')).response.statusCode).toBe(200);
  });

  test('only hq may set one: managers and staff get 403, signed out 401', async () => {
    const a = await t.buildRestaurant();
    const manager = await signedIn('manager', { restaurantIds: [a.id] });
    const staff = await signedIn('staff', { restaurantIds: [a.id] });
    const target = await t.buildUser('staff', { restaurantIds: [a.id] });

    expect((await setTemporary(manager.cookie, target.id, 'temporary-1')).statusCode).toBe(403);
    expect((await setTemporary(staff.cookie, target.id, 'temporary-1')).statusCode).toBe(403);
    expect((await setTemporary(undefined, target.id, 'temporary-1')).statusCode).toBe(401);
    expect((await signIn(target.email, PASSWORD)).response.statusCode).toBe(200);
  });

  test("hq's refusals: a short password, an unknown person, themselves", async () => {
    const hq = await signedIn('hq');
    const target = await t.buildUser('staff');
    const short = await setTemporary(hq.cookie, target.id, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: messages.passwordTooShort });
    expect((await setTemporary(hq.cookie, crypto.randomUUID(), 'temporary-1')).statusCode).toBe(404);
    const self = await setTemporary(hq.cookie, hq.id, 'temporary-1');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.temporaryPasswordNotYourself);
  });

  test("changing one's own password keeps this session and ends the others", async () => {
    const person = await signedIn('manager');
    const other = await signIn(person.email);
    const changed = await t.request(person.cookie, {
      method: 'PUT',
      url: '/api/password',
      payload: { password: 'changed-here' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.request(person.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.request(other.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});

describe('without SMTP', async () => {
  const off = await startTestApp();

  test('the forgotten-password screen learns that email is off, and a request says to ask head office', async () => {
    expect((await off.request(undefined, { method: 'GET', url: '/api/password-reset' })).json()).toEqual({
      byEmail: false,
    });
    const person = await off.buildUser('staff');
    for (const email of [person.email, 'nobody-here@example.com']) {
      const asked = await off.request(undefined, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
      });
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toEqual({ message: messages.passwordResetByEmailOff });
    }
    expect(await off.db.$count(verifications)).toBe(0);
  });

  test('with SMTP the screen offers the link', async () => {
    expect((await t.request(undefined, { method: 'GET', url: '/api/password-reset' })).json()).toEqual({
      byEmail: true,
    });
  });
});
