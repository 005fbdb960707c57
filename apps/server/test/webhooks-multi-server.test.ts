/**
 * Issue 37: two real server processes on one PostgreSQL database, both running the job
 * queue. People are added through both; each addition's `person.created` must reach the
 * receiver exactly once, although both servers' delivery jobs are woken and drain the
 * same table at the same time (the unique (event, endpoint) key and the one-at-a-time
 * claim). PostgreSQL only: the embedded database is one process's.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
const PEOPLE = 24;

describe.skipIf(!onPostgres)('webhooks on two servers', () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];
  let hqCookie: string;
  let restaurantId: string;
  const ids: string[] = [];
  const bodies: { body: string; headers: Record<string, string> }[] = [];
  // A little slow, so both servers' senders are busy at once.
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id']));
      bodies.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        },
      });
      setTimeout(() => response.writeHead(204).end(), 30);
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_webhooks');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'webhook-servers-secret-webhook-servers-0123',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      LOG_LEVEL: 'warn',
    });
    ({ hqCookie, restaurantId } = await setUpTwinChain(servers[0], PASSWORD));
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await scratch?.drop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  test('each event reaches an endpoint once, whichever server sends it', async () => {
    const [a, b] = servers;
    const port = (receiver.address() as AddressInfo).port;
    const made = await callServer(b, 'POST', '/api/webhooks', hqCookie, {
      url: `http://127.0.0.1:${port}/hook`,
      events: ['person.created'],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const endpoint = made.json as { id: string; secret: string };

    await Promise.all(
      Array.from({ length: PEOPLE }, (_, index) =>
        callServer(index % 2 ? a : b, 'POST', '/api/users', hqCookie, {
          name: `Twin person ${index}`,
          email: `twin${index}@example.com`,
          password: 'secret1',
          role: 'staff',
          selectedRestaurants: [restaurantId],
        }).then((answer) => expect(answer.status, JSON.stringify(answer.json)).toBe(201)),
      ),
    );

    // Every delivery settled (the wake-ups, else the minute's schedule).
    await expect
      .poll(
        async () => {
          const log = await callServer(a, 'GET', `/api/webhooks/${endpoint.id}/deliveries?pageSize=100`, hqCookie);
          return (log.json.items as { state: string }[]).filter((item) => item.state === 'delivered').length;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(PEOPLE);
    // A moment more: a second send would come now.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    expect(ids).toHaveLength(PEOPLE);
    expect(new Set(ids).size).toBe(PEOPLE);
    const verifier = new Webhook(endpoint.secret);
    const names = bodies.map(
      (request) =>
        (verifier.verify(request.body, request.headers) as { data: { person: { name: string } } }).data.person.name,
    );
    expect(names.sort()).toEqual(Array.from({ length: PEOPLE }, (_, index) => `Twin person ${index}`).sort());
  }, 150_000);
});
