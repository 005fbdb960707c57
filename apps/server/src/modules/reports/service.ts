import type { Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import {
  type EmbedConfig,
  HQ_REPORT_KEYS,
  type ReportKey,
  type ReportsStatus,
  reportsUnavailable,
} from '@brigade/core/schemas/reports';
import { eq, sql } from 'drizzle-orm';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { restaurants } from '../../db/schema/restaurants';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { catalogueFor, coreText } from '../../http/request-language';
import { type EmbedIdentity, type PowerBiClient, PowerBiError } from '../../integrations/powerbi';

type PowerBi = { client: PowerBiClient | null; missing: string[]; brandWord?: string };

/** The restaurant's name as the reports know it: the brand word removed, then trimmed (reports §5). */
export function reportRestaurantName(name: string, brandWord?: string): string {
  if (!brandWord) return name.trim();
  const escaped = brandWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return name.replace(new RegExp(escaped, 'gi'), '').replace(/\s+/g, ' ').trim();
}

/**
 * Why reports cannot be shown, worded for the caller: configuration details (setting
 * names, Azure AD's answer) are for hq, who can fix them; everyone else is told to ask
 * head office, and never receives the details at all.
 */
function unavailableFor(actor: SessionUser, detail: string): string {
  return actor.role === 'hq' ? detail : reportsUnavailable;
}

/** The missing settings in the caller's language; the settings' names stay as the operator types them. */
function notConfigured(powerBi: PowerBi, language: Language): string {
  return catalogueFor(language).reportsNotConfigured(powerBi.missing);
}

/** Whether reports can be embedded, and if not, the sentence the caller reads instead, in their language. */
export function reportsStatus(powerBi: PowerBi, actor: SessionUser, language: Language): ReportsStatus {
  if (powerBi.client) return { configured: true, message: null };
  return { configured: false, message: coreText(language, unavailableFor(actor, notConfigured(powerBi, language))) };
}

/**
 * The server decides who sees what (ARCHITECTURE §3.3): hq reports need hq and use the
 * HQ role; 23 & 24 & 25 carries no RLS; restaurant reports need a restaurant the caller
 * reaches and use its name as the role. The browser never sends names or roles.
 */
export async function reportToken(
  db: Queryable,
  powerBi: PowerBi,
  actor: SessionUser,
  key: ReportKey,
  restaurantId: string | undefined,
  language: Language,
): Promise<EmbedConfig> {
  let identity: EmbedIdentity | null;
  if (HQ_REPORT_KEYS.includes(key)) {
    if (actor.role !== 'hq') throw forbidden();
    identity = key === '23-24-25' ? null : { username: 'hq', roles: ['HQ'] };
  } else {
    if (!restaurantId) throw badRequest(messages.selectRestaurantForReport);
    // Found first, then reached: an unknown restaurant gets the spec's sentence (404).
    const [restaurant] = await db
      .select({ id: restaurants.id, name: restaurants.name, reached: sql<boolean>`${inReach(actor, restaurants.id)}` })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw notFound(messages.selectedRestaurantNotFound);
    if (!restaurant.reached) throw forbidden(messages.restaurantForbidden);
    identity = { username: restaurant.id, roles: [reportRestaurantName(restaurant.name, powerBi.brandWord)] };
  }
  // The error handler translates core's fixed texts; this sentence carries names, so it comes written.
  if (!powerBi.client) throw new HttpError(503, unavailableFor(actor, notConfigured(powerBi, language)));
  try {
    return { data: await powerBi.client.embedToken(key, identity) };
  } catch (error) {
    if (!(error instanceof PowerBiError)) throw error;
    const message = error.fault === 'configuration' ? unavailableFor(actor, error.message) : error.message;
    throw new HttpError(error.status, message);
  }
}
