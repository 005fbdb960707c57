import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@brigade/core/roles';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../src/db/client';
import { restaurants, staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { insertUser } from '../src/modules/users/insert-user';
import { createScratchDatabase } from './scratch-database';

export const PUBLIC_URL = 'http://localhost:3000';
export const PASSWORD = 'correct-horse';
export const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/**
 * The API under test on a database of its own: PGlite in memory by default, or a
 * fresh database on the PostgreSQL server of TEST_DATABASE_URL when
 * BRIGADE_TEST_DRIVER=postgres. Dropped when the file's tests end.
 */
export async function startTestApp(
  options: {
    signInRateLimit?: number;
    /** Calls one API token may make a minute (issue 37); omitted, the default. */
    apiTokenRateLimit?: number;
    uploadMaxBytes?: number;
    photoMaxBytes?: number;
    s3?: AppOptions['s3'];
    monday?: AppOptions['monday'];
    powerBi?: AppOptions['powerBi'];
    brandWord?: string;
    onQuery?: DatabaseOptions['onQuery'];
    /** PUBLIC_URL of the app under test; requests are sent from its origin. */
    publicUrl?: string;
    /** False: PUBLIC_URL unset, `publicUrl` only the default (see origin-check.ts). Omitted: set. */
    publicUrlSet?: boolean;
    logger?: AppOptions['logger'];
    /** Run the job queue with the app (off unless asked). */
    jobs?: boolean;
    /** SMTP email, such as a test SMTP sink's (test/smtp-sink.ts); omitted, email is off. */
    mail?: AppOptions['mail'];
    /** The demo's mail capture (issue 35), with `mail` pointing at it; omitted, /api/demo-emails is a 404. */
    demoMailbox?: AppOptions['demoMailbox'];
    /** Web Push's keys and subject (issue 34); omitted, keys are generated into the test's DATA_DIR. */
    push?: AppOptions['push'];
    /** Prometheus metrics (decision 036); omitted, off. */
    metrics?: AppOptions['metrics'];
    /** Webhooks' address policy (issue 37); omitted, private addresses refused. */
    webhooks?: AppOptions['webhooks'];
  } = {},
) {
  const { database, dispose } = await openTestDatabase({ onQuery: options.onQuery });
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-test-'));
  const publicUrl = options.publicUrl ?? PUBLIC_URL;
  const app = await buildApp({
    database,
    publicUrl,
    publicUrlSet: options.publicUrlSet,
    authSecret: AUTH_SECRET,
    signInRateLimit: options.signInRateLimit ?? 1000,
    apiTokenRateLimit: options.apiTokenRateLimit,
    sessionDays: 7,
    webRoot: null,
    dataDir,
    uploadMaxBytes: options.uploadMaxBytes,
    photoMaxBytes: options.photoMaxBytes,
    s3: options.s3,
    monday: options.monday,
    powerBi: options.powerBi,
    brandWord: options.brandWord,
    logger: options.logger ?? (process.env.BRIGADE_TEST_LOG ? { level: 'error' } : false),
    jobs: options.jobs,
    mail: options.mail,
    demoMailbox: options.demoMailbox,
    push: options.push,
    metrics: options.metrics,
    webhooks: options.webhooks,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dispose();
  });
  const passwordHash = await hashPassword(app.auth, PASSWORD);
  const db = database.db;

  /** A request as the person holding `cookie` (or signed out), from our own origin. */
  function request(cookie: string | undefined, options: InjectOptions) {
    return app.inject({
      ...options,
      headers: { origin: publicUrl, ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
  }

  async function signIn(email: string, password = PASSWORD, from?: { remoteAddress: string }) {
    const response = await request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      ...from,
    });
    return { response, cookie: sessionCookieOf(response.headers['set-cookie']) };
  }

  let sequence = 0;
  async function buildRestaurant(overrides: Partial<typeof restaurants.$inferInsert> = {}) {
    sequence += 1;
    const [row] = await db
      .insert(restaurants)
      .values({
        name: `Restaurant ${sequence}`,
        city: 'Utrecht',
        country: 'Netherlands',
        address: `Main Street ${sequence}`,
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('restaurant not inserted');
    return row;
  }

  async function buildUser(role: Role, options: { restaurantIds?: string[]; isActive?: boolean; name?: string } = {}) {
    sequence += 1;
    const email = `${role}${sequence}@example.com`;
    const id = await insertUser(db, {
      name: options.name ?? `${role} ${sequence}`,
      email,
      role,
      passwordHash,
      isActive: options.isActive,
    });
    if (options.restaurantIds?.length) {
      await db
        .insert(staffRestaurantAssignments)
        .values(options.restaurantIds.map((restaurantId) => ({ userId: id, restaurantId })));
    }
    return { id, email, role };
  }

  /** A user of that role, signed in; returns their session cookie too. */
  async function signedIn(role: Role, options: { restaurantIds?: string[] } = {}) {
    const user = await buildUser(role, options);
    const { cookie, response } = await signIn(user.email);
    if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
    return { ...user, cookie };
  }

  let digestQuery: ReturnType<typeof sql.raw> | undefined;
  /**
   * Per table of the app's schema: its row count and an md5 of every row. Equal digests
   * before and after a request: it changed nothing, in any table.
   */
  async function tableDigests(): Promise<Record<string, string>> {
    if (!digestQuery) {
      const { rows } = (await db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as { rows: { tablename: string }[] };
      digestQuery = sql.raw(
        rows
          .map(
            ({ tablename }) =>
              `select '${tablename}' as name, count(*) || ' rows, ' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from public."${tablename}" t`,
          )
          .join(' union all '),
      );
    }
    const { rows } = (await db.execute(digestQuery)) as { rows: { name: string; digest: string }[] };
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  }

  return { app, database, db, dataDir, request, signIn, signedIn, buildUser, buildRestaurant, tableDigests };
}

/** The server serving a built web app from `webRoot` (on an in-memory database), closed when the file's tests end. */
export async function startWebApp(webRoot: string) {
  const database = await openDatabase({ kind: 'pglite-memory' });
  const app = await buildApp({
    database,
    publicUrl: PUBLIC_URL,
    authSecret: AUTH_SECRET,
    signInRateLimit: 10,
    sessionDays: 1,
    webRoot,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-web-data-')),
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  // Over https the cookie carries the __Secure- prefix.
  const session = cookies.find((cookie) => /^(__Secure-)?better-auth\.session_token=/.test(cookie));
  return session?.split(';')[0];
}

async function openTestDatabase(
  options: DatabaseOptions,
): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  if (process.env.BRIGADE_TEST_DRIVER !== 'postgres') {
    const snapshotFile = inject('pgliteSnapshot');
    const snapshot = snapshotFile ? new Blob([fs.readFileSync(snapshotFile)]) : undefined;
    return { database: await openDatabase({ kind: 'pglite-memory', snapshot }, options), dispose: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('BRIGADE_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'brigade_test', {
    template: inject('postgresTemplate') ?? undefined,
  });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url }, options);
  return { database, dispose: scratch.drop };
}
