import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    email: text('email'),
    posId: text('pos_id'),
    googlePlaceId: text('google_place_id'),
    uberEatsId: text('uber_eats_id'),
    takeawayId: text('takeaway_id'),
    deliverooId: text('deliveroo_id'),
    /** The IANA zone of the restaurant's days, windows and periods (issue 33); set from DEFAULT_TIME_ZONE when created. */
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('restaurants_name_idx').on(t.name),
    index('restaurants_active_name_idx').on(t.isActive, t.name),
    index('restaurants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // The restaurants list sorted by email (issue 21): read in order, either direction.
    index('restaurants_email_idx').on(t.email, t.id),
  ],
);

/** Who works where. A restaurant with people assigned cannot be deleted (RESTRICT). */
export const staffRestaurantAssignments = pgTable(
  'staff_restaurant_assignments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.restaurantId] }),
    index('staff_restaurant_assignments_restaurant_idx').on(t.restaurantId, t.userId),
  ],
);
