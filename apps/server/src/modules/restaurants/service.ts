import { messages } from '@brigade/core/messages';
import type {
  Restaurant,
  RestaurantInput,
  RestaurantListQuery,
  RestaurantOption,
  RestaurantPage,
  RestaurantSort,
  SetActive,
} from '@brigade/core/schemas/restaurants';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordActivity } from '../../activity/record';
import type { Database, Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-error';
import { audits } from '../../db/schema/audits';
import { checklistRuns } from '../../db/schema/checklists';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { conflict, notFound } from '../../errors';

type RestaurantFields = z.output<typeof RestaurantInput>;

const restaurantColumns = {
  id: restaurants.id,
  name: restaurants.name,
  city: restaurants.city,
  country: restaurants.country,
  address: restaurants.address,
  email: restaurants.email,
  posId: restaurants.posId,
  googlePlaceId: restaurants.googlePlaceId,
  uberEatsId: restaurants.uberEatsId,
  takeawayId: restaurants.takeawayId,
  deliverooId: restaurants.deliverooId,
  timeZone: restaurants.timeZone,
  isActive: restaurants.isActive,
};

/**
 * The restaurants list's sorts (core `RESTAURANT_SORTS`), each read in order from an index
 * on restaurants: (name), (email, id), (is_active, name). The id breaks ties, so a
 * restaurant keeps its place from page to page.
 */
const restaurantSorting: ListSorting<RestaurantSort> = {
  columns: {
    name: restaurants.name,
    email: restaurants.email,
    status: [restaurants.isActive, restaurants.name],
  },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: restaurants.id,
};

/** The hq list: searched across name, address, city, country, email and POS id; by name unless sorted. */
export async function listRestaurants(
  db: Queryable,
  query: z.output<typeof RestaurantListQuery>,
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
      .select(restaurantColumns)
      .from(restaurants)
      .where(where)
      .orderBy(...orderByOf(restaurantSorting, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(restaurants).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Active restaurants as form choices, by name. */
export async function listRestaurantOptions(db: Queryable): Promise<RestaurantOption[]> {
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.isActive, true))
    .orderBy(asc(restaurants.name));
}

/** One restaurant; the route's guard checked the caller reaches it. */
export async function getRestaurant(db: Queryable, id: string): Promise<Restaurant> {
  const [restaurant] = await db.select(restaurantColumns).from(restaurants).where(eq(restaurants.id, id));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  return restaurant;
}

/** New restaurants start active (core §4). */
export async function createRestaurant(
  db: Queryable,
  input: RestaurantFields,
  defaultTimeZone: string,
): Promise<Restaurant> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(restaurants)
      .values({ ...input, timeZone: input.timeZone ?? defaultTimeZone, isActive: true })
      .returning(restaurantColumns);
    if (!created) throw new Error('insert returned no row');
    await recordActivity(tx, {
      kind: 'restaurant.created',
      restaurantId: created.id,
      objectType: 'restaurant',
      objectId: created.id,
      objectLabel: created.name,
      changes: changedFields({}, created, RECORDED_FIELDS),
    });
    return created;
  });
}

/** The restaurant's fields its log entries show before→after. */
const RECORDED_FIELDS = [
  'name',
  'city',
  'country',
  'address',
  'email',
  'posId',
  'googlePlaceId',
  'uberEatsId',
  'takeawayId',
  'deliverooId',
  'timeZone',
  'isActive',
] as const;

/** Changes a restaurant and records its changed fields, in one transaction. */
async function changeRestaurant(db: Queryable, id: string, values: Partial<Restaurant>): Promise<Restaurant> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(restaurantColumns).from(restaurants).where(eq(restaurants.id, id)).for('update');
    if (!before) throw notFound(messages.restaurantNotFound);
    const [updated] = await tx
      .update(restaurants)
      .set(values)
      .where(eq(restaurants.id, id))
      .returning(restaurantColumns);
    if (!updated) throw notFound(messages.restaurantNotFound);
    const changes = changedFields(before, updated, RECORDED_FIELDS);
    if (changes) {
      await recordActivity(tx, {
        kind: 'restaurant.updated',
        restaurantId: id,
        objectType: 'restaurant',
        objectId: id,
        objectLabel: updated.name,
        changes,
      });
    }
    return updated;
  });
}

export async function updateRestaurant(db: Queryable, id: string, input: RestaurantFields): Promise<Restaurant> {
  return changeRestaurant(db, id, input);
}

export async function setRestaurantActive(db: Queryable, id: string, { isActive }: SetActive): Promise<Restaurant> {
  return changeRestaurant(db, id, { isActive });
}

/**
 * Only a restaurant without history goes: one with audits, people assigned (and so
 * their training history) or checklist records submitted or missed (its food-safety log) is refused and should be deactivated instead. The foreign
 * keys say the same (RESTRICT), which also covers a row added meanwhile.
 */
export async function deleteRestaurant(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [restaurant] = await tx
      .select({ id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, id))
      .for('update');
    if (!restaurant) throw notFound(messages.restaurantNotFound);
    const [history] = await tx
      .select({
        audits: tx.$count(audits, eq(audits.restaurantId, id)),
        people: tx.$count(staffRestaurantAssignments, eq(staffRestaurantAssignments.restaurantId, id)),
        records: tx.$count(
          checklistRuns,
          and(eq(checklistRuns.restaurantId, id), inArray(checklistRuns.status, ['submitted', 'missed'])),
        ),
      })
      .from(restaurants)
      .where(eq(restaurants.id, id));
    if ((history?.audits ?? 0) > 0 || (history?.people ?? 0) > 0 || (history?.records ?? 0) > 0) {
      throw conflict(messages.restaurantHasHistory);
    }
    try {
      await tx.delete(restaurants).where(eq(restaurants.id, id));
      await recordActivity(tx, {
        kind: 'restaurant.deleted',
        restaurantId: id,
        objectType: 'restaurant',
        objectId: id,
        objectLabel: restaurant.name,
      });
    } catch (error) {
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw conflict(messages.restaurantHasHistory);
      throw error;
    }
  });
}
