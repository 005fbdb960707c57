/**
 * Issue 20: two real server processes on one PostgreSQL database run the notification
 * jobs (reminders on start, the email sender on wake-ups and every minute), and every
 * email arrives exactly once in the SMTP sink. PostgreSQL only: the embedded database is
 * one process's.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { signInAt, startTwoServers } from './two-servers';

const DEMO_PASSWORD = 'demo1234';
/** Notifications written straight into the table, pending, for the two servers to share out. */
const BATCH = 120;

describe.skipIf(!onPostgres)('notification emails with two servers on one database', () => {
  let database: ScratchDatabase;
  let sql: pg.Pool;
  let sink: SmtpSink;
  let servers: [ServerProcess, ServerProcess];

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_notify');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    sink = await startSmtpSink();
    const env = {
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: 'notify-multi-secret-notify-multi-secret',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Brigade <no-reply@brigade.test>',
      LOG_LEVEL: 'warn',
    };
    servers = await startTwoServers(env, ['--demo']);
  }, 120_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await sql?.end();
    await sink?.close();
    await database?.drop();
  });

  const signedIn = (server: ServerProcess, email: string) => signInAt(server, email, DEMO_PASSWORD);

  const queued = async () =>
    (await sql.query(`select count(*)::int as n from notifications where email_state in ('pending', 'sending')`))
      .rows[0].n as number;

  test('the demo’s training due in two days makes one reminder and one email, though both servers ran the job', async () => {
    const mail = await sink.waitFor(
      (message) => message.to.includes('staff@example.com') && message.subject.startsWith('Training due soon:'),
      60_000,
    );
    expect(mail.text).toMatch(/Open it in Brigade: http:\/\/localhost:\d+\/trainings\/[0-9a-f-]{36}/);
    const { rows } = await sql.query(
      `select count(*)::int as n from notifications n join users u on u.id = n.user_id
       where u.email = 'staff@example.com' and n.kind = 'trainingDueSoon'`,
    );
    expect(rows[0].n).toBe(1);
  }, 90_000);

  test('every pending email is sent exactly once when both servers send', async () => {
    // Many pending emails at once, then a wake-up on each server (an assignment made on each).
    await sql.query(
      `insert into notifications (user_id, kind, subject_key, title, body, link, email_state)
       select u.id, 'trainingOverdue', 'batch-' || g, 'Batch ' || g || ' for ' || u.email, '', '/my-trainings', 'pending'
       from generate_series(1, $1::int) g
       join users u on u.email = case when g % 2 = 0 then 'staff@example.com' else 'manager@example.com' end`,
      [BATCH],
    );
    const { rows: pick } = await sql.query(
      `select (select id from trainings order by title limit 1) as training,
              (select id from users where email = 'noor.deboer@example.com') as a,
              (select id from users where email = 'milan.smit@example.com') as b`,
    );
    const [a, b] = servers;
    await Promise.all(
      [
        [a, pick[0].a],
        [b, pick[0].b],
      ].map(async ([server, staffId]) => {
        const cookie = await signedIn(server as ServerProcess, 'hq@example.com');
        const response = await fetch(`${(server as ServerProcess).url}/api/training-assignments`, {
          method: 'POST',
          headers: { origin: (server as ServerProcess).url, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ trainingIds: [pick[0].training], staffIds: [staffId] }),
        });
        expect(response.status).toBe(200);
      }),
    );
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 120_000, interval: 500 });

    const batch = sink.messages.filter((message) => message.subject.startsWith('Batch '));
    expect(batch).toHaveLength(BATCH);
    expect(new Set(batch.map((message) => message.subject)).size).toBe(BATCH);
    // Whatever went out, went once: as many emails arrived as notifications are marked sent.
    const { rows: sent } = await sql.query(`select count(*)::int as n from notifications where email_state = 'sent'`);
    expect(sink.messages).toHaveLength(sent[0].n);
    // Two notifications may share a title (two overdue actions of one item at different
    // audits); their links differ, so the whole text tells one notification's email.
    const keys = sink.messages.map((message) => `${message.to.join()}|${message.subject}|${message.text}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const server of servers) expect(server.output()).not.toContain('job queue error');
  }, 180_000);
});
