import { z } from 'zod';
import { ChecklistContent, ChecklistContentReply, checklistMessages } from '../checklist-items';
import { clockTime, parseClockTime, windowLength } from '../restaurant-time';
import { PageQuery, paged, sortQuery } from './common';
import { idField, text } from './fields';
import { PhotoRef } from './photos';
import { RestaurantOption } from './restaurants';

/** The API of checklists (issue 33): templates and their windows, Today, records, corrections. */

const clockField = text({ error: checklistMessages.invalidTime }).refine(
  (value) => parseClockTime(value) !== null,
  checklistMessages.invalidTime,
);

/** A time window as the form writes it: weekdays (1 Monday … 7 Sunday), start and end `HH:MM`; an end at or before the start is the next day. */
export const ChecklistWindowInput = z
  .object({
    id: idField.optional(),
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: checklistMessages.needsWeekday })
      .min(1, checklistMessages.needsWeekday)
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    start: clockField,
    end: clockField,
  })
  .transform((window) => {
    const startsAt = parseClockTime(window.start) as number;
    const endsAt = parseClockTime(window.end) as number;
    return { id: window.id, weekdays: window.weekdays, startsAt, minutes: windowLength(startsAt, endsAt) };
  })
  .refine((window) => window.minutes >= 5, { path: ['end'], message: checklistMessages.invalidLength });
export type ChecklistWindowInput = z.input<typeof ChecklistWindowInput>;

export const ChecklistWindow = z.object({
  id: z.string(),
  weekdays: z.array(z.number().int()),
  start: z.string(),
  end: z.string(),
  startsAt: z.number().int(),
  minutes: z.number().int(),
});
export type ChecklistWindow = z.infer<typeof ChecklistWindow>;

/** A stored window as the API returns it. */
export const windowOut = (window: { id: string; weekdays: number[]; startsAt: number; minutes: number }) => ({
  ...window,
  start: clockTime(window.startsAt),
  end: clockTime(window.startsAt + window.minutes),
});

/**
 * Creating or editing a checklist. `restaurantId` null is a chain template (hq only);
 * a manager's checklist names one of their restaurants. `allRestaurants` and
 * `restaurantIds` and `locked` apply to chain templates only.
 */
export const ChecklistInput = z.object({
  name: text({ error: checklistMessages.nameRequired })
    .trim()
    .min(1, checklistMessages.nameRequired)
    .max(200, 'At most 200 characters'),
  restaurantId: idField.nullable().default(null),
  allRestaurants: z.boolean().default(true),
  restaurantIds: z.array(idField).max(5000).default([]),
  locked: z.boolean().default(false),
  content: ChecklistContent,
  windows: z.array(ChecklistWindowInput).min(1, checklistMessages.needsWindow).max(48),
});
export type ChecklistInput = z.input<typeof ChecklistInput>;

export const Checklist = z.object({
  id: z.string(),
  name: z.string(),
  /** The restaurant of a local checklist; null for a chain template. */
  restaurant: RestaurantOption.nullable(),
  allRestaurants: z.boolean(),
  restaurants: z.array(RestaurantOption),
  locked: z.boolean(),
  isActive: z.boolean(),
  version: z.number().int(),
  content: ChecklistContentReply,
  windows: z.array(ChecklistWindow),
  copiedFromId: z.string().nullable(),
  updatedAt: z.string(),
});
export type Checklist = z.infer<typeof Checklist>;

export const ChecklistSummary = z.object({
  id: z.string(),
  name: z.string(),
  restaurant: RestaurantOption.nullable(),
  /** Chain templates: how many restaurants it is for; null when all. */
  restaurantCount: z.number().int().nullable(),
  windows: z.array(ChecklistWindow),
  itemCount: z.number().int(),
  locked: z.boolean(),
  isActive: z.boolean(),
  version: z.number().int(),
  /** For a manager's restaurant: whether its manager switched this chain template off there. */
  optedOut: z.boolean(),
});
export type ChecklistSummary = z.infer<typeof ChecklistSummary>;

export const CHECKLIST_SORTS = ['name', 'items'] as const;
export const ChecklistListQuery = PageQuery.extend(sortQuery(CHECKLIST_SORTS).shape).extend({
  /** A manager's selected restaurant: the chain templates for it and its own checklists. */
  restaurantId: idField.optional(),
});
export const ChecklistPage = paged(ChecklistSummary);
export type ChecklistPage = z.infer<typeof ChecklistPage>;

/** A manager switching an unlocked chain template off (or on again) at one of their restaurants. */
export const ChecklistOptOutInput = z.object({ restaurantId: idField, optedOut: z.boolean() });

/** A manager's local copy of an unlocked chain template at one of their restaurants (the template is switched off there). */
export const ChecklistCopyInput = z.object({ restaurantId: idField });

/** Where a record stands for the person looking at it (decision 032). */
export const CHECKLIST_RUN_STATES = ['upcoming', 'open', 'done', 'late', 'missed'] as const;
export type ChecklistRunState = (typeof CHECKLIST_RUN_STATES)[number];

const Person = z.object({ id: z.string(), name: z.string() });

export const TodayEntry = z.object({
  runId: z.string(),
  checklist: z.object({ id: z.string(), name: z.string() }),
  /** The window's local times, `HH:MM`. */
  start: z.string(),
  end: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(CHECKLIST_RUN_STATES),
  answered: z.number().int(),
  itemCount: z.number().int(),
  failures: z.number().int(),
  submittedBy: Person.nullable(),
  submittedAt: z.string().nullable(),
});
export type TodayEntry = z.infer<typeof TodayEntry>;

export const TodayQuery = z.object({ restaurantId: idField });
export const Today = z.object({
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  /** The restaurant's local day, `YYYY-MM-DD`. */
  day: z.string(),
  /** Open now first, then missed, upcoming, done; by opening time within each. */
  entries: z.array(TodayEntry),
});
export type Today = z.infer<typeof Today>;

const Value = z.union([z.boolean(), z.number(), z.string()]).nullable();

export const ChecklistRunValue = z.object({
  itemId: z.string(),
  value: Value,
  failed: z.boolean(),
  note: z.string().nullable(),
  enteredBy: Person.nullable(),
  receivedAt: z.string(),
  /**
   * Entered offline (issue 34): when it was made, on the server's clock (the device's time
   * corrected by its clock's offset), and that offset in seconds; null when saved online.
   */
  recordedAt: z.string().nullable(),
  clockOffsetSeconds: z.number().int().nullable(),
});
export const ChecklistRunCorrection = z.object({
  id: z.string(),
  itemId: z.string(),
  value: Value,
  failed: z.boolean(),
  reason: z.string(),
  correctedBy: Person.nullable(),
  correctedAt: z.string(),
});
export type ChecklistRunCorrection = z.infer<typeof ChecklistRunCorrection>;

/** One record: what was filled from which version, by whom and when, with its corrections, photos and actions. */
export const ChecklistRun = z.object({
  id: z.string(),
  checklist: z.object({ id: z.string(), name: z.string() }),
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  day: z.string(),
  start: z.string(),
  end: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(CHECKLIST_RUN_STATES),
  version: z.number().int(),
  content: ChecklistContentReply,
  values: z.array(ChecklistRunValue),
  corrections: z.array(ChecklistRunCorrection),
  photos: z.array(PhotoRef.extend({ itemId: z.string() })),
  actions: z.array(z.object({ itemId: z.string(), id: z.string(), status: z.string() })),
  submittedBy: Person.nullable(),
  /** When it was submitted: when it was done, for a submit made offline (corrected for the device clock). */
  submittedAt: z.string().nullable(),
  /** A submit made offline (issue 34): when the server received it, and the device clock's offset in seconds. */
  submitReceivedAt: z.string().nullable(),
  submitClockOffsetSeconds: z.number().int().nullable(),
  /** Whether the caller may still enter values (open, or closed less than a day ago and not submitted). */
  canFill: z.boolean(),
  /** Whether the caller may correct it (submitted; a manager of its restaurant or hq). */
  canCorrect: z.boolean(),
});
export type ChecklistRun = z.infer<typeof ChecklistRun>;

export const ChecklistRunItemParams = z.object({ id: idField, itemId: z.string().min(1).max(64) });
/** `/api/checklist-runs/:id/items/:itemId/photos/:photoId` */
export const ChecklistRunPhotoParams = ChecklistRunItemParams.extend({ photoId: idField });

/** Saving one value as it is entered; `value` is checked against its item's kind (400 names the field `value`). */
export const ChecklistValueInput = z.object({
  value: z.unknown(),
  note: text()
    .trim()
    .max(1000, 'At most 1000 characters')
    .nullish()
    .transform((note) => note || null),
});

export const ChecklistCorrectionInput = z.object({
  itemId: z.string().min(1).max(64),
  value: z.unknown(),
  reason: text({ error: checklistMessages.reasonRequired })
    .trim()
    .min(1, checklistMessages.reasonRequired)
    .max(500, 'At most 500 characters'),
});
