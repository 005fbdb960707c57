import { z } from 'zod';
import { ROLES } from '../roles';
import { AuditCompliance } from './audit-schedules';
import { AUDIT_STATUSES } from './audits';
import { ChecklistCompliance } from './checklist-counts';
import { ActionCounts } from './corrective-actions';

export const VISIT_STATUSES = ['Stuck', 'Working on it', 'Done', 'Franchisee responsibility', 'No status'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const NOTE_CATEGORIES = [
  'Conway',
  'Kitchen',
  'Marketing',
  'Administration',
  'Kassa System',
  'Construction',
  'Operations',
  'Financial',
  'No category',
] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];

/** Everything Store Performance shows from our own data, for one restaurant (reports §2). */
export const StorePerformance = z.object({
  restaurant: z.object({ id: z.string(), name: z.string() }),
  stats: z.object({
    totalStaff: z.number().int(),
    /** Assignments of the restaurant's people past their due date and not completed. */
    overdueTrainings: z.number().int(),
    totalAudits: z.number().int(),
  }),
  recentAudits: z.array(
    z.object({
      id: z.string(),
      auditedAt: z.string(),
      status: z.enum(AUDIT_STATUSES),
      finalScore: z.number().int().nullable(),
    }),
  ),
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
      isActive: z.boolean(),
      completed: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Open and overdue corrective actions of the restaurant. */
  actions: ActionCounts,
  /** Scheduled audits completed on time ÷ due, last 90 days (issue 19). */
  auditCompliance: AuditCompliance,
  /** Checklist records submitted on time ÷ due, last 30 local days (issue 33). */
  checklistCompliance: ChecklistCompliance,
});
export type StorePerformance = z.infer<typeof StorePerformance>;

export const VisitNote = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(VISIT_STATUSES),
  category: z.enum(NOTE_CATEGORIES),
});
export type VisitNote = z.infer<typeof VisitNote>;

export const StoreVisit = z.object({
  id: z.string(),
  event: z.string(),
  date: z.string().nullable(),
  person: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  notes: z.array(VisitNote),
});
export type StoreVisit = z.infer<typeof StoreVisit>;

/** One bar pair: the restaurant's count, and the chain's average count per active restaurant (one decimal). */
const BreakdownCounts = { count: z.number().int(), chainAverage: z.number() };

/**
 * Store Performance's charts from the board (issue 21): the restaurant's visits by
 * status and their notes by category, each beside the chain's average per restaurant.
 * The chain is every active restaurant (one without visits counts as none), its visits
 * the board's items whose restaurant is one of them. Every status and category is listed,
 * in the spec's order, zeros included.
 */
export const VisitBreakdown = z.object({
  /** Active restaurants the chain's averages are taken over. */
  restaurants: z.number().int(),
  /** All the restaurant's visits, and the chain's average per restaurant. */
  visits: z.object(BreakdownCounts),
  /** All the notes of those visits, and the chain's average per restaurant. */
  notes: z.object(BreakdownCounts),
  byStatus: z.array(z.object({ status: z.enum(VISIT_STATUSES), ...BreakdownCounts })),
  byCategory: z.array(z.object({ category: z.enum(NOTE_CATEGORIES), ...BreakdownCounts })),
});
export type VisitBreakdown = z.infer<typeof VisitBreakdown>;

/** The spec's get-monday-data answer, plus where it came from; `configured: false` when not set up. */
export const StoreVisits = z.object({
  configured: z.boolean(),
  host: z.string(),
  visits: z.array(StoreVisit),
  /** Which settings are missing, when not configured; told to hq only. */
  missing: z.array(z.string()),
  /** The charts' figures, from the same reading of the board; only when configured. */
  breakdown: VisitBreakdown.optional(),
});
export type StoreVisits = z.infer<typeof StoreVisits>;

/** Weeks on Store Performance's score trend, this week included (as the dashboards' weekly charts). */
export const SCORE_TREND_WEEKS = 12;

/** Completed audits over some weeks: their average final score (one decimal; null without any) and count. */
const ScoreAverage = z.object({
  restaurant: z.number().nullable(),
  restaurantAudits: z.number().int(),
  chain: z.number().nullable(),
  chainAudits: z.number().int(),
});

/**
 * The restaurant's audit score per week over the last `SCORE_TREND_WEEKS` weeks, beside
 * the chain's (every completed audit of any restaurant) over the same weeks. A week is an
 * ISO week in UTC; `weekStart` is its Monday (`YYYY-MM-DD`).
 */
export const StoreScoreTrend = z.object({
  /** Oldest first, this week last; a week without audits is there with null averages. */
  weeks: z.array(ScoreAverage.extend({ weekStart: z.string() })),
  /** The same over all the weeks together. */
  total: ScoreAverage,
});
export type StoreScoreTrend = z.infer<typeof StoreScoreTrend>;
