import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loggerOptions } from '../src/logging';
import { captureLogs } from './captured-logs';
import { startTestApp } from './harness';

/**
 * Issue 15, point 7: no log line carries a value bound to a query, in any field: not in
 * `params`, not in the message or stack of Drizzle's error (`params: …`), not in the
 * message or `detail` of PostgreSQL's error that caused it. Failing queries are provoked
 * with values nobody could mistake, on the paths a failed query takes to the log: a
 * value the database refuses (409 or 400, logged as a warning), a fault of ours (500,
 * logged as an error), and a query of Better Auth's during sign-in.
 */

const logs = captureLogs();

const t = await startTestApp({ logger: { ...loggerOptions('trace'), stream: logs.stream } });
const hq = await t.signedIn('hq');

/**
 * A trigger on `table` that fails every insert or update with `sqlstate`, quoting the
 * row's `column` in its message and detail, as PostgreSQL's own messages quote values.
 */
async function failWrites(table: string, column: string, sqlstate: string) {
  const name = `fail_${table}_${column}`;
  await t.db.execute(
    sql.raw(`
      create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        raise exception using errcode = '${sqlstate}',
          message = 'refused "' || new.${column} || '" in ${table}',
          detail = 'Key (${column})=(' || new.${column} || ') is refused.',
          hint = 'value: ' || new.${column};
      end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`),
  );
  return () => t.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
}

/** The log lines written since `mark`, and a check that none of them holds any of `values`. */
function expectNoneLogged(since: number, values: string[]) {
  const written = logs.text().slice(since);
  for (const value of values) expect(written.includes(value), value).toBe(false);
  return written;
}

describe('a failed query never leaves its values in the log', () => {
  test('a unique violation on a recognisable email: 409, logged without the email', async () => {
    const email = `log-probe-${randomUUID().slice(0, 8)}@example.com`;
    const restore = await failWrites('users', 'email', '23505');
    const since = logs.text().length;
    const response = await t.request(hq.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Probe', email },
    });
    await restore();
    expect(response.statusCode).toBe(409);
    const written = expectNoneLogged(since, [email, email.split('@')[0] as string]);
    const line = written.split('\n').find((text) => text.includes('database refused a value'));
    expect(line).toBeDefined();
    // What is logged still says what failed: the statement (placeholders only) and the SQLSTATE.
    expect(line).toContain('update \\"users\\"');
    expect(line).toContain('23505');
  });

  test('a fault of ours (500) on a recognisable title: logged without it, in message, stack, detail or hint', async () => {
    const title = `Recognisable title ${randomUUID()}`;
    const restore = await failWrites('announcements', 'title', 'P0001');
    const since = logs.text().length;
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title, description: 'Never logged either' },
    });
    await restore();
    expect(response.statusCode).toBe(500);
    const written = expectNoneLogged(since, [title, 'Never logged either', hq.id]);
    const line = written.split('\n').find((text) => text.includes('request failed'));
    expect(line).toBeDefined();
    const err = JSON.parse(line as string).err;
    expect(err.message).toMatch(
      /^Failed query: insert into "announcements" .*\$1.*: refused "\[value\]" in announcements$/,
    );
    expect(err.stack).toContain('caused by: ');
    expect(err.cause).toMatchObject({ code: 'P0001' });
    expect(JSON.stringify(err)).not.toMatch(/"(params|detail|hint|where)"/);
  });

  test("a failed query of Better Auth's during sign-in: logged without the session's values", async () => {
    const user = await t.buildUser('staff');
    const agent = `Recognisable-Agent/${randomUUID()}`;
    const restore = await failWrites('sessions', 'user_agent', 'P0001');
    const since = logs.text().length;
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'correct-horse' },
      headers: { 'user-agent': agent },
    });
    await restore();
    expect(response.statusCode).toBe(500);
    const written = expectNoneLogged(since, [agent, user.id]);
    expect(written).toContain('request failed');
    expect(written).toContain('insert into \\"sessions\\"');
  });

  test('a value PostgreSQL quotes in its own message (an invalid uuid) is not logged either', async () => {
    // The schema lets only uuids through, so ask the database directly, as a bug would.
    const since = logs.text().length;
    const probe = 'not-a-uuid-Zq81Lm';
    const failed = await t.db
      .execute(sql`select ${probe}::uuid as id`)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    t.app.log.error({ err: failed }, 'request failed');
    const written = expectNoneLogged(since, [probe]);
    expect(written).toContain('22P02');
  });
});
