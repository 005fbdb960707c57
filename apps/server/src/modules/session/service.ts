import type { Me } from '@brigade/core/schemas/session';
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';

/** The caller with the active restaurants assigned to them, ordered by name (the selector's pills). */
export async function loadMe(db: Queryable, user: SessionUser): Promise<Me> {
  const assigned = await db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(staffRestaurantAssignments)
    .innerJoin(restaurants, eq(restaurants.id, staffRestaurantAssignments.restaurantId))
    .where(and(eq(staffRestaurantAssignments.userId, user.id), eq(restaurants.isActive, true)))
    .orderBy(asc(restaurants.name));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    restaurants: assigned,
    mustChangePassword: user.mustChangePassword,
    language: user.language,
  };
}
