import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { readAll, readTar, TAR_END, tarHeader, tarPadding } from './tar';

/**
 * `npm run backup` and `npm run restore` for the embedded database: one .tar.gz holds
 * a manifest, PGlite's dump of DATA_DIR/pgdata, the auth secret generated in DATA_DIR
 * (when there is one) and every uploaded file of DATA_DIR/uploads.
 *
 * Both hold the data directory's lock (db/data-dir-lock.ts) from start to end, so they
 * refuse while the server runs, and the server cannot start half-way through one. A
 * backup is consistent because nothing else writes the directory meanwhile, and
 * PGlite dumps it after a checkpoint.
 */

const MANIFEST = 'brigade-backup.json';
const DATABASE_ENTRY = 'pgdata.tar';
const AUTH_SECRET_ENTRY = 'auth-secret';
const UPLOADS_PREFIX = 'uploads/';
/** The names LocalStorage gives files (uuid + extension); anything else in a backup is refused. */
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,90}$/;

/** The PostgreSQL extensions of db/client.ts: a restored database needs the same. */
const extensions = { pg_trgm };

interface Manifest {
  format: 'brigade-backup';
  version: 1;
  createdAt: string;
  databaseBytes: number;
  uploads: { count: number; bytes: number };
  authSecret: boolean;
}

/** A refusal or a failure the operator can act on: the CLI prints its message alone. */
export class OpsError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  databaseBytes: number;
  uploads: { count: number; bytes: number };
  authSecret: boolean;
  /** Files in DATA_DIR/uploads not named as Brigade names uploads, left out. */
  skipped: string[];
  milliseconds: number;
}

export function defaultBackupName(now = new Date()): string {
  return `brigade-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

export function refuseForPostgres(action: 'backup' | 'restore'): never {
  throw new OpsError(
    action === 'backup'
      ? 'DATABASE_URL is set: the database is PostgreSQL, which npm run backup does not cover. Back it up with pg_dump, ' +
          'e.g. pg_dump --format=custom --file=brigade.dump "$DATABASE_URL", and the uploaded files ' +
          '(DATA_DIR/uploads or the S3 bucket) with your file backup.'
      : 'DATABASE_URL is set: the database is PostgreSQL, which npm run restore does not cover. Restore a pg_dump ' +
          'with pg_restore, e.g. pg_restore --clean --dbname="$DATABASE_URL" brigade.dump.',
  );
}

/** Backs up the embedded database and uploaded files of `dataDir` to `file` (which must not exist). */
export async function backup(dataDir: string, file: string): Promise<BackupSummary> {
  const started = performance.now();
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new OpsError(`There is no embedded database in ${pgdata}: nothing to back up. Is DATA_DIR right?`);
  }
  if (fs.existsSync(file)) throw new OpsError(`${file} already exists: choose another name, or move it away first.`);
  const release = lockOrRefuse(dataDir, 'backup');
  const partial = `${file}.partial`;
  try {
    const database = await dumpDatabase(pgdata);
    const secretFile = path.join(dataDir, 'auth-secret');
    const authSecret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
    const { files: uploads, others: skipped } = listUploads(path.join(dataDir, 'uploads'));
    const manifest: Manifest = {
      format: 'brigade-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      databaseBytes: database.length,
      uploads: { count: uploads.length, bytes: uploads.reduce((sum, upload) => sum + upload.size, 0) },
      authSecret: authSecret !== null,
    };

    async function* archive() {
      yield* entry(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
      yield* entry(DATABASE_ENTRY, database);
      if (authSecret) yield* entry(AUTH_SECRET_ENTRY, authSecret);
      for (const upload of uploads) {
        yield tarHeader(UPLOADS_PREFIX + upload.name, upload.size);
        let written = 0;
        for await (const chunk of fs.createReadStream(upload.path)) {
          written += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        if (written !== upload.size) throw new OpsError(`${upload.path} changed while it was being backed up.`);
        yield tarPadding(upload.size);
      }
      yield TAR_END;
    }
    // The backup holds every password hash and session: readable by its owner only.
    await pipeline(Readable.from(archive()), zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
    return {
      file,
      bytes: fs.statSync(file).size,
      databaseBytes: manifest.databaseBytes,
      uploads: manifest.uploads,
      authSecret: manifest.authSecret,
      skipped,
      milliseconds: Math.round(performance.now() - started),
    };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

export interface RestoreSummary {
  databaseBytes: number;
  uploads: { count: number; bytes: number };
  authSecret: boolean;
  /** Migrations recorded in the restored database. */
  migrations: number;
  milliseconds: number;
}

/** Restores `file` into `dataDir`, which must hold no database (DATA_DIR/pgdata absent or empty) and no uploads. */
export async function restore(file: string, dataDir: string): Promise<RestoreSummary> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist.`);
  const pgdata = path.join(dataDir, 'pgdata');
  const uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockOrRefuse(dataDir, 'restore');
  const staging = path.join(uploadsDir, `.restoring-${process.pid}`);
  let createdPgdata = false;
  try {
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      throw new OpsError(
        `${pgdata} already holds a database. Restore only into an empty data directory: ` +
          `move ${pgdata} (and ${uploadsDir}) aside, or set DATA_DIR to a new directory.`,
      );
    }
    if (listUploads(uploadsDir).files.length > 0) {
      throw new OpsError(
        `${uploadsDir} already holds uploaded files. Restore only into an empty data directory: ` +
          `move it aside, or set DATA_DIR to a new directory.`,
      );
    }
    let manifest: Manifest | undefined;
    let database: Buffer | undefined;
    let authSecret: Buffer | undefined;
    const restored: string[] = [];
    fs.mkdirSync(staging, { recursive: true });
    const source = zlib.createGunzip();
    // A read error ends `source` with it, and so the loop below.
    pipeline(fs.createReadStream(file), source).catch(() => {});
    try {
      for await (const item of readTar(source)) {
        if (!manifest) {
          if (item.name !== MANIFEST) throw new OpsError(`${file} is not a Brigade backup (no ${MANIFEST} first).`);
          manifest = parseManifest(await readAll(item.body), file);
        } else if (item.name === DATABASE_ENTRY) {
          database = await readAll(item.body);
        } else if (item.name === AUTH_SECRET_ENTRY) {
          authSecret = await readAll(item.body);
        } else if (item.name.startsWith(UPLOADS_PREFIX) && UPLOAD_NAME.test(item.name.slice(UPLOADS_PREFIX.length))) {
          const name = item.name.slice(UPLOADS_PREFIX.length);
          await pipeline(Readable.from(item.body), fs.createWriteStream(path.join(staging, name), { flags: 'wx' }));
          restored.push(name);
        } else {
          throw new OpsError(`${file} holds an unexpected entry ${item.name}: refusing it.`);
        }
      }
    } catch (error) {
      if (error instanceof OpsError) throw error;
      throw new OpsError(`${file} could not be read (${(error as Error).message}). Is it a whole Brigade backup?`);
    }
    if (!manifest) throw new OpsError(`${file} is empty or not a Brigade backup.`);
    if (!database) throw new OpsError(`${file} holds no database (${DATABASE_ENTRY}): it is incomplete.`);
    if (restored.length !== manifest.uploads.count) {
      throw new OpsError(
        `${file} is incomplete: ${restored.length} of ${manifest.uploads.count} uploaded files found.`,
      );
    }

    fs.mkdirSync(pgdata, { recursive: true });
    createdPgdata = true;
    const migrations = await loadDatabase(pgdata, database);
    for (const name of restored) fs.renameSync(path.join(staging, name), path.join(uploadsDir, name));
    if (authSecret) fs.writeFileSync(path.join(dataDir, 'auth-secret'), authSecret, { mode: 0o600 });
    return {
      databaseBytes: database.length,
      uploads: { count: restored.length, bytes: manifest.uploads.bytes },
      authSecret: Boolean(authSecret),
      migrations,
      milliseconds: Math.round(performance.now() - started),
    };
  } catch (error) {
    // Leave the directory as empty as it was, so the restore can be run again.
    if (createdPgdata) fs.rmSync(pgdata, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

function lockOrRefuse(dataDir: string, action: 'backup' | 'restore'): () => void {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    const holder = /pid (\d+)/.exec((error as Error).message)?.[1];
    if (!holder) throw error;
    throw new OpsError(
      `The Brigade server is running on ${dataDir} (pid ${holder}) and holds its database. ` +
        `Stop it (SIGTERM finishes in-flight requests), run npm run ${action} again, then start it.`,
    );
  }
}

/** PGlite's tarball of the data directory, taken after a checkpoint. */
async function dumpDatabase(pgdata: string): Promise<Buffer> {
  const client = await openPglite(pgdata, {});
  try {
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('none');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Unpacks a dump into the empty `pgdata`, and checks the result opens and answers. */
async function loadDatabase(pgdata: string, dump: Buffer): Promise<number> {
  const client = await openPglite(pgdata, { loadDataDir: new Blob([new Uint8Array(dump)]) });
  try {
    const result = await client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.close();
  }
}

async function openPglite(pgdata: string, options: { loadDataDir?: Blob }): Promise<PGlite> {
  const client = new PGlite(pgdata, { extensions, ...options });
  try {
    await client.waitReady;
  } catch (error) {
    throw new OpsError(`The embedded database in ${pgdata} could not be opened (${(error as Error).message}).`);
  }
  return client;
}

function* entry(name: string, content: Buffer) {
  yield tarHeader(name, content.length);
  yield content;
  yield tarPadding(content.length);
}

/**
 * The stored files of DATA_DIR/uploads (not `incoming/`, where uploads in progress
 * are), and the names of other files there, which are not Brigade's.
 */
function listUploads(uploadsDir: string) {
  const files: { name: string; path: string; size: number }[] = [];
  const others: string[] = [];
  if (!fs.existsSync(uploadsDir)) return { files, others };
  for (const dirent of fs.readdirSync(uploadsDir, { withFileTypes: true })) {
    if (!dirent.isFile()) continue;
    if (!UPLOAD_NAME.test(dirent.name)) {
      others.push(dirent.name);
      continue;
    }
    const filePath = path.join(uploadsDir, dirent.name);
    files.push({ name: dirent.name, path: filePath, size: fs.statSync(filePath).size });
  }
  files.sort((a, b) => a.name.localeCompare(b.name));
  return { files, others };
}

function parseManifest(content: Buffer, file: string): Manifest {
  try {
    const manifest = JSON.parse(content.toString('utf8')) as Manifest;
    if (manifest.format === 'brigade-backup' && manifest.version === 1) return manifest;
  } catch {
    // Reported below.
  }
  throw new OpsError(`${file} is not a Brigade backup this version can restore.`);
}
