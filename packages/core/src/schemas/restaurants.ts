import { z } from 'zod';
import { checklistMessages } from '../checklist-items';
import { messages } from '../messages';
import { isTimeZone } from '../restaurant-time';
import { PageQuery, paged, sortQuery } from './common';
import { EMAIL_PATTERN, text } from './fields';

const required = (message: string) =>
  text({ error: message }).trim().min(1, message).max(200, 'At most 200 characters');

/** An optional text field: blank becomes null, so "no value" has one representation. */
const optionalText = text()
  .trim()
  .max(200, 'At most 200 characters')
  .nullish()
  .transform((value) => value || null);

/** The restaurant form (core §5): name, city, country, address required; email checked when given. */
export const RestaurantInput = z.object({
  name: required(messages.nameRequired),
  city: required(messages.cityRequired),
  country: required(messages.countryRequired),
  address: required(messages.addressRequired),
  email: text()
    .trim()
    .max(254, messages.invalidEmail)
    .nullish()
    .refine((email) => !email || EMAIL_PATTERN.test(email), messages.invalidEmail)
    .transform((email) => email?.toLowerCase() || null),
  posId: optionalText,
  googlePlaceId: optionalText,
  uberEatsId: optionalText,
  takeawayId: optionalText,
  deliverooId: optionalText,
  /** IANA zone of the restaurant's days and checklist windows (issue 33); omitted: the server's DEFAULT_TIME_ZONE, or unchanged. */
  timeZone: text()
    .trim()
    .nullish()
    .transform((zone) => zone || undefined)
    .refine((zone) => zone === undefined || isTimeZone(zone), checklistMessages.invalidTimeZone),
});
export type RestaurantInput = z.input<typeof RestaurantInput>;

export const Restaurant = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  posId: z.string().nullable(),
  googlePlaceId: z.string().nullable(),
  uberEatsId: z.string().nullable(),
  takeawayId: z.string().nullable(),
  deliverooId: z.string().nullable(),
  timeZone: z.string(),
  isActive: z.boolean(),
});
export type Restaurant = z.infer<typeof Restaurant>;

export const RestaurantPage = paged(Restaurant);
export type RestaurantPage = z.infer<typeof RestaurantPage>;

/**
 * What the restaurants list sorts by (by name without a choice): the name, the email of
 * the Contact column, and the status (ascending lists the inactive first, false before true).
 */
export const RESTAURANT_SORTS = ['name', 'email', 'status'] as const;
export type RestaurantSort = (typeof RESTAURANT_SORTS)[number];

export const RestaurantListQuery = PageQuery.extend(sortQuery(RESTAURANT_SORTS).shape);

/** A restaurant as a choice in a form: the staff form's multi-select, filters. */
export const RestaurantOption = z.object({ id: z.string(), name: z.string() });
export type RestaurantOption = z.infer<typeof RestaurantOption>;

export const SetActive = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
export type SetActive = z.infer<typeof SetActive>;
