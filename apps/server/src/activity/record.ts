import { randomUUID } from 'node:crypto';
import type { ActivityKind } from '@brigade/core/activity';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/database';
import { activityLog } from '../db/schema/activity-log';
import { entryPayload, GENESIS_HASH, segmentOf } from './canonical';
import { currentActivityRequest } from './request-context';

export interface ActivityEntry {
  kind: ActivityKind;
  /** The person acting (null: the system, SCIM, a signed-out attempt). */
  actorId?: string | null;
  /** E.g. the SCIM or API token's name, or the email tried at a failed sign-in. */
  actorLabel?: string | null;
  /** The restaurant the object belongs to, when it has one. */
  restaurantId?: string | null;
  /** 'user' | 'audit' | 'correctiveAction' | 'checklistRun' | 'setting' | 'scimToken' | 'identityProvider' | 'passkey' | 'export' … */
  objectType?: string | null;
  objectId?: string | null;
  /** A readable name at the time (a person's name, an audit's title). */
  objectLabel?: string | null;
  /** Changed fields only, NEVER secrets. */
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** E.g. { method: 'password' | 'oidc' | 'passkey' }, { list, rows }. */
  details?: Record<string, unknown>;
  /** Client address (the one the sign-in limit uses). */
  address?: string | null;
  userAgent?: string | null;
}

const LONGEST_TEXT = 1000;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL stores as given (no NUL, no half surrogate pair), cut to a sane length. */
function storable(value: string | null | undefined, max = LONGEST_TEXT): string | null {
  if (value === null || value === undefined) return null;
  return value.slice(0, max).replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

/**
 * A JSON value exactly as jsonb gives it back (Dates as ISO text, undefined dropped,
 * storable strings), so the hash computed now is the hash recomputed from the row.
 */
function storableJson<T>(value: T | undefined): T | null {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value), (_key, item) =>
    typeof item === 'string' ? storable(item, 10_000) : item,
  ) as T;
}

/**
 * Appends one entry, in the caller's transaction when given one (pass `tx`): the entry
 * exists exactly when the caller's change commits. Takes the segment's chain head row
 * lock until that transaction ends, so entries of one month form a single chain across
 * every server (decision 043).
 */
export async function recordActivity(db: Database | Transaction, entry: ActivityEntry): Promise<void> {
  // One statement (see `append`): atomic on its own, so without a transaction it needs none.
  await append(db, withRequestContext(entry));
}

/**
 * The actor, address and user agent of the request being served (request-context.ts)
 * where the entry leaves them out (undefined; null means none): a service need not pass them.
 */
function withRequestContext(entry: ActivityEntry): ActivityEntry {
  const request = currentActivityRequest();
  if (!request) return entry;
  const context = activityContextOf(request);
  // A call made with an API token (issue 37) is the token's: named by it, its hq creator as the person.
  const token = request.sessionUser?.apiToken;
  return {
    ...entry,
    ...(token
      ? {
          actorLabel: entry.actorLabel === undefined ? token.name : entry.actorLabel,
          details: { ...entry.details, via: 'apiToken', tokenId: token.id },
        }
      : {}),
    actorId: entry.actorId === undefined ? context.actorId : entry.actorId,
    address: entry.address === undefined ? context.address : entry.address,
    userAgent: entry.userAgent === undefined ? context.userAgent : entry.userAgent,
  };
}

/**
 * One statement: the month's head is created (first entry) or advanced, which locks it
 * until the transaction ends; its old hash and the new seq give the entry's hash, in
 * SQL; the entry is inserted with both. (Two statements, reading the head first, cost a
 * second round trip on every audited write.)
 */
async function append(db: Database | Transaction, entry: ActivityEntry): Promise<void> {
  const at = new Date();
  const segment = segmentOf(at);
  const row = {
    id: randomUUID(),
    at,
    segment,
    kind: entry.kind,
    actorId: storable(entry.actorId),
    actorLabel: storable(entry.actorLabel),
    restaurantId: entry.restaurantId ?? null,
    objectType: storable(entry.objectType),
    objectId: storable(entry.objectId),
    objectLabel: storable(entry.objectLabel),
    changes: storableJson(entry.changes),
    details: storableJson(entry.details),
    address: storable(entry.address),
    userAgent: storable(entry.userAgent),
  };
  const payload = entryPayload(row);
  const hashOf = (prevHash: SQL, seq: SQL) =>
    sql`encode(sha256(convert_to(${prevHash} || ':' || ${seq} || ':' || ${payload}::text, 'UTF8')), 'hex')`;
  await db.execute(sql`
    with head as (
      insert into activity_chain_heads as h (segment, seq, hash, prev_hash)
      values (${segment}, 1, ${hashOf(sql`${GENESIS_HASH}::text`, sql`'1'`)}, ${GENESIS_HASH})
      on conflict (segment) do update set
        seq = h.seq + 1,
        prev_hash = h.hash,
        hash = ${hashOf(sql`h.hash`, sql`(h.seq + 1)::text`)}
      returning seq, hash, prev_hash
    )
    insert into ${activityLog} (id, at, segment, seq, kind, actor_id, actor_label, restaurant_id, object_type,
      object_id, object_label, changes, details, address, user_agent, prev_hash, hash)
    select ${row.id}::uuid, ${at.toISOString()}::timestamptz, ${segment}, head.seq, ${row.kind}, ${row.actorId},
      ${row.actorLabel}, ${row.restaurantId}::uuid, ${row.objectType}, ${row.objectId}, ${row.objectLabel},
      ${row.changes === null ? null : JSON.stringify(row.changes)}::jsonb,
      ${row.details === null ? null : JSON.stringify(row.details)}::jsonb,
      ${row.address}, ${row.userAgent}, head.prev_hash, head.hash
    from head`);
}

/** Address and user agent of a Fastify request (and the signed-in actor when there is one). */
export function activityContextOf(request: FastifyRequest): {
  actorId: string | null;
  address: string | null;
  userAgent: string | null;
} {
  const userAgent = request.headers['user-agent'];
  return {
    actorId: request.sessionUser?.id ?? null,
    address: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}

/** The fields of `after` that differ from `before`, as { from, to }: for an entry's `changes`. */
export function changedFields(
  before: object,
  after: object,
  fields: readonly string[],
): Record<string, { from: unknown; to: unknown }> | undefined {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = (before as Record<string, unknown>)[field] ?? null;
    const to = (after as Record<string, unknown>)[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
