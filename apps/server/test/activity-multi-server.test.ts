/**
 * Issue 36: two real server processes on one PostgreSQL database append to the activity
 * log at the same moment. The month's chain head row lock orders them: one chain, seq
 * 1..n without a gap or a twin, that verifies. PostgreSQL only: the embedded database is
 * one process's.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { verifyActivityLog } from '../src/activity/chain';
import { RETENTION_SETTING } from '../src/activity/maintenance';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';

describe.skipIf(!onPostgres)('the activity log on two servers at once', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let servers: [ServerProcess, ServerProcess];
  let hqCookie: string;
  let restaurantId: string;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_activity');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'activity-servers-secret-activity-servers-secret',
      LOG_LEVEL: 'warn',
      JOBS: 'on',
    });
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    ({ hqCookie, restaurantId } = await setUpTwinChain(servers[0], PASSWORD));
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
  });

  test('changes and failed sign-ins sent to both at once form one unbroken chain', async () => {
    // The daily job, run by both servers as they start, may add its own entry meanwhile: not counted.
    const countChanges = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from activity_log where object_id is distinct from ${RETENTION_SETTING}`,
        )
      )[0]?.n ?? 0;
    const before = await countChanges();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const server = servers[index % 2] as ServerProcess;
        if (index % 4 === 3) {
          return callServer(server, 'POST', '/api/auth/sign-in/email', undefined, {
            email: `guess${index}@example.com`,
            password: 'not-the-password',
          });
        }
        return callServer(server, 'PUT', `/api/restaurants/${restaurantId}`, hqCookie, {
          name: `Brigade Twin ${index}`,
          city: 'Utrecht',
          country: 'Netherlands',
          address: 'Oudegracht 2',
        });
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(
      [...Array(30).fill(200), ...Array(10).fill(401)].sort(),
    );

    const seqs = await rows<{ segment: string; seq: number }>(
      sql`select segment, seq::int as seq from activity_log order by segment, seq`,
    );
    expect(await countChanges()).toBe(before + 40);
    const bySegment = new Map<string, number[]>();
    for (const row of seqs) bySegment.set(row.segment, [...(bySegment.get(row.segment) ?? []), row.seq]);
    for (const numbers of bySegment.values()) {
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
    expect(await verifyActivityLog(database.db)).toEqual({ ok: true, checked: seqs.length });
  }, 60_000);

  test('both servers ran the daily job on start: the retention setting was recorded once', async () => {
    // The job runs on start from the queue, not before the server answers: on a loaded
    // machine it may come after the tests above.
    const recorded = () =>
      rows<{ changes: unknown }>(sql`select changes from activity_log where object_id = ${RETENTION_SETTING}`);
    await vi.waitFor(async () => expect(await recorded()).not.toEqual([]), { timeout: 60_000, interval: 500 });
    expect(await recorded()).toEqual([{ changes: { days: { from: null, to: 400 } } }]);
  }, 90_000);
});
