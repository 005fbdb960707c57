/**
 * Issue 33: two real server processes on one PostgreSQL database, as a chain runs Brigade
 * behind a load balancer. Twenty people submitting one checklist record at once through
 * both servers make one submitted record (and one corrective action) and nineteen
 * refusals; the checklist job run on both servers, many times at once, tells each person
 * once per window and each manager once per missed window. PostgreSQL only: the embedded
 * database is one process's.
 */

import { checklistMessages } from '@brigade/core/checklist-items';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { JOB_SCHEMA } from '../src/jobs/job-queue';
import { CHECKLIST_JOB, runChecklistJob } from '../src/modules/checklists/service';
import { type InsertedChecklist, insertChecklist, insertRun, minutesFromNow } from './checklist-run-fixtures';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, signInAt, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';

describe.skipIf(!onPostgres)('checklist records with two servers on one database', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let servers: [ServerProcess, ServerProcess];
  let restaurantId: string;
  let checklist: InsertedChecklist;
  const people: Record<'hq' | 'staff' | 'manager', { id: string; email: string; cookies: [string, string] }> =
    {} as never;

  const call = callServer;
  const signIn = (server: ServerProcess, email: string) => signInAt(server, email, PASSWORD);

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_checklists');
    const env = {
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'checklist-servers-secret-checklist-servers',
      LOG_LEVEL: 'warn',
    };
    servers = await startTwoServers(env);
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    const [a, b] = servers;

    const chain = await setUpTwinChain(a, PASSWORD);
    const hq = chain.hqCookie;
    restaurantId = chain.restaurantId;
    for (const role of ['staff', 'manager'] as const) {
      const made = await call(b, 'POST', '/api/users', hq, {
        name: `Twin ${role}`,
        email: `${role}@example.com`,
        password: PASSWORD,
        role,
        selectedRestaurants: [restaurantId],
      });
      expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    }
    const { rows } = (await database.db.execute(sql`select id, email, role from users order by email`)) as unknown as {
      rows: { id: string; email: string; role: 'hq' | 'staff' | 'manager' }[];
    };
    for (const row of rows) {
      people[row.role] = {
        id: row.id,
        email: row.email,
        cookies: [await signIn(a, row.email), await signIn(b, row.email)],
      };
    }
    checklist = await insertChecklist(database.db, {
      name: 'Twin fridge log',
      restaurantId,
      windows: [],
      content: {
        sections: [
          {
            id: 'cold',
            title: 'Cold storage',
            items: [
              {
                id: 'fridge',
                label: 'Walk-in fridge',
                kind: 'temperature',
                unit: null,
                min: 0,
                max: 7,
                choices: [],
                failingChoices: [],
                critical: false,
                failInstruction: 'Discard the product and re-check in 30 minutes',
                failNeedsPhoto: false,
                failNeedsNote: false,
              },
            ],
          },
        ],
      },
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
  });

  test('20 people submitting one record at once through both servers: one submitted record, one action, 19 × 409', async () => {
    const [a, b] = servers;
    const runId = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-10),
      windowId: null,
    });
    const saved = await call(a, 'PUT', `/api/checklist-runs/${runId}/items/fridge`, people.staff.cookies[0], {
      value: 9.5,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const submitters = [people.staff, people.manager, people.hq];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const server = index % 2 ? a : b;
        const person = submitters[index % submitters.length] as (typeof submitters)[number];
        return call(server, 'POST', `/api/checklist-runs/${runId}/submit`, person.cookies[index % 2 ? 0 : 1]);
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.json.message).toBe(checklistMessages.runSubmitted);
    }
    // The one who lost reloads it and sees who submitted it and when, on either server.
    const winner = answers.find((answer) => answer.status === 200)?.json;
    const seen = await call(b, 'GET', `/api/checklist-runs/${runId}`, people.manager.cookies[1]);
    expect(seen.json).toMatchObject({
      state: 'done',
      submittedBy: winner.submittedBy,
      submittedAt: winner.submittedAt,
    });

    const { rows } = (await database.db.execute(sql`
      select (select count(*)::int from corrective_actions where checklist_run_id = ${runId}) as actions,
        (select failures from checklist_runs where id = ${runId}) as failures,
        (select total from checklist_day_counts c join checklist_runs r
          on r.restaurant_id = c.restaurant_id and r.local_day = c.local_day where r.id = ${runId}) as total,
        (select on_time from checklist_day_counts c join checklist_runs r
          on r.restaurant_id = c.restaurant_id and r.local_day = c.local_day where r.id = ${runId}) as on_time`)) as unknown as {
      rows: { actions: number; failures: number; total: number; on_time: number }[];
    };
    expect(rows[0]).toEqual({ actions: 1, failures: 1, total: 1, on_time: 1 });
  }, 60_000);

  test('the job run on both servers, and twenty times at once, tells each person once per window', async () => {
    const opened = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-2),
      windowId: null,
    });
    const closed = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-70),
      windowId: null,
    });
    // Both servers' workers take the job: twenty sends on the queue they share.
    const boss = new PgBoss({
      connectionString: scratch.url,
      schema: JOB_SCHEMA,
      max: 2,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => {});
    await boss.start();
    const sent = await Promise.all(Array.from({ length: 20 }, () => boss.send(CHECKLIST_JOB, {})));
    expect(sent.every((id) => typeof id === 'string')).toBe(true);
    await vi.waitFor(
      async () => {
        const { rows } = (await database.db.execute(sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job
          where name = ${CHECKLIST_JOB} and state = 'completed' and id = any(${`{${sent.join(',')}}`}::uuid[])`)) as unknown as {
          rows: { n: number }[];
        };
        expect(rows[0]?.n).toBe(20);
      },
      { timeout: 60_000, interval: 250 },
    );
    await boss.stop({ graceful: true });

    // And from here, twenty runs at once on connections of their own.
    const alsoOpened = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-1),
      windowId: null,
    });
    await Promise.all(Array.from({ length: 20 }, () => runChecklistJob(database.db)));

    const count = async (kind: string, subject: string) => {
      const { rows } = (await database.db.execute(sql`select user_id, count(*)::int as n from notifications
        where kind = ${kind} and subject_key = ${subject} group by user_id order by user_id`)) as unknown as {
        rows: { user_id: string; n: number }[];
      };
      return rows;
    };
    const staffAndManager = [people.staff.id, people.manager.id].sort().map((user_id) => ({ user_id, n: 1 }));
    expect(await count('checklistOpen', opened)).toEqual(staffAndManager);
    expect(await count('checklistOpen', alsoOpened)).toEqual(staffAndManager);
    expect(await count('checklistOpen', closed)).toEqual([]);
    expect(await count('checklistMissed', closed)).toEqual([{ user_id: people.manager.id, n: 1 }]);
    const { rows: status } = (await database.db.execute(
      sql`select status from checklist_runs where id = ${closed}`,
    )) as unknown as { rows: { status: string }[] };
    expect(status[0]?.status).toBe('missed');
    // One cron schedule, kept in the database, whatever the number of servers.
    const { rows: cron } = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.schedule where name = ${CHECKLIST_JOB}`,
    )) as unknown as { rows: { n: number }[] };
    expect(cron[0]?.n).toBe(1);
    for (const server of servers) expect(server.output()).not.toContain('job queue error');
  }, 120_000);
});
