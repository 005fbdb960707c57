/**
 * Issue 36, provisioning: SCIM 2.0 at /scim/v2 as Microsoft Entra ID's provisioning
 * service calls it (the request sequences and PATCH forms Microsoft documents in
 * "Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID"),
 * the tokens hq makes for it, and the refusals: no, wrong or revoked token 401, bad
 * bodies 400, a taken userName 409, always in SCIM's error format. Both drivers.
 */

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

const t = await startTestApp();
const hq = await t.signedIn('hq');
const utrecht = await t.buildRestaurant({ name: 'Brigade Utrecht' });

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function newToken(name = 'Microsoft Entra ID') {
  const response = await t.request(hq.cookie, { method: 'POST', url: '/api/scim/tokens', payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; token: string };
}

const entra = await newToken();

/** A call as Entra's provisioning service makes it: bearer token, application/scim+json, no Origin. */
async function scim(method: HTTPMethods, url: string, body?: unknown, token: string | null = entra.token) {
  const response = await t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type'] ?? ''),
    authenticate: response.headers['www-authenticate'],
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever SCIM answers
    json: (response.body ? JSON.parse(response.body) : null) as any,
  };
}

const filterOf = (filter: string) => `?filter=${encodeURIComponent(filter)}`;

async function activityOf(objectId: string) {
  const { rows } = (await t.db.execute(
    sql`select kind, actor_id, actor_label, changes from activity_log where object_id = ${objectId} order by seq`,
  )) as unknown as { rows: { kind: string; actor_id: string | null; actor_label: string; changes: unknown }[] };
  return rows;
}

/** Entra's create request: userName, name parts, a work email, active, externalId (its object id). */
const entraUser = (suffix: string) => ({
  schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: `0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e${suffix}`,
  userName: `Test_User_${suffix}@testuser.com`,
  active: true,
  emails: [{ primary: true, type: 'work', value: `Test_User_${suffix}@testuser.com` }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

describe('tokens (hq, Provisioning screen)', () => {
  test('a token is shown once, kept as its SHA-256 only, and listed without it', async () => {
    const made = await newToken('Shown once');
    expect(made.token).toMatch(/^brigade_scim_[A-Za-z0-9_-]{43}$/);
    const { rows } = (await t.db.execute(sql`select token_hash from scim_tokens where id = ${made.id}`)) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    const list = await t.request(hq.cookie, { method: 'GET', url: '/api/scim/tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token);
    expect(list.json().endpoint).toBe('http://localhost:3000/scim/v2');
    expect(list.json().items.find((item: { id: string }) => item.id === made.id)).toMatchObject({
      name: 'Shown once',
      createdByName: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  test('a token used shows when; revoked, it is refused at once (401 in SCIM format) and stays listed as revoked', async () => {
    const made = await newToken('Revoked soon');
    expect((await scim('GET', '/Users', undefined, made.token)).status).toBe(200);
    const revoked = await t.request(hq.cookie, {
      method: 'POST',
      url: `/api/scim/tokens/${made.id}/revoke`,
      payload: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().lastUsedAt).not.toBeNull();
    expect(revoked.json().revokedAt).not.toBeNull();
    const refused = await scim('GET', '/Users', undefined, made.token);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401' });
    expect((await activityOf(made.id)).map((entry) => entry.kind)).toEqual(['scimToken.created', 'scimToken.revoked']);
  });

  test('revoking a token that does not exist is a 404', async () => {
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/scim/tokens/00000000-0000-4000-8000-000000000000/revoke',
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(404);
  });
});

describe('no token, a wrong one: 401 on every SCIM route, before anything is read', () => {
  const routes: [HTTPMethods, string][] = [
    ['GET', '/ServiceProviderConfig'],
    ['GET', '/ResourceTypes'],
    ['GET', '/ResourceTypes/User'],
    ['GET', '/Schemas'],
    ['GET', `/Schemas/${USER_SCHEMA}`],
    ['GET', '/Users'],
    ['POST', '/Users'],
    ['GET', `/Users/${hq.id}`],
    ['PUT', `/Users/${hq.id}`],
    ['PATCH', `/Users/${hq.id}`],
    ['DELETE', `/Users/${hq.id}`],
    ['GET', '/Groups'],
    ['POST', '/Groups'],
    ['GET', `/Groups/${utrecht.id}`],
    ['PUT', `/Groups/${utrecht.id}`],
    ['PATCH', `/Groups/${utrecht.id}`],
    ['DELETE', `/Groups/${utrecht.id}`],
  ];
  for (const [method, url] of routes) {
    test(`${method} ${url}`, async () => {
      const before = await t.tableDigests();
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{"not":';
      for (const token of [null, 'brigade_scim_wrong', `${entra.token}x`, '']) {
        const response = await scim(method, url, body, token);
        expect(response.status, `${token}`).toBe(401);
        expect(response.type).toContain('application/scim+json');
        expect(response.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
        expect(response.authenticate).toBe('Bearer realm="Brigade SCIM"');
      }
      const after = await t.tableDigests();
      expect(after.users).toBe(before.users);
      expect(after.staff_restaurant_assignments).toBe(before.staff_restaurant_assignments);
    });
  }
});

describe("Entra ID's user sequence", () => {
  test('discovery: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/scim+json');
    expect(config.json).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
  });

  test('query (none), create, query (one), get, create again (409), update, disable, delete', async () => {
    const body = entraUser('1');
    // 1. Get user by query: zero results.
    const none = await scim('GET', `/Users${filterOf(`userName eq "${body.userName}"`)}`);
    expect(none.status).toBe(200);
    expect(none.json).toEqual({
      schemas: [LIST_SCHEMA],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    // 2. Create user: 201, staff with no restaurant and no password anyone knows.
    const created = await scim('POST', '/Users', body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({
      schemas: [USER_SCHEMA],
      id: expect.any(String),
      externalId: body.externalId,
      userName: body.userName.toLowerCase(),
      active: true,
      displayName: 'givenName familyName',
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ value: body.userName.toLowerCase(), type: 'work', primary: true }],
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${created.json.id}` },
    });
    const id = created.json.id as string;
    const { rows } = (await t.db.execute(
      sql`select u.role, u.is_active, (select count(*) from staff_restaurant_assignments a where a.user_id = u.id)::int as restaurants from users u where u.id = ${id}`,
    )) as unknown as { rows: { role: string; is_active: boolean; restaurants: number }[] };
    expect(rows[0]).toEqual({ role: 'staff', is_active: true, restaurants: 0 });
    expect((await t.signIn(body.userName.toLowerCase())).cookie).toBeUndefined();

    // 3. Get user by query: userName (any case), externalId, and Entra's work email form.
    for (const filter of [
      `userName eq "${body.userName}"`,
      `userName eq "${body.userName.toUpperCase()}"`,
      `externalId eq "${body.externalId}"`,
      `emails[type eq "work"].value eq "${body.userName}"`,
    ]) {
      const found = await scim('GET', `/Users${filterOf(filter)}`);
      expect(found.json.totalResults, filter).toBe(1);
      expect(found.json.Resources[0].id).toBe(id);
    }
    // 4. Get user by id.
    expect((await scim('GET', `/Users/${id}`)).json.userName).toBe(body.userName.toLowerCase());

    // 5. Create a duplicate: 409 uniqueness.
    const duplicate = await scim('POST', '/Users', { ...body, externalId: 'another' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });

    // 6. Update user [multi-valued properties]: the work email and the family name.
    const multi = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(multi.status, JSON.stringify(multi.json)).toBe(200);
    expect(multi.json.name.familyName).toBe('updatedFamilyName');

    // 7. Update user [single-valued properties]: the userName, the address they sign in with.
    const single = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'userName', value: 'renamed_user_1@testuser.com' }],
    });
    expect(single.status).toBe(200);
    expect(single.json.userName).toBe('renamed_user_1@testuser.com');

    // 8. Disable user: Entra's "False" as a string.
    const disabled = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.status).toBe(200);
    expect(disabled.json.active).toBe(false);

    // The activity log: who (the token's name), what, before→after.
    const entries = await activityOf(id);
    expect(entries.map((entry) => entry.kind)).toEqual([
      'scim.userCreated',
      'scim.userUpdated',
      'scim.userUpdated',
      'scim.userDeactivated',
    ]);
    expect(entries.every((entry) => entry.actor_label === 'Microsoft Entra ID' && entry.actor_id === null)).toBe(true);
    expect(entries[3]?.changes).toEqual({ isActive: { from: true, to: false } });

    // 9. Delete user: 204, then 404.
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    const gone = await scim('GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    expect((await activityOf(id)).at(-1)?.kind).toBe('scim.userDeleted');
  });

  test('deactivating an existing person Entra matched ends their session at once; reactivating lets them sign in again', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [utrecht.id] });
    expect((await t.request(person.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const matched = await scim('GET', `/Users${filterOf(`userName eq "${person.email}"`)}`);
    expect(matched.json.totalResults).toBe(1);
    // Entra's path-less form: the value object names the attributes.
    const off = await scim('PATCH', `/Users/${person.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect((await t.request(person.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.signIn(person.email)).cookie).toBeUndefined();
    const on = await scim('PATCH', `/Users/${person.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(on.json.active).toBe(true);
    expect((await t.signIn(person.email)).cookie).toBeDefined();
  });

  test("path-less Add with Entra's dotted keys, PUT replaces, nothing changed records nothing", async () => {
    const created = await scim('POST', '/Users', entraUser('2'));
    const id = created.json.id as string;
    const added = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        {
          op: 'Add',
          value: {
            'name.givenName': 'Anna',
            'name.familyName': 'de Vries',
            displayName: 'Anna de Vries',
            title: 'Chef',
          },
        },
      ],
    });
    expect(added.json).toMatchObject({
      displayName: 'Anna de Vries',
      name: { givenName: 'Anna', familyName: 'de Vries' },
    });
    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: [USER_SCHEMA],
      userName: 'test_user_2@testuser.com',
      externalId: 'replaced-external-id',
      name: { givenName: 'Anna', familyName: 'Jansen' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({
      displayName: 'Anna Jansen',
      externalId: 'replaced-external-id',
      active: true,
    });
    const count = (await activityOf(id)).length;
    const same = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'name.familyName', value: 'Jansen' }],
    });
    expect(same.status).toBe(200);
    expect((await activityOf(id)).length).toBe(count);
  });

  test('paging: startIndex and count', async () => {
    const all = await scim('GET', '/Users?startIndex=1&count=200');
    const total = all.json.totalResults as number;
    expect(total).toBeGreaterThan(2);
    const second = await scim('GET', '/Users?startIndex=2&count=1');
    expect(second.json).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 1 });
    expect(second.json.Resources[0].id).toBe(all.json.Resources[1].id);
    const counted = await scim('GET', '/Users?count=0');
    expect(counted.json).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
  });

  test('the last active hq cannot be deactivated: 409', async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from users where role = 'hq' and is_active`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
    const refused = await scim('PATCH', `/Users/${hq.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409' });
    expect((await t.request(hq.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

describe("Entra ID's group sequence: groups are restaurants", () => {
  test('query by displayName, link (POST), add and remove members, rename refused, delete unlinks', async () => {
    const member = await scim('POST', '/Users', entraUser('3'));
    const memberId = member.json.id as string;

    const found = await scim(
      'GET',
      `/Groups${filterOf('displayName eq "brigade utrecht"')}&excludedAttributes=members`,
    );
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources[0]).toMatchObject({ id: utrecht.id, displayName: 'Brigade Utrecht' });
    expect(found.json.Resources[0].members).toBeUndefined();

    const unknown = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: 'Nowhere',
      externalId: 'g-0',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidValue' });

    const linked = await scim('POST', '/Groups', {
      schemas: [GROUP_SCHEMA],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Brigade Utrecht',
      meta: { resourceType: 'Group' },
    });
    expect(linked.status, JSON.stringify(linked.json)).toBe(201);
    expect(linked.json).toMatchObject({ id: utrecht.id, externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159' });

    const add = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: memberId }] }],
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    expect(add.json.members).toContainEqual({ value: memberId, display: 'givenName familyName' });

    const remove = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: memberId }] }],
    });
    expect(remove.json.members ?? []).not.toContainEqual(expect.objectContaining({ value: memberId }));

    const again = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: memberId }] }],
    });
    expect(again.json.members).toContainEqual(expect.objectContaining({ value: memberId }));
    const one = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Remove', path: `members[value eq "${memberId}"]` }],
    });
    expect(one.json.members ?? []).not.toContainEqual(expect.objectContaining({ value: memberId }));

    const rename = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Brigade Utrecht Centraal' }],
    });
    expect(rename.status).toBe(400);
    expect(rename.json.scimType).toBe('mutability');

    const unknownMember = await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: 'not-a-person' }] }],
    });
    expect(unknownMember.status).toBe(400);

    await scim('PATCH', `/Groups/${utrecht.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: memberId }] }],
    });
    expect((await scim('DELETE', `/Groups/${utrecht.id}`)).status).toBe(204);
    const after = await scim('GET', `/Groups/${utrecht.id}`);
    expect(after.status).toBe(200);
    expect(after.json.members).toEqual([]);
    expect(after.json.externalId).toBeUndefined();
    const kinds = (await activityOf(utrecht.id)).map((entry) => entry.kind);
    expect(kinds[0]).toBe('scim.groupLinked');
    expect(kinds.at(-1)).toBe('scim.groupUnlinked');
  });
});

describe('malformed requests: 400 in SCIM format, nothing changes', () => {
  const cases: [label: string, method: HTTPMethods, url: () => string, body: unknown, scimType: string][] = [
    ['invalid JSON', 'POST', () => '/Users', '{"userName":', 'invalidSyntax'],
    ['no userName', 'POST', () => '/Users', { schemas: [USER_SCHEMA], active: true }, 'invalidValue'],
    ['userName not an email', 'POST', () => '/Users', { userName: 'just-a-name' }, 'invalidValue'],
    ['active not a boolean', 'POST', () => '/Users', { userName: 'x@example.com', active: 'maybe' }, 'invalidValue'],
    ['a top-level array', 'POST', () => '/Users', [1, 2], 'invalidValue'],
    ['Operations missing', 'PATCH', () => `/Users/${hq.id}`, { schemas: [PATCH_SCHEMA] }, 'invalidValue'],
    ['Operations not a list', 'PATCH', () => `/Users/${hq.id}`, { Operations: 'Replace' }, 'invalidValue'],
    [
      'an unknown op',
      'PATCH',
      () => `/Users/${hq.id}`,
      { Operations: [{ op: 'Move', path: 'active' }] },
      'invalidValue',
    ],
    [
      'active "Maybe"',
      'PATCH',
      () => `/Users/${hq.id}`,
      { Operations: [{ op: 'Replace', path: 'active', value: 'Maybe' }] },
      'invalidValue',
    ],
    [
      'a path-less string value',
      'PATCH',
      () => `/Users/${hq.id}`,
      { Operations: [{ op: 'Replace', value: 'x' }] },
      'invalidValue',
    ],
    [
      'a NUL in a name',
      'PATCH',
      () => `/Users/${hq.id}`,
      { Operations: [{ op: 'Replace', path: 'displayName', value: 'a\u0000b' }] },
      'invalidValue',
    ],
    ['an unreadable filter', 'GET', () => `/Users${filterOf('userName eq')}`, undefined, 'invalidFilter'],
    ['a filter on another attribute', 'GET', () => `/Users${filterOf('title co "chef"')}`, undefined, 'invalidFilter'],
    [
      'an "or" filter',
      'GET',
      () => `/Users${filterOf('userName eq "a" or userName eq "b"')}`,
      undefined,
      'invalidFilter',
    ],
    ['a group without displayName', 'POST', () => '/Groups', { schemas: [GROUP_SCHEMA] }, 'invalidValue'],
    [
      'members not a list of values',
      'PATCH',
      () => `/Groups/${utrecht.id}`,
      { Operations: [{ op: 'Add', path: 'members', value: [{}] }] },
      'invalidValue',
    ],
  ];
  for (const [label, method, url, body, scimType] of cases) {
    test(label, async () => {
      const before = await t.tableDigests();
      const response = await scim(method, url(), body);
      expect(response.status, JSON.stringify(response.json)).toBe(400);
      expect(response.type).toContain('application/scim+json');
      expect(response.json).toMatchObject({
        schemas: [ERROR_SCHEMA],
        status: '400',
        scimType,
        detail: expect.any(String),
      });
      const after = await t.tableDigests();
      expect(after.users).toBe(before.users);
      expect(after.scim_users).toBe(before.scim_users);
    });
  }

  test('unknown ids are 404; plain JSON and a charset parameter are accepted', async () => {
    expect((await scim('GET', '/Users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await scim('GET', '/Users/not-a-uuid')).status).toBe(404);
    expect((await scim('GET', '/Groups/not-a-uuid')).status).toBe(404);
    const response = await t.app.inject({
      method: 'GET',
      url: `/scim/v2/Users${filterOf('userName eq "nobody@example.com"')}`,
      headers: { authorization: `Bearer ${entra.token}`, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const withCharset = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${entra.token}`, 'content-type': 'application/scim+json; charset=utf-8' },
      payload: JSON.stringify(entraUser('4')),
    });
    expect(withCharset.statusCode, withCharset.body).toBe(201);
    expect(withCharset.headers['content-type']).toBe('application/scim+json; charset=utf-8');
    expect(withCharset.headers.location).toBe(withCharset.json().meta.location);
  });
});
