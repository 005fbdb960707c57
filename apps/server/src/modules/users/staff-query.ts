import { ROLE_LABELS, ROLES, type Role } from '@brigade/core/roles';
import type { SortOrder } from '@brigade/core/schemas/common';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import type { StaffMember, StaffSort } from '@brigade/core/schemas/users';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { totalOfPage } from '../../db/paging';
import { everyoneCounted } from '../../db/schema/people-counts';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingTotals } from '../../db/schema/training-assignments';
import { users } from '../../db/schema/users';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { rowsInOrder } from '../../http/send-csv';

/**
 * A Staff Management row in one SELECT: the person, their restaurants (by name) as a
 * correlated subquery over the page's rows only, and their training progress from the
 * per-person totals the triggers keep (joined by the person's id, the totals' key).
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
  completed: sql<number>`coalesce(${staffTrainingTotals.completed}, 0)`,
  total: sql<number>`coalesce(${staffTrainingTotals.total}, 0)`,
};

/** Someone with nothing assigned has no totals row: nothing left to do. */
const trainingsAssigned = sql`coalesce(${staffTrainingTotals.total}, 0)`;
const trainingsShareCompleted = sql`coalesce(${staffTrainingTotals.completed}::float8 / nullif(${staffTrainingTotals.total}, 0), 1)`;

/**
 * Staff Management's sorts (core `STAFF_SORTS`). Name, email, role and status are read in
 * order from indexes on users ((name, id), the unique email, (role, name, id),
 * (is_active, name, id)); trainings is the share completed, then the number assigned, from
 * the totals joined to the matching people (two integers per person, no per-row subquery).
 */
const staffSorting: ListSorting<StaffSort> = {
  columns: {
    name: users.name,
    email: users.email,
    role: [users.role, users.name],
    status: [users.isActive, users.name],
    trainings: [trainingsShareCompleted, trainingsAssigned],
  },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: users.id,
};

export interface StaffSortQuery {
  sort?: StaffSort;
  order?: SortOrder;
}

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
 * The ids of the people `where` matches, sorted (by name without a sort): the training
 * totals are joined only for a sort by trainings.
 */
function orderedPeopleIds(db: Queryable, where: SQL | undefined, sort: StaffSortQuery) {
  const people = db.select({ id: users.id }).from(users).$dynamic();
  // A dynamic query: the join is added to it in place.
  if (sort.sort === 'trainings') people.leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id));
  return people.where(where).orderBy(...orderByOf(staffSorting, sort));
}

/**
 * The ids of one page of people, sorted, as a subquery to join: the per-person columns
 * then run for the page's rows only, not for every row the offset skips. A query joining
 * these ids orders its rows again with `orderByOf(staffSorting, sort)`, the totals joined.
 */
export function peoplePageIds(
  db: Queryable,
  where: SQL | undefined,
  page: StaffSortQuery & { page: number; pageSize: number },
) {
  return orderedPeopleIds(db, where, page)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .as('page_ids');
}

/**
 * One page of people as Staff Management shows them, in the sort asked for, with how many
 * the filter matches: one round trip (two past the last page). Unfiltered, the total is
 * the chain's people as the triggers keep them (people_counts, decision 052), not a count
 * of every person; filtered, the people matched are found once (`matched`) and both the
 * page and its total read them.
 */
export async function queryStaffPage(
  db: Queryable,
  filter: StaffFilter,
  query: StaffSortQuery & { page: number; pageSize: number },
): Promise<{ items: StaffMember[]; total: number }> {
  const where = whereOf(filter);
  const matched = db.$with('matched').as(db.select({ id: users.id }).from(users).where(where));
  const pageWhere = where ? inArray(users.id, sql`(select ${sql.identifier('id')} from ${matched})`) : undefined;
  const pageIds = peoplePageIds(db, pageWhere, query);
  const columns = {
    ...staffColumns,
    matched: where ? sql<number>`(select count(*)::int from ${matched})` : everyoneCounted,
  };
  const rows = await (where ? db.with(matched).select(columns) : db.select(columns))
    .from(users)
    .innerJoin(pageIds, eq(users.id, pageIds.id))
    .leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id))
    .orderBy(...orderByOf(staffSorting, query));
  const total = await totalOfPage(
    db,
    { rows: rows.map((row) => ({ total: row.matched })), number: query.page },
    { table: users, where },
  );
  return { items: rows.map(({ matched: _, ...row }) => toStaffMember(row)), total };
}

/** Every person the filter matches in the list's sort, as Staff Management shows them: the CSV export. */
export function exportStaffRows(db: Queryable, filter: StaffFilter, sort: StaffSortQuery): AsyncGenerator<StaffMember> {
  return rowsInOrder(orderedPeopleIds(db, whereOf(filter), sort), async (ids) =>
    (
      await db
        .select(staffColumns)
        .from(users)
        .leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id))
        .where(inArray(users.id, ids))
    ).map(toStaffMember),
  );
}

export async function queryStaffMember(db: Queryable, id: string): Promise<StaffMember | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id))
    .where(eq(users.id, id));
  return row ? toStaffMember(row) : undefined;
}
