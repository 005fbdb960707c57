import { z } from 'zod';
import { AUDIT_CADENCES } from '../audit-periods';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { scheduleMessages as m } from '../schedule-messages';
import { sortQuery } from './common';
import { calendarDayField, idField, text } from './fields';
import { RestaurantRef } from './session';

export const AUDIT_DUE_STATUSES = ['due', 'completed', 'missed'] as const;
export type AuditDueStatus = (typeof AUDIT_DUE_STATUSES)[number];

const calendarDay = calendarDayField(m.scheduleStartRequired);

/** The schedule form: which templates, where (all active restaurants or chosen ones), how often, from when. */
export const AuditScheduleInput = z
  .object({
    name: text({ error: m.scheduleNameRequired })
      .trim()
      .min(1, m.scheduleNameRequired)
      .max(200, 'Name must be at most 200 characters'),
    templateIds: z.array(idField, { error: m.scheduleNeedsTemplate }).min(1, m.scheduleNeedsTemplate).max(50),
    allRestaurants: z.boolean({ error: m.scheduleNeedsRestaurant }),
    restaurantIds: z.array(idField).max(1000).default([]),
    cadence: z.enum(AUDIT_CADENCES, { error: m.scheduleCadenceRequired }),
    startsOn: calendarDay,
    isActive: z.boolean().default(true),
  })
  // Checked even when other fields fail, so the form shows every message at once.
  .refine((input) => input.allRestaurants !== false || (input.restaurantIds?.length ?? 0) > 0, {
    path: ['restaurantIds'],
    message: m.scheduleNeedsRestaurant,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type AuditScheduleInput = z.input<typeof AuditScheduleInput>;

export const AuditScheduleActive = z.object({ isActive: z.boolean() });

/**
 * What the schedule list sorts by: status (active first, then by name, without a choice),
 * name, cadence (weekly to quarterly), start date and the number of restaurants covered.
 */
export const AUDIT_SCHEDULE_SORTS = ['status', 'name', 'cadence', 'startsOn', 'restaurantCount'] as const;
export type AuditScheduleSort = (typeof AUDIT_SCHEDULE_SORTS)[number];

/** Every schedule (a chain has a handful), sorted on the server. */
export const AuditScheduleListQuery = sortQuery(AUDIT_SCHEDULE_SORTS);
export type AuditScheduleListQuery = z.input<typeof AuditScheduleListQuery>;

const NamedRef = z.object({ id: z.string(), name: z.string() });
const Period = z.object({ start: z.string(), end: z.string() });

/** A row of the schedules list, with what the edit form needs. */
export const AuditSchedule = z.object({
  id: z.string(),
  name: z.string(),
  cadence: z.enum(AUDIT_CADENCES),
  startsOn: z.string(),
  allRestaurants: z.boolean(),
  isActive: z.boolean(),
  templates: z.array(NamedRef),
  /** The chosen restaurants (empty when all). */
  restaurants: z.array(RestaurantRef),
  /** Restaurants the schedule covers now: every active one, or the chosen active ones. */
  restaurantCount: z.number().int(),
  /** The current period, or the first when the schedule starts later. */
  nextPeriod: Period,
});
export type AuditSchedule = z.infer<typeof AuditSchedule>;

/**
 * Which due entries to list. `soon`: still due, period ending within 7 days ("due this
 * week"); `missed`: the period ended without a completed audit ("overdue"); `open`: both
 * of those and any other still due; `all` adds completed ones.
 */
export const AUDIT_DUE_FILTERS = ['open', 'soon', 'missed', 'completed', 'all'] as const;

export const AuditDueQuery = z.object({
  restaurantId: idField.optional(),
  filter: z.enum(AUDIT_DUE_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AuditDueQuery = z.input<typeof AuditDueQuery>;

export const AuditDueEntry = z.object({
  id: z.string(),
  schedule: NamedRef,
  restaurant: RestaurantRef,
  templates: z.array(NamedRef),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(AUDIT_DUE_STATUSES),
  /** The audit started or completed from this entry. */
  auditId: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Completed before the period ended; null while not completed. */
  onTime: z.boolean().nullable(),
});
export type AuditDueEntry = z.infer<typeof AuditDueEntry>;

export const AuditDuePage = z.object({
  items: z.array(AuditDueEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditDuePage = z.infer<typeof AuditDuePage>;

export const AuditDueParams = z.object({ id: idField });

/** What the due job did: entries created and entries marked missed. */
export const AuditDueRefresh = z.object({ created: z.number().int(), missed: z.number().int() });
export type AuditDueRefresh = z.infer<typeof AuditDueRefresh>;

/**
 * The hq dashboard panel: restaurants with something due now or missed, most missed
 * first. `due` counts every entry whose period is running without a completed audit;
 * `dueBy` is the soonest of their period ends (exclusive, as `periodEnd`), null when none.
 */
export const DUE_PANEL_ROWS = 8;
export const HqDueAuditsPanel = z.object({
  due: z.number().int(),
  dueBy: z.string().nullable(),
  missed: z.number().int(),
  /** Restaurants with at least one entry due now or missed. */
  restaurantCount: z.number().int(),
  restaurants: z.array(
    z.object({
      restaurant: RestaurantRef,
      due: z.number().int(),
      dueBy: z.string().nullable(),
      missed: z.number().int(),
    }),
  ),
});
export type HqDueAuditsPanel = z.infer<typeof HqDueAuditsPanel>;

/** The manager dashboard panel: the selected restaurant's entries due now (soonest first), then missed. */
export const ManagerDueAuditsPanel = z.object({
  due: z.number().int(),
  dueBy: z.string().nullable(),
  missed: z.number().int(),
  entries: z.array(AuditDueEntry),
});
export type ManagerDueAuditsPanel = z.infer<typeof ManagerDueAuditsPanel>;

/** Store Performance: completed on time ÷ due entries whose period ended in the last 90 days; null when none. */
export const AuditCompliance = z.object({
  percent: z.number().int().nullable(),
  completedOnTime: z.number().int(),
  due: z.number().int(),
});
export type AuditCompliance = z.infer<typeof AuditCompliance>;
