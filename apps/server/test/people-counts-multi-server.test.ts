/**
 * Decision 052: two real server processes on one PostgreSQL database create, provision
 * (SCIM), deactivate and delete people at the same moment; Staff Management's total,
 * read from the triggers' people_counts, is the same on both servers and equals a count
 * of the people table. PostgreSQL only: the embedded database is one process's.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';

describe.skipIf(!onPostgres)("two servers write people at once: the total stays the table's count", () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];
  let hqCookie: string;
  let restaurantId: string;
  let token: string;

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

  async function recount() {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ people: number; kept: number }>(
        `select (select count(*)::int from users) as people,
                (select coalesce(sum(people), 0)::int from people_counts) as kept`,
      );
      return rows[0];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_people');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'people-servers-secret-people-servers-0123',
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

  test('creations, provisioning, deactivations and deletes at once on A and B', async () => {
    const [a, b] = servers;
    const person = (n: number) => ({
      name: `Twin ${n}`,
      email: `twin${n}@example.com`,
      password: PASSWORD,
      role: n % 5 === 0 ? 'manager' : 'staff',
      selectedRestaurants: [restaurantId],
    });
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, n) => callServer(n % 2 ? a : b, 'POST', '/api/users', hqCookie, person(n))),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(16).fill(201));
    const ids = created.map((answer) => answer.json.id as string);

    const provisioned = Array.from({ length: 6 }, (_, n) =>
      scim(n % 2 ? a : b, 'POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        externalId: `twin-scim-${n}`,
        userName: `twin-scim-${n}@example.com`,
        active: true,
        name: { givenName: 'Twin', familyName: `Provisioned ${n}` },
      }),
    );
    const deactivated = ids
      .slice(0, 6)
      .map((id, n) => callServer(n % 2 ? b : a, 'PATCH', `/api/users/${id}/active`, hqCookie, { isActive: false }));
    const deleted = ids.slice(6, 10).map((id, n) => callServer(n % 2 ? a : b, 'DELETE', `/api/users/${id}`, hqCookie));
    const answers = await Promise.all([...provisioned, ...deactivated, ...deleted]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(6).fill(201),
      ...Array(6).fill(200),
      ...Array(4).fill(204),
    ]);

    const disabled = await Promise.all(
      answers.slice(0, 3).map((answer, n) =>
        scim(n % 2 ? a : b, 'PATCH', `/Users/${answer.json.id}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        }),
      ),
    );
    expect(disabled.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const counted = await recount();
    // The first hq, 16 made, 6 provisioned, 4 deleted.
    expect(counted).toEqual({ people: 19, kept: 19 });
    for (const server of servers) {
      const list = await callServer(server, 'GET', '/api/users?page=1', hqCookie);
      expect(list.status).toBe(200);
      expect(list.json.total).toBe(19);
    }
  });
});
