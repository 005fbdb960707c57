import { z } from 'zod';
import { Announcement } from './announcements';
import { HqDueAuditsPanel, ManagerDueAuditsPanel } from './audit-schedules';
import { AUDIT_STATUSES } from './audits';
import { HqChecklistsPanel } from './checklist-counts';
import { ActionCounts } from './corrective-actions';
import { idField } from './fields';
import { RestaurantRef } from './session';

/** A row of the Recent Audits table (core §2). */
export const RecentAudit = z.object({
  id: z.string(),
  restaurant: RestaurantRef,
  auditedAt: z.string(),
  status: z.enum(AUDIT_STATUSES),
  finalScore: z.number().int().nullable(),
  /** Audits of that restaurant. */
  restaurantAuditCount: z.number().int(),
});
export type RecentAudit = z.infer<typeof RecentAudit>;

export const RecentAudits = z.object({ items: z.array(RecentAudit), total: z.number().int() });
export type RecentAudits = z.infer<typeof RecentAudits>;

export const HqDashboard = z.object({
  totalRestaurants: z.number().int(),
  totalStaff: z.number().int(),
  pendingAudits: z.number().int(),
  /** Assignments past their due date and not completed (`overdueAssignment`). */
  overdueTrainings: z.number().int(),
  /** Assignments not completed, due or not. */
  incompleteTrainings: z.number().int(),
  announcements: z.array(Announcement),
  recentAudits: RecentAudits,
  /** Open and overdue corrective actions of the chain. */
  actions: ActionCounts,
  /** Due now and missed, per restaurant (issue 19). */
  dueAudits: HqDueAuditsPanel,
  /** Checklists of each restaurant's local today, and failures of the last days (issue 33). */
  checklists: HqChecklistsPanel,
});
export type HqDashboard = z.infer<typeof HqDashboard>;

export const ManagerDashboardQuery = z.object({ restaurantId: idField });

export const ManagerDashboard = z.object({
  totalStaff: z.number().int(),
  pendingAudits: z.number().int(),
  activeTrainings: z.number().int(),
  /** The side widget: each staff member's training completion, lowest first. */
  staffProgress: z.array(
    z.object({ id: z.string(), name: z.string(), completed: z.number().int(), total: z.number().int() }),
  ),
  announcements: z.array(Announcement),
  recentAudits: RecentAudits,
  /** Open and overdue corrective actions of the selected restaurant. */
  actions: ActionCounts,
  /** The restaurant's audits due now and missed (issue 19). */
  dueAudits: ManagerDueAuditsPanel,
});
export type ManagerDashboard = z.infer<typeof ManagerDashboard>;

export const StaffDashboard = z.object({
  trainingsCompleted: z.number().int(),
  trainingsInProgress: z.number().int(),
  failedAttempts: z.number().int(),
  announcements: z.array(Announcement),
});
export type StaffDashboard = z.infer<typeof StaffDashboard>;
