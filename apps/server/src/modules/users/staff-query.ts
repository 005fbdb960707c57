import { ROLE_LABELS, ROLES, type Role } from '@brigade/core/roles';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import type { StaffMember } from '@brigade/core/schemas/users';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { matchedRows, totalOfPage } from '../../db/paging';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingTotals } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';

/**
 * A Staff Management row in one SELECT: the person, their restaurants (by name) and
 * their training progress, as correlated subqueries over the page's rows only.
 */
// Qualified by hand: inside a subquery Drizzle would print the outer column as a bare "id".
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: sql<Role>`${users.role}`,
  isActive: users.isActive,
  restaurants: sql<RestaurantRef[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
    from ${staffRestaurantAssignments} sra
    join ${restaurants} r on r.id = sra.restaurant_id
    where sra.user_id = ${outerUserId}
  ), '[]'::json)`,
  completed: sql<number>`coalesce((select completed from ${staffTrainingTotals} tt where tt.staff_id = ${outerUserId}), 0)`,
  total: sql<number>`coalesce((select total from ${staffTrainingTotals} tt where tt.staff_id = ${outerUserId}), 0)`,
};

type StaffRow = Omit<StaffMember, 'trainingProgress'> & { completed: number; total: number };

function toStaffMember({ completed, total, ...row }: StaffRow): StaffMember {
  return { ...row, trainingProgress: { completed, total } };
}

export interface StaffFilter {
  search?: string;
  restaurantId?: string;
  role?: Role;
}

/** Search covers name, email, role and restaurant name; all of it runs in SQL. */
function whereOf(filter: StaffFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.restaurantId) {
    conditions.push(
      inArray(
        users.id,
        sql`(select user_id from ${staffRestaurantAssignments} where restaurant_id = ${filter.restaurantId})`,
      ),
    );
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const needle = filter.search.toLowerCase();
    const roles = ROLES.filter((role) => role.includes(needle) || ROLE_LABELS[role].toLowerCase().includes(needle));
    // One indexed lookup per kind of match (trigram indexes on names and emails), united:
    // an OR over the user row would scan every user instead.
    conditions.push(
      inArray(
        users.id,
        sql`(
          select id from ${users} where name ilike ${pattern}
          union select id from ${users} where email ilike ${pattern}
          ${roles.length ? sql`union select id from ${users} where role in ${roles}` : sql``}
          union select sra.user_id from ${staffRestaurantAssignments} sra
            join ${restaurants} r on r.id = sra.restaurant_id where r.name ilike ${pattern}
        )`,
      ),
    );
  }
  return and(...conditions);
}

/**
 * The ids of one page of people by name, as a subquery to join: the per-person columns
 * then run for the page's rows only, not for every row the offset skips.
 */
export function peoplePageIds(db: Queryable, where: SQL | undefined, page: { page: number; pageSize: number }) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .as('page_ids');
}

export async function queryStaffPage(
  db: Queryable,
  filter: StaffFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: StaffMember[]; total: number }> {
  const where = whereOf(filter);
  const pageIds = peoplePageIds(db, where, page);
  const rows = await db
    .select({ ...staffColumns, matched: matchedRows(users, where) })
    .from(users)
    .innerJoin(pageIds, eq(users.id, pageIds.id))
    .orderBy(asc(users.name), asc(users.id));
  const total = await totalOfPage(
    db,
    { rows: rows.map((row) => ({ total: row.matched })), number: page.page },
    { table: users, where },
  );
  return { items: rows.map(({ matched: _, ...row }) => toStaffMember(row)), total };
}

export async function queryStaffMember(db: Queryable, id: string): Promise<StaffMember | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  return row ? toStaffMember(row) : undefined;
}
