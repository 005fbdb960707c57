import { createHash } from 'node:crypto';

/** The hash a segment's first entry chains from. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with object keys sorted at every depth and no whitespace: the same value always
 * gives the same text, whatever order its keys were built or read back in (jsonb sorts
 * them its own way).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields of one entry that its hash covers: every column but the hashes themselves. */
export interface ChainedFields {
  id: string;
  at: Date;
  segment: string;
  seq: number;
  kind: string;
  actorId: string | null;
  actorLabel: string | null;
  restaurantId: string | null;
  objectType: string | null;
  objectId: string | null;
  objectLabel: string | null;
  changes: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  address: string | null;
  userAgent: string | null;
}

/** The canonical JSON of an entry's columns but `seq` and the hashes (chained with them by `chainHash`). */
export function entryPayload(entry: Omit<ChainedFields, 'seq'>): string {
  return canonicalJson({
    id: entry.id,
    at: entry.at.toISOString(),
    segment: entry.segment,
    kind: entry.kind,
    actorId: entry.actorId,
    actorLabel: entry.actorLabel,
    restaurantId: entry.restaurantId,
    objectType: entry.objectType,
    objectId: entry.objectId,
    objectLabel: entry.objectLabel,
    changes: entry.changes,
    details: entry.details,
    address: entry.address,
    userAgent: entry.userAgent,
  });
}

/**
 * sha256 of `prev_hash:seq:payload` (UTF-8), hex. record.ts computes the same in SQL,
 * under the chain head's row lock, so an append is one statement.
 */
export function chainHash(prevHash: string, seq: number, payload: string): string {
  return createHash('sha256').update(`${prevHash}:${seq}:${payload}`, 'utf8').digest('hex');
}

/** The hash an entry must carry, given the hash of the one before it. */
export function entryHash(prevHash: string, entry: ChainedFields): string {
  return chainHash(prevHash, entry.seq, entryPayload(entry));
}

/** The segment (UTC month, 'YYYY-MM') of an instant. */
export function segmentOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}
