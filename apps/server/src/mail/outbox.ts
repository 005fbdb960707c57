import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { Mail, Mailer } from './mailer';

/**
 * The one outbox every email goes through (decision 022, issue 31): notification emails
 * (the email_* columns of `notifications`) and the others (`email_outbox`: reset links)
 * are claimed, retried and given up by the same statements below, which is why both
 * tables name those columns alike.
 *
 * - Claimed one row at a time (pending → sending, email_claimed_at) with FOR UPDATE SKIP
 *   LOCKED, by EMAIL_SENDERS claimers per run: two servers never take the same row, and a
 *   server killed mid-run leaves at most EMAIL_SENDERS rows in 'sending', the only emails
 *   that may go twice (accepted by SMTP, then the process died before marking them).
 * - A refused send waits 1, 2, 4 … minutes (at most EMAIL_BACKOFF_CAP_MINUTES) and is
 *   tried again until EMAIL_RETRY_HOURS have passed since it was queued; a send refused
 *   after that marks it 'failed'.
 * - Every try of one row carries the same Message-ID, so a mail client folds a duplicate.
 */

/** How long an email is retried, from the moment it was queued. */
export const EMAIL_RETRY_HOURS = 24;
/** The longest wait between two tries of one email. */
export const EMAIL_BACKOFF_CAP_MINUTES = 60;
/**
 * A claim older than this is taken over: the process that made it died mid-send. Safe
 * because the mailer gives up a send well before (its timeouts, mailer.ts), so no live
 * send is ever taken over; shorter would not shrink the duplicates, only bring them sooner.
 */
export const EMAIL_CLAIM_TIMEOUT_MINUTES = 5;
/** Emails one run sends at the same time, each claimed alone. */
export const EMAIL_SENDERS = 4;

export type EmailTable = 'notifications' | 'email_outbox';

/** What a claimed row becomes instead of an email: it must no longer go out. */
export interface Dropped {
  drop: string;
}

/** One table of emails: how a claimed row is written, and what settling it also clears. */
export interface EmailSource {
  table: EmailTable;
  /** The claimed row's email, or the state it ends in without being sent. */
  load(db: Queryable, id: string, publicUrl: string): Promise<Mail | Dropped>;
  /** Extra assignments when a row is settled (sent, failed, dropped), such as clearing a token. */
  settled?: SQL;
}

export interface EmailRun {
  sent: number;
  /** Refused this time, to be tried again later. */
  retrying: number;
  /** Refused for the last time ('failed'). */
  failed: number;
  /** Not sent because it must no longer go (the person deactivated, the link expired). */
  dropped: number;
}

/** A stable Message-ID for one row of the outbox: every try of it carries the same one. */
export function messageIdOf(kind: string, id: string, publicUrl: string): string {
  return `<${kind}-${id}@${new URL(publicUrl).hostname}>`;
}

/**
 * Sends what is due from `sources` (earlier sources first: a reset link should not wait
 * behind a digest) until nothing is due. A claimer that finds the mail server
 * unreachable stops for this run: the next emails would only fail the same way.
 */
export async function sendDueEmails(
  db: Queryable,
  mailer: Mailer,
  publicUrl: string,
  sources: readonly EmailSource[],
): Promise<EmailRun> {
  const run: EmailRun = { sent: 0, retrying: 0, failed: 0, dropped: 0 };
  if (!mailer.configured) return run;
  const claimer = async () => {
    // A source found empty is not asked again in this run (one statement less per email);
    // what is queued meanwhile goes at the next run, or at once (sendQueuedEmail).
    const left = [...sources];
    for (;;) {
      const claimed = await claimNext(db, left);
      if (!claimed) return;
      const outcome = await deliver(db, mailer, publicUrl, claimed.source, claimed.id);
      run[outcome.result] += 1;
      if (outcome.serverUnreachable) return;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: EMAIL_SENDERS }, claimer));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return run;
}

/**
 * Sends one queued row now if it is due (a reset link, right after it is asked for);
 * refused, it stays in the outbox for the email job's next runs. Returns what happened,
 * or null when the row was not due or another worker holds it.
 */
export async function sendQueuedEmail(
  db: Queryable,
  mailer: Mailer,
  publicUrl: string,
  source: EmailSource,
  id: string,
): Promise<keyof EmailRun | null> {
  if (!mailer.configured) return null;
  if (!(await claim(db, source.table, id))) return null;
  return (await deliver(db, mailer, publicUrl, source, id)).result;
}

/** The next due row of the first source that has one; sources found empty are removed from `left`. */
async function claimNext(db: Queryable, left: EmailSource[]) {
  while (left.length > 0) {
    const source = left[0] as EmailSource;
    const id = await claim(db, source.table);
    if (id) return { source, id };
    left.shift();
  }
  return null;
}

/** The oldest due row of `table` (or row `id`, if due), now 'sending' for this worker; null if none. */
async function claim(db: Queryable, table: EmailTable, id?: string): Promise<string | null> {
  const result = (await db.execute(sql`
    with claimable as (
      select e.id from ${sql.identifier(table)} e
      where e.email_state in ('pending', 'sending')
        ${id ? sql`and e.id = ${id}` : sql``}
        and (
          (e.email_state = 'pending' and (e.email_attempts = 0 or e.email_claimed_at <= now() - ${backoff}))
          or (e.email_state = 'sending'
            and e.email_claimed_at < now() - make_interval(mins => ${EMAIL_CLAIM_TIMEOUT_MINUTES})))
      order by e.created_at
      limit 1
      for update skip locked
    )
    update ${sql.identifier(table)} e set email_state = 'sending', email_claimed_at = now()
    from claimable where e.id = claimable.id
    returning e.id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? null;
}

/** The wait after the n-th refused try: 1, 2, 4 … minutes, at most EMAIL_BACKOFF_CAP_MINUTES. */
const backoff = sql`make_interval(mins => least(${EMAIL_BACKOFF_CAP_MINUTES}, power(2, e.email_attempts - 1))::int)`;

async function deliver(
  db: Queryable,
  mailer: Mailer,
  publicUrl: string,
  source: EmailSource,
  id: string,
): Promise<{ result: keyof EmailRun; serverUnreachable?: boolean }> {
  const table = sql.identifier(source.table);
  const settled = source.settled ? sql`, ${source.settled}` : sql``;
  const mail = await source.load(db, id, publicUrl);
  if ('drop' in mail) {
    await db.execute(sql`
      update ${table} set email_state = ${mail.drop}, email_claimed_at = now() ${settled}
      where id = ${id} and email_state = 'sending'`);
    return { result: 'dropped' };
  }
  try {
    await mailer.send(mail);
  } catch (error) {
    const result = (await db.execute(sql`
      update ${table} e
      set email_attempts = e.email_attempts + 1,
          email_state = case when e.created_at <= now() - make_interval(hours => ${EMAIL_RETRY_HOURS})
            then 'failed' else 'pending' end
      where e.id = ${id} and e.email_state = 'sending'
      returning e.email_state`)) as unknown as { rows: { email_state: string }[] };
    const failed = result.rows[0]?.email_state === 'failed';
    if (failed && source.settled) await db.execute(sql`update ${table} set ${source.settled} where id = ${id}`);
    return { result: failed ? 'failed' : 'retrying', serverUnreachable: isServerUnreachable(error) };
  }
  await db.execute(sql`
    update ${table} set email_state = 'sent', emailed_at = now() ${settled}
    where id = ${id} and email_state = 'sending'`);
  return { result: 'sent' };
}

/**
 * No answer from the mail server about this message (it could not be reached, it timed
 * out, or it said it is closing), rather than a refusal of this one message (550 for
 * this address): the next emails would fail alike.
 */
function isServerUnreachable(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code !== 'number' || code === 421;
}

export interface EmailHealth {
  /** Waiting to be sent (or being sent). */
  pending: number;
  /** How long the oldest of them has waited, in whole minutes; null when none waits. */
  oldestPendingMinutes: number | null;
  /** Given up in the last 7 days: not accepted by the mail server within EMAIL_RETRY_HOURS. */
  failedLast7Days: number;
}

/** The outbox's state for the health line: each count walks a partial index. */
export async function emailHealth(db: Queryable): Promise<EmailHealth> {
  const result = (await db.execute(sql`
    with queued as (
      select created_at from notifications where email_state in ('pending', 'sending')
      union all
      select created_at from email_outbox where email_state in ('pending', 'sending')
    ), failed as (
      select 1 from notifications where email_state = 'failed' and email_claimed_at > now() - interval '7 days'
      union all
      select 1 from email_outbox where email_state = 'failed' and email_claimed_at > now() - interval '7 days'
    )
    select (select count(*)::int from queued) as pending,
      (select floor(extract(epoch from now() - min(created_at)) / 60)::int from queued) as oldest,
      (select count(*)::int from failed) as failed`)) as unknown as {
    rows: { pending: number; oldest: number | null; failed: number }[];
  };
  const row = result.rows[0];
  return {
    pending: row?.pending ?? 0,
    oldestPendingMinutes: row?.oldest ?? null,
    failedLast7Days: row?.failed ?? 0,
  };
}
