import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { users } from './users';

/** created_by goes null when its author is deleted; the screen then says "Deleted user". */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 20: the audience must press "I have read this"; pinned on their dashboards until they do. */
    requiresAck: boolean('requires_ack').notNull().default(false),
    /**
     * Grows when hq edits the text and asks for a new acknowledgement: an acknowledgement
     * counts only for the version it was given for.
     */
    ackVersion: integer('ack_version').notNull().default(1),
    /** The roles it is for; empty is every role. With audience restaurants, both must match. */
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list by posted date or by title, either direction, with the id that breaks ties (issue 21).
    index('announcements_created_at_idx').on(t.createdAt, t.id),
    index('announcements_title_idx').on(t.title, t.id),
    index('announcements_requires_ack_idx').on(t.createdAt, t.id).where(sql`${t.requiresAck}`),
    check('announcements_audience_roles_check', sql`${t.audienceRoles} <@ array['staff', 'manager', 'hq']::text[]`),
  ],
);

/**
 * The restaurants an announcement is for; none is every restaurant. People of those
 * restaurants (staff_restaurant_assignments) are its audience; hq, who work for no one
 * restaurant, are in it only when no restaurant is chosen.
 */
export const announcementRestaurants = pgTable(
  'announcement_restaurants',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.restaurantId] }),
    index('announcement_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

/** One row per person who pressed "I have read this", for the version they read. */
export const announcementAcknowledgements = pgTable(
  'announcement_acknowledgements',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_acknowledgements_user_idx').on(t.userId),
  ],
);

/**
 * The chain's acknowledged / audience of an announcement, as last counted, with the
 * audience stamp it was counted at (migration 0016, docs/decisions/023). It is used only
 * while the stamp is still current: counting the chain costs ~14 ms of SQL, reading this
 * row a fraction of one.
 */
export const announcementAckTotals = pgTable('announcement_ack_totals', {
  announcementId: uuid('announcement_id')
    .primaryKey()
    .references(() => announcements.id, { onDelete: 'cascade' }),
  stamp: bigint('stamp', { mode: 'number' }).notNull(),
  audience: integer('audience').notNull(),
  acknowledged: integer('acknowledged').notNull(),
});

/**
 * Acknowledged / audience of an announcement in one restaurant (the rows of the counts'
 * per-restaurant page), as last counted, with the audience stamp it was counted at
 * (docs/decisions/052, extending 023's chain totals to the page): used only while the stamp
 * is current, so a page of restaurants is ten key lookups instead of counting their people.
 */
export const announcementAckRestaurantTotals = pgTable(
  'announcement_ack_restaurant_totals',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    stamp: bigint('stamp', { mode: 'number' }).notNull(),
    audience: integer('audience').notNull(),
    acknowledged: integer('acknowledged').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.restaurantId] })],
);

/**
 * One row whose stamp moves, by trigger and in the same transaction, with every write
 * that can change an audience or an acknowledgement: people (active, role), their
 * restaurants, announcements' audiences and versions, acknowledgements.
 */
export const audienceStamp = pgTable(
  'audience_stamp',
  {
    id: smallint('id').primaryKey().default(1),
    stamp: bigint('stamp', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('audience_stamp_one_row', sql`${t.id} = 1`)],
);
