import { z } from 'zod';
import { RestaurantRef } from './session';

/**
 * Head office's view of checklists (issue 33), read from the day counters that triggers
 * keep (`checklist_day_counts`, decision 032) rather than from a year of records. Every
 * day here is a restaurant's own local day: a chain across zones has several "todays".
 */

/** Restaurants the hq dashboard's checklist panel names (those with missed windows first). */
export const CHECKLIST_PANEL_ROWS = 10;
/** The panel's failures: records submitted with a failure over this many local days, today included. */
export const CHECKLIST_FAILURE_DAYS = 7;
/** Store Performance's checklist compliance: over this many local days, today included. */
export const CHECKLIST_COMPLIANCE_DAYS = 30;

/**
 * One restaurant's local today: `done` (submitted, on time or late), `due` so far (every
 * record whose window has opened: done, missed, and open now), `missed` (marked missed,
 * or closed with nothing submitted), and records submitted with a failure over the last
 * CHECKLIST_FAILURE_DAYS days.
 */
export const HqChecklistsRestaurant = z.object({
  restaurant: RestaurantRef,
  done: z.number().int(),
  due: z.number().int(),
  missed: z.number().int(),
  failures: z.number().int(),
});
export type HqChecklistsRestaurant = z.infer<typeof HqChecklistsRestaurant>;

/**
 * The hq dashboard's "Checklists today": the chain's totals (each restaurant's own today)
 * and the first CHECKLIST_PANEL_ROWS restaurants, most missed windows first, then most
 * still to do, then most failures.
 */
export const HqChecklistsPanel = z.object({
  done: z.number().int(),
  due: z.number().int(),
  missed: z.number().int(),
  failures: z.number().int(),
  /** Active restaurants with a checklist record today or a failure in the last days. */
  restaurantCount: z.number().int(),
  /** Of those, the ones with a missed window today. */
  missedRestaurantCount: z.number().int(),
  restaurants: z.array(HqChecklistsRestaurant),
});
export type HqChecklistsPanel = z.infer<typeof HqChecklistsPanel>;

/**
 * Store Performance: records submitted on time ÷ records due over the last
 * CHECKLIST_COMPLIANCE_DAYS local days (due: on time, late or missed); `percent` null
 * when none was due.
 */
export const ChecklistCompliance = z.object({
  percent: z.number().int().nullable(),
  onTime: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  due: z.number().int(),
});
export type ChecklistCompliance = z.infer<typeof ChecklistCompliance>;

/** Percent on time of due, rounded; null without any due. */
export function compliancePercent(onTime: number, due: number): number | null {
  return due === 0 ? null : Math.round((onTime / due) * 100);
}
