import { messages } from '@brigade/core/messages';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards';
import { inReach } from '../../auth/reach';
import type { Queryable } from '../../db/client';
import { restaurants } from '../../db/schema/restaurants';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import {
  type EmbedIdentity,
  type EmbedToken,
  type PowerBiClient,
  PowerBiError,
  type ReportKey,
} from '../../integrations/powerbi';

const HQ_KEYS: readonly ReportKey[] = ['hq-sales', 'hq-product-mix', 'hq-operations', '23-24-25'];

/** The restaurant's name as the reports know it: the brand word removed, then trimmed (reports §5). */
export function reportRestaurantName(name: string, brandWord?: string): string {
  if (!brandWord) return name.trim();
  const escaped = brandWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return name.replace(new RegExp(escaped, 'gi'), '').replace(/\s+/g, ' ').trim();
}

/**
 * The server decides who sees what (ARCHITECTURE §3.3): hq reports need hq and use the
 * HQ role; 23 & 24 & 25 carries no RLS; restaurant reports need a restaurant the caller
 * reaches and use its name as the role. The browser never sends names or roles.
 */
export async function reportToken(
  db: Queryable,
  powerBi: { client: PowerBiClient | null; missing: string[]; brandWord?: string },
  actor: SessionUser,
  key: ReportKey,
  restaurantId: string | undefined,
): Promise<{ data: EmbedToken }> {
  let identity: EmbedIdentity | null;
  if (HQ_KEYS.includes(key)) {
    if (actor.role !== 'hq') throw forbidden();
    identity = key === '23-24-25' ? null : { username: 'hq', roles: ['HQ'] };
  } else {
    if (!restaurantId) throw badRequest('Please select a restaurant to view the report.');
    // Found first, then reached: an unknown restaurant gets the spec's sentence (404).
    const [restaurant] = await db
      .select({ id: restaurants.id, name: restaurants.name, reached: sql<boolean>`${inReach(actor, restaurants.id)}` })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!restaurant) throw notFound('Selected restaurant not found');
    if (!restaurant.reached) throw forbidden(messages.restaurantForbidden);
    identity = { username: restaurant.id, roles: [reportRestaurantName(restaurant.name, powerBi.brandWord)] };
  }
  if (!powerBi.client) {
    throw new HttpError(
      503,
      `Power BI is not configured on the server. Missing settings: ${powerBi.missing.join(', ')}.`,
    );
  }
  try {
    return { data: await powerBi.client.embedToken(key, identity) };
  } catch (error) {
    if (error instanceof PowerBiError) throw new HttpError(error.status, error.message);
    throw error;
  }
}
