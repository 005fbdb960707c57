import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { recordActivity } from '../src/activity/record';
import { openDatabase } from '../src/db/client';

/**
 * `npm run verify-log` (issue 36, decision 044) against an embedded database in DATA_DIR:
 * exit 0 and the count while the chain holds; exit 1 naming the entry once a row is
 * edited in SQL behind the app's back (the append-only trigger bypassed, as only the
 * database's superuser can).
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-verify-log-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const cli = path.join(import.meta.dirname, '..', 'src', 'ops', 'verify-log-cli.ts');

function verifyLog(dataDir: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test('intact: exit 0; a row changed in SQL: exit 1 and the entry named', async () => {
  const dataDir = path.join(root, 'data');
  let database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  for (const label of ['Brigade Utrecht', 'Brigade Delft', 'Brigade Gouda']) {
    await recordActivity(database.db, { kind: 'restaurant.created', objectType: 'restaurant', objectLabel: label });
  }
  await database.close();

  const intact = await verifyLog(dataDir);
  expect(intact.stderr).toBe('');
  expect(intact.code).toBe(0);
  expect(intact.stdout).toMatch(/^Activity log intact: 3 entries checked in \d+\.\d s\.\n$/);

  database = await openDatabase({ kind: 'pglite', dataDir });
  const { rows } = (await database.db.execute(
    sql`select id, segment, seq from activity_log where object_label = 'Brigade Delft'`,
  )) as unknown as { rows: { id: string; segment: string; seq: number }[] };
  const victim = rows[0];
  if (!victim) throw new Error('entry not recorded');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update activity_log set object_label = 'Brigade Leiden' where id = ${victim.id}`);
  });
  await database.close();

  const broken = await verifyLog(dataDir);
  expect(broken.code).toBe(1);
  expect(broken.stderr).toContain(
    `Activity log BROKEN: entry ${victim.seq} of ${victim.segment} (id ${victim.id}) was changed after it was written.`,
  );
}, 120_000);

test('no database to check: exit 2 with the reason, no stack trace', async () => {
  const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(outcome.code).toBe(2);
  expect(outcome.stderr).toMatch(/^The activity log could not be checked: /);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
}, 60_000);
