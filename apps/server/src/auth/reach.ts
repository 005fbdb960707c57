import { inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { staffRestaurantAssignments } from '../db/schema/restaurants';
import type { SessionUser } from './session-user';

/**
 * "The restaurants this caller reaches", as a condition on a restaurant id column or
 * expression: always true for hq, else the restaurants assigned to the caller (core's
 * `reachesRestaurant`, in SQL). Services filter lists with it, and check rows whose
 * restaurant only the database knows (an audit by id, a person's restaurants); a
 * restaurant the request names is checked by the route's guard before the handler.
 */
export function inReach(actor: Pick<SessionUser, 'role' | 'restaurantIds'>, restaurantId: SQLWrapper): SQL {
  if (actor.role === 'hq') return sql`true`;
  return actor.restaurantIds.length ? inArray(restaurantId, actor.restaurantIds) : sql`false`;
}

/** Someone (by their user id) who works at a restaurant the caller reaches: for hq, at any restaurant. */
export function worksInReach(actor: Pick<SessionUser, 'role' | 'restaurantIds'>, userId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${staffRestaurantAssignments} sra
    where sra.user_id = ${userId} and ${inReach(actor, sql`sra.restaurant_id`)})`;
}
