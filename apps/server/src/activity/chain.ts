import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { activityChainHeads, activityLog } from '../db/schema/activity-log';
import { entryHash, GENESIS_HASH } from './canonical';

export interface ActivityVerification {
  ok: boolean;
  /** Entries whose hash was recomputed (up to the first broken one). */
  checked: number;
  /**
   * The first entry, in segment and seq order, that is not what the chain says: 'changed'
   * when its fields no longer give its hash or the next entry chained from another one;
   * 'removed' when the chain goes on past a missing seq (id null: the entry is gone), or
   * the head of its month is ahead of the last entry left.
   */
  firstBroken?: { segment: string; seq: number; id: string | null; reason: 'changed' | 'removed' };
}

const BATCH = 5_000;

/**
 * Recomputes every segment's hash chain from its first entry to its head (decision 043).
 * Reads in batches along (segment, seq), so memory stays flat over millions of entries.
 */
export async function verifyActivityLog(db: Queryable): Promise<ActivityVerification> {
  const heads = new Map((await db.select().from(activityChainHeads)).map((head) => [head.segment, head] as const));
  const segments = new Set<string>([...heads.keys(), ...(await segmentsWithEntries(db))]);
  let checked = 0;
  for (const segment of [...segments].sort()) {
    const head = heads.get(segment);
    let expectedSeq = 1;
    let prevHash = GENESIS_HASH;
    let prevId: string | null = null;
    for (;;) {
      const rows = await db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.segment, segment), gt(activityLog.seq, expectedSeq - 1)))
        .orderBy(asc(activityLog.seq))
        .limit(BATCH);
      for (const row of rows) {
        if (row.seq !== expectedSeq) {
          return broken(checked, { segment, seq: expectedSeq, id: null, reason: 'removed' });
        }
        if (row.prevHash !== prevHash) {
          // The entry before was rewritten along with its own hash: the link shows it.
          const seq = expectedSeq - 1;
          return broken(checked, { segment, seq, id: prevId, reason: 'changed' });
        }
        if (entryHash(row.prevHash, row) !== row.hash) {
          return broken(checked, { segment, seq: row.seq, id: row.id, reason: 'changed' });
        }
        checked += 1;
        prevHash = row.hash;
        prevId = row.id;
        expectedSeq += 1;
      }
      if (rows.length < BATCH) break;
    }
    const lastSeq = expectedSeq - 1;
    if (!head || head.seq > lastSeq) {
      return broken(checked, { segment, seq: lastSeq + 1, id: null, reason: 'removed' });
    }
    if (head.seq < lastSeq || head.hash !== prevHash) {
      return broken(checked, { segment, seq: lastSeq, id: prevId, reason: 'changed' });
    }
  }
  return { ok: true, checked };
}

function broken(checked: number, firstBroken: NonNullable<ActivityVerification['firstBroken']>): ActivityVerification {
  return { ok: false, checked, firstBroken };
}

/** The distinct segments of the log, by a skip scan of its (segment, seq) index. */
async function segmentsWithEntries(db: Queryable): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive segments(segment) as (
      select min(segment) from ${activityLog}
      union all
      select (select min(segment) from ${activityLog} where segment > segments.segment)
      from segments where segments.segment is not null
    )
    select segment from segments where segment is not null`)) as unknown as { rows: { segment: string }[] };
  return result.rows.map((row) => row.segment);
}
