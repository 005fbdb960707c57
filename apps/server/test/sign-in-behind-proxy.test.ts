import type net from 'node:net';
import { messages } from '@brigade/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { ACCOUNT_SIGN_IN_LIMIT } from '../src/auth/account-sign-in-limit';
import { readConfig } from '../src/config';
import { signInAttempts } from '../src/db/schema/sign-in-limits';
import { AUTH_SECRET, PASSWORD, PUBLIC_URL, sessionCookieOf, startTestApp } from './harness';

// Issue 31, point 5: behind a proxy, over a real socket with real X-Forwarded-For headers.
// The test connects from 127.0.0.1 and plays the proxy: it appends the address it "received
// from" on the right, after whatever the client wrote itself (docs/decisions/028).

const t = await startTestApp();

/** The app listening on 127.0.0.1 with TRUST_PROXY as an operator writes it. */
async function listening(TRUST_PROXY: string, signInRateLimit = 1000) {
  const app = await buildApp({
    database: t.database,
    publicUrl: PUBLIC_URL,
    authSecret: AUTH_SECRET,
    signInRateLimit,
    sessionDays: 7,
    webRoot: null,
    dataDir: t.dataDir,
    trustProxy: readConfig({ TRUST_PROXY }).trustProxy,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  afterAll(() => app.close());
  const { port } = app.server.address() as net.AddressInfo;

  return async function signIn(email: string, password: string, forwardedFor: string) {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    });
    const text = await response.text();
    return {
      status: response.status,
      message: text ? (JSON.parse(text) as { message?: string }).message : undefined,
      retryAfter: Number(response.headers.get('retry-after')),
      cookie: sessionCookieOf(response.headers.getSetCookie()),
    };
  };
}

describe('the per-address limit behind a proxy (TRUST_PROXY=127.0.0.1)', async () => {
  const signIn = await listening('127.0.0.1', 3);

  test('addresses a client writes on the left of X-Forwarded-For do not escape the limit of its real address', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const user = await t.buildUser('staff');
      // The client forges a fresh address each time; the proxy appends the one it came from.
      statuses.push((await signIn(user.email, 'wrong-password', `198.51.100.${n}, 192.0.2.78`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // Someone else behind the same proxy is not held up.
    const other = await t.buildUser('staff');
    expect((await signIn(other.email, PASSWORD, '192.0.2.79')).status).toBe(200);
  });
});

describe('a client that reaches the server without going through the trusted proxy', async () => {
  const signIn = await listening('10.0.0.0/8', 3);

  test('is counted at its own address, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const user = await t.buildUser('staff');
      statuses.push((await signIn(user.email, 'wrong-password', `198.51.100.${n}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('per account, behind a proxy (TRUST_PROXY=127.0.0.1)', async () => {
  const signIn = await listening('127.0.0.1');
  const { perAddress, anyAddress } = ACCOUNT_SIGN_IN_LIMIT;

  test("an attacker's failures from one address do not lock the person out from theirs", async () => {
    const person = await t.buildUser('hq');
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= perAddress.maxFailures + 5; attempt++) {
      statuses.push((await signIn(person.email, `guess-${attempt}`, attacker)).status);
    }
    expect(statuses).toEqual([...Array(perAddress.maxFailures).fill(401), ...Array(5).fill(429)]);
    // The attacker's address stays locked out of the account, even with the right password...
    const locked = await signIn(person.email, PASSWORD, attacker);
    expect(locked).toMatchObject({ status: 429, message: messages.tooManyAccountAttempts, cookie: undefined });
    expect(locked.retryAfter).toBeGreaterThan(0);
    // ...while the person signs in from their own, a forged left-most address changing nothing.
    const own = await signIn(person.email, PASSWORD, `${attacker}, 192.0.2.10`);
    expect(own.status).toBe(200);
    expect(own.cookie).toBeDefined();
  });

  test('guessing from many addresses is slowed down for every address the account is not known at, not locked', async () => {
    const person = await t.buildUser('staff');
    // The person has signed in from the restaurant before.
    const restaurant = '192.0.2.20';
    expect((await signIn(person.email, PASSWORD, restaurant)).status).toBe(200);

    // One guess from each of many addresses: none reaches its own limit.
    const statuses: number[] = [];
    for (let n = 1; n <= anyAddress.freeFailures; n++) {
      statuses.push((await signIn(person.email, `guess-${n}`, `198.18.0.${n}`)).status);
    }
    expect(statuses).toEqual(Array(anyAddress.freeFailures).fill(401));

    // The next guess, from yet another address, has to wait; so does the right password from an unknown address.
    const guess = await signIn(person.email, 'guess-next', '198.18.1.1');
    expect(guess).toMatchObject({ status: 429, message: messages.signInSlowedDown });
    expect(guess.retryAfter).toBeGreaterThan(0);
    expect(guess.retryAfter).toBeLessThanOrEqual(anyAddress.firstDelaySeconds);
    expect((await signIn(person.email, PASSWORD, '198.18.1.2')).status).toBe(429);

    // From the restaurant, where the account signed in before, the person is not slowed down.
    expect((await signIn(person.email, PASSWORD, restaurant)).status).toBe(200);

    // Once the wait is over (the database's clock moved on), one more try: then a longer wait.
    const waitIsOver = () =>
      t.db.update(signInAttempts).set({ retryAt: sql`now()` }).where(sql`${signInAttempts.email} = ${person.email}`);
    await waitIsOver();
    expect((await signIn(person.email, 'guess-later', '198.18.1.3')).status).toBe(401);
    const slower = await signIn(person.email, 'guess-sooner', '198.18.1.4');
    expect(slower).toMatchObject({ status: 429, message: messages.signInSlowedDown });
    expect(slower.retryAfter).toBeGreaterThan(anyAddress.firstDelaySeconds);
    expect(slower.retryAfter).toBeLessThanOrEqual(anyAddress.maxDelaySeconds);

    // A slow-down, not a lock: after the wait the right password works from a new address too.
    await waitIsOver();
    expect((await signIn(person.email, PASSWORD, '198.18.1.5')).status).toBe(200);
  });
});
