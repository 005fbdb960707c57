import { z } from 'zod';
import { idField } from './fields';
import { RestaurantRef } from './session';

/**
 * The dashboards' charts (issue 21). Each panel has an endpoint of its own, so a chart
 * loads beside the dashboard's figures, never in their way. Every figure is computed in
 * SQL. A week is an ISO week in UTC: it starts on Monday 00:00 UTC (`weekStart` is that
 * Monday, `YYYY-MM-DD`), like the audit periods' calendar days (core `audit-periods.ts`).
 */

/** Weeks on the weekly charts, this week included. */
export const CHART_WEEKS = 12;
/** The restaurant ranking averages the completed audits of this many days. */
export const SCORE_RANKING_DAYS = 90;
/** How many restaurants the ranking shows at each end. */
export const SCORE_RANKING_SIZE = 5;
/** The manager's score trend: the restaurant's latest completed audits. */
export const RECENT_AUDIT_SCORES = 10;
/** Restaurant lines next to the chain's on the score trend, so that it stays readable. */
export const MAX_TREND_RESTAURANTS = 3;

/** One week of completed audits: their average final score (null without any: a gap, not a zero). */
export const WeeklyScore = z.object({
  weekStart: z.string(),
  /** Average final score, to one decimal; null when no audit was completed that week. */
  average: z.number().nullable(),
  audits: z.number().int(),
});
export type WeeklyScore = z.infer<typeof WeeklyScore>;

/** `?restaurantIds=…&restaurantIds=…`: restaurants whose lines join the chain's. */
export const AuditScoreTrendQuery = z.object({
  restaurantIds: z
    .union([z.array(idField), idField])
    .optional()
    .transform((ids) => [...new Set(ids === undefined ? [] : Array.isArray(ids) ? ids : [ids])])
    .refine((ids) => ids.length <= MAX_TREND_RESTAURANTS, `Choose at most ${MAX_TREND_RESTAURANTS} restaurants`),
});
export type AuditScoreTrendQuery = z.input<typeof AuditScoreTrendQuery>;

/** hq: the chain's average audit score per week, and the chosen restaurants' (unknown ids are left out). */
export const AuditScoreTrend = z.object({
  /** The last `CHART_WEEKS` weeks, oldest first: every completed audit of the chain. */
  chain: z.array(WeeklyScore),
  /** The chosen restaurants by name, each over the same weeks. */
  restaurants: z.array(z.object({ restaurant: RestaurantRef, weeks: z.array(WeeklyScore) })),
});
export type AuditScoreTrend = z.infer<typeof AuditScoreTrend>;

export const RankedRestaurant = z.object({
  restaurant: RestaurantRef,
  /** Average final score of its completed audits in the window, to one decimal. */
  average: z.number(),
  audits: z.number().int(),
});
export type RankedRestaurant = z.infer<typeof RankedRestaurant>;

/**
 * hq: active restaurants by their average score over the last `SCORE_RANKING_DAYS` days.
 * A restaurant appears once: with fewer than twice `SCORE_RANKING_SIZE` ranked, `highest`
 * holds only those not already in `lowest`.
 */
export const AuditScoreRanking = z.object({
  /** Lowest average first. */
  lowest: z.array(RankedRestaurant),
  /** Highest average first. */
  highest: z.array(RankedRestaurant),
  /** Active restaurants with a completed audit in the window. */
  ranked: z.number().int(),
  /** Active restaurants without one: left out of the ranking. */
  unranked: z.number().int(),
});
export type AuditScoreRanking = z.infer<typeof AuditScoreRanking>;

export const RestaurantTrainingCompletion = z.object({
  restaurant: RestaurantRef,
  completed: z.number().int(),
  total: z.number().int(),
  /** completed ÷ total × 100, to one decimal. */
  percent: z.number(),
});
export type RestaurantTrainingCompletion = z.infer<typeof RestaurantTrainingCompletion>;

/**
 * hq: per active restaurant, the completed share of its active staff's and managers'
 * training assignments (completed as decision 011 defines it: `completed_at` is set),
 * from the per-person totals the triggers keep (decision 006).
 */
export const TrainingCompletionByRestaurant = z.object({
  /** Restaurants with at least one assignment, lowest completion first (then by name). */
  restaurants: z.array(RestaurantTrainingCompletion),
  /** Active restaurants whose people have no assignment: left out. */
  withoutAssignments: z.number().int(),
});
export type TrainingCompletionByRestaurant = z.infer<typeof TrainingCompletionByRestaurant>;

/** The manager's charts: the selected restaurant, which the guard checks like the dashboard's. */
export const ManagerChartQuery = z.object({ restaurantId: idField });

/** The manager: the restaurant's latest completed audits, oldest first. */
export const RecentAuditScores = z.object({
  audits: z.array(z.object({ id: z.string(), auditedAt: z.string(), score: z.number().int() })),
  /** Average of those audits' scores, to one decimal; null without any. */
  average: z.number().nullable(),
});
export type RecentAuditScores = z.infer<typeof RecentAuditScores>;

/**
 * The manager: the training assignments of the restaurant's staff, per week.
 * - `completed`: assignments completed during that week;
 * - `incomplete`: assignments made before the week ended and not completed by its end
 *   (this week: not completed now, the Active Trainings card's count).
 */
export const WeeklyTrainingProgress = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), completed: z.number().int(), incomplete: z.number().int() })),
});
export type WeeklyTrainingProgress = z.infer<typeof WeeklyTrainingProgress>;
