import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { paged } from './common';
import { text } from './fields';

/**
 * Webhooks (issue 37, decision 046): the events Brigade sends, hq's endpoints (signed
 * Standard Webhooks, or a Microsoft Teams / Slack incoming webhook), and their delivery log.
 */

export const WEBHOOK_EVENT_TYPES = [
  'audit.completed',
  'corrective_action.created',
  'corrective_action.overdue',
  'corrective_action.resolved',
  'corrective_action.reopened',
  'checklist.missed',
  'checklist.failed',
  'announcement.acknowledged',
  'training.completed',
  'person.created',
  'person.deactivated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a "Send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_KINDS = ['standard', 'teams', 'slack'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Refusals of the webhook routes, in core's catalogue (each language has them). */
export const webhookMessages = {
  urlInvalid: 'Enter the full address of the endpoint, starting with https://',
  urlNotHttps: 'The endpoint must use https',
  urlPrivate: 'This address is on a private or local network, which webhooks may not reach',
  urlUnresolvable: 'The host name of this address could not be found',
  eventsRequired: 'Choose at least one event',
  endpointNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
} as const;

/**
 * The texts of a Teams or Slack message, in the endpoint's language: each event's title,
 * the names of the facts shown under it, and the link.
 */
export const webhookEventTitles: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'audit.completed': 'Audit completed',
  'corrective_action.created': 'Corrective action opened',
  'corrective_action.overdue': 'Corrective action overdue',
  'corrective_action.resolved': 'Corrective action resolved',
  'corrective_action.reopened': 'Corrective action reopened',
  'checklist.missed': 'Checklist missed',
  'checklist.failed': 'Checklist item failed',
  'announcement.acknowledged': 'Announcement acknowledged',
  'training.completed': 'Training completed',
  'person.created': 'Person added',
  'person.deactivated': 'Person deactivated',
  'webhook.test': 'Test message from Brigade',
};

export const webhookCardTexts = {
  restaurant: 'Restaurant',
  score: 'Score',
  dueOn: 'Due',
  person: 'Person',
  role: 'Role',
  open: 'Open in Brigade',
  testBody: 'This endpoint receives Brigade events.',
} as const;

const urlField = text({ error: webhookMessages.urlInvalid })
  .trim()
  .min(1, webhookMessages.urlInvalid)
  .max(2000, webhookMessages.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, webhookMessages.urlInvalid);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.eventsRequired }), {
    error: webhookMessages.eventsRequired,
  })
  .min(1, webhookMessages.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const WebhookInput = z.object({
  kind: z.enum(WEBHOOK_KINDS).default('standard'),
  url: urlField,
  description: text().trim().max(200).default(''),
  events: eventsField,
  language: z.enum(LANGUAGES).optional(),
});
export type WebhookInput = z.input<typeof WebhookInput>;

/** An edit: what is given changes; the kind is kept (a new kind is a new endpoint). */
export const WebhookUpdate = z.object({
  url: urlField.optional(),
  description: text().trim().max(200).optional(),
  events: eventsField.optional(),
  language: z.enum(LANGUAGES).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof WebhookUpdate>;

export const WebhookSummary = z.object({
  id: z.uuid(),
  kind: z.enum(WEBHOOK_KINDS),
  /** Teams and Slack addresses carry their secret in the path: only the host is shown. */
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  language: z.enum(LANGUAGES),
  enabled: z.boolean(),
  /** 'failures': turned off after 24 hours of failed deliveries; 'hq': turned off by hq. */
  disabledReason: z.enum(['failures', 'hq']).nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: z
    .object({ state: z.enum(WEBHOOK_DELIVERY_STATES), at: z.string(), responseStatus: z.number().nullable() })
    .nullable(),
});
export type WebhookSummary = z.infer<typeof WebhookSummary>;

export const WebhookList = z.object({ items: z.array(WebhookSummary) });
export type WebhookList = z.infer<typeof WebhookList>;

/** The signing secret is in this answer only (creation, rotation): it is never shown again. */
export const WebhookWithSecret = WebhookSummary.extend({ secret: z.string().nullable() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** At most 1 KB of the answer's body. */
  responseBody: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryPage = paged(WebhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookDeliveryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const WebhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });
