import { z } from 'zod';
import { CHECKLIST_ITEM_KINDS } from '../checklist-items';
import { isoWeekday } from '../restaurant-time';
import { CHECKLIST_RUN_STATES } from './checklists';
import { calendarDayField, idField } from './fields';
import { SensorLogDevice } from './sensors';

/**
 * The food-safety log (issue 33): every checklist record of one restaurant in a local
 * day, week (Monday to Sunday) or calendar month, with its values, corrections, failures
 * and their corrective actions, and the managers' sign-offs of days and weeks. The same
 * content is the page, the PDF and the CSV.
 */

export const foodSafetyLogMessages = {
  dayRequired: 'Choose a day',
  periodRequired: 'Choose day, week or month',
  signOffPeriodRequired: 'Choose a day or a week to sign off',
  weekStartsMonday: 'A week starts on a Monday',
  signOffFuture: 'A day that has not begun cannot be signed off',
  dayAlreadySignedOff: 'This day is already signed off',
  weekAlreadySignedOff: 'This week is already signed off',
} as const;

export const FOOD_SAFETY_LOG_PERIODS = ['day', 'week', 'month'] as const;
export type FoodSafetyLogPeriod = (typeof FOOD_SAFETY_LOG_PERIODS)[number];
export const SIGN_OFF_PERIODS = ['day', 'week'] as const;
export type SignOffPeriod = (typeof SIGN_OFF_PERIODS)[number];

const logDay = calendarDayField(foodSafetyLogMessages.dayRequired);

export const FoodSafetyLogQuery = z.object({
  restaurantId: idField,
  period: z.enum(FOOD_SAFETY_LOG_PERIODS, { error: foodSafetyLogMessages.periodRequired }),
  /** Any day of the period: the week around it (from its Monday), or its calendar month. */
  from: logDay,
});
export type FoodSafetyLogQuery = z.infer<typeof FoodSafetyLogQuery>;

export const SignOffInput = z
  .object({
    restaurantId: idField,
    period: z.enum(SIGN_OFF_PERIODS, { error: foodSafetyLogMessages.signOffPeriodRequired }),
    /** The day, or the Monday of the week. */
    startsOn: logDay,
  })
  .refine((input) => input.period !== 'week' || isoWeekday(input.startsOn) === 1, {
    path: ['startsOn'],
    message: foodSafetyLogMessages.weekStartsMonday,
  });
export type SignOffInput = z.infer<typeof SignOffInput>;

const Person = z.object({ id: z.string(), name: z.string() });
const Value = z.union([z.boolean(), z.number(), z.string()]).nullable();

export const FoodSafetyLogCorrection = z.object({
  id: z.string(),
  value: Value,
  failed: z.boolean(),
  reason: z.string(),
  /** null when the person was deleted. */
  correctedBy: Person.nullable(),
  correctedAt: z.string(),
});
export type FoodSafetyLogCorrection = z.infer<typeof FoodSafetyLogCorrection>;

/** One item's value in a record: what was entered, by whom, received when; its corrections (oldest first) and its action. */
export const FoodSafetyLogEntry = z.object({
  itemId: z.string(),
  section: z.string(),
  label: z.string(),
  kind: z.enum(CHECKLIST_ITEM_KINDS),
  /** A number item's unit; °C for temperatures. */
  unit: z.string().nullable(),
  /** null: nothing entered (an item corrected without a value first, or cleared). */
  value: Value,
  failed: z.boolean(),
  note: z.string().nullable(),
  enteredBy: Person.nullable(),
  /** The server's time the value arrived; null when only corrections exist. */
  receivedAt: z.string().nullable(),
  corrections: z.array(FoodSafetyLogCorrection),
  /** The corrective action a failure opened. */
  action: z.object({ id: z.string(), status: z.enum(['open', 'resolved']) }).nullable(),
});
export type FoodSafetyLogEntry = z.infer<typeof FoodSafetyLogEntry>;

export const FoodSafetyLogRecord = z.object({
  id: z.string(),
  /** The restaurant's local day the window opened on. */
  day: z.string(),
  checklist: z.object({ id: z.string(), name: z.string() }),
  /** The window's local times, `HH:MM`. */
  start: z.string(),
  end: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  state: z.enum(CHECKLIST_RUN_STATES),
  submittedBy: Person.nullable(),
  submittedAt: z.string().nullable(),
  failures: z.number().int(),
  /** Items with a value or a correction, in the checklist's order. */
  entries: z.array(FoodSafetyLogEntry),
});
export type FoodSafetyLogRecord = z.infer<typeof FoodSafetyLogRecord>;

export const FoodSafetySignOff = z.object({
  period: z.enum(SIGN_OFF_PERIODS),
  startsOn: z.string(),
  /** The signer's name as it was when they signed. */
  signedBy: z.string(),
  signedAt: z.string(),
});
export type FoodSafetySignOff = z.infer<typeof FoodSafetySignOff>;

export const FoodSafetyLog = z.object({
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  period: z.enum(FOOD_SAFETY_LOG_PERIODS),
  /** The period's first and last local day. */
  start: z.string(),
  end: z.string(),
  /** The restaurant's local day now (a day after it cannot be signed off yet). */
  today: z.string(),
  records: z.array(FoodSafetyLogRecord),
  /** Day sign-offs of the period's days and week sign-offs of the weeks it touches, by day. */
  signOffs: z.array(FoodSafetySignOff),
  /**
   * The restaurant's temperature sensors beside the manual checks (issue 37): per device,
   * each local day's min/max/avg and the excursions that started in the period. Optional
   * so answers cached before sensors existed still parse; the server always sends it.
   */
  sensors: z.array(SensorLogDevice).optional(),
});
export type FoodSafetyLog = z.infer<typeof FoodSafetyLog>;

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week a day is in. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The first and last day of the log's period around `from`: the day, its week (Monday to Sunday), or its month. */
export function logPeriodOf(period: FoodSafetyLogPeriod, from: string): { start: string; end: string } {
  if (period === 'day') return { start: from, end: from };
  if (period === 'week') {
    const start = mondayOf(from);
    return { start, end: addDays(start, 6) };
  }
  const start = `${from.slice(0, 7)}-01`;
  const [year, month] = start.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { start, end };
}

/** The first day of the period before (`step` -1) or after (+1) the one around `from`. */
export function shiftLogPeriod(period: FoodSafetyLogPeriod, from: string, step: -1 | 1): string {
  const { start } = logPeriodOf(period, from);
  if (period === 'day') return addDays(start, step);
  if (period === 'week') return addDays(start, 7 * step);
  const [year, month] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + step, 1)).toISOString().slice(0, 10);
}

/** The sign-offs that cover a day: its own, and its week's. */
export function signOffsOfDay(signOffs: readonly FoodSafetySignOff[], day: string): FoodSafetySignOff[] {
  const monday = mondayOf(day);
  return signOffs.filter(
    (signOff) =>
      (signOff.period === 'day' && signOff.startsOn === day) ||
      (signOff.period === 'week' && signOff.startsOn === monday),
  );
}
