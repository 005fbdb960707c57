import { STORE_PERFORMANCE_RECENT_AUDITS } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { Role } from '@brigade/core/roles';
import type { AuditStatus } from '@brigade/core/schemas/audits';
import type { StorePerformance, StoreVisits } from '@brigade/core/schemas/store-performance';
import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards';
import type { Queryable } from '../../db/client';
import { audits } from '../../db/schema/audits';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { HttpError, notFound } from '../../errors';
import { type MondayClient, MondayError } from '../../integrations/monday';
import { overdue } from '../assignments/service';

async function restaurantById(db: Queryable, id: string) {
  const [restaurant] = await db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  return restaurant;
}

/**
 * The restaurant with its stats and 5 latest audits (as json) in one statement, and
 * the staff table in a second: the same two round trips for any restaurant.
 */
export async function storePerformance(db: Queryable, restaurantId: string): Promise<StorePerformance> {
  const people = sql`(select sra.user_id from ${staffRestaurantAssignments} sra join ${users} u on u.id = sra.user_id
    where sra.restaurant_id = ${restaurantId} and u.role in ('staff', 'manager'))`;
  const [[found], staff] = await Promise.all([
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        totalStaff: sql<number>`(select count(*)::int from ${people} p)`,
        overdueTrainings: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
          where ${overdue} and staff_id in ${people})`,
        totalAudits: sql<number>`(select count(*)::int from ${audits} where restaurant_id = ${restaurantId} and status = 'completed')`,
        recentAudits: sql<{ id: string; auditedAt: string; status: string; finalScore: number | null }[]>`(
          select coalesce(json_agg(json_build_object('id', a.id, 'auditedAt', a.audited_at, 'status', a.status,
            'finalScore', a.final_score) order by a.audited_at desc, a.id desc), '[]'::json)
          from (select id, audited_at, status, final_score from ${audits} where restaurant_id = ${restaurantId}
                order by audited_at desc, id desc limit ${STORE_PERFORMANCE_RECENT_AUDITS}) a)`,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
    db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        isActive: users.isActive,
        completed: sql<number>`count(${staffTrainingAssignments.completedAt})::int`,
        total: sql<number>`count(${staffTrainingAssignments.id})::int`,
      })
      .from(users)
      .leftJoin(staffTrainingAssignments, eq(staffTrainingAssignments.staffId, users.id))
      .where(sql`${users.id} in ${people}`)
      .groupBy(users.id, users.name, users.role, users.isActive)
      .orderBy(asc(users.name)),
  ]);
  if (!found) throw notFound(messages.restaurantNotFound);
  const { id, name, recentAudits, ...stats } = found;
  return {
    restaurant: { id, name },
    stats,
    recentAudits: recentAudits.map((audit) => ({
      ...audit,
      auditedAt: new Date(audit.auditedAt).toISOString(),
      status: audit.status as AuditStatus,
    })),
    staff: staff.map((person) => ({ ...person, role: person.role as Role })),
  };
}

/**
 * The spec's get-monday-data: the restaurant's store visits, or "not configured" with
 * the missing settings, which only hq is told (configuration details are for whoever
 * can fix them).
 */
export async function storeVisits(
  db: Queryable,
  actor: SessionUser,
  monday: MondayClient | null,
  missing: string[],
  restaurantId: string,
  log: { warn: (details: object, message: string) => void },
): Promise<StoreVisits> {
  const restaurant = await restaurantById(db, restaurantId);
  if (!monday)
    return { configured: false, host: 'monday.com', visits: [], missing: actor.role === 'hq' ? missing : [] };
  try {
    return { configured: true, host: monday.host, visits: await monday.visitsFor(restaurant.name), missing: [] };
  } catch (error) {
    if (!(error instanceof MondayError) && !(error instanceof Error && error.name === 'TimeoutError')) throw error;
    log.warn({ reason: error.message }, 'store visits unavailable');
    throw new HttpError(502, messages.storeVisitsFailed);
  }
}
