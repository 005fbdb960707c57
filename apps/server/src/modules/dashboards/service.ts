import { RECENT_AUDITS } from '@brigade/core/limits';
import type { AuditStatus } from '@brigade/core/schemas/audits';
import type { HqDashboard, ManagerDashboard, RecentAudits, StaffDashboard } from '@brigade/core/schemas/dashboards';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { assertReachesRestaurant, type SessionUser } from '../../auth/guards';
import type { Queryable } from '../../db/client';
import { audits } from '../../db/schema/audits';
import { quizAttempts } from '../../db/schema/quizzes';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { recentAnnouncements } from '../announcements/service';

/** The latest 10 audits (of one restaurant or all), each with its restaurant's audit count. */
async function recentAudits(db: Queryable, restaurantId?: string): Promise<RecentAudits> {
  const where = restaurantId ? eq(audits.restaurantId, restaurantId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: audits.id,
        restaurantId: restaurants.id,
        restaurantName: restaurants.name,
        auditedAt: audits.auditedAt,
        status: audits.status,
        finalScore: audits.finalScore,
        restaurantAuditCount: sql<number>`(select count(*)::int from ${audits} a where a.restaurant_id = ${restaurants.id})`,
      })
      .from(audits)
      .innerJoin(restaurants, eq(restaurants.id, audits.restaurantId))
      .where(where)
      .orderBy(desc(audits.auditedAt), desc(audits.id))
      .limit(RECENT_AUDITS),
    db.select({ value: count() }).from(audits).where(where),
  ]);
  return {
    items: rows.map(({ restaurantId: id, restaurantName: name, auditedAt, status, ...row }) => ({
      ...row,
      restaurant: { id, name },
      auditedAt: auditedAt.toISOString(),
      status: status as AuditStatus,
    })),
    total: total?.value ?? 0,
  };
}

const one = sql`(select 1) as one`;

/** Four cards, the announcements panel and Recent Audits: three queries, all counted in SQL. */
export async function hqDashboard(db: Queryable): Promise<HqDashboard> {
  const [[counts], announcements, audits_] = await Promise.all([
    db
      .select({
        totalRestaurants: sql<number>`(select count(*)::int from ${restaurants} where is_active)`,
        totalStaff: sql<number>`(select count(*)::int from ${users} where is_active and role in ('staff', 'manager'))`,
        pendingAudits: sql<number>`(select count(*)::int from ${audits} where status = 'draft')`,
        overdueTrainings: sql<number>`(select count(*)::int from ${staffTrainingAssignments} where completed_at is null)`,
      })
      .from(one),
    recentAnnouncements(db),
    recentAudits(db),
  ]);
  if (!counts) throw new Error('counts missing');
  return { ...counts, announcements, recentAudits: audits_ };
}

/** The selected restaurant's cards, staff progress widget, announcements and audits. */
export async function managerDashboard(
  db: Queryable,
  actor: SessionUser,
  restaurantId: string,
): Promise<ManagerDashboard> {
  assertReachesRestaurant(actor, restaurantId);
  const staffOfRestaurant = sql`(select sra.user_id from ${staffRestaurantAssignments} sra
    join ${users} u on u.id = sra.user_id where sra.restaurant_id = ${restaurantId} and u.role = 'staff')`;
  const [[counts], staffProgress, announcements, audits_] = await Promise.all([
    db
      .select({
        totalStaff: sql<number>`(select count(*)::int from ${staffOfRestaurant} s)`,
        pendingAudits: sql<number>`(select count(*)::int from ${audits} where status = 'draft' and restaurant_id = ${restaurantId})`,
        activeTrainings: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
          where completed_at is null and staff_id in ${staffOfRestaurant})`,
      })
      .from(one),
    db
      .select({
        id: users.id,
        name: users.name,
        completed: sql<number>`count(${staffTrainingAssignments.completedAt})::int`,
        total: sql<number>`count(${staffTrainingAssignments.id})::int`,
      })
      .from(users)
      .leftJoin(staffTrainingAssignments, eq(staffTrainingAssignments.staffId, users.id))
      .where(sql`${users.id} in ${staffOfRestaurant} and ${users.isActive}`)
      .groupBy(users.id, users.name)
      .orderBy(
        sql`case when count(${staffTrainingAssignments.id}) = 0 then 1 else count(${staffTrainingAssignments.completedAt})::float / count(${staffTrainingAssignments.id}) end`,
        asc(users.name),
      )
      .limit(50),
    recentAnnouncements(db),
    recentAudits(db, restaurantId),
  ]);
  if (!counts) throw new Error('counts missing');
  return { ...counts, staffProgress, announcements, recentAudits: audits_ };
}

export async function staffDashboard(db: Queryable, actor: SessionUser): Promise<StaffDashboard> {
  const [[counts], announcements] = await Promise.all([
    db
      .select({
        trainingsCompleted: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
          where staff_id = ${actor.id} and completed_at is not null)`,
        trainingsInProgress: sql<number>`(select count(*)::int from ${staffTrainingAssignments}
          where staff_id = ${actor.id} and completed_at is null)`,
        failedAttempts: sql<number>`(select count(*)::int from ${quizAttempts} where staff_id = ${actor.id} and not passed)`,
      })
      .from(one),
    recentAnnouncements(db),
  ]);
  if (!counts) throw new Error('counts missing');
  return { ...counts, announcements };
}
