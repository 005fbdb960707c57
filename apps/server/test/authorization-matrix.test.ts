import { randomUUID } from 'node:crypto';
import { type Action, permissions, publicRoutes } from '@brigade/core/permissions';
import type { Role } from '@brigade/core/roles';
import { sql } from 'drizzle-orm';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { startTestApp } from './harness';
import { buildMatrixFixtures } from './matrix-fixtures';
import type { Caller, ExampleCall, RouteExample } from './route-example';

/**
 * Issue 11: every route of the OpenAPI document, called with a valid request by each
 * caller, answers as the permission table of packages/core says. Refused calls change
 * nothing in the database. A new route is in the matrix as soon as it is registered.
 */

const t = await startTestApp();
const { callers, examples } = await buildMatrixFixtures(t);
await t.app.ready();

interface Operation {
  'x-action'?: string;
  parameters?: { in: string; required?: boolean }[];
  requestBody?: unknown;
}
interface Route {
  /** "METHOD /path/{param}", as the examples and `publicRoutes` name it. */
  key: string;
  method: HTTPMethods;
  path: string;
  operation: Operation;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
const routes: Route[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([method]) => HTTP_METHODS.has(method))
    .map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as HTTPMethods,
      path,
      operation,
    })),
);
const isPublic = (route: Route) => publicRoutes.includes(route.key);
const actionOf = (route: Route) => route.operation['x-action'] as Action | undefined;
const guarded = routes.filter((route) => {
  const action = actionOf(route);
  return action !== undefined && action in permissions;
});

const tally = { calls: 0, otherRestaurantCalls: 0, refusedUnchanged: 0, signedOutProbes: 0 };
afterAll(() => {
  console.log(
    `authorization matrix: ${guarded.length} routes × ${callers.length} callers = ${tally.calls} calls, ` +
      `plus ${tally.otherRestaurantCalls} calls on another restaurant's records; ` +
      `${tally.refusedUnchanged} refused calls left the database unchanged; ` +
      `${tally.signedOutProbes} signed-out calls with bad input all got 401; ${publicRoutes.length} routes public`,
  );
});

describe('every route is accounted for', () => {
  test('every route is guarded by an action of the permission table, or listed as public', () => {
    const unaccounted = routes
      .filter((route) => !isPublic(route))
      .filter((route) => {
        const action = actionOf(route);
        return action === undefined || !(action in permissions);
      })
      .map((route) => `${route.key} (${actionOf(route) ?? 'no guard'})`);
    expect(unaccounted).toEqual([]);
  });

  test('a public route has no guard, and every route listed as public exists', () => {
    const keys = new Set(routes.map((route) => route.key));
    const missing = publicRoutes.filter((entry) => {
      const [method, url] = entry.split(' ') as [HTTPMethods, string];
      return !keys.has(entry) && !t.app.hasRoute({ method, url });
    });
    expect(missing).toEqual([]);
    const guardedButListed = routes.filter((route) => isPublic(route) && actionOf(route));
    expect(guardedButListed.map((route) => route.key)).toEqual([]);
  });

  test('every route with path parameters, a required query or a body has an example call', () => {
    const needsExample = (route: Route) =>
      route.path.includes('{') ||
      route.operation.requestBody !== undefined ||
      (route.operation.parameters ?? []).some((parameter) => parameter.in === 'query' && parameter.required);
    const withoutExample = guarded.filter((route) => needsExample(route) && !examples[route.key]);
    expect(withoutExample.map((route) => route.key)).toEqual([]);
    const keys = new Set(routes.map((route) => route.key));
    expect(
      Object.keys(examples).filter((key) => !keys.has(key)),
      'examples of no route',
    ).toEqual([]);
  });

  test('every route of an action scoped to a restaurant is also called on restaurant B', () => {
    const scoped = guarded.filter((route) => 'scope' in permissions[actionOf(route) as Action]);
    const notCalledOnB = scoped.filter((route) => !examples[route.key]?.otherRestaurant);
    expect(notCalledOnB.map((route) => route.key)).toEqual([]);
  });
});

for (const route of guarded) {
  const action = actionOf(route) as Action;
  const example: RouteExample = examples[route.key] ?? { call: () => ({}) };
  const allowedRoles = permissions[action].roles as readonly Role[];

  describe(`${route.key} (${action})`, () => {
    for (const caller of callers) {
      const allowed = caller.role !== null && allowedRoles.includes(caller.role);
      const refusal = caller.role === null ? 401 : 403;
      test(`${caller.label}: ${allowed ? 'allowed' : `${refusal}, nothing changes`}`, async () => {
        tally.calls += 1;
        if (allowed) await expectAllowed(route, caller, example);
        else await expectRefused(refusal, route, caller, example.call);
      });
    }

    const otherRestaurant = Array.isArray(example.otherRestaurant) ? example.otherRestaurant : [];
    const ofRestaurantA = callers.filter((caller) => caller.role !== null && caller.role !== 'hq');
    for (const caller of ofRestaurantA.filter((caller) => allowedRoles.includes(caller.role as Role))) {
      otherRestaurant.forEach((makeCall, index) => {
        const which = otherRestaurant.length > 1 ? ` (call ${index + 1})` : '';
        test(`${caller.label} of restaurant A on restaurant B's records${which}: 403, nothing changes`, async () => {
          tally.otherRestaurantCalls += 1;
          await expectRefused(403, route, caller, makeCall);
        });
      });
    }
  });
}

/**
 * Issue 15: signed out means 401 first. Whatever is wrong with a request besides the
 * missing session (its path parameters, query, body, content type or size), a guarded
 * route answers 401, so a caller who is not signed in learns nothing about what it
 * accepts, and nothing is read, stored or changed.
 */
describe('signed out: 401 before anything is parsed or validated', () => {
  const forgedCookie = 'better-auth.session_token=forged.c2lnbmF0dXJl';
  const deepJson = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  const multipart = [
    '--probe',
    'Content-Disposition: form-data; name="file"; filename="a.mp4"',
    'Content-Type: video/mp4',
    '',
    'not really a video',
    '--probe--',
    '',
  ].join('\r\n');

  /** Bodies no route accepts, each with the content type it is sent as. */
  const badBodies: [label: string, payload: string, contentType: string][] = [
    ['malformed JSON', '{"name":', 'application/json'],
    ['empty JSON body', '', 'application/json'],
    ['wrong types', '{"name":1,"email":{"$ne":""},"items":"x","isActive":"yes"}', 'application/json'],
    ['top-level array', '[1,2,3]', 'application/json'],
    ['deeply nested JSON', deepJson, 'application/json'],
    ['over the body limit', JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT + 1) }), 'application/json'],
    ['text/plain', 'hello', 'text/plain'],
    ['XML', '<a>1</a>', 'application/xml'],
    ['form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['multipart', multipart, 'multipart/form-data; boundary=probe'],
    ['multipart without a boundary', multipart, 'multipart/form-data'],
  ];

  /** Values no path parameter accepts, already encoded for the URL. */
  const badParams: [label: string, encoded: string][] = [
    ['not a uuid', 'not-a-uuid'],
    ['SQL', encodeURIComponent("' or 1=1 --")],
    ['percent NUL', '%00'],
    ['1,000 characters', 'a'.repeat(1000)],
    ['bad escape', '%E0%A4%A'],
    ['lone percent', '%'],
  ];

  /** The route's path with every parameter set to `value`, or to the valid example's. */
  const pathOf = (route: Route, value: (name: string) => string) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  const validPath = async (route: Route) => {
    const call = await examples[route.key]?.call(callers[0] as Caller);
    return pathOf(route, (name) => encodeURIComponent(call?.params?.[name] ?? randomUUID()));
  };

  for (const route of guarded) {
    test(`${route.key}: 401 whatever else is wrong, nothing changes`, async () => {
      const probes: { label: string; options: InjectOptions }[] = [];
      const base = await validPath(route);
      for (const [label, encoded] of badParams.filter(() => route.path.includes('{'))) {
        probes.push({ label: `path: ${label}`, options: { url: pathOf(route, () => encoded) } });
      }
      probes.push({
        label: 'query: invalid and repeated values',
        options: { url: `${base}?page=-1&page=x&pageSize=1e400&restaurantId=not-a-uuid&search=%00&unknown=%` },
      });
      if (route.method !== 'GET') {
        for (const [label, payload, contentType] of badBodies) {
          probes.push({
            label: `body: ${label}`,
            options: { url: base, payload, headers: { 'content-type': contentType } },
          });
        }
      }
      probes.push({ label: 'a forged session cookie', options: { url: base, headers: { cookie: forgedCookie } } });

      const before = await databaseDigest();
      const wrong: string[] = [];
      for (const { label, options } of probes) {
        const response = await t.request(undefined, { method: route.method, ...options });
        tally.signedOutProbes += 1;
        if (response.statusCode !== 401 || response.json().message !== 'Please sign in to continue.') {
          wrong.push(`${label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await databaseDigest()).toEqual(before);
    });
  }
});

async function expectAllowed(route: Route, caller: Caller, example: RouteExample) {
  const response = await send(route, caller, await example.call(caller));
  if (example.allowed) {
    expect(response.statusCode, `${example.allowed.because}: ${response.body}`).toBe(example.allowed.status);
  } else {
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
}

async function expectRefused(
  status: 401 | 403,
  route: Route,
  caller: Caller,
  makeCall: (caller: Caller) => ExampleCall | Promise<ExampleCall>,
) {
  const call = await makeCall(caller);
  const before = await databaseDigest();
  const response = await send(route, caller, call);
  expect(response.statusCode, response.body).toBe(status);
  expect(await databaseDigest()).toEqual(before);
  tally.refusedUnchanged += 1;
}

function send(route: Route, caller: Caller, call: ExampleCall) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route.key}: the example gives no {${name}}`);
    return encodeURIComponent(value);
  });
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return t.request(caller.cookie, {
    method: route.method,
    url: path + query,
    ...(call.raw
      ? { payload: call.raw.payload, headers: { 'content-type': call.raw.contentType } }
      : { payload: call.body as object | undefined }),
  });
}

let digestQuery: string | undefined;

/** Per table of the app's schema: its row count and an md5 of every row, in one statement. */
async function databaseDigest(): Promise<Record<string, string>> {
  if (!digestQuery) {
    const { rows } = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as { rows: { tablename: string }[] };
    digestQuery = rows
      .map(
        ({ tablename }) =>
          `select '${tablename}' as name, count(*) || ' rows, ' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from public."${tablename}" t`,
      )
      .join(' union all ');
  }
  const { rows } = (await t.db.execute(sql.raw(digestQuery))) as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
