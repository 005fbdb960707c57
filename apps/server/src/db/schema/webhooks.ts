import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * The transactional outbox of what happened (issue 37, decision 046): a service writes an
 * event in the same transaction as the change that causes it (`emitEvent`), so an event
 * exists exactly when its change does. `data` is the event's object as the API shows it,
 * small, never a secret. Kept 30 days (the delivery job's purge), then dropped with
 * their deliveries.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').notNull(),
    /** Set for an event that happens once per subject (an action becoming overdue: its id). */
    onceKey: text('once_key'),
  },
  (t) => [index('events_occurred_idx').on(t.occurredAt), uniqueIndex('events_once_key').on(t.type, t.onceKey)],
);

/**
 * hq's webhook endpoints. `kind` 'standard' signs each request (Standard Webhooks) with
 * `secret`, sealed at rest (the auth secret's box); 'teams' and 'slack' post a card to an
 * incoming-webhook URL, written in `language`, and have no secret. `failing_since` is the
 * first failed attempt since the last success: 24 hours of it disables the endpoint
 * (`disabled_reason` 'failures') and tells hq.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    language: text('language').notNull(),
    secretSealed: text('secret_sealed'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('webhook_endpoints_kind_check', sql`${t.kind} in ('standard', 'teams', 'slack')`),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} in ('failures', 'hq')`),
    index('webhook_endpoints_created_idx').on(t.createdAt),
  ],
);

/**
 * One event to one endpoint: the unique key (event, endpoint) is what makes it go once
 * across servers. Claimed like the email outbox ('pending' → 'sending' with FOR UPDATE
 * SKIP LOCKED); `next_attempt_at` carries the backoff; given up ('failed') 24 hours after
 * it was made. The last attempt's answer is kept: status code, at most 1 KB of its body,
 * duration, or why no answer came (`error`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'sending', 'delivered', 'failed')`),
    uniqueIndex('webhook_deliveries_once_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
