import { selectRestaurantMessages } from '@brigade/core/messages';
import { ROLE_LABELS, type Role } from '@brigade/core/roles';
import type {
  AssignmentOverview,
  AssignmentOverviewQuery,
  AssignmentOverviewSort,
  AssignmentSummary,
} from '@brigade/core/schemas/assignments';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { isOverdue } from '@brigade/core/training-completion';
import { and, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { matchedRows, totalOfPage } from '../../db/paging';
import { CHAIN_COUNTS, chainCount } from '../../db/schema/counts';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments, staffTrainingTotals } from '../../db/schema/training-assignments';
import { trainings } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { orderByOf } from '../../db/sorting';
import { badRequest } from '../../errors';
import { type CsvColumn, rowsInOrder } from '../../http/send-csv';
import { queryAssignmentExportRows, queryAssignmentSummaries } from './cards';

type OverviewQuery = z.output<typeof AssignmentOverviewQuery>;
/** The overview's filters and sort: everything but the page. */
type OverviewView = Omit<OverviewQuery, 'page' | 'pageSize'>;

// Qualified by hand: inside a subquery Drizzle would print the outer column as a bare "id".
const userColumn = (column: typeof users.id | typeof users.name | typeof users.email) =>
  sql`${users}.${sql.identifier(column.name)}`;
const userId = userColumn(users.id);

const restaurantsOf = sql<RestaurantRef[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
  from ${staffRestaurantAssignments} sra join ${restaurants} r on r.id = sra.restaurant_id
  where sra.user_id = ${userId}), '[]'::json)`;

/**
 * Whose assignments a caller may see or change: hq everyone; a manager the staff of one
 * of their restaurants (the route's guard checked they reach it).
 */
export function audienceOf(actor: SessionUser, restaurantId: string | undefined): SQL | undefined {
  if (actor.role === 'manager' && !restaurantId) throw badRequest(selectRestaurantMessages.trainingAssignments);
  const conditions: (SQL | undefined)[] = [];
  if (actor.role === 'manager') conditions.push(eq(users.role, 'staff'));
  if (restaurantId) {
    conditions.push(
      inArray(users.id, sql`(select user_id from ${staffRestaurantAssignments} where restaurant_id = ${restaurantId})`),
    );
  }
  return and(...conditions);
}

/**
 * Which of a listed person's assignments the overview shows: those of the training
 * filtered by; with a search, all of a person found by name or email, else only the
 * trainings found by title.
 */
export function assignmentFilter(query: { trainingId?: string; search?: string }): SQL | undefined {
  const pattern = query.search ? likePattern(query.search) : undefined;
  return and(
    query.trainingId ? eq(staffTrainingAssignments.trainingId, query.trainingId) : undefined,
    pattern
      ? sql`(${trainings.title} ilike ${pattern} or ${staffTrainingAssignments.staffId} in (
        select id from ${users} where name ilike ${pattern} or email ilike ${pattern}))`
      : undefined,
  );
}

/** A training filter or a search lists only some of a person's assignments; otherwise all of them. */
const isNarrowed = (view: OverviewView) => Boolean(view.search || view.trainingId);

/** `assignmentFilter` over the assignments aliased `x`; true without a training filter or search. */
function listedWhere(view: OverviewView): SQL {
  const pattern = view.search ? likePattern(view.search) : undefined;
  return sql`${view.trainingId ? sql`x.training_id = ${view.trainingId}` : sql`true`}
    ${
      pattern
        ? sql`and (x.training_id in (select id from ${trainings} where title ilike ${pattern})
          or x.staff_id in (select id from ${users} where name ilike ${pattern} or email ilike ${pattern}))`
        : sql``
    }`;
}

/**
 * The assignments the overview lists of the person of the outer `users` row (the same
 * as `assignmentFilter`, for a correlated subquery): `select … ${listedOf(view)}`.
 */
function listedOf(view: OverviewView, extra?: SQL): SQL {
  const pattern = view.search ? likePattern(view.search) : undefined;
  // The trainings found by title are looked up once per statement (a hashed subplan), not per person.
  return sql`from ${staffTrainingAssignments} x
    where x.staff_id = ${userId}
    ${view.trainingId ? sql`and x.training_id = ${view.trainingId}` : sql``}
    ${
      pattern
        ? sql`and (${userColumn(users.name)} ilike ${pattern} or ${userColumn(users.email)} ilike ${pattern}
          or x.training_id in (select id from ${trainings} where title ilike ${pattern}))`
        : sql``
    }
    ${extra ? sql`and ${extra}` : sql``}`;
}

/**
 * The earliest due date of the person's listed open assignments: the first entry of
 * staff_training_assignments_open_idx (staff_id, due_at), nulls last, so null when none has one.
 */
const nextDueOf = (view: OverviewView) =>
  sql<Date | null>`(select x.due_at ${listedOf(view, sql`x.completed_at is null`)} order by x.due_at limit 1)`.mapWith(
    staffTrainingAssignments.dueAt,
  );

/** The newest completion among the person's listed assignments: the last entry of staff_training_assignments_staff_dates_idx. */
const lastCompletedOf = (view: OverviewView) =>
  sql<Date | null>`(select x.completed_at ${listedOf(view, sql`x.completed_at is not null`)}
    order by x.completed_at desc limit 1)`.mapWith(staffTrainingAssignments.completedAt);

/** Never completed sorts before every date ascending (and after them, newest first). */
const neverCompleted = (completedAt: SQL) => sql`coalesce(${completedAt}, '-infinity'::timestamptz)`;

/**
 * The listed assignments of every person at once, as their figures per person: one pass
 * over the assignments a training filter or a search lists (its index or the trigram
 * search's matches), for sorting the whole chain by a figure. Joined as `listed`.
 */
function listedFigures(view: OverviewView): SQL {
  return sql`(select x.staff_id, avg((x.completed_at is not null)::int) as progress,
      min(x.due_at) filter (where x.completed_at is null) as next_due_at,
      max(x.completed_at) as last_completed_at
    from ${staffTrainingAssignments} x
    where ${listedWhere(view)}
    group by x.staff_id) listed`;
}

/**
 * What one page of the overview is sorted by, and how the people are found in that order.
 * By name or email: an index of the users table, walked a page at a time. By a figure:
 * - no training filter or search: progress is the person's saved totals
 *   (staff_training_totals_progress_idx, walked in order); the dates are one index
 *   probe per person of the audience;
 * - filtered, a restaurant's people (a few dozen): the figures of each person's listed
 *   assignments, as probes;
 * - filtered, the whole chain: the listed assignments grouped per person once (`listed`).
 * Someone with no open due date sorts after every date ascending (never due). Ties: the id.
 */
function overviewSortKey(view: OverviewView): { key: SQL; listed: boolean } {
  const sort = view.sort ?? 'name';
  if (sort === 'name') return { key: sql`${users.name}`, listed: false };
  if (sort === 'email') return { key: sql`${users.email}`, listed: false };
  if (!isNarrowed(view)) {
    if (sort === 'progress') {
      return { key: sql`(${staffTrainingTotals.completed}::float8 / ${staffTrainingTotals.total})`, listed: false };
    }
    return { key: sort === 'nextDueAt' ? nextDueOf(view) : neverCompleted(lastCompletedOf(view)), listed: false };
  }
  if (view.restaurantId) {
    const figure = {
      progress: sql`(select avg((x.completed_at is not null)::int) ${listedOf(view)})`,
      nextDueAt: nextDueOf(view),
      lastCompletedAt: neverCompleted(lastCompletedOf(view)),
    };
    return { key: figure[sort], listed: false };
  }
  const figure = {
    progress: sql`listed.progress`,
    nextDueAt: sql`listed.next_due_at`,
    lastCompletedAt: neverCompleted(sql`listed.last_completed_at`),
  };
  return { key: figure[sort], listed: true };
}

/** Who the overview lists for this caller and view: refusals (a manager without a restaurant) are thrown here. */
function overviewPlan(actor: SessionUser, view: OverviewView) {
  const pattern = view.search ? likePattern(view.search) : undefined;
  const audience = audienceOf(actor, view.restaurantId);
  // The trainings join only when searching by title; unfiltered, the per-person totals say who has any.
  const hasMatchingAssignment = pattern
    ? sql`exists (
        select 1 from ${staffTrainingAssignments} sta join ${trainings} t on t.id = sta.training_id
        where sta.staff_id = ${userId}
        ${view.trainingId ? sql`and sta.training_id = ${view.trainingId}` : sql``}
        and (t.title ilike ${pattern} or ${users.name} ilike ${pattern} or ${users.email} ilike ${pattern}))`
    : view.trainingId
      ? sql`exists (select 1 from ${staffTrainingAssignments} sta
          where sta.staff_id = ${userId} and sta.training_id = ${view.trainingId})`
      : undefined;
  const sortKey = overviewSortKey(view);
  return {
    view,
    sortKey,
    /** Over `users` alone: what the total counts. */
    where: and(
      audience,
      hasMatchingAssignment ?? sql`${userId} in (select staff_id from ${staffTrainingTotals} where total > 0)`,
    ),
    /** Over `users` joined to their totals (and `listed`, which holds only people with listed assignments): what the page walks. */
    pageWhere: and(audience, gt(staffTrainingTotals.total, 0), sortKey.listed ? undefined : hasMatchingAssignment),
    /** Everyone with an assignment (hq, no filter): the chain-wide count the triggers keep. */
    countedByTriggers: !audience && !isNarrowed(view),
  };
}

type OverviewPlan = ReturnType<typeof overviewPlan>;

/** The page's order, in the view's direction, ties broken by the person's id. */
const orderOf = (view: OverviewView, key: SQLWrapper) =>
  orderByOf<AssignmentOverviewSort>(
    {
      columns: { name: key, email: key, progress: key, nextDueAt: key, lastCompletedAt: key },
      defaultSort: 'name',
      defaultOrder: 'asc',
      tiebreak: users.id,
    },
    view,
  );

/** The people the view lists, in its order, each with the key it sorts by. */
function orderedPeople(db: Queryable, plan: OverviewPlan) {
  const { key, listed } = plan.sortKey;
  const walked = db
    .select({ id: users.id, sortKey: sql`${key}`.as('sort_key') })
    .from(users)
    .innerJoin(staffTrainingTotals, eq(staffTrainingTotals.staffId, users.id));
  return (listed ? walked.innerJoin(listedFigures(plan.view), sql`listed.staff_id = ${users.id}`) : walked)
    .where(plan.pageWhere)
    .orderBy(...orderOf(plan.view, key));
}

/**
 * One page of the overview's people, in the view's order, with their restaurants and
 * dates; `total` is a column of the same statement. The page's ids and sort
 * keys are chosen first (walking an index where the sort has one), then only their rows
 * are read, in the same order.
 */
async function queryPeoplePage(db: Queryable, plan: OverviewPlan, page: { page: number; pageSize: number }) {
  const pageIds = orderedPeople(db, plan)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .as('page_ids');
  const total = plan.countedByTriggers
    ? chainCount(CHAIN_COUNTS.peopleWithAssignments)
    : matchedRows(users, plan.where);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      restaurants: restaurantsOf,
      nextDueAt: nextDueOf(plan.view),
      lastCompletedAt: lastCompletedOf(plan.view),
      total,
    })
    .from(users)
    .innerJoin(pageIds, eq(users.id, pageIds.id))
    .orderBy(...orderOf(plan.view, pageIds.sortKey));
}

/** Rows by the person they belong to, in the order they came. */
function groupByPerson<Row extends { staffId: string }>(rows: readonly Row[]) {
  const byPerson = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byPerson.get(row.staffId);
    if (list) list.push(row);
    else byPerson.set(row.staffId, [row]);
  }
  return byPerson;
}

const strip = <T>({ staffId: _staffId, ...row }: T & { staffId: string }): T => row as T;

/**
 * The overview, grouped per person and paged by person, filtered by training,
 * restaurant and a search over name, email and training title, and sorted — all in SQL.
 */
export async function listAssignmentOverview(
  db: Queryable,
  actor: SessionUser,
  query: OverviewQuery,
): Promise<AssignmentOverview> {
  const plan = overviewPlan(actor, query);
  const people = await queryPeoplePage(db, plan, query);
  const matched = await totalOfPage(db, { rows: people, number: query.page }, { table: users, where: plan.where });
  const ids = people.map((person) => person.id);
  const summaries = ids.length
    ? await queryAssignmentSummaries(db, and(inArray(staffTrainingAssignments.staffId, ids), assignmentFilter(query)))
    : [];
  const summariesOf = groupByPerson(summaries);
  return {
    items: people.map(({ total: _, nextDueAt, lastCompletedAt, ...person }) => ({
      ...person,
      role: person.role as Role,
      assignments: (summariesOf.get(person.id) ?? []).map(strip<AssignmentSummary>),
      nextDueAt: nextDueAt?.toISOString() ?? null,
      lastCompletedAt: lastCompletedAt?.toISOString() ?? null,
    })),
    total: matched,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One line of the overview's CSV: one assignment, with its person. */
export interface OverviewCsvRow {
  name: string;
  email: string;
  role: string;
  restaurants: string;
  training: string;
  assignedAt: Date;
  dueAt: Date | null;
  status: 'Completed' | 'Overdue' | 'In Progress';
  completedAt: Date | null;
  quizScore: number | null;
  quizPassed: boolean | null;
}

export const overviewCsvColumns: readonly CsvColumn<OverviewCsvRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Role', cell: (row) => row.role },
  { header: 'Restaurants', cell: (row) => row.restaurants },
  { header: 'Training', cell: (row) => row.training },
  { header: 'Assigned at', cell: (row) => row.assignedAt },
  { header: 'Due at', cell: (row) => row.dueAt },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Completed at', cell: (row) => row.completedAt },
  { header: 'Quiz score', cell: (row) => row.quizScore },
  { header: 'Quiz passed', cell: (row) => row.quizPassed },
];

/**
 * Every assignment the overview lists for this caller and view, person after person in
 * the view's order (each person's by training title): the CSV export. The people's ids
 * come in one statement, then a batch of people at a time (`rowsInOrder`) with their
 * assignments in one statement per batch. A refusal (a manager without a restaurant) is
 * thrown here, before anything is sent.
 */
export function overviewCsvRows(db: Queryable, actor: SessionUser, view: OverviewView): AsyncIterable<OverviewCsvRow> {
  const plan = overviewPlan(actor, view);
  const batches = rowsInOrder(orderedPeople(db, plan), async (ids) => {
    const [people, rows] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, restaurants: restaurantsOf })
        .from(users)
        .where(inArray(users.id, ids)),
      queryAssignmentExportRows(db, and(inArray(staffTrainingAssignments.staffId, ids), assignmentFilter(view))),
    ]);
    const rowsOf = groupByPerson(rows);
    return people.map((person) => ({ id: person.id, person, rows: rowsOf.get(person.id) ?? [] }));
  });
  return (async function* () {
    const now = new Date();
    for await (const { person, rows } of batches) {
      const restaurantNames = person.restaurants.map((restaurant) => restaurant.name).join('; ');
      for (const row of rows) {
        yield {
          name: person.name,
          email: person.email,
          role: ROLE_LABELS[person.role as Role],
          restaurants: restaurantNames,
          training: row.title,
          assignedAt: row.assignedAt,
          dueAt: row.dueAt,
          status: row.completedAt ? 'Completed' : isOverdue(row, now) ? 'Overdue' : 'In Progress',
          completedAt: row.completedAt,
          quizScore: row.quizScore,
          quizPassed: row.quizPassed,
        };
      }
    }
  })();
}
