import { messages } from '@brigade/core/messages';
import { localDay } from '@brigade/core/restaurant-time';
import {
  type FoodSafetySignOff,
  foodSafetyLogMessages,
  type SignOffInput,
} from '@brigade/core/schemas/food-safety-log';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { checklistSignOffs } from '../../db/schema/checklists';
import { restaurants } from '../../db/schema/restaurants';
import { badRequest, conflict, notFound } from '../../errors';

/**
 * A manager (or hq) signs a restaurant's log off for a day or a week (core's schema
 * refuses a week that does not start on a Monday): once it has begun in the restaurant's
 * zone, and once per period, which the table's key decides however many people sign at
 * the same moment (the second is 409). The signer's name is stored as it is now, so the
 * log keeps it if the person is renamed or deleted.
 */
export async function signOffLog(
  db: Queryable,
  actor: SessionUser,
  input: SignOffInput,
  now = new Date(),
): Promise<FoodSafetySignOff> {
  const [restaurant] = await db
    .select({ timeZone: restaurants.timeZone })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  if (input.startsOn > localDay(now, restaurant.timeZone)) {
    throw badRequest(foodSafetyLogMessages.signOffFuture, { startsOn: foodSafetyLogMessages.signOffFuture });
  }
  const [stored] = await db
    .insert(checklistSignOffs)
    .values({
      restaurantId: input.restaurantId,
      period: input.period,
      startsOn: input.startsOn,
      signedBy: actor.id,
      signedByName: actor.name,
      signedAt: now,
    })
    .onConflictDoNothing()
    .returning({ signedByName: checklistSignOffs.signedByName, signedAt: checklistSignOffs.signedAt });
  if (!stored) {
    throw conflict(
      input.period === 'day' ? foodSafetyLogMessages.dayAlreadySignedOff : foodSafetyLogMessages.weekAlreadySignedOff,
    );
  }
  return {
    period: input.period,
    startsOn: input.startsOn,
    signedBy: stored.signedByName,
    signedAt: stored.signedAt.toISOString(),
  };
}
