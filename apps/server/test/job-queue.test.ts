import { sql } from 'drizzle-orm';
import { expect, test, vi } from 'vitest';
import { auditDue, auditSchedules, auditScheduleTemplates } from '../src/db/schema/audit-schedules';
import { auditTemplates } from '../src/db/schema/audits';
import { JOB_SCHEMA } from '../src/jobs/job-queue';
import { startTestApp } from './harness';
import { createScratchDatabase, onPostgres } from './scratch-database';
import { freePort, ServerProcess } from './server-process';

const t = await startTestApp({ jobs: true });

test('the job queue starts with the app, runs the due job at once, and stops with it', async () => {
  const restaurant = await t.buildRestaurant({ name: 'Brigade Jobs' });
  const [template] = await t.db.insert(auditTemplates).values({ name: 'Food safety' }).returning();
  const [schedule] = await t.db
    .insert(auditSchedules)
    .values({ name: 'Weekly', cadence: 'weekly', startsOn: '2026-01-05', allRestaurants: true })
    .returning();
  if (!template || !schedule) throw new Error('no rows');
  await t.db.insert(auditScheduleTemplates).values({ scheduleId: schedule.id, templateId: template.id });
  expect(t.app.jobs?.running).toBe(false);

  await t.app.ready();
  expect(t.app.jobs?.running).toBe(true);
  // pg-boss made its own schema in the app's database.
  const schemas = (await t.db.execute(
    sql`select schema_name from information_schema.schemata where schema_name = ${JOB_SCHEMA}`,
  )) as unknown as { rows: unknown[] };
  expect(schemas.rows).toHaveLength(1);
  // The due job was sent as the queue started: the restaurant's current period becomes due.
  await vi.waitFor(
    async () => {
      const entries = await t.db.select().from(auditDue);
      expect(entries.map((entry) => entry.restaurantId)).toEqual([restaurant.id]);
    },
    { timeout: 30_000, interval: 200 },
  );

  await t.app.close();
  expect(t.app.jobs?.running).toBe(false);
  // The database is still usable after the queue stopped: nothing of the queue is left holding it.
  await t.database.ping();
});

test('the real server starts its job queue and, on SIGTERM, stops it before the database and exits cleanly', async () => {
  const scratch = onPostgres ? await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_jobs') : null;
  const server = new ServerProcess(await freePort(), {
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    BETTER_AUTH_SECRET: 'job-queue-secret-job-queue-secret-0123',
    LOG_LEVEL: 'info',
  });
  try {
    await server.ready();
    expect(server.output()).toContain('job queue started');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('job queue stopped');
    expect(server.output()).not.toContain('job queue error');
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}, 120_000);
