import { DEFAULT_LANGUAGE, type Language } from '@brigade/core/languages';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookInput,
  type WebhookSummary,
  type WebhookUpdate,
  type WebhookWithSecret,
  webhookMessages,
} from '@brigade/core/schemas/webhooks';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import { type AddressPolicy, assertUrlAllowed, RefusedAddress } from './address-guard';
import { type DeliveryDeps, deliverNow, newSigningSecret } from './deliveries';

interface EndpointRow {
  id: string;
  kind: WebhookSummary['kind'];
  url: string;
  description: string;
  events: string[];
  language: Language;
  enabled: boolean;
  disabled_reason: WebhookSummary['disabledReason'];
  failing_since: string | Date | null;
  created_at: string | Date;
  last_state: WebhookDelivery['state'] | null;
  last_at: string | Date | null;
  last_status: number | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Teams and Slack URLs carry their secret in the path: the list shows their origin only. */
function shownUrl(kind: WebhookSummary['kind'], url: string): string {
  if (kind === 'standard') return url;
  return `${new URL(url).origin}/…`;
}

function summaryOf(row: EndpointRow): WebhookSummary {
  return {
    id: row.id,
    kind: row.kind,
    url: shownUrl(row.kind, row.url),
    description: row.description,
    events: row.events,
    language: row.language,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since ? iso(row.failing_since) : null,
    createdAt: iso(row.created_at),
    lastDelivery:
      row.last_state && row.last_at
        ? { state: row.last_state, at: iso(row.last_at), responseStatus: row.last_status }
        : null,
  };
}

async function selectEndpoints(db: Queryable, id?: string): Promise<EndpointRow[]> {
  const result = (await db.execute(sql`
    select e.id, e.kind, e.url, e.description, e.events, e.language, e.enabled, e.disabled_reason,
      e.failing_since, e.created_at, last.state as last_state, last.at as last_at, last.status as last_status
    from webhook_endpoints e
    left join lateral (
      select d.state, coalesce(d.last_attempt_at, d.created_at) as at, d.response_status as status
      from webhook_deliveries d where d.endpoint_id = e.id
      order by d.created_at desc limit 1
    ) last on true
    ${id ? sql`where e.id = ${id}` : sql``}
    order by e.created_at desc, e.id`)) as unknown as { rows: EndpointRow[] };
  return result.rows;
}

export async function listEndpoints(db: Queryable): Promise<WebhookSummary[]> {
  return (await selectEndpoints(db)).map(summaryOf);
}

async function getEndpoint(db: Queryable, id: string): Promise<WebhookSummary> {
  const [row] = await selectEndpoints(db, id);
  if (!row) throw notFound(webhookMessages.endpointNotFound);
  return summaryOf(row);
}

/** A refused URL is a 400 on the `url` field, with the reason in the person's language. */
async function checkUrl(url: string, policy: AddressPolicy): Promise<void> {
  try {
    await assertUrlAllowed(url, policy);
  } catch (error) {
    if (error instanceof RefusedAddress) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

export interface EndpointDeps {
  db: Database;
  policy: AddressPolicy;
  seal: (secret: string) => string;
}

/** A new endpoint; a standard one gets its signing secret, in this answer only. */
export async function createEndpoint(
  { db, policy, seal }: EndpointDeps,
  actor: SessionUser,
  input: z.output<typeof WebhookInput>,
): Promise<WebhookWithSecret> {
  await checkUrl(input.url, policy);
  const secret = input.kind === 'standard' ? newSigningSecret() : null;
  const id = await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      insert into webhook_endpoints (kind, url, description, events, language, secret_sealed, created_by)
      values (${input.kind}, ${input.url}, ${input.description}, ${sql`${`{${input.events.join(',')}}`}::text[]`},
        ${input.language ?? DEFAULT_LANGUAGE}, ${secret ? seal(secret) : null}, ${actor.id})
      returning id`)) as unknown as { rows: { id: string }[] };
    const made = result.rows[0];
    if (!made) throw new Error('webhook not inserted');
    await recordActivity(tx, {
      kind: 'webhook.created',
      objectType: 'webhook',
      objectId: made.id,
      objectLabel: shownUrl(input.kind, input.url),
      changes: { url: { from: null, to: shownUrl(input.kind, input.url) }, events: { from: null, to: input.events } },
    });
    return made.id;
  });
  return { ...(await getEndpoint(db, id)), secret };
}

/** Changes what is given; turning an endpoint on clears its failures, so it gets a fresh 24 hours. */
export async function updateEndpoint(
  { db, policy }: EndpointDeps,
  id: string,
  input: z.output<typeof WebhookUpdate>,
): Promise<WebhookSummary> {
  if (input.url !== undefined) await checkUrl(input.url, policy);
  await db.transaction(async (tx) => {
    const [before] = await selectEndpoints(tx, id);
    if (!before) throw notFound(webhookMessages.endpointNotFound);
    await tx.execute(sql`
      update webhook_endpoints set
        url = coalesce(${input.url ?? null}, url),
        description = coalesce(${input.description ?? null}, description),
        events = coalesce(${input.events ? `{${input.events.join(',')}}` : null}::text[], events),
        language = coalesce(${input.language ?? null}, language),
        enabled = coalesce(${input.enabled ?? null}::boolean, enabled),
        disabled_reason = case when ${input.enabled ?? null}::boolean is null then disabled_reason
          when ${input.enabled ?? null}::boolean then null else 'hq' end,
        failing_since = case when ${input.enabled ?? null}::boolean then null else failing_since end,
        updated_at = now()
      where id = ${id}`);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.url !== undefined)
      changes.url = { from: shownUrl(before.kind, before.url), to: shownUrl(before.kind, input.url) };
    if (input.events !== undefined) changes.events = { from: before.events, to: input.events };
    if (input.enabled !== undefined && input.enabled !== before.enabled) {
      changes.enabled = { from: before.enabled, to: input.enabled };
    }
    if (input.language !== undefined) changes.language = { from: before.language, to: input.language };
    await recordActivity(tx, {
      kind: 'webhook.updated',
      objectType: 'webhook',
      objectId: id,
      objectLabel: shownUrl(before.kind, input.url ?? before.url),
      changes,
    });
  });
  return getEndpoint(db, id);
}

export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      delete from webhook_endpoints where id = ${id} returning kind, url`)) as unknown as {
      rows: { kind: WebhookSummary['kind']; url: string }[];
    };
    const gone = result.rows[0];
    if (!gone) throw notFound(webhookMessages.endpointNotFound);
    await recordActivity(tx, {
      kind: 'webhook.deleted',
      objectType: 'webhook',
      objectId: id,
      objectLabel: shownUrl(gone.kind, gone.url),
    });
  });
}

/** A new signing secret, in this answer only; the old one stops signing at once. */
export async function rotateSecret({ db, seal }: EndpointDeps, id: string): Promise<WebhookWithSecret> {
  const secret = newSigningSecret();
  await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      update webhook_endpoints set secret_sealed = ${seal(secret)}, updated_at = now()
      where id = ${id} and kind = 'standard' returning url`)) as unknown as { rows: { url: string }[] };
    const row = result.rows[0];
    if (!row) throw notFound(webhookMessages.endpointNotFound);
    await recordActivity(tx, {
      kind: 'webhook.secretRotated',
      objectType: 'webhook',
      objectId: id,
      objectLabel: row.url,
    });
  });
  return { ...(await getEndpoint(db, id)), secret };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  state: WebhookDelivery['state'];
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string | Date;
  last_attempt_at: string | Date | null;
  next_attempt_at: string | Date;
}

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: iso(row.created_at),
    lastAttemptAt: row.last_attempt_at ? iso(row.last_attempt_at) : null,
    nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

const deliveryColumns = sql`d.id, d.event_id, ev.type as event_type, d.state, d.attempts, d.response_status,
  d.response_body, d.duration_ms, d.error, d.created_at, d.last_attempt_at, d.next_attempt_at`;

/** One page of an endpoint's deliveries, newest first (the index on endpoint and time). */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<WebhookDeliveryPage> {
  await getEndpoint(db, endpointId);
  const result = (await db.execute(sql`
    select ${deliveryColumns}, count(*) over ()::int as total
    from webhook_deliveries d join events ev on ev.id = d.event_id
    where d.endpoint_id = ${endpointId}
    order by d.created_at desc, d.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`)) as unknown as { rows: (DeliveryRow & { total: number })[] };
  let total = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && page > 1) {
    const counted = (await db.execute(
      sql`select count(*)::int as total from webhook_deliveries where endpoint_id = ${endpointId}`,
    )) as unknown as { rows: { total: number }[] };
    total = counted.rows[0]?.total ?? 0;
  }
  return { items: result.rows.map(deliveryOf), total, page, pageSize };
}

async function getDelivery(db: Queryable, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const result = (await db.execute(sql`
    select ${deliveryColumns} from webhook_deliveries d join events ev on ev.id = d.event_id
    where d.id = ${deliveryId} and d.endpoint_id = ${endpointId}`)) as unknown as { rows: DeliveryRow[] };
  const row = result.rows[0];
  if (!row) throw notFound(webhookMessages.deliveryNotFound);
  return deliveryOf(row);
}

/**
 * Resend: the delivery is due again now with a fresh 24 hours, and is sent at once; the
 * answer is its outcome. The event keeps its id, so a receiver that already has it can tell.
 */
export async function resendDelivery(deps: DeliveryDeps, endpointId: string, deliveryId: string) {
  const result = (await deps.db.execute(sql`
    update webhook_deliveries set state = 'pending', next_attempt_at = now(), created_at = now(), claimed_at = null
    where id = ${deliveryId} and endpoint_id = ${endpointId} and state <> 'sending'
    returning id`)) as unknown as { rows: { id: string }[] };
  if (result.rows.length === 0) await getDelivery(deps.db, endpointId, deliveryId);
  else await deliverNow(deps, deliveryId);
  return getDelivery(deps.db, endpointId, deliveryId);
}

/** "Send test event": a `webhook.test` event to this endpoint only, sent at once. */
export async function sendTestEvent(deps: DeliveryDeps, endpointId: string) {
  const result = (await deps.db.execute(sql`
    with endpoint as (select id from webhook_endpoints where id = ${endpointId}),
    made as (
      insert into events (type, data)
      select ${WEBHOOK_TEST_EVENT}, jsonb_build_object('webhook', jsonb_build_object('id', endpoint.id, 'path', '/webhooks'))
      from endpoint returning id
    )
    insert into webhook_deliveries (event_id, endpoint_id) select made.id, ${endpointId} from made
    returning id`)) as unknown as { rows: { id: string }[] };
  const made = result.rows[0];
  if (!made) throw notFound(webhookMessages.endpointNotFound);
  await deliverNow(deps, made.id);
  return getDelivery(deps.db, endpointId, made.id);
}
