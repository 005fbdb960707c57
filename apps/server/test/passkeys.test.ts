import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { users } from '../src/db/schema/users';
import { PUBLIC_URL, sessionCookieOf, startTestApp } from './harness';
import { softwareAuthenticator } from './passkey-authenticator';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

/** Adds a passkey for the person holding `cookie` with a new software authenticator. */
async function addPasskey(cookie: string, name = 'My phone', authenticator = softwareAuthenticator()) {
  const options = await t.request(cookie, { method: 'POST', url: '/api/profile/passkeys/options', payload: {} });
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json(), PUBLIC_URL);
  const added = await t.request(cookie, { method: 'POST', url: '/api/profile/passkeys', payload: { name, response } });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, passkey: added.json() as { id: string; name: string } };
}

async function signInOptions() {
  const response = await t.request(undefined, {
    method: 'POST',
    url: '/api/auth/passkey/sign-in-options',
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { challenge: string; rpId: string };
}

function signInWith(response: object) {
  return t.request(undefined, { method: 'POST', url: '/api/auth/passkey/sign-in', payload: { response } });
}

async function activityOf(kind: string, actorId: string) {
  const { rows } = (await t.db.execute(
    sql`select kind, details, object_type from activity_log where kind = ${kind} and actor_id = ${actorId}`,
  )) as { rows: { kind: string; details: Record<string, unknown> | null; object_type: string | null }[] };
  return rows;
}

describe('passkeys in Profile', () => {
  test('a person adds a passkey, names it, and sees it listed', async () => {
    const staff = await t.signedIn('staff');
    const { passkey } = await addPasskey(staff.cookie, 'Work laptop');
    expect(passkey.name).toBe('Work laptop');
    const list = await t.request(staff.cookie, { method: 'GET', url: '/api/profile/passkeys' });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: passkey.id, name: 'Work laptop', lastUsedAt: null, backedUp: false }),
    ]);
    expect(await activityOf('passkey.added', staff.id)).toHaveLength(1);
  });

  test('the options name our relying party and leave out the passkeys already added', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    const options = (
      await t.request(staff.cookie, { method: 'POST', url: '/api/profile/passkeys/options', payload: {} })
    ).json();
    expect(options.rp).toEqual({ name: 'Brigade', id: 'localhost' });
    expect(options.user.name).toBe(staff.email);
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  });

  test('renames and removes one of my passkeys; the removed one signs in no more', async () => {
    const staff = await t.signedIn('staff');
    const { passkey, authenticator } = await addPasskey(staff.cookie);
    const renamed = await t.request(staff.cookie, {
      method: 'PATCH',
      url: `/api/profile/passkeys/${passkey.id}`,
      payload: { name: '  Key ring  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Key ring');
    const removed = await t.request(staff.cookie, { method: 'DELETE', url: `/api/profile/passkeys/${passkey.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await t.request(staff.cookie, { method: 'GET', url: '/api/profile/passkeys' })).json().items).toEqual([]);
    expect(await activityOf('passkey.removed', staff.id)).toHaveLength(1);
    const refused = await signInWith(authenticator.authenticate(await signInOptions(), PUBLIC_URL));
    expect(refused.statusCode).toBe(401);
  });

  test("another person's passkey is not found: not renamed, not removed", async () => {
    const owner = await t.signedIn('staff');
    const other = await t.signedIn('hq');
    const { passkey } = await addPasskey(owner.cookie);
    const rename = await t.request(other.cookie, {
      method: 'PATCH',
      url: `/api/profile/passkeys/${passkey.id}`,
      payload: { name: 'Mine now' },
    });
    expect(rename.statusCode).toBe(404);
    const remove = await t.request(other.cookie, { method: 'DELETE', url: `/api/profile/passkeys/${passkey.id}` });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().message).toBe('Passkey not found');
    expect((await t.request(owner.cookie, { method: 'GET', url: '/api/profile/passkeys' })).json().items).toHaveLength(
      1,
    );
  });

  test('signed out: 401 on every Profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile/passkeys'],
      ['POST', '/api/profile/passkeys/options'],
      ['POST', '/api/profile/passkeys'],
      ['PATCH', `/api/profile/passkeys/${crypto.randomUUID()}`],
      ['DELETE', `/api/profile/passkeys/${crypto.randomUUID()}`],
    ] as const) {
      const response = await t.request(undefined, { method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  test('an answer to a challenge never given, or given to someone else, or used already, is refused', async () => {
    const staff = await t.signedIn('staff');
    const other = await t.signedIn('staff');
    const authenticator = softwareAuthenticator();
    const options = (
      await t.request(staff.cookie, { method: 'POST', url: '/api/profile/passkeys/options', payload: {} })
    ).json();
    const forged = authenticator.register(options, PUBLIC_URL, { challenge: 'bm90LWdpdmVu' });
    const refused = await t.request(staff.cookie, {
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { name: 'Forged', response: forged },
    });
    expect(refused.statusCode).toBe(400);
    // The options were made for `staff`; `other` cannot add a passkey with them.
    const answer = authenticator.register(options, PUBLIC_URL);
    const stolen = await t.request(other.cookie, {
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { name: 'Stolen', response: answer },
    });
    expect(stolen.statusCode).toBe(400);
    // …and that use spent the challenge: the right person cannot replay it either.
    const replay = await t.request(staff.cookie, {
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { name: 'Late', response: answer },
    });
    expect(replay.statusCode).toBe(400);
  });

  test('an answer made for another origin is refused', async () => {
    const staff = await t.signedIn('staff');
    const options = (
      await t.request(staff.cookie, { method: 'POST', url: '/api/profile/passkeys/options', payload: {} })
    ).json();
    const answer = softwareAuthenticator().register(options, PUBLIC_URL, { origin: 'https://evil.example' });
    const refused = await t.request(staff.cookie, {
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { name: 'Phished', response: answer },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This passkey could not be checked. Please try again.');
  });
});

describe('signing in with a passkey', () => {
  test('makes a Better Auth session: /api/me knows the person, the passkey shows when it was used', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    const signedIn = await signInWith(authenticator.authenticate(await signInOptions(), PUBLIC_URL));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookieOf(signedIn.headers['set-cookie']);
    expect(cookie).toBeDefined();
    const me = await t.request(cookie, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(staff.email);
    const [listed] = (await t.request(cookie, { method: 'GET', url: '/api/profile/passkeys' })).json().items;
    expect(listed.lastUsedAt).not.toBeNull();
    const entries = await activityOf('auth.signIn', staff.id);
    expect(entries.some((entry) => entry.details?.method === 'passkey')).toBe(true);
    // Sign-out ends it like any session.
    const out = await t.request(cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.request(cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  test('a replayed answer (its challenge used) is refused', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    const answer = authenticator.authenticate(await signInOptions(), PUBLIC_URL);
    expect((await signInWith(answer)).statusCode).toBe(200);
    const replay = await signInWith(answer);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This passkey sign-in took too long or was already used. Please try again.');
  });

  test('an answer to a challenge the server never gave is refused', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    const options = await signInOptions();
    const refused = await signInWith(authenticator.authenticate(options, PUBLIC_URL, { challenge: 'bm90LWdpdmVu' }));
    expect(refused.statusCode).toBe(401);
    expect(sessionCookieOf(refused.headers['set-cookie'])).toBeUndefined();
  });

  test('a signature counter that does not move forward (a cloned authenticator) is refused', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    expect((await signInWith(authenticator.authenticate(await signInOptions(), PUBLIC_URL))).statusCode).toBe(200);
    const clone = await signInWith(authenticator.authenticate(await signInOptions(), PUBLIC_URL, { counter: 1 }));
    expect(clone.statusCode).toBe(401);
    const { rows } = (await t.db.execute(
      sql`select actor_label, details from activity_log where kind = 'auth.signInFailed' and actor_label = ${staff.email}`,
    )) as { rows: { actor_label: string; details: { method?: string } }[] };
    expect(rows.map((row) => row.details.method)).toEqual(['passkey']);
    // An authenticator that keeps no counter (always 0) signs in every time.
    const zero = softwareAuthenticator({ counter: false });
    await addPasskey(staff.cookie, 'No counter', zero);
    for (let i = 0; i < 2; i++) {
      expect((await signInWith(zero.authenticate(await signInOptions(), PUBLIC_URL))).statusCode).toBe(200);
    }
  });

  test('an answer signed for another origin, or with an unknown credential, is refused', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    const phished = await signInWith(
      authenticator.authenticate(await signInOptions(), PUBLIC_URL, { origin: 'https://evil.example' }),
    );
    expect(phished.statusCode).toBe(401);
    const stranger = softwareAuthenticator();
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } }, PUBLIC_URL);
    const unknown = await signInWith(stranger.authenticate(await signInOptions(), PUBLIC_URL));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(
      'This passkey could not sign you in. Try again, or sign in with your password.',
    );
  });

  test('a deactivated person is refused, passkey or not', async () => {
    const staff = await t.signedIn('staff');
    const { authenticator } = await addPasskey(staff.cookie);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, staff.id));
    const refused = await signInWith(authenticator.authenticate(await signInOptions(), PUBLIC_URL));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account has been deactivated. Ask head office to reactivate it.');
    expect(sessionCookieOf(refused.headers['set-cookie'])).toBeUndefined();
  });

  test('a malformed answer is a 400, never a 5xx', async () => {
    for (const response of [
      {},
      { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      {
        id: '!!',
        rawId: 'x',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      },
      'text',
    ]) {
      const answer = await signInWith(response as object);
      expect(answer.statusCode, JSON.stringify(response)).toBe(400);
    }
    // Well-formed base64url that is not JSON inside: no challenge in it, so refused.
    const garbage = await signInWith({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    expect(garbage.statusCode).toBe(401);
  });
});

describe('sign-in limits apply to passkeys', () => {
  test('the per-address limit (SIGN_IN_RATE_LIMIT) counts passkey sign-ins', async () => {
    const limited = await startTestApp({ signInRateLimit: 2 });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await limited.request(undefined, {
          method: 'POST',
          url: '/api/auth/passkey/sign-in',
          payload: {
            response: {
              id: 'AAAA',
              rawId: 'AAAA',
              type: 'public-key',
              response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
            },
          },
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 429]);
    expect(answers[2]?.json().message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    expect(answers[2]?.headers['retry-after']).toBeDefined();
  });
});

describe('PUBLIC_URL unset: the address the page was opened at is the relying party', () => {
  test('a passkey added at 127.0.0.1 signs in there, and not at localhost', async () => {
    const local = await startTestApp({ publicUrlSet: false });
    const origin = 'http://127.0.0.1:3000';
    const from = { origin, host: '127.0.0.1:3000' };
    const hq = await local.buildUser('hq');
    const signedIn = await local.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: hq.email, password: 'correct-horse' },
      headers: from,
    });
    const cookie = sessionCookieOf(signedIn.headers['set-cookie']);
    expect(cookie, signedIn.body).toBeDefined();
    const options = await local.request(cookie, {
      method: 'POST',
      url: '/api/profile/passkeys/options',
      payload: {},
      headers: from,
    });
    expect(options.json().rp.id).toBe('127.0.0.1');
    const authenticator = softwareAuthenticator();
    const added = await local.request(cookie, {
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { name: 'Phone', response: authenticator.register(options.json(), origin) },
      headers: from,
    });
    expect(added.statusCode, added.body).toBe(201);
    const optionsAt = async (headers: Record<string, string>) =>
      (
        await local.request(undefined, {
          method: 'POST',
          url: '/api/auth/passkey/sign-in-options',
          payload: {},
          headers,
        })
      ).json();
    const there = await local.request(undefined, {
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      payload: { response: authenticator.authenticate(await optionsAt(from), origin) },
      headers: from,
    });
    expect(there.statusCode, there.body).toBe(200);
    // The same passkey at another address of the server: its rpID does not match.
    const elsewhere = { origin: 'http://localhost:3000', host: 'localhost:3000' };
    const optionsElsewhere = await optionsAt(elsewhere);
    expect(optionsElsewhere.rpId).toBe('localhost');
    const refused = await local.request(undefined, {
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      payload: { response: authenticator.authenticate({ ...optionsElsewhere, rpId: '127.0.0.1' }, origin) },
      headers: elsewhere,
    });
    expect(refused.statusCode).toBe(401);
  });
});
