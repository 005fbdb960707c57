import type { Language } from '@brigade/core/languages';
import { NOTIFICATION_KINDS, notificationKinds } from '@brigade/core/notification-kinds';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { notificationIn } from '../../i18n/server-texts';
import type { PushSender } from '../../push/sender';

/**
 * Push deliveries (issue 34, decision 033): one row per notification and device in
 * `push_deliveries`, sent by the push job on whichever server claims it.
 *
 * - Fan-out: a notification starts with push_state 'new', whatever code inserted it; the
 *   job takes a batch with FOR UPDATE SKIP LOCKED, makes a delivery for each of the
 *   person's devices when that kind's preference is email (the same preference as email:
 *   the person's choice, else the kind's default), and marks them 'done', in one statement.
 * - Sending: each delivery is claimed alone (pending → sending) with FOR UPDATE SKIP
 *   LOCKED, so two servers never send the same one; only a server killed between the
 *   push service's answer and the update leaves one to be sent again after
 *   PUSH_CLAIM_TIMEOUT_MINUTES (the push's topic and the notification's tag fold it).
 * - 404/410 from the push service removes the subscription (and its deliveries); another
 *   refusal is retried after 1, 2, 4 … minutes, PUSH_MAX_ATTEMPTS times, then 'failed'.
 */

/** How many times a delivery is tried before it is 'failed'. */
export const PUSH_MAX_ATTEMPTS = 5;
/** A claim older than this was left by a server that died mid-send: another takes it over. */
export const PUSH_CLAIM_TIMEOUT_MINUTES = 2;
/** A notification older than this when fanned out (the job was off) is not pushed: it is old news. */
export const PUSH_MAX_AGE_HOURS = 24;
/** Notifications fanned out per statement. */
const FAN_OUT_BATCH = 500;
/** Deliveries one run sends at the same time, each claimed alone. */
export const PUSH_SENDERS = 4;

/** Each kind's default, as a table the statement joins: the same default as email. */
const kindDefaults = sql.join(
  NOTIFICATION_KINDS.map((kind) => sql`(${kind}::text, ${notificationKinds[kind].email}::boolean)`),
  sql`, `,
);

/** Makes the deliveries of every 'new' notification; returns how many deliveries were made. */
export async function makePushDeliveries(db: Queryable): Promise<number> {
  let made = 0;
  for (;;) {
    const result = (await db.execute(sql`
      with fresh as (
        select n.id, n.user_id, n.kind, n.created_at from notifications n
        where n.push_state = 'new'
        order by n.created_at
        limit ${FAN_OUT_BATCH}
        for update skip locked
      ), made as (
        insert into push_deliveries (notification_id, subscription_id)
        select f.id, s.id
        from fresh f
        join push_subscriptions s on s.user_id = f.user_id
        join users u on u.id = f.user_id and u.is_active
        left join notification_preferences p on p.user_id = f.user_id and p.kind = f.kind
        left join (values ${kindDefaults}) as d(kind, on_by_default) on d.kind = f.kind
        where coalesce(p.email, d.on_by_default, false)
          and f.created_at > now() - make_interval(hours => ${PUSH_MAX_AGE_HOURS}::int)
        on conflict do nothing
        returning 1
      ), settled as (
        update notifications n set push_state = 'done' from fresh f where n.id = f.id
        returning 1
      )
      select (select count(*)::int from made) as made, (select count(*)::int from settled) as settled`)) as unknown as {
      rows: { made: number; settled: number }[];
    };
    const row = result.rows[0];
    made += row?.made ?? 0;
    if ((row?.settled ?? 0) < FAN_OUT_BATCH) return made;
  }
}

export interface PushRun {
  sent: number;
  /** Refused this time, to be tried again later. */
  retrying: number;
  /** Refused for the last time, or for someone no longer active. */
  failed: number;
  /** Subscriptions removed because their push service answered 404 or 410. */
  removed: number;
}

/** Sends every due delivery, PUSH_SENDERS at a time, until none is due. */
export async function sendDuePushes(db: Queryable, sender: PushSender): Promise<PushRun> {
  const run: PushRun = { sent: 0, retrying: 0, failed: 0, removed: 0 };
  const claimer = async () => {
    for (;;) {
      const claimed = await claimNext(db);
      if (!claimed) return;
      run[await deliver(db, sender, claimed)] += 1;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: PUSH_SENDERS }, claimer));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return run;
}

interface Claimed {
  notificationId: string;
  subscriptionId: string;
}

/** The oldest due delivery, now 'sending' for this worker; null when none is due. */
async function claimNext(db: Queryable): Promise<Claimed | null> {
  const result = (await db.execute(sql`
    with claimable as (
      select d.notification_id, d.subscription_id from push_deliveries d
      where d.state in ('pending', 'sending')
        and (
          (d.state = 'pending' and (d.attempts = 0
            or d.claimed_at <= now() - make_interval(mins => power(2, d.attempts - 1)::int)))
          or (d.state = 'sending' and d.claimed_at < now() - make_interval(mins => ${PUSH_CLAIM_TIMEOUT_MINUTES}::int)))
      order by d.created_at
      limit 1
      for update skip locked
    )
    update push_deliveries d set state = 'sending', claimed_at = now()
    from claimable c
    where d.notification_id = c.notification_id and d.subscription_id = c.subscription_id
    returning d.notification_id, d.subscription_id`)) as unknown as {
    rows: { notification_id: string; subscription_id: string }[];
  };
  const row = result.rows[0];
  return row ? { notificationId: row.notification_id, subscriptionId: row.subscription_id } : null;
}

interface DeliveryRow {
  id: string;
  kind: string;
  title: string;
  body: string;
  params: unknown;
  link: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  is_active: boolean;
  language: Language | null;
}

async function deliver(db: Queryable, sender: PushSender, claimed: Claimed): Promise<keyof PushRun> {
  const { notificationId, subscriptionId } = claimed;
  const mine = sql`notification_id = ${notificationId} and subscription_id = ${subscriptionId} and state = 'sending'`;
  const result = (await db.execute(sql`
    select n.id, n.kind, n.title, n.body, n.params, n.link, s.endpoint, s.p256dh, s.auth, u.is_active,
      coalesce(u.language, u.browser_language) as language
    from notifications n
    join push_subscriptions s on s.id = ${subscriptionId}
    join users u on u.id = n.user_id
    where n.id = ${notificationId}`)) as unknown as { rows: DeliveryRow[] };
  const row = result.rows[0];
  if (!row?.is_active) {
    await db.execute(sql`update push_deliveries set state = 'failed' where ${mine}`);
    return 'failed';
  }
  const { title, body } = notificationIn(row.language, row);
  const outcome = await sender.send(row, { title, body, link: row.link, tag: row.id });
  if (outcome.result === 'gone') {
    // Its deliveries go with it (on delete cascade).
    await db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
    return 'removed';
  }
  if (outcome.result === 'refused') {
    const updated = (await db.execute(sql`
      update push_deliveries set attempts = attempts + 1,
        state = case when attempts + 1 >= ${PUSH_MAX_ATTEMPTS} then 'failed' else 'pending' end
      where ${mine}
      returning state`)) as unknown as { rows: { state: string }[] };
    return updated.rows[0]?.state === 'failed' ? 'failed' : 'retrying';
  }
  await db.execute(sql`update push_deliveries set state = 'sent' where ${mine}`);
  await db.execute(sql`update push_subscriptions set last_pushed_at = now() where id = ${subscriptionId}`);
  return 'sent';
}
