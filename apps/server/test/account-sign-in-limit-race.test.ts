/**
 * Two sign-ins to one account at the same moment (two servers, or a double tap): the one
 * whose statement started first may run after the other committed. It must still be
 * counted, not refused as slowed down: a "need not wait" written as the later one's now()
 * was later than the earlier one's now() (`[200, 200, 200, 429]` in the two-server test on
 * CI, issue 38). Made deterministic here with a transaction that takes its now() first.
 * And the statements must lock the account's row before the pair's, or a check and a
 * success at the same moment deadlock (decision 049: 3 in 20 rounds before the fix).
 * PostgreSQL only: PGlite runs one statement at a time.
 */

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountSignInLimit } from '../src/auth/account-sign-in-limit';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import type { Database } from '../src/db/database';
import { users } from '../src/db/schema/users';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';

describe.skipIf(!onPostgres)('two sign-ins to one account at the same moment', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'brigade_sign_in_race');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  /** Runs `second` on a connection whose transaction took its now() before `first` ran and committed. */
  async function startedFirstEndedLast<T>(first: () => Promise<unknown>, second: (db: Database) => Promise<T>) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select now()');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await first();
      const answer = await second(drizzle(client) as unknown as Database);
      await client.query('commit');
      return answer;
    } finally {
      await client.end();
    }
  }

  test.each([
    ['the first sign-in ever', 'first.ever@example.com', 0],
    ['a sign-in after earlier ones', 'earlier.ones@example.com', 3],
  ])('%s: both are counted, neither is refused', async (_, email, earlier) => {
    const limit = accountSignInLimit(database.db);
    for (let attempt = 0; attempt < earlier; attempt++) expect(await limit.attempt(email, '203.0.113.1')).toBeNull();

    const refused = await startedFirstEndedLast(
      async () => expect(await limit.attempt(email, '203.0.113.7')).toBeNull(),
      (db) => accountSignInLimit(db).attempt(email, '203.0.113.7'),
    );

    expect(refused).toBeNull();
    // Both drivers answer with `{ rows }`.
    const counts = (await database.db.execute(sql`select count from sign_in_attempts where email = ${email}`)) as {
      rows: { count: number }[];
    };
    expect(counts.rows).toEqual([{ count: earlier + 2 }]);
  });

  test("one account's check, success and forgiving at the same moments never deadlock (100 rounds)", async () => {
    const limit = accountSignInLimit(database.db);
    const userId = 'sign-in-race-person';
    const email = 'race.person@example.com';
    await database.db.insert(users).values({ id: userId, name: 'Race Person', email, role: 'hq' });
    const failures: unknown[] = [];
    for (let round = 0; round < 100; round++) {
      const address = `198.51.100.${round % 3}`;
      const results = await Promise.allSettled([
        limit.attempt(email, address),
        limit.succeeded(userId, address),
        limit.forgive(email, address),
        limit.attempt(email, address),
      ]);
      failures.push(
        ...results.flatMap((result) =>
          result.status === 'rejected' ? [String((result.reason as Error).cause ?? result.reason)] : [],
        ),
      );
    }
    expect(failures).toEqual([]);
  });
});
