import { messages } from '@brigade/core/messages';
import type { IdentityProvider } from '@brigade/core/schemas/sso';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { SSO_STARTS_PER_MINUTE } from '../src/auth/sso/routes';
import { accounts, users } from '../src/db/schema/users';
import { startFakeIdp } from './fakes/oidc-provider';
import { PUBLIC_URL, sessionCookieOf, startTestApp } from './harness';

const t = await startTestApp();
const idp = await startFakeIdp({ redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`] });
afterAll(() => idp.close());
const hq = await t.signedIn('hq');

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Contoso',
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  allowedDomains: ['example.com'],
  jit: false,
  groupRoles: [],
  passwordSignIn: true,
  enabled: true,
  ...overrides,
});

async function addProvider(overrides: Record<string, unknown> = {}): Promise<IdentityProvider> {
  const response = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/identity-providers',
    payload: providerBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const stateCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('brigade.sso_state='))
    ?.split(';')[0];

/** Sets out from Brigade, signs in at the fake provider as `email`, and comes back. */
async function signInThrough(
  providerId: string,
  email: string,
  options: { stateCookie?: (own: string) => string } = {},
) {
  const start = await t.request(undefined, { method: 'GET', url: `/api/sso/${providerId}/start` });
  expect(start.statusCode, start.body).toBe(302);
  const ownCookie = stateCookieOf(start.headers['set-cookie']) as string;
  expect(ownCookie).toBeDefined();
  const back = await idp.signIn(String(start.headers.location), email);
  const callbackUrl = back.pathname + back.search;
  const cookie = options.stateCookie ? options.stateCookie(ownCookie) : ownCookie;
  const callback = await t.request(undefined, { method: 'GET', url: callbackUrl, headers: { cookie } });
  return {
    start,
    authorizationUrl: new URL(String(start.headers.location)),
    callbackUrl,
    stateCookie: ownCookie,
    callback,
    location: String(callback.headers.location),
    session: sessionCookieOf(callback.headers['set-cookie']),
  };
}

let sequence = 0;
function idpAccount(email: string, extra: Partial<{ email_verified: boolean; groups: string[]; name: string }> = {}) {
  sequence += 1;
  const account = { sub: `sub-${sequence}`, email, email_verified: true, name: `Person ${sequence}`, ...extra };
  idp.accounts.set(account.sub, account);
  return account;
}

beforeEach(() => idp.tamperIdTokens(undefined));

describe('the code flow with PKCE, state and nonce', () => {
  test('an existing person of an allowed domain signs in, is linked, and lands signed in', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('manager');
    const account = idpAccount(person.email);
    const result = await signInThrough(provider.id, person.email);
    expect(result.authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(result.authorizationUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(result.authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(result.authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(result.callback.statusCode, result.callback.body).toBe(302);
    expect(result.location).toBe('/');
    expect(result.session).toBeDefined();
    const me = await t.request(result.session, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ id: person.id, role: 'manager' });
    const [linked] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.providerId, `oidc:${provider.id}`), eq(accounts.accountId, account.sub)));
    expect(linked?.userId).toBe(person.id);
    // Signing out ends the session like any other.
    const out = await t.request(result.session, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.request(result.session, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  test('a callback whose state is not the one this browser set out with is refused', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    const result = await signInThrough(provider.id, person.email, { stateCookie: () => 'brigade.sso_state=forged' });
    expect(result.location).toBe('/?sso=failed');
    expect(result.session).toBeUndefined();
  });

  test('a replayed callback (the same code and state again) is refused', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    const first = await signInThrough(provider.id, person.email);
    expect(first.session).toBeDefined();
    const again = await t.request(undefined, {
      method: 'GET',
      url: first.callbackUrl,
      headers: { cookie: first.stateCookie },
    });
    expect(again.headers.location).toBe('/?sso=failed');
    expect(sessionCookieOf(again.headers['set-cookie'])).toBeUndefined();
  });

  test.each([
    ['a wrong nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-nonce' })],
    ['a wrong issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example.com' })],
    ['a wrong audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
    [
      'an expired ID token',
      (claims: Record<string, unknown>) => ({
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      }),
    ],
  ])('%s is refused: no session', async (_label, change) => {
    const provider = await addProvider();
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    idp.tamperIdTokens(change);
    const result = await signInThrough(provider.id, person.email);
    expect(result.location).toBe('/?sso=failed');
    expect(result.session).toBeUndefined();
  });

  test('the tampering itself is sound: an unchanged re-signed token still signs in', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    idp.tamperIdTokens((claims) => claims);
    const result = await signInThrough(provider.id, person.email);
    expect(result.location).toBe('/');
    expect(result.session).toBeDefined();
  });
});

describe('who may sign in', () => {
  test('without JIT an unknown person gets no account', async () => {
    const provider = await addProvider({ jit: false });
    idpAccount('newcomer-off@example.com');
    const result = await signInThrough(provider.id, 'newcomer-off@example.com');
    expect(result.location).toBe('/?sso=no-account');
    expect(await t.db.select().from(users).where(eq(users.email, 'newcomer-off@example.com'))).toEqual([]);
  });

  test('with JIT an unknown person becomes staff with no restaurant', async () => {
    const provider = await addProvider({ jit: true });
    idpAccount('newcomer-on@example.com', { name: 'Nina Newcomer' });
    const result = await signInThrough(provider.id, 'newcomer-on@example.com');
    expect(result.location).toBe('/');
    const me = await t.request(result.session, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email: 'newcomer-on@example.com', name: 'Nina Newcomer', role: 'staff' });
  });

  test('a domain that is not allowed is refused, even with JIT', async () => {
    const provider = await addProvider({ jit: true });
    idpAccount('someone@other.org');
    const result = await signInThrough(provider.id, 'someone@other.org');
    expect(result.location).toBe('/?sso=domain-not-allowed');
    expect(result.session).toBeUndefined();
  });

  test('an email the provider has not verified is not linked', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('hq');
    idpAccount(person.email, { email_verified: false });
    const result = await signInThrough(provider.id, person.email);
    expect(result.location).toBe('/?sso=email-unverified');
    expect(result.session).toBeUndefined();
  });

  test('a deactivated person is refused', async () => {
    const provider = await addProvider();
    const person = await t.buildUser('staff', { isActive: false });
    idpAccount(person.email);
    const result = await signInThrough(provider.id, person.email);
    expect(result.location).toBe('/?sso=deactivated');
    expect(result.session).toBeUndefined();
  });

  test('the group mapping sets the role at sign-in; a token without groups leaves it', async () => {
    const provider = await addProvider({
      groupRoles: [
        { group: 'g-managers', role: 'manager' },
        { group: 'g-hq', role: 'hq' },
      ],
    });
    const person = await t.buildUser('staff');
    const account = idpAccount(person.email, { groups: ['g-other', 'g-managers'] });
    const first = await signInThrough(provider.id, person.email);
    expect((await t.request(first.session, { method: 'GET', url: '/api/me' })).json()).toMatchObject({
      role: 'manager',
    });
    idp.accounts.set(account.sub, { ...account, groups: ['g-hq', 'g-managers'] });
    const second = await signInThrough(provider.id, person.email);
    expect((await t.request(second.session, { method: 'GET', url: '/api/me' })).json()).toMatchObject({ role: 'hq' });
    idp.accounts.set(account.sub, { ...account, groups: undefined as unknown as string[] });
    const third = await signInThrough(provider.id, person.email);
    expect((await t.request(third.session, { method: 'GET', url: '/api/me' })).json()).toMatchObject({ role: 'hq' });
  });

  test('password sign-in is refused for a domain whose provider switched it off', async () => {
    const person = await t.buildUser('staff');
    expect((await t.signIn(person.email)).response.statusCode).toBe(200);
    const provider = await addProvider({ passwordSignIn: false });
    const refused = await t.signIn(person.email);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().message).toBe(messages.passwordSignInOff);
    expect(refused.cookie).toBeUndefined();
    // Signing in through the provider still works.
    idpAccount(person.email);
    expect((await signInThrough(provider.id, person.email)).session).toBeDefined();
    await t.request(hq.cookie, { method: 'DELETE', url: `/api/identity-providers/${provider.id}` });
    expect((await t.signIn(person.email)).response.statusCode).toBe(200);
  });
});

describe('limits', () => {
  test('ways out to a provider are limited per client address (each stores a flow)', async () => {
    const provider = await addProvider();
    const start = () =>
      t.request(undefined, { method: 'GET', url: `/api/sso/${provider.id}/start`, remoteAddress: '203.0.113.9' });
    for (let index = 0; index < SSO_STARTS_PER_MINUTE; index += 1) expect((await start()).statusCode).toBe(302);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toBe(messages.tooManyAttempts);
  });

  test('an email PostgreSQL cannot store as sent is not used: refused, no 5xx', async () => {
    const provider = await addProvider({ jit: true });
    idpAccount('nul\u0000@example.com');
    const result = await signInThrough(provider.id, 'nul\u0000@example.com');
    expect(result.location).toBe('/?sso=email-unverified');
  });
});

describe('the activity log', () => {
  test('linking, the sign-in (method oidc) and provider changes are recorded, never the secret', async () => {
    const provider = await addProvider({ name: 'Logged provider' });
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    expect((await signInThrough(provider.id, person.email)).session).toBeDefined();
    const entries = async (objectId: string) =>
      (
        (await t.db.execute(
          sql`select kind, details, changes from activity_log where object_id = ${objectId} order by seq`,
        )) as unknown as { rows: { kind: string; details: Record<string, unknown>; changes: unknown }[] }
      ).rows;
    const ofPerson = await entries(person.id);
    expect(ofPerson.map((entry) => entry.kind)).toEqual(['auth.ssoLinked', 'auth.signIn']);
    expect(ofPerson[1]?.details).toMatchObject({ method: 'oidc', provider: provider.id });
    await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/identity-providers/${provider.id}`,
      payload: providerBody({ name: 'Logged provider', jit: true, clientSecret: 'a-new-secret' }),
    });
    const ofProvider = await entries(provider.id);
    expect(ofProvider.map((entry) => entry.kind)).toEqual(['setting.changed', 'setting.changed']);
    expect(ofProvider[1]?.changes).toMatchObject({ jit: { from: false, to: true } });
    expect(JSON.stringify(ofProvider)).not.toContain('a-new-secret');
    expect(JSON.stringify(ofProvider)).not.toContain(idp.clientSecret);
  });
});

describe('the providers', () => {
  test('Sign In lists the enabled providers, ids and names only', async () => {
    const shown = await addProvider({ name: 'Shown provider' });
    const hidden = await addProvider({ name: 'Disabled provider', enabled: false });
    const response = await t.request(undefined, { method: 'GET', url: '/api/sso/providers' });
    expect(response.statusCode).toBe(200);
    const listed = response.json() as { id: string; name: string }[];
    expect(listed).toContainEqual({ id: shown.id, name: 'Shown provider' });
    expect(listed.map((provider) => provider.id)).not.toContain(hidden.id);
    const disabledStart = await t.request(undefined, { method: 'GET', url: `/api/sso/${hidden.id}/start` });
    expect(disabledStart.headers.location).toBe('/?sso=unavailable');
  });

  test('the client secret is write-only, stored encrypted, and kept when an edit leaves it blank', async () => {
    const provider = await addProvider({ name: 'Secretive' });
    expect(provider).not.toHaveProperty('clientSecret');
    expect(provider.hasSecret).toBe(true);
    expect(provider.redirectUri).toBe(`${PUBLIC_URL}/api/auth/sso/callback`);
    const list = await t.request(hq.cookie, { method: 'GET', url: '/api/identity-providers' });
    expect(list.body).not.toContain(idp.clientSecret);
    const { rows } = (await t.db.execute(
      `select client_secret from identity_providers where id = '${provider.id}'` as never,
    )) as unknown as { rows: { client_secret: string }[] };
    expect(rows[0]?.client_secret).not.toContain(idp.clientSecret);
    const edited = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/identity-providers/${provider.id}`,
      payload: providerBody({ name: 'Renamed', clientSecret: '' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', hasSecret: true });
    const person = await t.buildUser('staff');
    idpAccount(person.email);
    expect((await signInThrough(provider.id, person.email)).session).toBeDefined();
  });

  test('refusals: secret missing on create, a non-https issuer elsewhere, an unknown provider', async () => {
    const noSecret = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/identity-providers',
      payload: providerBody({ clientSecret: undefined }),
    });
    expect(noSecret.statusCode).toBe(400);
    const http = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/identity-providers',
      payload: providerBody({ issuer: 'http://login.example.com' }),
    });
    expect(http.statusCode).toBe(400);
    const badDomain = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/identity-providers',
      payload: providerBody({ allowedDomains: ['not a domain'] }),
    });
    expect(badDomain.statusCode).toBe(400);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(undefined, { method: 'GET', url: `/api/sso/${unknownId}/start` })).statusCode).toBe(404);
    expect(
      (
        await t.request(hq.cookie, {
          method: 'PUT',
          url: `/api/identity-providers/${unknownId}`,
          payload: providerBody(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request(undefined, { method: 'GET', url: '/api/sso/not-an-id/start' })).statusCode).toBe(400);
    expect(
      (await t.request(undefined, { method: 'GET', url: '/api/auth/sso/callback?state=x&code=y' })).headers.location,
    ).toBe('/?sso=failed');
  });
});
