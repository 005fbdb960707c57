import { IDEMPOTENCY_KEEP_HOURS, IDEMPOTENCY_KEY_HEADER, offlineMessages } from '@brigade/core/offline';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { idempotentRequests } from '../db/schema/idempotency';
import { badRequest, conflict, HttpError } from '../errors';
import type { JobQueue } from '../jobs/job-queue';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route the offline outbox sends changes to (issue 34): it honours `Idempotency-Key`
     * (below) and reads the device's times into `request.offline` (./offline-times.ts).
     */
    idempotent?: boolean;
  }
}

/**
 * Sending the same change twice stores it once (issue 34, decision 033). The outbox gives
 * each change a key and sends it until it has an answer: a reply lost to a dropped
 * connection, a second tab, or Background Sync racing the page send it again, maybe to
 * another server. So, on a route with `config: { idempotent: true }`, a request carrying
 * `Idempotency-Key`:
 * - claims (signed-in person, key) with an INSERT, the one step the database decides for
 *   every server at once (the primary key), before the handler runs;
 * - the request that claimed it runs, and its reply (status and JSON body) is kept;
 * - every other request with that key gets the kept reply with `Idempotent-Replayed: true`
 *   and stores nothing; one arriving while the first still runs waits for its reply
 *   (polling the row: no connection is held, which PGlite's single one could not spare);
 * - the same key for another `METHOD url` is a 409: it is a bug of the sender, not a copy;
 * - only a reply that made the change (2xx) is kept. Any other lets the claim go, so
 *   sending again runs the change again: a 5xx or a crash, and 401/403/429 (sign in or
 *   wait, then send again), but also a 400 or 409, since a refused change stored nothing
 *   (the services refuse inside their transaction) and the person may fix what was
 *   missing (fill the last item, then retry the submit) and send the same item again.
 * A server that died mid-change leaves a claim 'running': after STALE_CLAIM_MINUTES the
 * next copy takes it over and runs. The key is not written in the change's own
 * transaction (the services open theirs, and a photo is a file too), so a crash in the
 * moment between the change and keeping its reply lets a copy run it again: a submit or
 * a resolution then answers 409 (done already), a value is written again alike, a photo
 * could be added twice. Rare enough to accept for a key kept outside the services.
 * Without the header the route behaves as it always did.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** How long a copy waits for the first to finish before answering 503 (the outbox retries). */
const WAIT_MS = 10_000;
const POLL_MS = 100;
/** Longer than any request takes (a photo over a slow line included), so a live claim is never taken over. */
const STALE_CLAIM_MINUTES = 10;
/** Kept at least IDEMPOTENCY_KEEP_HOURS; the purge deletes rows twice as old. */
const PURGE_AFTER_HOURS = 2 * IDEMPOTENCY_KEEP_HOURS;

export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_PURGE_JOB = 'idempotency-purge';

interface Claim {
  userId: string;
  key: string;
}

type Kept = { statusCode: number; reply: unknown };

/** The requests that claimed their key, until their reply is kept or the claim let go. */
const claims = new WeakMap<FastifyRequest, Claim>();

export function registerIdempotency(app: FastifyInstance, db: Database) {
  // A preHandler, after the guard (onRequest) has set the caller and after the offline
  // times (registered before this), which the claim keeps.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (!request.routeOptions.config.idempotent || key === undefined || !request.sessionUser) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw badRequest(offlineMessages.badKey, { [IDEMPOTENCY_KEY_HEADER]: offlineMessages.badKey });
    }
    const claim = { userId: request.sessionUser.id, key };
    const kept = await claimOrWait(db, claim, `${request.method} ${request.url}`, request);
    if (kept === null) {
      claims.set(request, claim);
      return;
    }
    const body = kept.reply === null ? undefined : JSON.stringify(kept.reply);
    return reply
      .status(kept.statusCode)
      .header(REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  // An onSend hook registered before compression's, so it sees the JSON as written.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) await keep(db, claim, reply.statusCode, payload);
      else await release(db, claim);
    } catch (error) {
      // The change is made and its reply goes out; the claim stays 'running' until stale.
      request.log.error({ err: error }, 'could not keep the reply of an idempotent request');
    }
    return payload;
  });
}

/**
 * Claims the key for this request (null: run it), or the kept reply of the request that
 * claimed it, waiting while that one runs. 409 when the key was used for another request.
 */
async function claimOrWait(db: Database, claim: Claim, target: string, request: FastifyRequest): Promise<Kept | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await tryClaim(db, claim, target, request)) return null;
    const [row] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key)));
    if (row && row.request !== target) throw conflict(offlineMessages.keyReused);
    if (row?.state === 'done' && row.statusCode !== null) return { statusCode: row.statusCode, reply: row.reply };
    // Still running (or just let go by a 5xx: the next turn claims it).
    if (Date.now() > deadline) throw new HttpError(503, offlineMessages.stillRunning);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** One statement: a new key is claimed; a claim left 'running' by a server that died is taken over. */
async function tryClaim(db: Database, claim: Claim, target: string, request: FastifyRequest): Promise<boolean> {
  const times = {
    request: target,
    recordedAt: request.offline?.deviceRecordedAt ?? null,
    clockOffsetSeconds: request.offline?.clockOffsetSeconds ?? null,
  };
  const claimed = await db
    .insert(idempotentRequests)
    .values({ ...claim, ...times })
    .onConflictDoUpdate({
      target: [idempotentRequests.userId, idempotentRequests.key],
      set: { ...times, receivedAt: sql`now()` },
      setWhere: and(
        eq(idempotentRequests.state, 'running'),
        lt(idempotentRequests.receivedAt, sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`),
      ),
    })
    .returning({ key: idempotentRequests.key });
  return claimed.length > 0;
}

function whereClaim(claim: Claim) {
  return and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key));
}

async function keep(db: Database, claim: Claim, statusCode: number, payload: unknown) {
  const reply = typeof payload === 'string' && payload !== '' ? JSON.parse(payload) : null;
  await db.update(idempotentRequests).set({ state: 'done', statusCode, reply }).where(whereClaim(claim));
}

async function release(db: Database, claim: Claim) {
  await db.delete(idempotentRequests).where(and(whereClaim(claim), eq(idempotentRequests.state, 'running')));
}

/** Deletes keys older than PURGE_AFTER_HOURS; returns how many. */
export async function purgeIdempotentRequests(db: Database): Promise<number> {
  const purged = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.receivedAt, sql`now() - make_interval(hours => ${PURGE_AFTER_HOURS})`))
    .returning({ key: idempotentRequests.key });
  return purged.length;
}

/** The purge, hourly on the app's job queue (once per fire whatever the number of servers). */
export function registerIdempotencyPurge(jobs: JobQueue, db: Database) {
  jobs.register(
    IDEMPOTENCY_PURGE_JOB,
    async () => {
      await purgeIdempotentRequests(db);
    },
    { cron: '41 * * * *' },
  );
}
