import { createHash } from 'node:crypto';
import { API_AREAS, API_SCOPES, type ApiArea, type ApiScope, actionScopes } from '@brigade/core/api-scopes';
import { messages } from '@brigade/core/messages';
import type { Action } from '@brigade/core/permissions';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../src/db/schema/activity-log';
import { apiTokens } from '../src/db/schema/api-tokens';
import { users } from '../src/db/schema/users';
import { PUBLIC_URL, startTestApp } from './harness';

/**
 * Issue 37, API tokens (decision 045): hq makes a token with scopes and an expiry; it
 * works on the web's own /api routes with `Authorization: Bearer`, as its creator with
 * hq's reach, limited to its scopes; cookies and tokens never mix.
 */

const RATE_LIMIT = 20;
const t = await startTestApp({ apiTokenRateLimit: RATE_LIMIT });

let hq: Awaited<ReturnType<typeof t.signedIn>>;
let restaurantId: string;
let sequence = 0;

beforeAll(async () => {
  hq = await t.signedIn('hq');
  restaurantId = (await t.buildRestaurant()).id;
});

async function makeToken(
  scopes: readonly ApiScope[],
  options: { expiresInDays?: 30 | 90 | 365 | null; cookie?: string } = {},
) {
  sequence += 1;
  const response = await t.request(options.cookie ?? hq.cookie, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: {
      name: `Warehouse ${sequence}`,
      scopes,
      expiresInDays: 'expiresInDays' in options ? options.expiresInDays : 30,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; token: string; scopes: string[]; expiresAt: string | null };
}

/** A call with the token only: no cookie, no Origin (curl, a script). */
function withToken(token: string, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } });
}

/** Per area: a route that reads and one that writes (an empty body: past the guard it is a 400, nothing stored). */
const areaRoutes = (): Record<ApiArea, { read: InjectOptions; write: InjectOptions }> => ({
  people: {
    read: { method: 'GET', url: '/api/users' },
    write: { method: 'POST', url: '/api/users', payload: {} },
  },
  restaurants: {
    read: { method: 'GET', url: '/api/restaurants' },
    write: { method: 'POST', url: '/api/restaurants', payload: {} },
  },
  audits: {
    read: { method: 'GET', url: '/api/audits' },
    write: { method: 'POST', url: '/api/audits', payload: {} },
  },
  actions: {
    read: { method: 'GET', url: '/api/actions' },
    write: { method: 'POST', url: '/api/actions', payload: {} },
  },
  checklists: {
    read: { method: 'GET', url: `/api/food-safety-log?restaurantId=${restaurantId}&period=day&from=2026-01-05` },
    write: { method: 'POST', url: '/api/checklists', payload: {} },
  },
  trainings: {
    read: { method: 'GET', url: '/api/trainings' },
    write: { method: 'POST', url: '/api/trainings', payload: {} },
  },
  announcements: {
    read: { method: 'GET', url: '/api/announcements' },
    write: { method: 'POST', url: '/api/announcements', payload: {} },
  },
});

describe('scopes', () => {
  test.each(API_AREAS)('%s:read reads the area and is refused its writes (403 naming the scope)', async (area) => {
    const { token } = await makeToken([`${area}:read`]);
    const routes = areaRoutes()[area];
    const read = await withToken(token, routes.read);
    expect(read.statusCode, read.body).toBe(200);
    const write = await withToken(token, routes.write);
    expect(write.statusCode, write.body).toBe(403);
    expect(write.json()).toMatchObject({ message: messages.apiTokenScopeMissing, code: 'API_SCOPE_MISSING' });
    expect(write.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${area}:write"`);
  });

  test("a refusal is in the caller's language: Accept-Language", async () => {
    const { token } = await makeToken(['restaurants:read']);
    const dutch = await withToken(token, {
      method: 'POST',
      url: '/api/restaurants',
      payload: {},
      headers: { 'accept-language': 'nl' },
    });
    expect(dutch.statusCode).toBe(403);
    expect(dutch.json().message).toBe('Dit API-token heeft niet het bereik dat dit verzoek nodig heeft.');
    const french = await withToken(`brg_${'C'.repeat(43)}`, {
      method: 'GET',
      url: '/api/restaurants',
      headers: { 'accept-language': 'fr-BE,fr;q=0.9' },
    });
    expect(french.statusCode).toBe(401);
    expect(french.json().message).toBe('Ce jeton d’API n’est pas valide, a expiré ou a été révoqué.');
  });

  test.each(API_AREAS)('%s:write writes the area (past the guard, to validation) and reads it too', async (area) => {
    const { token } = await makeToken([`${area}:write`]);
    const routes = areaRoutes()[area];
    expect((await withToken(token, routes.read)).statusCode).toBe(200);
    const write = await withToken(token, routes.write);
    expect(write.statusCode, write.body).toBe(400);
  });

  test.each(API_AREAS)('every scope but those of %s: the area is refused, read and write', async (area) => {
    const { token } = await makeToken(API_SCOPES.filter((scope) => !scope.startsWith(`${area}:`)));
    const routes = areaRoutes()[area];
    expect((await withToken(token, routes.read)).statusCode).toBe(403);
    expect((await withToken(token, routes.write)).statusCode).toBe(403);
  });

  test('account-only actions take no token, whatever its scopes (403)', async () => {
    const { token } = await makeToken(API_SCOPES);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/profile'],
      ['GET', '/api/notifications'],
      ['GET', '/api/profile/passkeys'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/scim/tokens'],
      ['GET', '/api/activity'],
      ['GET', '/api/dashboards/hq'],
    ] as const) {
      const response = await withToken(token, { method, url, payload: method === 'POST' ? {} : undefined });
      // A route this build does not have would be a 404 and prove nothing.
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toBe(messages.apiTokenNotAllowed);
    }
  });

  test("a token has hq's reach: every restaurant, with the creator's name on what it makes", async () => {
    const other = await t.buildRestaurant();
    const { token } = await makeToken(['restaurants:read']);
    const read = await withToken(token, { method: 'GET', url: `/api/restaurants/${other.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().id).toBe(other.id);
  });
});

describe('refused tokens: 401', () => {
  test('unknown, revoked and expired tokens', async () => {
    const unknown = await withToken(`brg_${'A'.repeat(43)}`, { method: 'GET', url: '/api/restaurants' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(messages.apiTokenInvalid);
    expect(unknown.headers['www-authenticate']).toBe('Bearer realm="Brigade"');

    const revoked = await makeToken(['restaurants:read']);
    expect((await withToken(revoked.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(200);
    const revoke = await t.request(hq.cookie, {
      method: 'POST',
      url: `/api/api-tokens/${revoked.id}/revoke`,
      payload: {},
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    expect((await withToken(revoked.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(401);

    const expired = await makeToken(['restaurants:read']);
    expect((await withToken(expired.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(200);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, expired.id));
    expect((await withToken(expired.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(401);
  });

  test('a token of a deactivated creator, or one no longer hq, is refused; reactivated, it works again', async () => {
    const creator = await t.signedIn('hq');
    const made = await makeToken(['restaurants:read'], { cookie: creator.cookie });
    const call = () => withToken(made.token, { method: 'GET', url: '/api/restaurants' });
    expect((await call()).statusCode).toBe(200);
    const deactivate = await t.request(hq.cookie, {
      method: 'PATCH',
      url: `/api/users/${creator.id}/active`,
      payload: { isActive: false },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await call()).statusCode).toBe(401);
    await t.db.update(users).set({ isActive: true, role: 'manager' }).where(eq(users.id, creator.id));
    expect((await call()).statusCode).toBe(401);
    await t.db.update(users).set({ role: 'hq' }).where(eq(users.id, creator.id));
    expect((await call()).statusCode).toBe(200);
  });

  test('a token that never expires lasts until revoked', async () => {
    const made = await makeToken(['restaurants:read'], { expiresInDays: null });
    expect(made.expiresAt).toBeNull();
    expect((await withToken(made.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(200);
  });

  test('a garbage, overlong or wrongly prefixed Authorization header is a 401, never a 5xx', async () => {
    const { token } = await makeToken(['restaurants:read']);
    for (const header of [
      'Bearer',
      'Bearer ',
      'bearer    ',
      'Bearer garbage',
      `Bearer ${token.slice(4)}`,
      `Bearer brigade_scim_${token.slice(4)}`,
      `Bearer ${token}x`,
      `Bearer ${token} ${token}`,
      `Bearer brg_${'x'.repeat(10_000)}`,
      `Bearer brg_${'é'.repeat(40)}`,
      "Bearer brg_' or 1=1 --",
      `Bearer ${'%00'.repeat(50)}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/restaurants',
        headers: { authorization: header, cookie: hq.cookie },
      });
      expect(response.statusCode, header.slice(0, 40)).toBe(401);
    }
    // Another scheme is not a token: the cookie decides, as for any browser request.
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants',
      headers: { authorization: 'Basic Zm9vOmJhcg==', cookie: hq.cookie },
    });
    expect(basic.statusCode).toBe(200);
  });
});

describe('cookies and tokens never mix', () => {
  test('a token reply never sets a cookie, not even sign-in', async () => {
    const { token } = await makeToken(['restaurants:read', 'announcements:write']);
    const replies = [
      await withToken(token, { method: 'GET', url: '/api/restaurants' }),
      await withToken(token, { method: 'GET', url: '/api/me' }),
      await withToken(`brg_${'B'.repeat(43)}`, { method: 'GET', url: '/api/restaurants' }),
      await withToken(token, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: hq.email, password: 'correct-horse' },
        headers: { origin: PUBLIC_URL },
      }),
    ];
    for (const reply of replies) expect(reply.headers['set-cookie'], reply.body).toBeUndefined();
  });

  test('a token writes without an Origin, or from any origin; a cookie write keeps the origin check', async () => {
    const { token } = await makeToken(['announcements:write']);
    const body = { title: 'Fridge check', description: 'Check every fridge before opening.' };
    const bare = await withToken(token, { method: 'POST', url: '/api/announcements', payload: body });
    expect(bare.statusCode, bare.body).toBe(201);
    const foreign = await withToken(token, {
      method: 'POST',
      url: '/api/announcements',
      payload: body,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode, foreign.body).toBe(201);

    const cookieForeign = await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      payload: body,
      headers: { cookie: hq.cookie, origin: 'https://evil.example' },
    });
    expect(cookieForeign.statusCode).toBe(403);
    expect(cookieForeign.json().message).toBe(messages.crossSiteRequest);
    const cookieCrossSite = await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      payload: body,
      headers: { cookie: hq.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cookieCrossSite.statusCode).toBe(403);
  });

  test("a request with both a token and hq's cookie is the token's alone", async () => {
    const { token } = await makeToken(['restaurants:read']);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Mixed', description: 'Cookie and token' },
      headers: { authorization: `Bearer ${token}`, cookie: hq.cookie, origin: PUBLIC_URL },
    });
    expect(write.statusCode).toBe(403);
    // The web's session question has no answer for a token request, even with a cookie.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: `Bearer ${token}`, cookie: hq.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
  });
});

describe('the rate limit', () => {
  test(`past ${RATE_LIMIT} calls a minute a token is answered 429 with Retry-After; another token is not`, async () => {
    const { token } = await makeToken(['restaurants:read']);
    const other = await makeToken(['restaurants:read']);
    for (let call = 1; call <= RATE_LIMIT; call += 1) {
      const response = await withToken(token, { method: 'GET', url: '/api/restaurants' });
      expect(response.statusCode, `call ${call}`).toBe(200);
    }
    const refused = await withToken(token, { method: 'GET', url: '/api/restaurants' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.tooManyRequests);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withToken(other.token, { method: 'GET', url: '/api/restaurants' })).statusCode).toBe(200);
  });
});

describe('managing tokens', () => {
  test('the token is shown once, kept as its SHA-256, listed with its scopes, expiry and last use', async () => {
    const made = await makeToken(['audits:read', 'audits:write', 'audits:read'], { expiresInDays: 90 });
    expect(made.token).toMatch(/^brg_[A-Za-z0-9_-]{43}$/);
    expect(made.scopes).toEqual(['audits:read', 'audits:write']);
    const days = (Date.parse(made.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);

    await withToken(made.token, { method: 'GET', url: '/api/audits', remoteAddress: '203.0.113.7' });
    const list = await t.request(hq.cookie, { method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    const listed = list.json().items.find((item: { id: string }) => item.id === made.id);
    expect(listed).toMatchObject({
      name: made.name,
      scopes: ['audits:read', 'audits:write'],
      createdByName: expect.any(String),
      lastUsedAddress: '203.0.113.7',
      revokedAt: null,
    });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json())).not.toContain(made.token);
  });

  test('last use is written once a minute at most, not on every call', async () => {
    const made = await makeToken(['audits:read']);
    await withToken(made.token, { method: 'GET', url: '/api/audits', remoteAddress: '203.0.113.8' });
    const [first] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    await withToken(made.token, { method: 'GET', url: '/api/audits', remoteAddress: '203.0.113.9' });
    const [second] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(second?.lastUsedAt?.getTime()).toBe(first?.lastUsedAt?.getTime());
    expect(second?.lastUsedAddress).toBe('203.0.113.8');
  });

  test('bad input is a 400 with the field, nothing stored', async () => {
    const before = await t.tableDigests();
    for (const [payload, field] of [
      [{ name: '', scopes: ['audits:read'], expiresInDays: 30 }, 'name'],
      [{ name: 'BI', scopes: [], expiresInDays: 30 }, 'scopes'],
      [{ name: 'BI', scopes: ['audits:admin'], expiresInDays: 30 }, 'scopes.0'],
      [{ name: 'BI', scopes: 'audits:read', expiresInDays: 30 }, 'scopes'],
      [{ name: 'BI', scopes: ['audits:read'], expiresInDays: 7 }, 'expiresInDays'],
      [{ name: 'BI', scopes: ['audits:read'] }, 'expiresInDays'],
      [{ name: 'x'.repeat(101), scopes: ['audits:read'], expiresInDays: 30 }, 'name'],
    ] as const) {
      const response = await t.request(hq.cookie, { method: 'POST', url: '/api/api-tokens', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
    expect(await t.tableDigests()).toEqual(before);
  });

  test('revoking twice changes nothing the second time; an unknown token is a 404', async () => {
    const made = await makeToken(['audits:read']);
    const revoke = () =>
      t.request(hq.cookie, { method: 'POST', url: `/api/api-tokens/${made.id}/revoke`, payload: {} });
    const first = await revoke();
    const second = await revoke();
    expect(second.statusCode).toBe(200);
    expect(second.json().revokedAt).toBe(first.json().revokedAt);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.kind} = 'apiToken.revoked' and ${activityLog.objectId} = ${made.id}`);
    expect(entries).toHaveLength(1);
    const unknown = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/api-tokens/00000000-0000-4000-8000-000000000000/revoke',
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.apiTokenNotFound);
  });

  test('a manager and staff cannot list, make or revoke tokens', async () => {
    const manager = await t.signedIn('manager', { restaurantIds: [restaurantId] });
    const staff = await t.signedIn('staff', { restaurantIds: [restaurantId] });
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await t.request(cookie, { method: 'GET', url: '/api/api-tokens' })).statusCode).toBe(403);
      const create = await t.request(cookie, {
        method: 'POST',
        url: '/api/api-tokens',
        payload: { name: 'Mine', scopes: ['audits:read'], expiresInDays: 30 },
      });
      expect(create.statusCode).toBe(403);
    }
  });
});

describe('the activity log', () => {
  test("creating and revoking are hq's entries; a call made with a token is entered under the token's name", async () => {
    const made = await makeToken(['restaurants:write']);
    const created = await withToken(made.token, {
      method: 'POST',
      url: '/api/restaurants',
      payload: { name: `Token Bistro ${sequence}`, city: 'Utrecht', country: 'Netherlands', address: 'Oudegracht 9' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.request(hq.cookie, { method: 'POST', url: `/api/api-tokens/${made.id}/revoke`, payload: {} });

    const entries = await t.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.objectId} in (${made.id}, ${created.json().id})`);
    const byKind = Object.fromEntries(entries.map((entry) => [entry.kind, entry]));
    expect(byKind['apiToken.created']).toMatchObject({ actorId: hq.id, objectLabel: made.name });
    expect(byKind['apiToken.created']?.details).toMatchObject({ scopes: ['restaurants:write'] });
    expect(byKind['apiToken.revoked']).toMatchObject({ actorId: hq.id, objectLabel: made.name });
    expect(byKind['restaurant.created']).toMatchObject({ actorId: hq.id, actorLabel: made.name });
    expect(byKind['restaurant.created']?.details).toMatchObject({ via: 'apiToken', tokenId: made.id });
  });
});

describe('the OpenAPI document', () => {
  test('describes the bearer scheme and the scope of each route', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/restaurants'].get['x-scope']).toBe('restaurants:read');
    expect(document.paths['/api/announcements'].post['x-scope']).toBe('announcements:write');
    expect(document.paths['/api/api-tokens'].get['x-scope']).toBeUndefined();
    expect(document.paths['/api/api-tokens'].get.security).toEqual([{ session: [] }]);
    let operations = 0;
    for (const path of Object.values(document.paths) as Record<string, Record<string, unknown>>[]) {
      for (const operation of Object.values(path)) {
        const action = operation['x-action'] as Action | undefined;
        if (!action) continue;
        operations += 1;
        expect(operation['x-scope'], action).toBe(actionScopes[action]);
        expect(operation.security).toEqual(
          actionScopes[action] ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }],
        );
      }
    }
    expect(operations).toBeGreaterThan(100);
  });
});
