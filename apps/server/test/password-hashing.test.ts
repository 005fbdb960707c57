import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { hashPassword, isOutdated, verifyPassword } from '../src/auth/password-hash';
import { type PasswordHasher, queuedPasswordHashing } from '../src/auth/password-queue';
import { accounts } from '../src/db/schema/users';
import { HttpError } from '../src/errors';
import { startTestApp } from './harness';

const t = await startTestApp();

// "café" with é as one code point, and as e + a combining accent: NFKC makes them one password.
const COMPOSED = 'caf\u00e9-au-lait';
const DECOMPOSED = 'cafe\u0301-au-lait';

describe('stored password hashes (decision 049)', () => {
  test('a hash made by Better Auth’s own scrypt still verifies, NFKC included, and only with its password', async () => {
    const older = await betterAuthHash(COMPOSED);
    expect(older).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: older, password: COMPOSED })).toBe(true);
    expect(await verifyPassword({ hash: older, password: DECOMPOSED })).toBe(true);
    expect(await verifyPassword({ hash: older, password: 'cafe-au-lait' })).toBe(false);
  });

  test('a new hash is argon2id with OWASP’s parameters, names them, and verifies NFKC alike', async () => {
    const newer = await hashPassword(DECOMPOSED);
    expect(newer).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: newer, password: COMPOSED })).toBe(true);
    expect(await verifyPassword({ hash: newer, password: 'cafe-au-lait' })).toBe(false);
  });

  test('only hashes made otherwise than today’s are outdated', async () => {
    expect(isOutdated(await hashPassword('a-password'))).toBe(false);
    expect(isOutdated(await betterAuthHash('a-password'))).toBe(true);
    expect(isOutdated('$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });
});

/** A hasher whose hashes take a turn of the event loop, counting how many run at once. */
function countingHasher(outdated = false) {
  const state = { running: 0, most: 0 };
  const hasher: PasswordHasher = {
    hash: async (password) => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      state.running -= 1;
      return `hashed:${password}`;
    },
    verify: async ({ hash, password }) => hash.endsWith(password),
    isOutdated: () => outdated,
  };
  return { hasher, state };
}

describe('password checks behind a queue', () => {
  test('no more hashes run at once than the queue allows; the rest wait their turn and all finish', async () => {
    const { hasher, state } = countingHasher();
    const queued = queuedPasswordHashing({ concurrency: 2, hasher });
    const hashes = await Promise.all(Array.from({ length: 9 }, (_, i) => queued.hash(`p${i}`)));
    expect(hashes).toEqual(Array.from({ length: 9 }, (_, i) => `hashed:p${i}`));
    expect(state.most).toBe(2);
  });

  test('32 checks at once all finish when their wait fits; beyond it a check is refused with 503 and Retry-After', async () => {
    const { hasher } = countingHasher();
    // What this machine's argon2id costs: 32 at once fit in the real bound (8 s) with room to spare.
    const fits = queuedPasswordHashing({ concurrency: 1, hasher });
    await expect(Promise.all(Array.from({ length: 32 }, (_, i) => fits.hash(`p${i}`)))).resolves.toHaveLength(32);

    // A bound of 40 ms and hashes of ≥ 5 ms: the first few wait, the rest are refused at once.
    const tight = queuedPasswordHashing({ concurrency: 1, hasher, maxWaitMs: 40 });
    await tight.hash('learns how long a hash takes');
    const results = await Promise.allSettled(Array.from({ length: 32 }, (_, i) => tight.hash(`p${i}`)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const error = (refused[0] as PromiseRejectedResult).reason as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(503);
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  test('a password that verified against an outdated hash is hashed again and stored; a wrong one is not', async () => {
    const { hasher } = countingHasher(true);
    const replaced: [string, string][] = [];
    let stored = () => {};
    const storedOnce = new Promise<void>((resolve) => {
      stored = resolve;
    });
    const queued = queuedPasswordHashing({
      hasher,
      replaceOutdated: async (outdated, fresh) => {
        replaced.push([outdated, fresh]);
        stored();
      },
    });
    expect(await queued.verify({ hash: 'old:wrong', password: 'secret' })).toBe(false);
    expect(await queued.verify({ hash: 'old:secret', password: 'secret' })).toBe(true);
    await storedOnce;
    expect(replaced).toEqual([['old:secret', 'hashed:secret']]);
  });
});

describe('signing in through the app', () => {
  test('an account with an older Better Auth hash signs in, its hash becomes argon2id, and it signs in again', async () => {
    const person = await t.buildUser('staff');
    const older = await betterAuthHash('an-older-password');
    const credential = and(eq(accounts.userId, person.id), eq(accounts.providerId, 'credential'));
    await t.db.update(accounts).set({ password: older }).where(credential);
    const storedHash = async () =>
      (await t.db.select({ password: accounts.password }).from(accounts).where(credential))[0]?.password;

    const first = await t.signIn(person.email, 'an-older-password');
    expect(first.response.statusCode).toBe(200);
    // Renewed in the background, after the answer.
    await expect.poll(storedHash, { timeout: 5_000 }).toMatch(/^\$argon2id\$/);

    expect((await t.signIn(person.email, 'an-older-password')).response.statusCode).toBe(200);
    expect((await t.signIn(person.email, 'not-the-password')).response.statusCode).toBe(401);
  });

  test('a new password set through the app is stored as argon2id and signs in', async () => {
    const person = await t.buildUser('staff');
    const [account] = await t.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, person.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await t.signIn(person.email)).response.statusCode).toBe(200);
  });
});
