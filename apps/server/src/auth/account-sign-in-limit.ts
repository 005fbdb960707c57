import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { signInAddressAttempts, signInAttempts } from '../db/schema/sign-in-limits';
import { users } from '../db/schema/users';

/**
 * Sign-in limits per account (docs/decisions/028). Unknown emails are counted alike, so
 * the answers tell nothing about which exist.
 * - From one address: after `maxFailures` attempts without a success within the window,
 *   every sign-in to the account from that address (even with the right password) gets
 *   429 until the window ends. Someone else's failures, from elsewhere, never lock it.
 * - From all addresses together: from `freeFailures` failures on (the count runs on while
 *   failures keep coming), the next attempt waits `firstDelaySeconds`, each one after twice
 *   as long, up to `maxDelaySeconds`: guessing from many addresses gets about one try a
 *   minute, and nobody is locked out for longer than that. An address the account signed
 *   in from within `knownAddressDays` is not slowed down.
 */
export const ACCOUNT_SIGN_IN_LIMIT = {
  perAddress: { maxFailures: 10, windowSeconds: 15 * 60 },
  anyAddress: { freeFailures: 20, windowSeconds: 15 * 60, firstDelaySeconds: 15, maxDelaySeconds: 60 },
  knownAddressDays: 30,
};

export type SignInLimit = typeof ACCOUNT_SIGN_IN_LIMIT;

/** Why an attempt was refused, and in how many seconds the next one may come. */
export type SignInRefusal = { reason: 'address' | 'slowed'; retryAfterSeconds: number };

/** Expired windows are swept on roughly one attempt in this many. */
const SWEEP_EVERY = 200;

const keyOf = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '');
const addressKeyOf = (address: unknown) => (typeof address === 'string' ? address.slice(0, 100) : '');

/**
 * The counts in PostgreSQL (`sign_in_attempts` per account, `sign_in_address_attempts`
 * per account and address), so that every server of one database counts the same
 * attempts. Each step is one statement: the database decides under the rows' locks, and
 * parallel guesses on several servers cannot all slip through.
 *
 * Every statement writes the account's row before the pair's: PostgreSQL runs a
 * data-modifying CTE nobody reads after the main statement, so the pair's write reads from
 * the account's (`account_first`, used, or the planner drops it). In no fixed order, a sign-in's check and another's
 * success on the same account deadlocked (decision 049).
 */
export function accountSignInLimit(db: Database, limit: SignInLimit = ACCOUNT_SIGN_IN_LIMIT) {
  const { perAddress, anyAddress, knownAddressDays } = limit;
  const pairWindow = sql`make_interval(secs => ${perAddress.windowSeconds})`;
  const accountWindow = sql`make_interval(secs => ${anyAddress.windowSeconds})`;
  const account = signInAttempts;
  const pair = signInAddressAttempts;
  return {
    /** Counts the attempt; a refusal when it may not go on (the attempt is then not counted). */
    async attempt(email: unknown, address: unknown): Promise<SignInRefusal | null> {
      const key = keyOf(email);
      if (!key) return null;
      const from = addressKeyOf(address);
      const expired = sql`${account.windowEndsAt} <= now()`;
      const newCount = sql`case when ${expired} then 1 else ${account.count} + 1 end`;
      // "Need not wait" is a fixed time long past, not now(): a sign-in to the same account that
      // started a moment earlier compares it with its own (earlier) now() once this one commits,
      // and a just-written now() would refuse it as slowed (two first sign-ins at once, issue 38's CI).
      const notSlowed = sql`'epoch'::timestamptz`;
      const delay = sql`least(${anyAddress.maxDelaySeconds}, ${anyAddress.firstDelaySeconds} * power(2, ${newCount} - ${anyAddress.freeFailures}))`;
      // The account's count goes up unless this address is locked out of it, or the account
      // is slowed down and this is not an address it is known at; then this address's count
      // goes up, unless it reached its limit meanwhile. Both drivers answer with `{ rows }`.
      const result = (await db.execute(sql`
        with known as (
          select 1 from ${pair}
          where ${pair.email} = ${key} and ${pair.address} = ${from}
            and ${pair.signedInAt} > now() - make_interval(days => ${knownAddressDays})
        ),
        locked as (
          select ${pair.windowEndsAt} as until from ${pair}
          where ${pair.email} = ${key} and ${pair.address} = ${from}
            and ${pair.windowEndsAt} > now() and ${pair.failures} >= ${perAddress.maxFailures}
        ),
        counted_account as (
          insert into ${account} (email, count, window_ends_at, retry_at)
          select ${key}, 1, now() + ${accountWindow}, ${notSlowed} where not exists (select 1 from locked)
          on conflict (email) do update set
            count = ${newCount},
            window_ends_at = now() + ${accountWindow},
            retry_at = case when ${newCount} >= ${anyAddress.freeFailures}
              then now() + make_interval(secs => ${delay}) else ${notSlowed} end
          where ${expired} or ${account.retryAt} <= now() or exists (select 1 from known)
          returning "count"
        ),
        counted_pair as (
          insert into ${pair} (email, address, failures, window_ends_at)
          select ${key}, ${from}, 1, now() + ${pairWindow} from counted_account
          on conflict (email, address) do update set
            failures = case when ${pair.windowEndsAt} <= now() then 1 else ${pair.failures} + 1 end,
            window_ends_at = case when ${pair.windowEndsAt} <= now() then now() + ${pairWindow} else ${pair.windowEndsAt} end
          where ${pair.windowEndsAt} <= now() or ${pair.failures} < ${perAddress.maxFailures}
          returning failures
        )
        select
          (select "count" from counted_account) as account_count,
          (select failures from counted_pair) as pair_failures,
          (select ceil(extract(epoch from until - now()))::int from locked) as locked_seconds,
          (select ceil(extract(epoch from ${account.retryAt} - now()))::int from ${account} where ${account.email} = ${key})
            as slowed_seconds`)) as {
        rows: {
          account_count: number | null;
          pair_failures: number | null;
          locked_seconds: number | null;
          slowed_seconds: number | null;
        }[];
      };
      const row = result.rows[0];
      if (row?.pair_failures != null) {
        if (row.account_count === 1 && Math.random() * SWEEP_EVERY < 1) await sweep();
        return null;
      }
      const seconds = (value: number | null | undefined, otherwise: number) => Math.max(1, Number(value ?? otherwise));
      // Counted for the account but not for the address: it reached its limit in parallel.
      if (row?.locked_seconds != null || row?.account_count != null) {
        return { reason: 'address', retryAfterSeconds: seconds(row?.locked_seconds, perAddress.windowSeconds) };
      }
      return { reason: 'slowed', retryAfterSeconds: seconds(row?.slowed_seconds, 1) };
    },
    /**
     * A sign-in passed the password check: if the account is active, the address's count is
     * cleared and the address becomes one the account is known at; says whether it is
     * active (one statement, as sign-in is on every person's way in). Of the count across
     * addresses only this attempt is taken back: a success here says nothing about
     * guesses made elsewhere.
     */
    async succeeded(userId: string, address: unknown): Promise<boolean> {
      const from = addressKeyOf(address);
      const result = (await db.execute(sql`
        with person as (select ${users.email}, ${users.isActive} from ${users} where ${users.id} = ${userId}),
          taken_back as (
            update ${account} set count = ${account.count} - 1
            where ${account.email} = (select lower(email) from person where is_active) and ${account.count} > 0
            returning 1
          ),
          remembered as (
            insert into ${pair} (email, address, failures, window_ends_at, signed_in_at)
            select lower(email), ${from}, 0, now(), now()
            from person, (select count(*) as written from taken_back) as account_first
            -- Always true: it makes this write wait for the account's, so the account row is
            -- locked first, as a check locks it (decision 049).
            where is_active and ${from} <> '' and account_first.written >= 0
            on conflict (email, address) do update set failures = 0, window_ends_at = now(), signed_in_at = now()
          )
        select is_active from person`)) as { rows: { is_active: boolean }[] };
      return result.rows[0]?.is_active === true;
    },
    /** Takes back an attempt that failed on our side, not on the password. */
    async forgive(email: unknown, address: unknown) {
      const key = keyOf(email);
      if (!key) return;
      const from = addressKeyOf(address);
      await db.execute(sql`
        with account_forgiven as (
          update ${account} set count = ${account.count} - 1
          where ${account.email} = ${key} and ${account.count} > 0
          returning 1
        )
        update ${pair} set failures = ${pair.failures} - 1
        from (select count(*) from account_forgiven) as account_first
        where ${pair.email} = ${key} and ${pair.address} = ${from} and ${pair.failures} > 0`);
    },
  };

  /** Guessing across many emails and addresses must not grow the tables without end. */
  async function sweep() {
    await db.delete(signInAttempts).where(sql`${signInAttempts.windowEndsAt} < now()`);
    await db.delete(signInAddressAttempts).where(
      sql`${signInAddressAttempts.windowEndsAt} < now() and (${signInAddressAttempts.signedInAt} is null
          or ${signInAddressAttempts.signedInAt} < now() - make_interval(days => ${knownAddressDays}))`,
    );
  }
}
