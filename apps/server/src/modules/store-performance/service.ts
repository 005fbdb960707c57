import { STORE_PERFORMANCE_RECENT_AUDITS } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { Role } from '@brigade/core/roles';
import type { AuditStatus } from '@brigade/core/schemas/audits';
import type { StorePerformance, StoreVisits } from '@brigade/core/schemas/store-performance';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { audits } from '../../db/schema/audits';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments, staffTrainingTotals } from '../../db/schema/training-assignments';
import { users } from '../../db/schema/users';
import { HttpError, notFound } from '../../errors';
import { type MondayClient, MondayError, restaurantKey } from '../../integrations/monday';
import { overdue } from '../assignments/service';
import { auditCompliance } from '../audit-schedules/service';
import { actionCountColumns, presentActionCounts } from '../corrective-actions/service';
import { visitBreakdown } from './charts';
import { checklistComplianceColumn, presentChecklistCompliance } from './checklist-compliance';

async function restaurantById(db: Queryable, id: string) {
  const [restaurant] = await db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  return restaurant;
}

/**
 * The restaurant with its overdue count, completed audits, 5 latest audits (as json) and
 * action counts and checklist compliance in one statement, its people in a second and its
 * audit compliance in a third, all sent at once: the same round trips for any restaurant. Both start from the restaurant's own rows (its people by the
 * staff_restaurant_assignments index, their training totals as the triggers keep them),
 * never from the chain's 20,000 people or 400,000 assignments.
 */
export async function storePerformance(
  db: Queryable,
  restaurantId: string,
  now = new Date(),
): Promise<StorePerformance> {
  const people = sql`(select sra.user_id from ${staffRestaurantAssignments} sra join ${users} u on u.id = sra.user_id
    where sra.restaurant_id = ${restaurantId} and u.role in ('staff', 'manager'))`;
  const [[found], staff, compliance] = await Promise.all([
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        overdueTrainings: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
          where ${overdue} and staff_id in ${people})`,
        totalAudits: sql<number>`(select count(*)::int from ${audits} where restaurant_id = ${restaurantId} and status = 'completed')`,
        recentAudits: sql<{ id: string; auditedAt: string; status: string; finalScore: number | null }[]>`(
          select coalesce(json_agg(json_build_object('id', a.id, 'auditedAt', a.audited_at, 'status', a.status,
            'finalScore', a.final_score) order by a.audited_at desc, a.id desc), '[]'::json)
          from (select id, audited_at, status, final_score from ${audits} where restaurant_id = ${restaurantId}
                order by audited_at desc, id desc limit ${STORE_PERFORMANCE_RECENT_AUDITS}) a)`,
        ...actionCountColumns(restaurantId),
        checklistCompliance: checklistComplianceColumn(restaurantId, sql`${restaurants.timeZone}`, now),
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
    db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        isActive: users.isActive,
        completed: sql<number>`coalesce(${staffTrainingTotals.completed}, 0)`,
        total: sql<number>`coalesce(${staffTrainingTotals.total}, 0)`,
      })
      .from(staffRestaurantAssignments)
      .innerJoin(users, eq(users.id, staffRestaurantAssignments.userId))
      .leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id))
      .where(and(eq(staffRestaurantAssignments.restaurantId, restaurantId), inArray(users.role, ['staff', 'manager'])))
      .orderBy(asc(users.name), asc(users.id)),
    auditCompliance(db, restaurantId),
  ]);
  if (!found) throw notFound(messages.restaurantNotFound);
  const { id, name, recentAudits, openActions, overdueActions, checklistCompliance, ...counts } = found;
  return {
    restaurant: { id, name },
    // Everyone of the staff table: staff and managers of the restaurant, active or not.
    stats: { totalStaff: staff.length, ...counts },
    recentAudits: recentAudits.map((audit) => ({
      ...audit,
      auditedAt: new Date(audit.auditedAt).toISOString(),
      status: audit.status as AuditStatus,
    })),
    staff: staff.map((person) => ({ ...person, role: person.role as Role })),
    actions: presentActionCounts({ openActions, overdueActions }),
    auditCompliance: compliance,
    checklistCompliance: presentChecklistCompliance(checklistCompliance),
  };
}

/**
 * The spec's get-monday-data: the restaurant's store visits, or "not configured" with
 * the missing settings, which only hq is told (configuration details are for whoever
 * can fix them). With the visits come the charts' figures (`visitBreakdown`), counted
 * from the same reading of the board against the chain's active restaurants, which one
 * statement reads with the chosen one (a hundred names at chain scale).
 */
export async function storeVisits(
  db: Queryable,
  actor: SessionUser,
  monday: MondayClient | null,
  missing: string[],
  restaurantId: string,
  log: { warn: (details: object, message: string) => void },
): Promise<StoreVisits> {
  if (!monday) {
    await restaurantById(db, restaurantId);
    return { configured: false, host: 'monday.com', visits: [], missing: actor.role === 'hq' ? missing : [] };
  }
  const chain = await db
    .select({ id: restaurants.id, name: restaurants.name, isActive: restaurants.isActive })
    .from(restaurants)
    .where(or(eq(restaurants.id, restaurantId), eq(restaurants.isActive, true)));
  const restaurant = chain.find((candidate) => candidate.id === restaurantId);
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  try {
    const board = await monday.visitsByRestaurant();
    const visitsOf = (name: string) => board.get(restaurantKey(name)) ?? [];
    const visits = visitsOf(restaurant.name);
    const breakdown = visitBreakdown(
      visits,
      chain.filter((candidate) => candidate.isActive).map((candidate) => visitsOf(candidate.name)),
    );
    return { configured: true, host: monday.host, visits: [...visits], missing: [], breakdown };
  } catch (error) {
    if (!(error instanceof MondayError) && !(error instanceof Error && error.name === 'TimeoutError')) throw error;
    log.warn({ reason: error.message }, 'store visits unavailable');
    throw new HttpError(502, messages.storeVisitsFailed);
  }
}
