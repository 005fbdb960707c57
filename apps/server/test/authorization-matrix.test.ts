import { type Action, permissions, publicRoutes } from '@brigade/core/permissions';
import type { Role } from '@brigade/core/roles';
import { sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { startTestApp } from './harness';
import { buildMatrixFixtures, type Caller, type ExampleCall, type RouteExample } from './matrix-fixtures';

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

const tally = { calls: 0, otherRestaurantCalls: 0, refusedUnchanged: 0 };
afterAll(() => {
  console.log(
    `authorization matrix: ${guarded.length} routes × ${callers.length} callers = ${tally.calls} calls, ` +
      `plus ${tally.otherRestaurantCalls} calls on another restaurant's records; ` +
      `${tally.refusedUnchanged} refused calls left the database unchanged; ${publicRoutes.length} routes public`,
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
