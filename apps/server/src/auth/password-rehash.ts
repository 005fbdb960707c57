import { and, eq, notLike } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accounts } from '../db/schema/users';

/**
 * Rehash on sign-in (docs/decisions/049): the credential account whose stored hash is
 * `outdated` gets `fresh`, made of the same password. Keyed by the old hash itself (a
 * random salt makes it one account's), so nothing but the password check has to know
 * whose it was; an account whose hash changed meanwhile (a new password) is left alone.
 * Once per person: afterwards the hash is current. The partial index of scrypt hashes
 * (accounts_outdated_password_idx, migration 0041) finds one without reading the accounts
 * table; it empties as people sign in again.
 */
export function replacingOutdatedHashes(db: Database) {
  return async (outdated: string, fresh: string) => {
    await db
      .update(accounts)
      .set({ password: fresh, updatedAt: new Date() })
      .where(
        and(
          eq(accounts.providerId, 'credential'),
          eq(accounts.password, outdated),
          // Repeats the index's condition so the planner uses it; an argon2 hash of older
          // parameters (none yet) is found without it, by reading the table.
          outdated.startsWith('$argon2') ? undefined : notLike(accounts.password, '$argon2%'),
        ),
      );
  };
}
