import { z } from 'zod';
import { ROLES } from '../roles';
import { AuditCompliance } from './audit-schedules';
import { AUDIT_STATUSES } from './audits';
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

/** The spec's get-monday-data answer, plus where it came from; `configured: false` when not set up. */
export const StoreVisits = z.object({
  configured: z.boolean(),
  host: z.string(),
  visits: z.array(StoreVisit),
  /** Which settings are missing, when not configured; told to hq only. */
  missing: z.array(z.string()),
});
export type StoreVisits = z.infer<typeof StoreVisits>;
