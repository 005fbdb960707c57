import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInAttempts } from '../db/schema/sign-in-limits';
import { users } from '../db/schema/users';

/**
 * Sign-in limit per account, whatever the address: after this many attempts without a
 * success on one email within the window, every sign-in to it (even with the right
 * password) gets 429 until the window ends; a successful sign-in clears the count.
 * Unknown emails are counted alike, so the answer tells nothing about which exist.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { maxFailures: 10, windowSeconds: 15 * 60 };

/** Expired windows are swept on roughly one new window in this many. */
const SWEEP_EVERY = 200;

const keyOf = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '');

/**
 * The per-account count in PostgreSQL (`sign_in_attempts`), so that every server of one
 * database counts the same attempts. Each step is one statement: the database decides
 * under the row's lock, and parallel guesses on several servers cannot all slip through.
 */
export function accountSignInLimit(db: Database, { maxFailures, windowSeconds } = ACCOUNT_SIGN_IN_LIMIT) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  return {
    /** Counts the attempt; false when the account is locked (the attempt is then not counted). */
    async attempt(email: unknown): Promise<boolean> {
      const key = keyOf(email);
      if (!key) return true;
      // A row comes back when the attempt was counted: a new or expired window starts at 1,
      // a current one below the limit goes up by one; at the limit the update does nothing.
      const counted = await db
        .insert(signInAttempts)
        .values({ email: key, count: 1, windowEndsAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: signInAttempts.email,
          set: {
            count: sql`case when ${signInAttempts.windowEndsAt} <= now() then 1 else ${signInAttempts.count} + 1 end`,
            windowEndsAt: sql`case when ${signInAttempts.windowEndsAt} <= now() then now() + ${window} else ${signInAttempts.windowEndsAt} end`,
          },
          setWhere: sql`${signInAttempts.windowEndsAt} <= now() or ${signInAttempts.count} < ${maxFailures}`,
        })
        .returning({ count: signInAttempts.count });
      if (counted[0]?.count === 1 && Math.random() * SWEEP_EVERY < 1) {
        // Guessing across many emails must not grow the table without end.
        await db.delete(signInAttempts).where(sql`${signInAttempts.windowEndsAt} < now()`);
      }
      return counted.length > 0;
    },
    /**
     * A sign-in passed the password check: clears the account's count if it is active,
     * and says whether it is (one statement, as sign-in is on every person's way in).
     */
    async succeeded(userId: string): Promise<boolean> {
      // Both drivers answer raw statements with `{ rows }`.
      const result = (await db.execute(sql`
        with person as (select ${users.email}, ${users.isActive} from ${users} where ${users.id} = ${userId}),
          cleared as (delete from ${signInAttempts} where ${signInAttempts.email} = (select email from person where is_active))
        select is_active from person`)) as { rows: { is_active: boolean }[] };
      return result.rows[0]?.is_active === true;
    },
    /** Takes back an attempt that failed on our side, not on the password. */
    async forgive(email: unknown) {
      const key = keyOf(email);
      if (!key) return;
      await db
        .update(signInAttempts)
        .set({ count: sql`${signInAttempts.count} - 1` })
        .where(sql`${signInAttempts.email} = ${key} and ${signInAttempts.count} > 0`);
    },
  };
}
