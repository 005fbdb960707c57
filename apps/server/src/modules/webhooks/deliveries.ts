import { randomBytes } from 'node:crypto';
import type { Language } from '@brigade/core/languages';
import { notificationContent } from '@brigade/core/notification-texts';
import type { WebhookKind } from '@brigade/core/schemas/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { SecretBox } from '../../auth/sso/secret-box';
import type { Database, Queryable } from '../../db/database';
import type { Notifier } from '../../notify/notifier';
import type { AddressPolicy } from './address-guard';
import { postWebhook } from './outgoing-request';
import { bodyFor, type StoredEvent } from './payloads';

/** How long a delivery is retried, from when it was made (or resent). */
export const WEBHOOK_RETRY_HOURS = 24;
/** An endpoint failing for this long is turned off, and hq is told. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
/** Deliveries one run sends at the same time, each claimed alone: the bound on outgoing connections per server. */
export const WEBHOOK_SENDERS = 8;
/** A claim older than this is taken over: its process died mid-send (a live send gives up after 10 s). */
export const WEBHOOK_CLAIM_TIMEOUT_SECONDS = 60;
/** The first wait after a failed attempt; each next one doubles, up to the cap. */
export const WEBHOOK_FIRST_RETRY_SECONDS = 30;
export const WEBHOOK_BACKOFF_CAP_SECONDS = 4 * 60 * 60;

/** The wait after the n-th failed attempt (n ≥ 1): 30 s, 1, 2, 4 … minutes, at most 4 hours. */
export function backoffSeconds(failedAttempts: number): number {
  return Math.min(WEBHOOK_BACKOFF_CAP_SECONDS, WEBHOOK_FIRST_RETRY_SECONDS * 2 ** Math.max(0, failedAttempts - 1));
}

/** A new signing secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface DeliveryDeps {
  db: Database;
  secretBox: SecretBox;
  policy: AddressPolicy;
  publicUrl: string;
  notifier: Notifier;
  /** The clock, for tests that live through 24 hours of failures; omitted, the database's. */
  now?: Date;
  /** Per-attempt timeout; omitted, 10 s (tests shorten it). */
  timeoutMs?: number;
}

export interface DeliveryRun {
  delivered: number;
  retrying: number;
  failed: number;
  /** Endpoints turned off in this run after 24 hours of failures. */
  disabled: number;
}

interface Claimed {
  id: string;
  event_id: string;
  event_type: StoredEvent['type'];
  occurred_at: string | Date;
  data: Record<string, unknown>;
  endpoint_id: string;
  kind: WebhookKind;
  url: string;
  language: Language;
  secret_sealed: string | null;
  enabled: boolean;
}

const clockOf = (now?: Date) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Sends every due delivery, WEBHOOK_SENDERS at a time, until none is due. Each is claimed
 * alone (pending → sending, FOR UPDATE SKIP LOCKED), so two servers never send one
 * delivery at once; the unique (event, endpoint) key means there is only one to send.
 */
export async function deliverDueWebhooks(deps: DeliveryDeps): Promise<DeliveryRun> {
  const run: DeliveryRun = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  const sender = async () => {
    for (;;) {
      const claimed = await claim(deps.db, clockOf(deps.now));
      if (!claimed) return;
      const outcome = await attempt(deps, claimed);
      run[outcome.result] += 1;
      if (outcome.disabled) run.disabled += 1;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: WEBHOOK_SENDERS }, sender));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return run;
}

/** Sends one delivery now (Resend, Send test event), unless another worker holds it. */
export async function deliverNow(
  deps: DeliveryDeps,
  deliveryId: string,
): Promise<keyof Omit<DeliveryRun, 'disabled'> | null> {
  const claimed = await claim(deps.db, clockOf(deps.now), deliveryId);
  if (!claimed) return null;
  return (await attempt(deps, claimed)).result;
}

async function claim(db: Queryable, now: SQL, id?: string): Promise<Claimed | null> {
  const result = (await db.execute(sql`
    with claimable as (
      select d.id from webhook_deliveries d
      where d.state in ('pending', 'sending')
        ${id ? sql`and d.id = ${id}` : sql``}
        and ((d.state = 'pending' and d.next_attempt_at <= ${now})
          or (d.state = 'sending' and d.claimed_at < ${now} - make_interval(secs => ${WEBHOOK_CLAIM_TIMEOUT_SECONDS})))
      order by d.next_attempt_at
      limit 1
      for update skip locked
    )
    update webhook_deliveries d set state = 'sending', claimed_at = ${now}
    from claimable, events ev, webhook_endpoints e
    where d.id = claimable.id and ev.id = d.event_id and e.id = d.endpoint_id
    returning d.id, d.event_id, ev.type as event_type, ev.occurred_at, ev.data, d.endpoint_id,
      e.kind, e.url, e.language, e.secret_sealed, e.enabled`)) as unknown as { rows: Claimed[] };
  return result.rows[0] ?? null;
}

async function attempt(
  deps: DeliveryDeps,
  claimed: Claimed,
): Promise<{ result: 'delivered' | 'retrying' | 'failed'; disabled?: boolean }> {
  const now = clockOf(deps.now);
  if (!claimed.enabled) {
    await deps.db.execute(sql`
      update webhook_deliveries set state = 'failed', error = ${'The webhook is turned off'}, claimed_at = null
      where id = ${claimed.id} and state = 'sending'`);
    return { result: 'failed' };
  }
  const event: StoredEvent = {
    id: claimed.event_id,
    type: claimed.event_type,
    occurredAt: new Date(claimed.occurred_at),
    data: claimed.data,
  };
  const body = await bodyFor(claimed.kind, event, claimed.language, deps.publicUrl);
  const headers: Record<string, string> = {};
  if (claimed.kind === 'standard') {
    const secret = claimed.secret_sealed ? deps.secretBox.open(claimed.secret_sealed) : null;
    if (!secret) {
      await settleFailure(deps, claimed, now, {
        status: null,
        body: null,
        durationMs: 0,
        error: 'The signing secret cannot be read (BETTER_AUTH_SECRET changed): rotate it',
      });
      return { result: 'retrying' };
    }
    const timestamp = deps.now ?? new Date();
    headers['webhook-id'] = claimed.event_id;
    headers['webhook-timestamp'] = String(Math.floor(timestamp.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(secret).sign(claimed.event_id, timestamp, body);
  }
  const response = await postWebhook(claimed.url, body, headers, deps.policy, deps.timeoutMs);
  if (response.ok) {
    await deps.db.execute(sql`
      with delivered as (
        update webhook_deliveries set state = 'delivered', attempts = attempts + 1, last_attempt_at = ${now},
          response_status = ${response.status}, response_body = ${response.body}, duration_ms = ${response.durationMs},
          error = null, claimed_at = null
        where id = ${claimed.id} and state = 'sending'
        returning endpoint_id
      )
      update webhook_endpoints e set failing_since = null
      from delivered where e.id = delivered.endpoint_id and e.failing_since is not null`);
    return { result: 'delivered' };
  }
  return settleFailure(deps, claimed, now, response);
}

/**
 * A failed attempt: retried after `backoffSeconds` until WEBHOOK_RETRY_HOURS after the
 * delivery was made, then 'failed'. The endpoint's failing_since starts at its first
 * failure since a success; the statement that finds it 24 hours old turns the endpoint
 * off, so hq is told once, whichever server sends.
 */
async function settleFailure(
  deps: DeliveryDeps,
  claimed: Claimed,
  now: SQL,
  response: { status: number | null; body: string | null; durationMs: number; error: string | null },
): Promise<{ result: 'retrying' | 'failed'; disabled?: boolean }> {
  const result = (await deps.db.execute(sql`
    with settled as (
      update webhook_deliveries d set attempts = d.attempts + 1, last_attempt_at = ${now},
        response_status = ${response.status}, response_body = ${response.body}, duration_ms = ${response.durationMs},
        error = ${response.error}, claimed_at = null,
        state = case when d.created_at <= ${now} - make_interval(hours => ${WEBHOOK_RETRY_HOURS})
          then 'failed' else 'pending' end,
        next_attempt_at = ${now} + make_interval(secs => least(${WEBHOOK_BACKOFF_CAP_SECONDS},
          ${WEBHOOK_FIRST_RETRY_SECONDS} * power(2, d.attempts)))
      where d.id = ${claimed.id} and d.state = 'sending'
      returning d.state
    ), failing as (
      -- Written once per run of failures, not per failure: the endpoint's row stays unlocked.
      update webhook_endpoints e set failing_since = ${now}
      where e.id = ${claimed.endpoint_id} and e.failing_since is null
    )
    select (select state from settled) as state, exists (
      select 1 from webhook_endpoints e where e.id = ${claimed.endpoint_id} and e.enabled
        and e.failing_since <= ${now} - make_interval(hours => ${WEBHOOK_DISABLE_AFTER_HOURS})) as overdue`)) as unknown as {
    rows: { state: string | null; overdue: boolean }[];
  };
  const [row] = result.rows;
  // Only when 24 hours are up does it take the transaction that turns the endpoint off.
  const disabled = row?.overdue ? await disableIfFailingTooLong(deps, claimed.endpoint_id, now) : false;
  return { result: row?.state === 'failed' ? 'failed' : 'retrying', disabled };
}

async function disableIfFailingTooLong(deps: DeliveryDeps, endpointId: string, now: SQL): Promise<boolean> {
  const turnedOff = await deps.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      update webhook_endpoints set enabled = false, disabled_reason = 'failures', updated_at = ${now}
      where id = ${endpointId} and enabled
        and failing_since <= ${now} - make_interval(hours => ${WEBHOOK_DISABLE_AFTER_HOURS})
      returning url`)) as unknown as { rows: { url: string }[] };
    const row = result.rows[0];
    if (!row) return false;
    await tx.execute(sql`
      update webhook_deliveries set state = 'failed', error = ${'The webhook was turned off after 24 hours of failures'}
      where endpoint_id = ${endpointId} and state = 'pending'`);
    const hq = (await tx.execute(sql`select id from users where role = 'hq' and is_active`)) as unknown as {
      rows: { id: string }[];
    };
    const host = new URL(row.url).host;
    await deps.notifier.notify(
      tx,
      hq.rows.map((person) => ({
        userId: person.id,
        ...notificationContent('webhookDisabled', host),
        subjectKey: `${endpointId}:${Date.now()}`,
        link: '/webhooks',
      })),
    );
    return true;
  });
  if (turnedOff) deps.notifier.wake();
  return turnedOff;
}

/** Events older than this, with nothing left to send, are dropped with their deliveries. */
export const EVENT_RETENTION_DAYS = 30;

export async function purgeOldEvents(db: Queryable): Promise<number> {
  const result = (await db.execute(sql`
    with gone as (
      delete from events ev
      where ev.occurred_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})
        and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.state in ('pending', 'sending'))
      returning 1
    )
    select count(*)::int as gone from gone`)) as unknown as { rows: { gone: number }[] };
  return Number(result.rows[0]?.gone ?? 0);
}
