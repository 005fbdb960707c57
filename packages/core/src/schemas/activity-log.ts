import { z } from 'zod';
import { ACTIVITY_KINDS } from '../activity';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { idField, momentField } from './fields';

/**
 * The activity log's screen and API (issue 36, decision 044): `GET /api/activity` pages
 * the newest entries first by a keyset cursor (the time and id of the last entry seen), so
 * a page costs the same on the ten-millionth entry as on the first; no total is counted.
 */

/** Where a page starts: an entry's time (UTC, microseconds, as the server stores it) and id. */
export const ACTIVITY_CURSOR_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorField = z.string().regex(ACTIVITY_CURSOR_PATTERN, 'Invalid cursor');

/** The log's first possible entry is far later; an earlier moment would only be a mistake. */
const EARLIEST_MOMENT = Date.parse('2000-01-01T00:00:00Z');

/**
 * A moment as the filters take it: ISO 8601 with its offset, from 2000 on, handed on in
 * UTC (an offset such as +23:00 is valid ISO 8601 but not PostgreSQL's; year 0 neither).
 */
const filterMoment = (error: string) =>
  momentField(error)
    .refine((moment) => Date.parse(moment) >= EARLIEST_MOMENT, 'Date must be in 2000 or later')
    .transform((moment) => new Date(moment).toISOString());

/** The filters, shared by the list and its CSV. */
export const ActivityFilters = z.object({
  /** The person acting. */
  actorId: idField.optional(),
  /** hq: one restaurant or all; a manager: one of theirs, or all of theirs. */
  restaurantId: idField.optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: 'Unknown activity kind' }).optional(),
  /** From this moment (inclusive), server time; the screen sends the start of the viewer's local day. */
  from: filterMoment('From must be a date and time').optional(),
  /** Until this moment (exclusive). */
  to: filterMoment('To must be a date and time').optional(),
});
export type ActivityFilters = z.infer<typeof ActivityFilters>;

export const ActivityListQuery = ActivityFilters.extend({
  /** Entries older than this cursor (the next page). */
  before: cursorField.optional(),
  /** Entries newer than this cursor (the page before). */
  after: cursorField.optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
}).refine((query) => !(query.before && query.after), {
  message: 'Give before or after, not both',
  path: ['after'],
});
export type ActivityListQuery = z.input<typeof ActivityListQuery>;

const Change = z.object({ from: z.unknown(), to: z.unknown() });

export const ActivityItem = z.object({
  id: z.string(),
  /** Server time, ISO 8601 (UTC); the screen shows it in the viewer's time zone. */
  at: z.string(),
  segment: z.string(),
  seq: z.number().int(),
  kind: z.string(),
  /** The person acting as they are now named (null: the system, or a person since deleted), and the label kept with the entry. */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), label: z.string().nullable() }),
  restaurant: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  object: z.object({ type: z.string().nullable(), id: z.string().nullable(), label: z.string().nullable() }),
  changes: z.record(z.string(), Change).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** This entry's cursor. */
  cursor: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityPage = z.object({
  items: z.array(ActivityItem),
  /** The next (older) page's `before`, when there is one. */
  older: z.string().nullable(),
  /** The previous (newer) page's `after`, when there is one. */
  newer: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

/** People who acted, for the person filter: those the caller may see entries of. */
export const ActivityActor = z.object({ id: z.string(), name: z.string() });
export const ActivityActors = z.array(ActivityActor);
export type ActivityActor = z.infer<typeof ActivityActor>;

/**
 * Kinds a manager never sees, even in their restaurants: how people sign in, their
 * passkeys and SSO links, provisioning tokens, identity providers, settings and exports
 * are hq's (the issue: "managers see their restaurants' record changes, not sign-ins of
 * others"). What provisioning changes about people of their restaurant (`scim.user*`,
 * `scim.group*`) they do see. Matched by prefix, so kinds added later in a group follow it.
 */
export const HQ_ONLY_KIND_PREFIXES = [
  'auth.',
  'passkey.',
  'sso.',
  'scimToken.',
  'identityProvider.',
  'setting.',
  'export',
] as const;

export function managerMaySee(kind: string): boolean {
  return !HQ_ONLY_KIND_PREFIXES.some((prefix) => kind.startsWith(prefix));
}
