import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once per run; each test file opens a copy of it. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Creating an embedded database runs initdb, and migrating it runs every migration: about
 * two seconds per test file. Done once here, each file loads the result in a fraction of that.
 */
export default async function setup(project: TestProject) {
  if (process.env.BRIGADE_TEST_DRIVER === 'postgres') {
    project.provide('pgliteSnapshot', null);
    return;
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const client = database.jobStore.kind === 'pglite' ? database.jobStore.client : null;
  if (!client) throw new Error('an in-memory database is PGlite');
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-test-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
