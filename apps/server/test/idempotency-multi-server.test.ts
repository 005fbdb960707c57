/**
 * Issue 34: two real server processes on one PostgreSQL database, as a chain runs Brigade
 * behind a load balancer. A phone's outbox sends a change, loses the answer, and sends it
 * again: the copies may reach both servers at the same moment. Sent with one
 * Idempotency-Key to A and B at once, a photo is stored once and a submit submitted once,
 * and every copy gets the first one's reply. PostgreSQL only: the embedded database is one
 * process's.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { REPLAYED_HEADER } from '../src/http/idempotency';
import {
  type InsertedChecklist,
  insertChecklist,
  insertRun,
  minutesFromNow,
  photoChecklistContent,
} from './checklist-run-fixtures';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, signInAt, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
/** A 1×1 PNG: the photo the phone took. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!onPostgres)('one Idempotency-Key sent to two servers at once', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let servers: [ServerProcess, ServerProcess];
  let checklist: InsertedChecklist;
  let restaurantId: string;
  let staffCookie: string;

  interface Answer {
    status: number;
    replayed: boolean;
    json: unknown;
  }

  /** What the outbox sends: the change, its key and the device's times. */
  async function send(server: ServerProcess, url: string, key: string, body?: FormData | object): Promise<Answer> {
    const now = new Date().toISOString();
    const response = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        origin: server.url,
        cookie: staffCookie,
        'idempotency-key': key,
        'x-recorded-at': now,
        'x-sent-at': now,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      replayed: response.headers.get(REPLAYED_HEADER) === 'true',
      json: text ? JSON.parse(text) : null,
    };
  }

  const call = callServer;
  const signIn = (server: ServerProcess, email: string) => signInAt(server, email, PASSWORD);

  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

  /** Ten copies of one change, alternately to A and B, all at once. */
  function copiesToBoth(url: string, key: string, body?: () => FormData | object) {
    return Promise.all(
      Array.from({ length: 10 }, (_, index) => send(servers[index % 2] as ServerProcess, url, key, body?.())),
    );
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_idempotency');
    const env = {
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'idempotency-servers-secret-idempotency-servers',
      LOG_LEVEL: 'warn',
    };
    servers = await startTwoServers(env);
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    const [a, b] = servers;

    const chain = await setUpTwinChain(a, PASSWORD);
    const hq = chain.hqCookie;
    restaurantId = chain.restaurantId;
    const made = await call(b, 'POST', '/api/users', hq, {
      name: 'Twin staff',
      email: 'staff@example.com',
      password: PASSWORD,
      role: 'staff',
      selectedRestaurants: [restaurantId],
    });
    expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    // One phone, one session: its outbox's copies reach whichever server the balancer picks.
    staffCookie = await signIn(b, 'staff@example.com');
    checklist = await insertChecklist(database.db, {
      name: 'Twin closing check',
      restaurantId,
      windows: [],
      content: photoChecklistContent(),
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
  });

  test('a photo and a submit, each sent ten times at once to both servers with one key: stored once, every copy answered alike', async () => {
    const runId = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-10),
      windowId: null,
    });

    const photoKey = crypto.randomUUID();
    const photo = () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'shelf.png');
      return form;
    };
    const photos = await copiesToBoth(`/api/checklist-runs/${runId}/items/shelf/photos`, photoKey, photo);
    expect(photos.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(photos.filter((answer) => !answer.replayed)).toHaveLength(1);
    for (const answer of photos) expect(answer.json).toEqual(photos[0]?.json);
    expect(await count(sql`select count(*)::int as n from photos where checklist_run_id = ${runId}`)).toBe(1);

    const submitKey = crypto.randomUUID();
    const submits = await copiesToBoth(`/api/checklist-runs/${runId}/submit`, submitKey);
    expect(submits.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(submits.filter((answer) => !answer.replayed)).toHaveLength(1);
    for (const answer of submits) expect(answer.json).toEqual(submits[0]?.json);
    expect(submits[0]?.json).toMatchObject({ state: 'done' });

    // One key row each, settled.
    const { rows } = (await database.db.execute(sql`select key, state, status_code from idempotent_requests
      where key in (${photoKey}, ${submitKey}) order by status_code`)) as unknown as {
      rows: { key: string; state: string; status_code: number }[];
    };
    expect(rows).toEqual([
      { key: submitKey, state: 'done', status_code: 200 },
      { key: photoKey, state: 'done', status_code: 201 },
    ]);
  }, 60_000);
});
