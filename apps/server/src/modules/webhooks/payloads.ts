import type { Language } from '@brigade/core/languages';
import { coreCatalogues, translateText } from '@brigade/core/locales/catalogue';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
  type WebhookKind,
  webhookCardTexts,
  webhookEventTitles,
} from '@brigade/core/schemas/webhooks';

/** An event as the delivery job reads it. */
export interface StoredEvent {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  occurredAt: Date;
  data: Record<string, unknown>;
}

type Named = { name?: string; title?: string; path?: string };

/**
 * The event's data with an absolute `url` beside each object's app `path`: the outbox
 * stores paths (the emitting service does not know PUBLIC_URL), receivers get links.
 */
export function withUrls(data: Record<string, unknown>, publicUrl: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      const object = value as Named | null;
      if (object && typeof object === 'object' && !Array.isArray(object) && typeof object.path === 'string') {
        return [key, { ...object, url: `${publicUrl}${object.path}` }];
      }
      return [key, value];
    }),
  );
}

/** Standard Webhooks' body: type, timestamp, data. */
export function standardBody(event: StoredEvent, publicUrl: string): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: withUrls(event.data, publicUrl),
  });
}

interface Card {
  title: string;
  subject: string;
  facts: { title: string; value: string }[];
  link: string | null;
  openLabel: string;
}

/** What a person reads about an event: its title, what it is about, a few facts, a link. */
async function cardOf(event: StoredEvent, language: Language, publicUrl: string): Promise<Card> {
  const catalogue = await coreCatalogues[language]();
  const t = (text: string) => translateText(catalogue, text);
  const data = event.data as Record<string, Record<string, unknown> | undefined>;
  const main = (data.audit ?? data.action ?? data.checklistRun ?? data.announcement ?? data.training ?? data.person) as
    | Record<string, unknown>
    | undefined;
  const restaurant = (main?.restaurant as { name?: string } | undefined)?.name;
  const person = (data.person as { name?: string } | undefined)?.name;
  const facts: { title: string; value: string }[] = [];
  if (restaurant) facts.push({ title: t(webhookCardTexts.restaurant), value: restaurant });
  if (typeof main?.score === 'number') facts.push({ title: t(webhookCardTexts.score), value: `${main.score}%` });
  if (typeof main?.dueOn === 'string') facts.push({ title: t(webhookCardTexts.dueOn), value: main.dueOn });
  if (person && main !== data.person) facts.push({ title: t(webhookCardTexts.person), value: person });
  const checklist = (main?.checklist as { name?: string } | undefined)?.name;
  const templates = Array.isArray(main?.templates) ? (main.templates as string[]).join(', ') : undefined;
  const subject =
    event.type === WEBHOOK_TEST_EVENT
      ? t(webhookCardTexts.testBody)
      : String(main?.itemText ?? checklist ?? main?.title ?? templates ?? main?.name ?? '');
  const path = typeof main?.path === 'string' ? main.path : null;
  return {
    title: t(webhookEventTitles[event.type]),
    subject,
    facts,
    link: path ? `${publicUrl}${path}` : null,
    openLabel: t(webhookCardTexts.open),
  };
}

/**
 * Microsoft Teams: a message with one Adaptive Card attachment, the shape Teams'
 * Workflows ("When a Teams webhook request is received") posts as it is, and that the
 * older Office 365 connectors accept too.
 */
export function teamsBody(card: Card): string {
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: card.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(card.subject ? [{ type: 'TextBlock', text: card.subject, wrap: true }] : []),
            ...(card.facts.length ? [{ type: 'FactSet', facts: card.facts }] : []),
          ],
          actions: card.link ? [{ type: 'Action.OpenUrl', title: card.openLabel, url: card.link }] : [],
        },
      },
    ],
  });
}

/** Slack: `text` (notifications and clients without blocks) and the same in `blocks`. */
export function slackBody(card: Card): string {
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return JSON.stringify({
    text: card.subject ? `${card.title}: ${card.subject}` : card.title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: card.title.slice(0, 150) } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: escaped(card.subject || card.title) },
        ...(card.facts.length
          ? {
              fields: card.facts.map((fact) => ({
                type: 'mrkdwn',
                text: `*${escaped(fact.title)}*\n${escaped(fact.value)}`,
              })),
            }
          : {}),
      },
      ...(card.link
        ? [
            {
              type: 'actions',
              elements: [{ type: 'button', text: { type: 'plain_text', text: card.openLabel }, url: card.link }],
            },
          ]
        : []),
    ],
  });
}

/** The body an endpoint of `kind` gets for the event. */
export async function bodyFor(
  kind: WebhookKind,
  event: StoredEvent,
  language: Language,
  publicUrl: string,
): Promise<string> {
  if (kind === 'standard') return standardBody(event, publicUrl);
  const card = await cardOf(event, language, publicUrl);
  return kind === 'teams' ? teamsBody(card) : slackBody(card);
}
