import { messages } from '@brigade/core/messages';
import type { RestaurantPage, RestaurantSummary } from '@brigade/core/schemas/restaurants';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import { assertReachesRestaurant, type SessionUser } from '../../auth/guards';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { restaurants } from '../../db/schema/restaurants';
import { notFound } from '../../errors';

const summary = {
  id: restaurants.id,
  name: restaurants.name,
  city: restaurants.city,
  country: restaurants.country,
  isActive: restaurants.isActive,
};

export async function listRestaurants(
  db: Queryable,
  query: { search?: string; page: number; pageSize: number },
): Promise<RestaurantPage> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = pattern
    ? or(
        ilike(restaurants.name, pattern),
        ilike(restaurants.city, pattern),
        ilike(restaurants.country, pattern),
        ilike(restaurants.address, pattern),
        ilike(restaurants.email, pattern),
        ilike(restaurants.posId, pattern),
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(summary)
      .from(restaurants)
      .where(where)
      .orderBy(asc(restaurants.name), asc(restaurants.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(restaurants).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getRestaurant(db: Queryable, user: SessionUser, id: string): Promise<RestaurantSummary> {
  const [restaurant] = await db.select(summary).from(restaurants).where(eq(restaurants.id, id));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  assertReachesRestaurant(user, restaurant.id);
  return restaurant;
}
