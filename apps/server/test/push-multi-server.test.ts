/**
 * Issue 34: two real server processes on one PostgreSQL database push notifications to
 * people's devices through a local push service (fakes/push-service.ts, which checks the
 * VAPID signature and decrypts each message), and every device receives every
 * notification exactly once, though both servers run the push job at the same moment
 * (an announcement made through each wakes each). PostgreSQL only: the embedded database
 * is one process's.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import webPush from 'web-push';
import { type FakePushService, PUSH_SERVICE_CA_FILE, startFakePushService } from './fakes/push-service';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, signInAt, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
const STAFF = 4;
/** Notifications written straight into the table, 'new', for the two servers to share out. */
const BATCH = 30;

describe.skipIf(!onPostgres)('push notifications with two servers on one database', () => {
  let scratch: ScratchDatabase;
  let sql: pg.Pool;
  let pushService: FakePushService;
  let servers: [ServerProcess, ServerProcess];
  const keys = webPush.generateVAPIDKeys();
  const cookies: { hq: [string, string]; staff: string[] } = { hq: ['', ''], staff: [] };

  const call = callServer;
  const signIn = (server: ServerProcess, email: string) => signInAt(server, email, PASSWORD);

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_push');
    sql = new pg.Pool({ connectionString: scratch.url, max: 2 });
    pushService = await startFakePushService();
    const env = {
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'push-servers-secret-push-servers-secret',
      // Servers behind one address share the key pair: a subscription is bound to it.
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@brigade.test',
      // The local push service's test certificate.
      NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CA_FILE,
      LOG_LEVEL: 'warn',
    };
    servers = await startTwoServers(env);
    const [a, b] = servers;

    const { hqCookie, restaurantId } = await setUpTwinChain(a, PASSWORD);
    cookies.hq = [hqCookie, await signIn(b, 'hq@example.com')];
    for (let index = 0; index < STAFF; index++) {
      const email = `staff${index}@example.com`;
      const made = await call(b, 'POST', '/api/users', cookies.hq[1], {
        name: `Twin staff ${index}`,
        email,
        password: PASSWORD,
        role: 'staff',
        selectedRestaurants: [restaurantId],
      });
      expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
      cookies.staff.push(await signIn(index % 2 === 0 ? a : b, email));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await sql?.end();
    await pushService?.close();
    await scratch?.drop();
  });

  test('both servers give the same public key', async () => {
    for (const server of servers) {
      const response = await call(server, 'GET', '/api/push/public-key', cookies.staff[0]);
      expect(response.json).toEqual({ publicKey: keys.publicKey });
    }
  });

  test('every notification reaches every device of its person exactly once', async () => {
    const [a, b] = servers;
    // Two devices each, one turned on through each server.
    for (const [index, cookie] of cookies.staff.entries()) {
      for (const server of servers) {
        const device = pushService.subscribe(keys.publicKey);
        const response = await call(server, 'POST', '/api/push/subscriptions', cookie, {
          ...device,
          deviceLabel: `Device of staff ${index} via ${server.port}`,
        });
        expect(response.status, JSON.stringify(response.json)).toBe(201);
      }
    }
    await sql.query(
      `insert into notifications (user_id, kind, subject_key, title, body, link)
       select u.id, 'trainingOverdue', 'batch-' || g, 'Batch ' || g, '', '/my-trainings'
       from generate_series(1, $1::int) g cross join users u where u.role = 'staff'`,
      [BATCH],
    );
    // An announcement to everyone through each server at once: each wakes its push job.
    await Promise.all(
      [a, b].map(async (server, index) => {
        const response = await call(server, 'POST', '/api/announcements', cookies.hq[index], {
          title: `Read this, ${index}`,
          description: 'The walk-in fridge is being replaced on Monday.',
          requiresAck: true,
        });
        expect(response.status, JSON.stringify(response.json)).toBe(201);
      }),
    );

    const { rows: expected } = await sql.query(
      `select count(*)::int as n from notifications n join push_subscriptions s on s.user_id = n.user_id`,
    );
    expect(expected[0].n).toBe(STAFF * 2 * (BATCH + 2));
    await vi.waitFor(() => expect(pushService.messages.length).toBeGreaterThanOrEqual(expected[0].n), {
      timeout: 150_000,
      interval: 500,
    });
    const { rows: left } = await sql.query(
      `select (select count(*)::int from notifications where push_state = 'new') as fresh,
              (select count(*)::int from push_deliveries where state <> 'sent') as unsent,
              (select count(*)::int from push_deliveries where state = 'sent') as sent`,
    );
    expect(left[0]).toEqual({ fresh: 0, unsent: 0, sent: expected[0].n });
    expect(pushService.refusals).toEqual([]);
    const pushed = pushService.messages.map((push) => `${push.endpoint}|${push.message.tag}`);
    expect(pushed).toHaveLength(expected[0].n);
    expect(new Set(pushed).size).toBe(pushed.length);
    for (const server of servers) expect(server.output()).not.toContain('job queue error');
  }, 200_000);
});
