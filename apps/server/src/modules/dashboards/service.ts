import { DASHBOARD_ANNOUNCEMENTS, RECENT_AUDITS } from '@brigade/core/limits';
import type { Role } from '@brigade/core/roles';
import type { Announcement } from '@brigade/core/schemas/announcements';
import type { HqDashboard, ManagerDashboard, RecentAudit, StaffDashboard } from '@brigade/core/schemas/dashboards';
import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { announcements } from '../../db/schema/announcements';
import { audits } from '../../db/schema/audits';
import { CHAIN_COUNTS, chainCount, oneRow } from '../../db/schema/counts';
import { quizAttempts } from '../../db/schema/quizzes';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments, staffTrainingTotals } from '../../db/schema/training-assignments';
import { users } from '../../db/schema/users';
import { overdueInChain } from '../assignments/service';
import { hqDueAuditsPanel, managerDueAuditsPanel } from '../audit-schedules/service';
import { readableAudits } from '../audits/service';
import { actionCountColumns, presentActionCounts } from '../corrective-actions/service';
import { checklistsPanelColumn } from './checklists-panel';

/**
 * Every dashboard is one statement for its cards and panels (plus the manager's staff
 * progress list): the panels come back as json columns, so a dashboard costs the same
 * few round trips however large the chain grows.
 */

interface AnnouncementJson extends Omit<Announcement, 'createdAt'> {
  createdAt: string;
}
interface RecentAuditJson extends Omit<RecentAudit, 'auditedAt' | 'restaurantAuditCount'> {
  auditedAt: string;
  /** Absent for one restaurant's panel: every row's count is then the panel's total. */
  restaurantAuditCount?: number;
}

/** The newest announcements, as the dashboards' panel shows them. */
const announcementsPanel = sql<AnnouncementJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', a.id, 'title', a.title, 'description', a.description,
    'createdAt', a.created_at, 'createdByName', u.name) order by a.created_at desc, a.id desc), '[]'::json)
  from (select * from ${announcements} order by created_at desc, id desc limit ${DASHBOARD_ANNOUNCEMENTS}) a
  left join ${users} u on u.id = a.created_by)`;

/**
 * The latest 10 audits (of one restaurant or all) that the role may read, each with its
 * restaurant's count of them: drafts only for hq (core `auditStatusesReadableBy`). Of one
 * restaurant, that count is the panel's total, counted once (`presentPanels` copies it
 * into each row) rather than again for every row listed.
 */
function recentAuditsPanel(role: Role, restaurantId?: string) {
  // hq's Recent Audits of the whole chain: every audit, a count the triggers keep.
  const chainTotal = role === 'hq' && !restaurantId;
  const where = sql`where ${readableAudits(role)}${restaurantId ? sql` and restaurant_id = ${restaurantId}` : sql``}`;
  const restaurantAuditCount = restaurantId
    ? sql``
    : sql`, 'restaurantAuditCount', (select count(*)::int from ${audits} c
          where c.restaurant_id = r.id and ${readableAudits(role, sql`c.status`)})`;
  return {
    recentAuditItems: sql<RecentAuditJson[]>`(
      select coalesce(json_agg(json_build_object(
        'id', a.id, 'restaurant', json_build_object('id', r.id, 'name', r.name),
        'auditedAt', a.audited_at, 'status', a.status, 'finalScore', a.final_score${restaurantAuditCount})
        order by a.audited_at desc, a.id desc), '[]'::json)
      from (select id, restaurant_id, audited_at, status, final_score from ${audits} ${where}
            order by audited_at desc, id desc limit ${RECENT_AUDITS}) a
      join ${restaurants} r on r.id = a.restaurant_id)`,
    recentAuditTotal: chainTotal
      ? chainCount(CHAIN_COUNTS.audits)
      : sql<number>`(select count(*)::int from ${audits} ${where})`,
  };
}

/** json_build_object writes timestamps in its own ISO form; the API speaks toISOString(). */
const isoDate = (value: string) => new Date(value).toISOString();

function presentPanels(row: {
  announcements: AnnouncementJson[];
  recentAuditItems?: RecentAuditJson[];
  recentAuditTotal?: number;
}) {
  const total = row.recentAuditTotal ?? 0;
  return {
    announcements: row.announcements.map((item) => ({ ...item, createdAt: isoDate(item.createdAt) })),
    recentAudits: {
      items: (row.recentAuditItems ?? []).map((item) => ({
        ...item,
        auditedAt: isoDate(item.auditedAt),
        restaurantAuditCount: item.restaurantAuditCount ?? total,
      })),
      total,
    },
  };
}

/**
 * Four cards, the announcements panel and Recent Audits, in one statement. The cards
 * count the whole chain, so they read the counts that triggers keep (chain_counts,
 * docs/decisions/016) rather than counting 20,000 people or 400,000 assignments; the
 * checklist panel reads the checklist day counters (checklists-panel.ts).
 */
export async function hqDashboard(db: Queryable, now = new Date()): Promise<HqDashboard> {
  // The due-audit panel is a second statement, sent beside the first rather than after it.
  const [[row], dueAudits] = await Promise.all([
    db
      .select({
        totalRestaurants: chainCount(CHAIN_COUNTS.activeRestaurants),
        totalStaff: chainCount(CHAIN_COUNTS.activePeople),
        pendingAudits: chainCount(CHAIN_COUNTS.draftAudits),
        overdueTrainings: overdueInChain,
        incompleteTrainings: chainCount(CHAIN_COUNTS.openAssignments),
        announcements: announcementsPanel,
        ...recentAuditsPanel('hq'),
        ...actionCountColumns(),
        checklists: checklistsPanelColumn(now),
      })
      .from(oneRow),
    hqDueAuditsPanel(db),
  ]);
  if (!row) throw new Error('dashboard row missing');
  const { announcements: _, recentAuditItems: __, recentAuditTotal: ___, openActions, overdueActions, ...counts } = row;
  return { ...counts, ...presentPanels(row), actions: presentActionCounts({ openActions, overdueActions }), dueAudits };
}

/**
 * The selected restaurant's cards, staff progress widget, announcements and audits; the
 * route's guard checked the caller reaches that restaurant.
 */
export async function managerDashboard(
  db: Queryable,
  actor: SessionUser,
  restaurantId: string,
): Promise<ManagerDashboard> {
  const staffOfRestaurant = sql`(select sra.user_id from ${staffRestaurantAssignments} sra
    join ${users} u on u.id = sra.user_id where sra.restaurant_id = ${restaurantId} and u.role = 'staff')`;
  const [[row], staffProgress, dueAudits] = await Promise.all([
    db
      .select({
        totalStaff: sql<number>`(select count(*)::int from ${staffOfRestaurant} s)`,
        // How many audits of the restaurant head office has in progress: a count, not their
        // contents, which the manager reads once completed (core `auditStatusesReadableBy`).
        pendingAudits: sql<number>`(select count(*)::int from ${audits} where status = 'draft' and restaurant_id = ${restaurantId})`,
        // Unfinished assignments: assigned minus completed, from the per-person totals (decision 006).
        activeTrainings: sql<number>`(select coalesce(sum(total - completed), 0)::int from ${staffTrainingTotals}
          where staff_id in ${staffOfRestaurant})`,
        announcements: announcementsPanel,
        ...recentAuditsPanel(actor.role, restaurantId),
        ...actionCountColumns(restaurantId),
      })
      .from(oneRow),
    // Each person's completed and assigned trainings as the triggers keep them (decision 006):
    // one totals row a person instead of their assignments.
    db
      .select({
        id: users.id,
        name: users.name,
        completed: sql<number>`coalesce(${staffTrainingTotals.completed}, 0)`,
        total: sql<number>`coalesce(${staffTrainingTotals.total}, 0)`,
      })
      .from(users)
      .leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id))
      .where(sql`${users.id} in ${staffOfRestaurant} and ${users.isActive}`)
      .orderBy(
        sql`case when coalesce(${staffTrainingTotals.total}, 0) = 0 then 1 else ${staffTrainingTotals.completed}::float / ${staffTrainingTotals.total} end`,
        asc(users.name),
      )
      .limit(50),
    managerDueAuditsPanel(db, restaurantId),
  ]);
  if (!row) throw new Error('dashboard row missing');
  const { announcements: _, recentAuditItems: __, recentAuditTotal: ___, openActions, overdueActions, ...counts } = row;
  return {
    ...counts,
    staffProgress,
    ...presentPanels(row),
    actions: presentActionCounts({ openActions, overdueActions }),
    dueAudits,
  };
}

export async function staffDashboard(db: Queryable, actor: SessionUser): Promise<StaffDashboard> {
  const [row] = await db
    .select({
      trainingsCompleted: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
        where staff_id = ${actor.id} and completed_at is not null)`,
      trainingsInProgress: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
        where staff_id = ${actor.id} and completed_at is null)`,
      failedAttempts: sql<number>`(select count(*)::int from ${quizAttempts} where staff_id = ${actor.id} and not passed)`,
      announcements: announcementsPanel,
    })
    .from(oneRow);
  if (!row) throw new Error('dashboard row missing');
  const { announcements: _, ...counts } = row;
  return { ...counts, announcements: presentPanels(row).announcements };
}
