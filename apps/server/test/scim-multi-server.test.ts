/**
 * Issue 36: two real server processes on one PostgreSQL database, as a chain runs Brigade
 * behind a load balancer. Entra ID's provisioning service disables a person with a SCIM
 * PATCH sent to server A; the session the person holds on server B ends at once (the next
 * request is a 401), since every server reads sessions from the database on each request.
 * PostgreSQL only: the embedded database is one process's.
 */

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, signInAt, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';

describe.skipIf(!onPostgres)('SCIM deactivation on one server ends the session on the other', () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];
  let token: string;
  let hqCookie: string;
  let restaurantId: string;

  async function scim(server: ServerProcess, method: string, url: string, body?: unknown) {
    const response = await fetch(`${server.url}/scim/v2${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever SCIM answers
    return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_scim');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'scim-servers-secret-scim-servers-secret-0123',
      LOG_LEVEL: 'warn',
    });
    const [a] = servers;
    ({ hqCookie, restaurantId } = await setUpTwinChain(a, PASSWORD));
    const made = await callServer(a, 'POST', '/api/scim/tokens', hqCookie, { name: 'Entra ID' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    token = made.json.token;
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await scratch?.drop();
  });

  test('PATCH active "False" at A: the person signed in at B is signed out at once; revoking the token at B refuses it at A', async () => {
    const [a, b] = servers;
    const made = await callServer(b, 'POST', '/api/users', hqCookie, {
      name: 'Twin staff',
      email: 'leaver@example.com',
      password: PASSWORD,
      role: 'staff',
      selectedRestaurants: [restaurantId],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const cookie = await signInAt(b, 'leaver@example.com', PASSWORD);
    expect((await callServer(b, 'GET', '/api/me', cookie)).status).toBe(200);

    const found = await scim(a, 'GET', `/Users?filter=${encodeURIComponent('userName eq "leaver@example.com"')}`);
    expect(found.json.totalResults).toBe(1);
    const disabled = await scim(a, 'PATCH', `/Users/${found.json.Resources[0].id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.status, JSON.stringify(disabled.json)).toBe(200);

    expect((await callServer(b, 'GET', '/api/me', cookie)).status).toBe(401);
    expect((await callServer(a, 'GET', '/api/me', cookie)).status).toBe(401);

    const tokens = await callServer(b, 'GET', '/api/scim/tokens', hqCookie);
    const revoked = await callServer(b, 'POST', `/api/scim/tokens/${tokens.json.items[0].id}/revoke`, hqCookie, {});
    expect(revoked.status).toBe(200);
    expect((await scim(a, 'GET', '/Users')).status).toBe(401);
  });
});
