import { z } from 'zod';
import { ackMessages, messages } from '../messages';
import { ROLES } from '../roles';
import { PageQuery, paged, sortQuery } from './common';
import { idField, text } from './fields';
import { RestaurantRef } from './session';

/** Restaurants one announcement may be addressed to. */
export const MAX_AUDIENCE_RESTAURANTS = 1000;

/** Pinned cards a dashboard shows at most (the newest first). */
export const MAX_PINNED_ANNOUNCEMENTS = 10;

/**
 * An announcement as hq writes it. `requiresAck`: its audience must press "I have read
 * this". The audience is everyone, or the chosen roles, and/or the people of the chosen
 * restaurants (both must match when both are chosen); hq, who work for no one
 * restaurant, are in it only when no restaurant is chosen.
 */
export const AnnouncementInput = z
  .object({
    title: text({ error: messages.announcementTitleRequired })
      .trim()
      .min(1, messages.announcementTitleRequired)
      .max(200),
    description: text({ error: messages.announcementDescriptionRequired })
      .trim()
      .min(1, messages.announcementDescriptionRequired)
      .max(10_000),
    requiresAck: z.boolean({ error: ackMessages.requiresAckInvalid }).default(false),
    audienceRoles: z
      .array(z.enum(ROLES, { error: ackMessages.audienceRoleInvalid }), { error: ackMessages.audienceRoleInvalid })
      .max(ROLES.length)
      .refine((roles) => new Set(roles).size === roles.length, ackMessages.audienceRoleRepeated)
      .default([]),
    restaurantIds: z
      .array(idField, { error: ackMessages.audienceRestaurantInvalid })
      .max(MAX_AUDIENCE_RESTAURANTS, ackMessages.tooManyRestaurants)
      .refine((ids) => new Set(ids).size === ids.length, ackMessages.audienceRestaurantRepeated)
      .default([]),
  })
  .refine(
    (input) => !(input.restaurantIds.length > 0 && input.audienceRoles.length === 1 && input.audienceRoles[0] === 'hq'),
    {
      path: ['audienceRoles'],
      message: ackMessages.hqHaveNoRestaurant,
    },
  );
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

/**
 * An edit. When the text of an announcement that requires acknowledgement and has
 * acknowledgements changes, `reacknowledge` must say whether everyone acknowledges again
 * (the server answers 409 without it, so the form asks hq).
 */
export const AnnouncementUpdate = z.intersection(
  AnnouncementInput,
  z.object({ reacknowledge: z.boolean({ error: ackMessages.reacknowledgeInvalid }).optional() }),
);
export type AnnouncementUpdate = z.input<typeof AnnouncementUpdate>;

/** `createdByName` is null once the author is deleted ("Deleted user"). The dashboards' panel shows this. */
export const Announcement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

/** An announcement as the management screen lists and edits it: with whether it requires acknowledgement, and its audience. */
export const ManagedAnnouncement = Announcement.extend({
  requiresAck: z.boolean(),
  ackVersion: z.number().int(),
  audienceRoles: z.array(z.enum(ROLES)),
  /** How many restaurants it is addressed to; 0 is every restaurant. */
  restaurantCount: z.number().int(),
});
export type ManagedAnnouncement = z.infer<typeof ManagedAnnouncement>;

/** One announcement's page: its audience in full, and whether the caller has acknowledged it. */
export const AnnouncementDetail = ManagedAnnouncement.extend({
  restaurants: z.array(RestaurantRef),
  /** For the caller: whether it is addressed to them, and when they acknowledged the current version. */
  inMyAudience: z.boolean(),
  acknowledgedAt: z.string().nullable(),
});
export type AnnouncementDetail = z.infer<typeof AnnouncementDetail>;

export const AnnouncementPage = paged(ManagedAnnouncement);
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;

/**
 * What the announcements list sorts by: when it was posted (newest first without a
 * choice), its title, and its author's name (a deleted author after every name, A to Z).
 */
export const ANNOUNCEMENT_SORTS = ['createdAt', 'title', 'author'] as const;
export type AnnouncementSort = (typeof ANNOUNCEMENT_SORTS)[number];

/** The list's filter on acknowledgement: only those that require one (`true`), or only those that do not. */
export const ANNOUNCEMENT_ACK_FILTERS = ['true', 'false'] as const;

export const AnnouncementListQuery = PageQuery.extend({
  requiresAck: z.enum(ANNOUNCEMENT_ACK_FILTERS, { error: 'Requires acknowledgement must be true or false' }).optional(),
  ...sortQuery(ANNOUNCEMENT_SORTS).shape,
});
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuery>;

/** Pinned on a dashboard: what the caller has still to acknowledge. */
export const PinnedAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  ackVersion: z.number().int(),
});
export type PinnedAnnouncement = z.infer<typeof PinnedAnnouncement>;

export const Acknowledgement = z.object({ version: z.number().int(), acknowledgedAt: z.string() });
export type Acknowledgement = z.infer<typeof Acknowledgement>;

/** Counts of one announcement's acknowledgements: in all (or of one restaurant), and per restaurant, paged. */
export const AckCountsQuery = z.object({
  restaurantId: idField.optional(),
  page: PageQuery.shape.page,
  pageSize: PageQuery.shape.pageSize,
});
export type AckCountsQuery = z.input<typeof AckCountsQuery>;

export const AckTally = z.object({ acknowledged: z.number().int(), audience: z.number().int() });
export type AckTally = z.infer<typeof AckTally>;

export const RestaurantAckTally = AckTally.extend({ restaurant: RestaurantRef });
export type RestaurantAckTally = z.infer<typeof RestaurantAckTally>;

export const AckCounts = AckTally.extend({
  ackVersion: z.number().int(),
  restaurants: paged(RestaurantAckTally),
});
export type AckCounts = z.infer<typeof AckCounts>;

export const ACK_STATUSES = ['pending', 'acknowledged'] as const;
export type AckStatus = (typeof ACK_STATUSES)[number];

/** The people of an announcement's audience who have not acknowledged (or who have), paged by name. */
export const AckPeopleQuery = AckCountsQuery.extend({
  status: z.enum(ACK_STATUSES, { error: ackMessages.statusInvalid }).default('pending'),
});
export type AckPeopleQuery = z.input<typeof AckPeopleQuery>;

export const AckPerson = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  acknowledgedAt: z.string().nullable(),
});
export type AckPerson = z.infer<typeof AckPerson>;

export const AckPeoplePage = paged(AckPerson);
export type AckPeoplePage = z.infer<typeof AckPeoplePage>;
