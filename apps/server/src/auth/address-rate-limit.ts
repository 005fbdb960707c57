import type { BetterAuthRateLimitStorage } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema/sign-in-limits';

/** Expired rows are swept on roughly one request in this many. */
const SWEEP_EVERY = 500;

/**
 * Better Auth's rate limiter (per client address and path) kept in PostgreSQL, so that
 * every server of one database counts the same requests. Better Auth's own database
 * storage reads, then increments (two or three round trips); this decides in one
 * statement under the row's lock, with the same rule: a window runs from the last
 * counted request, and at the limit a request is refused until it has passed. The
 * clock is the database's (`now()`, fixed for the statement), the one every server shares.
 */
export function addressRateLimitStorage(db: Database): BetterAuthRateLimitStorage {
  const now = sql`(extract(epoch from now()) * 1000)::bigint`;
  return {
    async consume(key, { window, max }) {
      const windowMs = window * 1000;
      const expired = sql`${rateLimits.lastRequest} <= ${now} - ${windowMs}`;
      const underLimit = sql`${rateLimits.count} < ${max}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ id: key, key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.id,
          set: {
            count: sql`case when ${expired} then 1 when ${underLimit} then ${rateLimits.count} + 1 else ${rateLimits.count} end`,
            lastRequest: sql`case when ${expired} or ${underLimit} then ${now} else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({
          // Counted when the row now carries this statement's time.
          allowed: sql<boolean>`${rateLimits.lastRequest} = ${now}`,
          retryAfterMs: sql<number>`${rateLimits.lastRequest} + ${windowMs} - ${now}`,
        });
      if (Math.random() * SWEEP_EVERY < 1) {
        await db.delete(rateLimits).where(sql`${rateLimits.lastRequest} < ${now} - ${60 * 60 * 1000}`);
      }
      if (!row || row.allowed) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(Number(row.retryAfterMs) / 1000)) };
    },
  };
}
