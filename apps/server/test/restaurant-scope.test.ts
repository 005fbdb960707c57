import { messages } from '@brigade/core/messages';
import { type Action, permissions } from '@brigade/core/permissions';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { createGuard, documentGuardedAction } from '../src/auth/guards';
import { startTestApp } from './harness';

/**
 * Issue 17: "a manager acts only inside the restaurants they work at" has one home. The
 * guard enforces the permission table's `scope: 'restaurant'`: a route names where its
 * restaurant is, and a restaurant named in the request that the caller does not reach is
 * refused with 403 before the handler runs. hq reaches every restaurant.
 */

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Utrecht' });
const other = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const unknownId = '00000000-0000-4000-8000-000000000000';

const get = (cookie: string, url: string) => t.request(cookie, { method: 'GET', url });

describe('the guard refuses a restaurant out of reach before the handler', () => {
  test.each([
    ['a restaurant record', `/api/restaurants/${other.id}`],
    ['the staff list', `/api/users?restaurantId=${other.id}`],
    ['the audit list', `/api/audits?restaurantId=${other.id}`],
    ['the manager dashboard', `/api/dashboards/manager?restaurantId=${other.id}`],
    ['the assignment overview', `/api/training-assignments?restaurantId=${other.id}`],
    ['the assignable people', `/api/training-assignments/assignable?restaurantId=${other.id}`],
    ['corrective actions list', `/api/actions?restaurantId=${other.id}`],
  ])("a manager asking for another restaurant's %s gets 403", async (_what, url) => {
    const response = await get(manager.cookie, url);
    expect([response.statusCode, response.json()]).toEqual([403, { message: messages.restaurantForbidden }]);
  });

  test('an unknown restaurant is refused as out of reach (403): the handler, which would say 404, never runs', async () => {
    const byManager = await get(manager.cookie, `/api/restaurants/${unknownId}`);
    expect([byManager.statusCode, byManager.json().message]).toEqual([403, messages.restaurantForbidden]);
    const byHq = await get(hq.cookie, `/api/restaurants/${unknownId}`);
    expect([byHq.statusCode, byHq.json().message]).toEqual([404, messages.restaurantNotFound]);
  });

  test('every restaurant of a list in the body must be reached; nothing is written otherwise', async () => {
    const before = await t.tableDigests();
    const response = await t.request(manager.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Split Shift',
        email: 'split.shift@example.com',
        password: 'secret1',
        role: 'staff',
        selectedRestaurants: [mine.id, other.id],
      },
    });
    expect([response.statusCode, response.json().message]).toEqual([403, messages.restaurantForbidden]);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('the request is validated first: a malformed restaurant id is a 400, not a 403', async () => {
    const response = await get(manager.cookie, '/api/audits?restaurantId=not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['restaurantId']);
  });

  test('hq reaches every restaurant', async () => {
    for (const url of [
      `/api/restaurants/${other.id}`,
      `/api/users?restaurantId=${other.id}`,
      `/api/audits?restaurantId=${other.id}`,
      `/api/training-assignments?restaurantId=${other.id}`,
    ]) {
      expect((await get(hq.cookie, url)).statusCode, url).toBe(200);
    }
  });

  test('a manager reaches their own restaurant', async () => {
    for (const url of [
      `/api/restaurants/${mine.id}`,
      `/api/users?restaurantId=${mine.id}`,
      `/api/audits?restaurantId=${mine.id}`,
      `/api/dashboards/manager?restaurantId=${mine.id}`,
    ]) {
      expect((await get(manager.cookie, url)).statusCode, url).toBe(200);
    }
  });
});

describe('every route of a scoped action says where its restaurant is', () => {
  test('the API document names it for each such route, and for no other', async () => {
    await t.app.ready();
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { 'x-action'?: Action; 'x-restaurant'?: string }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ route: `${method} ${path}`, ...operation })),
    );
    const guarded = operations.filter((operation) => operation['x-action']);
    const scoped = guarded.filter((operation) => 'scope' in permissions[operation['x-action'] as Action]);
    expect(scoped.length).toBeGreaterThan(10);
    expect(scoped.filter((operation) => !operation['x-restaurant']).map((operation) => operation.route)).toEqual([]);
    const unscoped = guarded.filter((operation) => !scoped.includes(operation));
    expect(unscoped.filter((operation) => operation['x-restaurant']).map((operation) => operation.route)).toEqual([]);
  });

  test('registering a scoped route that does not say so fails at start-up, and so does naming one for an unscoped action', () => {
    const guard = createGuard(async () => {
      throw new Error('never called: the routes are only registered');
    });
    const app = Fastify();
    app.addHook('onRoute', documentGuardedAction);
    expect(() => app.get('/forgot', { onRequest: guard('audits.list') }, async () => ({}))).toThrow(
      /audits\.list is scoped to a restaurant/,
    );
    expect(() =>
      app.get(
        '/needless',
        { onRequest: guard('trainings.read', { restaurant: 'query.restaurantId' }) },
        async () => ({}),
      ),
    ).toThrow(/trainings\.read is not scoped to a restaurant/);
  });
});
