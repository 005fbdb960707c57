import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../src/db/client';
import { restaurants } from '../src/db/schema/restaurants';
import { backup, OpsError, restore } from '../src/ops/backup';
import { LocalStorage } from '../src/storage/local-storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-backup-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const source = path.join(root, 'source');
const video = crypto.randomBytes(300_000);
const names = ['Utrecht Centraal', 'Amsterdam Zuid', 'Café Ünïcode'];

/** A data directory as the server leaves it: migrated, some rows, an uploaded file, its auth secret. */
async function prepareSource() {
  const database = await openDatabase({ kind: 'pglite', dataDir: source });
  await database.migrate();
  await database.db
    .insert(restaurants)
    .values(
      names.map((name, index) => ({ name, city: 'Utrecht', country: 'Netherlands', address: `Street ${index}` })),
    );
  const stored = await new LocalStorage(source).put(
    Readable.from([video]),
    { extension: '.mp4', contentType: 'video/mp4' },
    () => false,
  );
  fs.writeFileSync(path.join(source, 'auth-secret'), 'secret-of-the-source');
  return { database, key: stored?.key ?? '' };
}

describe('backup and restore of the embedded database', () => {
  const file = path.join(root, 'backup.tar.gz');
  let key = '';

  test('refuse while the server holds the data directory', async () => {
    const prepared = await prepareSource();
    key = prepared.key;
    await prepared.database.close();
    // A server running elsewhere: another live process holds the lock.
    const lock = path.join(source, 'brigade.lock');
    fs.writeFileSync(lock, String(process.ppid));
    await expect(backup(source, file)).rejects.toThrow(
      `The Brigade server is running on ${source} (pid ${process.ppid})`,
    );
    fs.rmSync(lock);
    expect(fs.existsSync(file)).toBe(false);
  });

  test('a backup holds the database, the uploaded files and the auth secret', async () => {
    const summary = await backup(source, file);
    expect(summary.uploads).toEqual({ count: 1, bytes: video.length });
    expect(summary.authSecret).toBe(true);
    expect(summary.bytes).toBeGreaterThan(0);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    // The lock is released: the server can start again.
    expect(fs.existsSync(path.join(source, 'brigade.lock'))).toBe(false);
    await expect(backup(source, file)).rejects.toThrow(/already exists/);
  });

  test('plain tar reads the backup', async () => {
    const listed = await promisify(execFile)('tar', ['-tzf', file]).catch(() => null);
    if (!listed) return; // no tar on this machine
    expect(listed.stdout.split('\n').filter(Boolean)).toEqual([
      'brigade-backup.json',
      'pgdata.tar',
      'auth-secret',
      `uploads/${key}`,
    ]);
  });

  test('a restore into an empty directory gives the same rows and files', async () => {
    const target = path.join(root, 'target');
    const summary = await restore(file, target);
    expect(summary.uploads.count).toBe(1);
    expect(summary.migrations).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(target, 'uploads', key)).equals(video)).toBe(true);
    expect(fs.readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe('secret-of-the-source');
    expect(fs.readdirSync(path.join(target, 'uploads')).filter((name) => name.startsWith('.restoring'))).toEqual([]);

    const database = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      expect(await database.migrationsCurrent()).toMatchObject({ current: true, pending: 0 });
      const rows = await database.db
        .select({ name: restaurants.name })
        .from(restaurants)
        .orderBy(asc(restaurants.name));
      expect(rows.map((row) => row.name)).toEqual([...names].sort());
      // The restored database takes writes, and its extensions (pg_trgm) work.
      await database.db.insert(restaurants).values({ name: 'New', city: 'A', country: 'B', address: 'C' });
      const { rows: similar } = (await database.db.execute(sql`select similarity('Utrecht', 'Utrech') as score`)) as {
        rows: { score: number }[];
      };
      expect(Number(similar[0]?.score)).toBeGreaterThan(0.5);
      await expect(restore(file, target)).rejects.toThrow(OpsError);
    } finally {
      await database.close();
    }
  });

  test('a restore refuses a directory that holds a database or a running server, or a file that is no backup', async () => {
    await expect(restore(file, source)).rejects.toThrow(/already holds a database/);
    const locked = path.join(root, 'locked');
    fs.mkdirSync(locked);
    fs.writeFileSync(path.join(locked, 'brigade.lock'), String(process.ppid));
    await expect(restore(file, locked)).rejects.toThrow(`The Brigade server is running on ${locked}`);
    const notBackup = path.join(root, 'not-a-backup.tar.gz');
    fs.writeFileSync(notBackup, 'hello');
    const empty = path.join(root, 'empty');
    await expect(restore(notBackup, empty)).rejects.toThrow(/could not be read/);
    // Nothing left behind: the restore can be run again with the right file.
    expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
    await restore(file, empty);
  });

  test('the server refuses to start on a damaged database, and names the way out', async () => {
    const damaged = path.join(root, 'damaged');
    await restore(file, damaged);
    fs.writeFileSync(path.join(damaged, 'pgdata', 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const main = path.join(import.meta.dirname, '..', 'src', 'main.ts');
    const outcome = await promisify(execFile)(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: damaged, DATABASE_URL: '', PORT: '3999' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`The embedded database in ${path.join(damaged, 'pgdata')} could not be opened`);
    expect(outcome.stderr).toContain('npm run restore <file>');
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
