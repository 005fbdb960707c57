import { actionMessages, messages, selectRestaurantMessages } from '@brigade/core/messages';
import {
  type ActionCounts,
  type ActionDetail,
  type ActionEvent,
  type ActionListQuery,
  type ActionPage,
  type ActionSort,
  type ActionStatus,
  type ChangeActionDue,
  type CreateAction,
  DEFAULT_BAD_DUE_DAYS,
  DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS,
  LIST_OWNER_NAMES,
  type ReassignAction,
  type ReopenAction,
  type ResolveAction,
} from '@brigade/core/schemas/corrective-actions';
import { type PhotoRef, photoUrls } from '@brigade/core/schemas/photos';
import type { AuditMark } from '@brigade/core/scoring';
import { and, asc, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { auditItems, audits, auditTemplateItems, auditTemplates } from '../../db/schema/audits';
import {
  correctiveActionEvents,
  correctiveActionOwners,
  correctiveActions,
  openActionsByDueDay,
  resolvedActionsByDueDay,
} from '../../db/schema/corrective-actions';
import { photos } from '../../db/schema/photos';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { users } from '../../db/schema/users';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { OfflineTimes } from '../../http/offline-times';
import { rowsInOrder } from '../../http/send-csv';
import { emailStateSql, type Notifier } from '../../notify/notifier';
import { textsSql } from '../../notify/texts-sql';
import { actionEventsOf, emitEvent } from '../webhooks/service';

type Actor = Pick<SessionUser, 'id' | 'name' | 'role' | 'restaurantIds'>;

/** Today as PostgreSQL sees it, a UTC calendar day: the day "overdue" is measured against (core `isActionOverdue`). */
const todayUtc = sql`(now() at time zone 'UTC')::date`;

/** Core's overdue rule in SQL: open and due before today (UTC). */
export function overdueAction(table: string | SQL = sql`${correctiveActions}`): SQL {
  const t = typeof table === 'string' ? sql.raw(table) : table;
  return sql`(${t}.status = 'open' and ${t}.due_on < ${todayUtc})`;
}

/**
 * Open and overdue actions of one restaurant, or of the chain, as two scalar subqueries
 * for a dashboard's own statement: a restaurant's are index-only range scans of
 * (restaurant_id, status, due_on); the chain's are sums over the per-due-day counts the
 * triggers keep (docs/decisions/019), not counts of its open actions.
 */
export function actionCountColumns(restaurantId?: string | SQL) {
  if (!restaurantId) {
    // The chain: sums over open_actions_by_due_day, which triggers keep (a few hundred days).
    return {
      openActions: sql<number>`(select coalesce(sum(${openActionsByDueDay.open}), 0)::int from ${openActionsByDueDay})`,
      overdueActions: sql<number>`(select coalesce(sum(${openActionsByDueDay.open}), 0)::int from ${openActionsByDueDay}
        where ${openActionsByDueDay.dueOn} < ${todayUtc})`,
    };
  }
  const where = sql` and restaurant_id = ${restaurantId}`;
  return {
    openActions: sql<number>`(select count(*)::int from ${correctiveActions} where status = 'open'${where})`,
    overdueActions: sql<number>`(select count(*)::int from ${correctiveActions}
      where status = 'open' and due_on < ${todayUtc}${where})`,
  };
}

export function presentActionCounts(row: { openActions: number; overdueActions: number }): ActionCounts {
  return { open: row.openActions, overdue: row.overdueActions };
}

/**
 * Makes the corrective actions of an audit's items in three statements however many
 * items match (one data-modifying WITH): one action per matched item with its text,
 * template name, mark and comment copied; due on `submittedOn` + the template's due days
 * for the mark (7 and 14 when the template is gone); owned by the restaurant's active
 * managers (or `ownerIds`), or by whoever made it when the restaurant has no active
 * manager, so no finding is left without someone to answer for it; each with its
 * 'created' event. Runs in the caller's transaction.
 */
export async function insertActions(
  tx: Queryable,
  actor: Pick<SessionUser, 'id' | 'name'>,
  items: SQL,
  options: { submittedOn?: string | SQL; dueOn?: string; ownerIds?: string[] } = {},
): Promise<string[]> {
  const day = options.submittedOn
    ? typeof options.submittedOn === 'string'
      ? sql`${options.submittedOn}::date`
      : options.submittedOn
    : todayUtc;
  const due = options.dueOn
    ? sql`${options.dueOn}::date`
    : sql`(${day} + case ai.mark when 'bad' then coalesce(t.bad_due_days, ${DEFAULT_BAD_DUE_DAYS})
        when 'needs_improvement' then coalesce(t.needs_improvement_due_days, ${DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS})
        else coalesce(t.needs_improvement_due_days, ${DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS}) end)`;
  const owners = options.ownerIds
    ? sql`select made.id, o.user_id from made
        cross join (values ${sql.join(
          options.ownerIds.map((id) => sql`(${id}::text)`),
          sql`, `,
        )}) as o(user_id)`
    : sql`select made.id, sra.user_id from made
        join ${staffRestaurantAssignments} sra on sra.restaurant_id = made.restaurant_id
        join ${users} u on u.id = sra.user_id and u.role = 'manager' and u.is_active
      union all
      select made.id, ${actor.id}::text from made where not exists (
        select 1 from ${staffRestaurantAssignments} sra join ${users} u on u.id = sra.user_id
        where sra.restaurant_id = made.restaurant_id and u.role = 'manager' and u.is_active)`;
  const result = (await tx.execute(sql`
    with made as (
      insert into ${correctiveActions}
        (restaurant_id, audit_id, audit_item_id, template_name, item_text, mark, comment, due_on, created_by)
      select a.restaurant_id, a.id, ai.id, ai.template_name, ai.item_text, ai.mark, ai.comment, ${due}, ${actor.id}
      from ${auditItems} ai
      join ${audits} a on a.id = ai.audit_id
      left join ${auditTemplateItems} ti on ti.id = ai.template_item_id
      left join ${auditTemplates} t on t.id = ti.template_id
      where ${items}
      order by ai.order_num
      returning id, restaurant_id, item_text, due_on, audit_id
    ), owned as (
      insert into ${correctiveActionOwners} (action_id, user_id) ${owners}
      on conflict do nothing
      returning 1
    ), logged as (
      insert into ${correctiveActionEvents} (action_id, kind, actor_id, actor_name)
      select id, 'created', ${actor.id}, ${actor.name} from made
      returning 1
    )
    select id, restaurant_id, item_text, due_on::text, audit_id from made`)) as {
    rows: { id: string; restaurant_id: string; item_text: string; due_on: string; audit_id: string }[];
  };
  // Every action made here or by another module's insert announces itself (issue 37).
  await emitActionsCreated(
    tx,
    result.rows.map((row) => row.id),
  );
  for (const made of result.rows) {
    await recordActivity(tx, {
      kind: 'correctiveAction.created',
      restaurantId: made.restaurant_id,
      objectType: 'correctiveAction',
      objectId: made.id,
      objectLabel: made.item_text,
      changes: { status: { from: null, to: 'open' }, dueOn: { from: null, to: made.due_on } },
      details: { auditId: made.audit_id },
    });
  }
  return result.rows.map((row) => row.id);
}

/**
 * The `corrective_action.created` webhook event of new actions, in the caller's
 * transaction: every writer of corrective_actions calls it with the ids it made
 * (`insertActions` here, checklist failures, sensor excursions).
 */
export async function emitActionsCreated(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await emitEvent(tx, 'corrective_action.created', actionEventsOf(ids));
}

/**
 * Tells the owners of these actions that they answer for them ("Corrective action
 * assigned", issue 20), in one statement in the caller's transaction: each owner but
 * the person who made the change, once per action (the unique key). The caller wakes
 * the notifier after its commit.
 */
export async function notifyActionOwners(
  tx: Queryable,
  notifier: Pick<Notifier, 'emailOn'>,
  actionIds: string[],
  actorId: string,
): Promise<void> {
  if (actionIds.length === 0) return;
  const texts = textsSql('actionAssigned', sql`ca.item_text`, sql`r.name`, sql`ca.due_on::text`);
  await tx.execute(sql`
    insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
    select o.user_id, 'actionAssigned', ca.id::text, ${texts.title}, ${texts.body}, ${texts.params}, '/actions/' || ca.id,
      ${emailStateSql(notifier.emailOn, 'actionAssigned', sql`o.user_id`)}
    from ${correctiveActions} ca
    join ${correctiveActionOwners} o on o.action_id = ca.id
    join ${users} u on u.id = o.user_id and u.is_active
    join ${restaurants} r on r.id = ca.restaurant_id
    where ca.id in ${actionIds} and o.user_id <> ${actorId}
    on conflict on constraint notifications_once_key do nothing`);
}

/** What a temperature excursion's action says (issue 37): written by the sensors module. */
export interface SensorExcursionActionInput {
  excursionId: string;
  restaurantId: string;
  deviceName: string;
  itemText: string;
  comment: string;
}

/**
 * The one corrective action of a sensor's excursion (issue 37, decision 047), in the
 * caller's transaction: the device's name as its template name, due the restaurant's local
 * day, owned by the restaurant's active managers (or, without one, by every active hq
 * person, so an excursion never goes unanswered), with its 'created' event and activity
 * entry. Made by the system (no person): `created_by` is null. One action per excursion
 * (the unique key `corrective_actions_sensor_excursion_key`), however many servers
 * evaluate it; null when it already existed. The sensors module tells the managers with a
 * notification of its own kind, so no "Corrective action assigned" is sent.
 */
export async function insertSensorExcursionAction(
  tx: Queryable,
  input: SensorExcursionActionInput,
): Promise<string | null> {
  const result = (await tx.execute(sql`
    with made as (
      insert into ${correctiveActions}
        (restaurant_id, sensor_excursion_id, template_name, item_text, comment, due_on)
      select r.id, ${input.excursionId}, ${input.deviceName}, ${input.itemText}, ${input.comment},
        (now() at time zone r.time_zone)::date
      from ${restaurants} r where r.id = ${input.restaurantId}
      on conflict (sensor_excursion_id) do nothing
      returning id, restaurant_id, item_text, due_on
    ), owned as (
      insert into ${correctiveActionOwners} (action_id, user_id)
      select made.id, sra.user_id from made
        join ${staffRestaurantAssignments} sra on sra.restaurant_id = made.restaurant_id
        join ${users} u on u.id = sra.user_id and u.role = 'manager' and u.is_active
      union all
      select made.id, u.id from made join ${users} u on u.role = 'hq' and u.is_active
      where not exists (
        select 1 from ${staffRestaurantAssignments} sra join ${users} m on m.id = sra.user_id
        where sra.restaurant_id = made.restaurant_id and m.role = 'manager' and m.is_active)
      on conflict do nothing
      returning 1
    ), logged as (
      insert into ${correctiveActionEvents} (action_id, kind, actor_id, actor_name)
      select id, 'created', null, ${input.deviceName} from made
      returning 1
    )
    select id, restaurant_id, item_text, due_on::text from made`)) as unknown as {
    rows: { id: string; restaurant_id: string; item_text: string; due_on: string }[];
  };
  const made = result.rows[0];
  if (!made) return null;
  await emitActionsCreated(tx, [made.id]);
  await recordActivity(tx, {
    kind: 'correctiveAction.created',
    actorLabel: input.deviceName,
    restaurantId: made.restaurant_id,
    objectType: 'correctiveAction',
    objectId: made.id,
    objectLabel: made.item_text,
    changes: { status: { from: null, to: 'open' }, dueOn: { from: null, to: made.due_on } },
    details: { sensorExcursionId: input.excursionId },
  });
  return made.id;
}

/** Called by submitAudit inside its transaction: an action for every item marked Bad or Needs improvement. */
export async function createActionsForSubmittedAudit(
  tx: Transaction,
  actor: SessionUser,
  auditId: string,
  notifier: Pick<Notifier, 'emailOn'>,
) {
  const made = await insertActions(
    tx,
    actor,
    sql`ai.audit_id = ${auditId} and ai.mark in ('bad', 'needs_improvement')`,
  );
  await notifyActionOwners(tx, notifier, made, actor.id);
}

/** hq adds an action from any item of a completed audit. */
export async function createAction(
  db: Database,
  actor: SessionUser,
  input: z.output<typeof CreateAction>,
  notifier: Notifier,
): Promise<ActionDetail> {
  const id = await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ restaurantId: audits.restaurantId, status: audits.status })
      .from(auditItems)
      .innerJoin(audits, eq(audits.id, auditItems.auditId))
      .where(eq(auditItems.id, input.auditItemId));
    if (!item) throw badRequest(actionMessages.itemNotFound, { auditItemId: actionMessages.itemNotFound });
    if (item.status !== 'completed') {
      throw badRequest(actionMessages.auditNotCompleted, { auditItemId: actionMessages.auditNotCompleted });
    }
    if (input.ownerIds) await assertOwners(tx, item.restaurantId, input.ownerIds);
    const [made] = await insertActions(tx, actor, sql`ai.id = ${input.auditItemId}`, {
      dueOn: input.dueOn,
      ownerIds: input.ownerIds ? [...new Set(input.ownerIds)] : undefined,
    });
    if (!made) throw new Error('insert returned no row');
    await notifyActionOwners(tx, notifier, [made], actor.id);
    return made;
  });
  notifier.wake();
  return getAction(db, actor, id);
}

/** Owners must be active hq, or active managers assigned to the restaurant: else a 400 on `ownerIds`. */
async function assertOwners(tx: Queryable, restaurantId: string, ownerIds: string[]) {
  const unique = [...new Set(ownerIds)];
  const [row] = await tx
    .select({ allowed: count() })
    .from(users)
    .where(
      and(
        sql`${users.id} in ${unique}`,
        eq(users.isActive, true),
        sql`(${users.role} = 'hq' or (${users.role} = 'manager' and exists (
          select 1 from ${staffRestaurantAssignments} sra where sra.user_id = ${users.id} and sra.restaurant_id = ${restaurantId})))`,
      ),
    );
  if ((row?.allowed ?? 0) !== unique.length) {
    throw badRequest(actionMessages.ownerNotAllowed, { ownerIds: actionMessages.ownerNotAllowed });
  }
}

/** People who may own an action of the restaurant, for hq's reassign form. */
export async function listOwnerChoices(db: Queryable, restaurantId: string) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`(${users.role} = 'hq' or (${users.role} = 'manager' and exists (
          select 1 from ${staffRestaurantAssignments} sra where sra.user_id = ${users.id} and sra.restaurant_id = ${restaurantId})))`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(200);
}

// The first owners by name from the (action_id, user_name) index: the names the owners'
// triggers keep (docs/decisions/051), not a read of every owner's person.
const ownerNamesOf = sql<string[]>`coalesce((
  select array_agg(n.user_name order by n.user_name) from (select o.user_name from ${correctiveActionOwners} o
  where o.action_id = ${correctiveActions}.id
  order by o.user_name limit ${LIST_OWNER_NAMES}) n), '{}')`;
const ownerCountOf = sql<number>`(select count(*)::int from ${correctiveActionOwners} o
  where o.action_id = ${correctiveActions}.id)`;

/**
 * How the Actions screen sorts. Without a choice (`status`): open before resolved, then
 * the earliest due first, so what is most overdue is at the top of page 1 (what an
 * operations person works through first); the order walks (status, due_on) or
 * (restaurant_id, status, due_on). The due date alone walks (due_on, id), the creation
 * (created_at, id), the template (template_name, id); restaurant names come through
 * their index. The id breaks ties, in the same direction.
 */
function actionSortingOf(query: { search?: string }): ListSorting<ActionSort> {
  // A search matches few actions, found through the trigram indexes and then sorted;
  // `+ 0` keeps PostgreSQL from walking the due-date index instead and testing every
  // open action's texts until 20 match (65 ms against 5 ms on the bench chain).
  const dueOn = query.search ? sql`${correctiveActions.dueOn} + 0` : correctiveActions.dueOn;
  return {
    columns: {
      status: [correctiveActions.status, dueOn],
      dueOn,
      item: correctiveActions.itemText,
      restaurant: restaurants.name,
      template: correctiveActions.templateName,
      createdAt: correctiveActions.createdAt,
    },
    defaultSort: 'status',
    defaultOrder: 'asc',
    tiebreak: correctiveActions.id,
  };
}

/**
 * The actions a list query names, as a condition: its restaurant (hq: any, or all of them;
 * managers must name their selected one, which the guard checked), status, overdue,
 * template and search. Throws the "select a restaurant" 400 before anything is read, so
 * the CSV export refuses before its first byte.
 */
export function actionListWhere(actor: SessionUser, query: z.output<typeof ActionListQuery>): SQL | undefined {
  if (actor.role !== 'hq' && !query.restaurantId) {
    throw badRequest(selectRestaurantMessages.actions, { restaurantId: selectRestaurantMessages.actions });
  }
  const conditions: (SQL | undefined)[] = [
    query.restaurantId
      ? eq(correctiveActions.restaurantId, query.restaurantId)
      : inReach(actor, correctiveActions.restaurantId),
  ];
  if (query.status) conditions.push(eq(correctiveActions.status, query.status));
  if (query.overdue === true) conditions.push(overdueAction());
  if (query.overdue === false) conditions.push(sql`not ${overdueAction()}`);
  if (query.templateName) conditions.push(eq(correctiveActions.templateName, query.templateName));
  if (query.search) {
    // Every branch on an index of the actions table (trigram indexes; the restaurants
    // matched first, 500 names at most, then restaurant_id), so PostgreSQL can OR bitmaps
    // instead of testing every open action's texts.
    const pattern = likePattern(query.search);
    conditions.push(sql`(
      ${correctiveActions.itemText} ilike ${pattern}
      or ${correctiveActions.comment} ilike ${pattern}
      or ${correctiveActions.templateName} ilike ${pattern}
      or ${correctiveActions.restaurantId} = any(array(select id from ${restaurants} where name ilike ${pattern}))
    )`);
  }
  return and(...conditions);
}

type CountRows = { rows: { value: number }[] };

/**
 * The chain's total for a list query without a restaurant, template or search (hq's usual
 * screens), as sums of the per-due-day counts the triggers keep (docs/decisions/051): open
 * actions from open_actions_by_due_day (overdue: the days before today, UTC), resolved ones
 * from resolved_actions_by_due_day (never overdue). A few hundred days, not 570,000 actions.
 * Undefined when the query needs a count of its own.
 */
function chainActionTotal(query: z.output<typeof ActionListQuery>): SQL<number> | undefined {
  if (query.restaurantId || query.templateName || query.search) return undefined;
  const parts: SQL[] = [];
  if (query.status !== 'resolved') {
    const days =
      query.overdue === true
        ? sql` where ${openActionsByDueDay.dueOn} < ${todayUtc}`
        : query.overdue === false
          ? sql` where ${openActionsByDueDay.dueOn} >= ${todayUtc}`
          : sql``;
    parts.push(sql`(select coalesce(sum(${openActionsByDueDay.open}), 0) from ${openActionsByDueDay}${days})`);
  }
  if (query.status !== 'open' && query.overdue !== true) {
    parts.push(sql`(select coalesce(sum(${resolvedActionsByDueDay.resolved}), 0) from ${resolvedActionsByDueDay})`);
  }
  return sql<number>`(${parts.length ? sql.join(parts, sql` + `) : sql`0`})::int`;
}

/**
 * The Actions screen in one statement plus its count, sorted as the query says (open and
 * most overdue first without a choice). Search covers item text, comment, restaurant and
 * template. The chain's total comes from the per-day counts; a restaurant's, a template's
 * or a search's is counted (a restaurant's few hundred actions from its index, a search's
 * matches from the trigram indexes).
 */
export async function listActions(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof ActionListQuery>,
): Promise<ActionPage> {
  const where = actionListWhere(actor, query);
  const chainTotal = actor.role === 'hq' ? chainActionTotal(query) : undefined;
  const counted = chainTotal
    ? db.execute(sql`select ${chainTotal} as value`).then((result) => (result as unknown as CountRows).rows)
    : db.select({ value: count() }).from(correctiveActions).where(where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: correctiveActions.id,
        restaurantId: restaurants.id,
        restaurantName: restaurants.name,
        auditId: correctiveActions.auditId,
        templateName: correctiveActions.templateName,
        itemText: correctiveActions.itemText,
        mark: correctiveActions.mark,
        dueOn: correctiveActions.dueOn,
        status: correctiveActions.status,
        overdue: sql<boolean>`${overdueAction()}`,
        ownerNames: ownerNamesOf,
        ownerCount: ownerCountOf,
      })
      .from(correctiveActions)
      .innerJoin(restaurants, eq(restaurants.id, correctiveActions.restaurantId))
      .where(where)
      .orderBy(...orderByOf(actionSortingOf(query), query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    counted,
  ]);
  return {
    items: rows.map(({ restaurantId, restaurantName, status, mark, ...row }) => ({
      ...row,
      restaurant: { id: restaurantId, name: restaurantName },
      status: status as ActionStatus,
      mark: mark as AuditMark | null,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An action as the CSV export writes it: the list's columns, every owner, and its comment and resolution. */
export interface ActionExportRow {
  id: string;
  auditId: string | null;
  restaurantId: string;
  restaurantName: string;
  templateName: string;
  itemText: string;
  mark: AuditMark | null;
  comment: string | null;
  dueOn: string;
  status: ActionStatus;
  overdue: boolean;
  ownerNames: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedByName: string | null;
  resolutionNote: string | null;
}

/**
 * Every action `actionListWhere` selects, in the list's order, for the CSV export: their
 * ids in one statement, then a batch of rows at a time (`rowsInOrder`), each with all its
 * owners' names (one subquery per row of the batch, over the owners' key).
 */
export function exportActionRows(
  db: Queryable,
  where: SQL | undefined,
  query: z.output<typeof ActionListQuery>,
): AsyncGenerator<ActionExportRow> {
  const ordered = db
    .select({ id: correctiveActions.id })
    .from(correctiveActions)
    .innerJoin(restaurants, eq(restaurants.id, correctiveActions.restaurantId))
    .where(where)
    .orderBy(...orderByOf(actionSortingOf(query), query));
  return rowsInOrder(ordered, (ids) => actionExportRows(db, ids));
}

async function actionExportRows(db: Queryable, ids: string[]): Promise<ActionExportRow[]> {
  const rows = await db
    .select({
      id: correctiveActions.id,
      auditId: correctiveActions.auditId,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      templateName: correctiveActions.templateName,
      itemText: correctiveActions.itemText,
      mark: correctiveActions.mark,
      comment: correctiveActions.comment,
      dueOn: correctiveActions.dueOn,
      status: correctiveActions.status,
      overdue: sql<boolean>`${overdueAction()}`,
      ownerNames: sql<string>`coalesce((select string_agg(u.name, ', ' order by u.name, u.id)
        from ${correctiveActionOwners} o join ${users} u on u.id = o.user_id
        where o.action_id = ${correctiveActions}.id), '')`,
      createdAt: correctiveActions.createdAt,
      resolvedAt: correctiveActions.resolvedAt,
      resolvedByName: sql<string | null>`(select name from ${users} where id = ${correctiveActions.resolvedBy})`,
      resolutionNote: correctiveActions.resolutionNote,
    })
    .from(correctiveActions)
    .innerJoin(restaurants, eq(restaurants.id, correctiveActions.restaurantId))
    .where(inArray(correctiveActions.id, ids));
  return rows.map((row) => ({ ...row, status: row.status as ActionStatus, mark: row.mark as AuditMark | null }));
}

interface EventJson extends Omit<ActionEvent, 'detail' | 'at'> {
  detail: string | null;
  at: string;
}

const photoJson = (condition: SQL) => sql<Omit<PhotoRef, 'thumbUrl' | 'displayUrl'>[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height) order by p.created_at, p.id)
  from ${photos} p where ${condition}), '[]'::json)`;

/**
 * A fix photo of the action's current round: taken since the action was last reopened.
 * The photos of an earlier resolution stay with it (shown apart, never removable), so a
 * reopened action's Resolve form starts empty and has its full count of photos.
 */
export function fixPhotoOfCurrentRound(photoCreatedAt: SQLWrapper, actionId: SQLWrapper): SQL {
  return sql`${photoCreatedAt} > coalesce((select max(e.created_at) from ${correctiveActionEvents} e
    where e.action_id = ${actionId} and e.kind = 'reopened'), '-infinity'::timestamptz)`;
}

/** One action with its context, owners, photos and history: one statement. */
export async function getAction(db: Queryable, actor: SessionUser, id: string): Promise<ActionDetail> {
  const ca = sql`${correctiveActions}`;
  const [row] = await db
    .select({
      id: correctiveActions.id,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      auditId: audits.id,
      auditedAt: audits.auditedAt,
      templateName: correctiveActions.templateName,
      itemText: correctiveActions.itemText,
      mark: correctiveActions.mark,
      comment: correctiveActions.comment,
      sensorExcursionId: correctiveActions.sensorExcursionId,
      dueOn: correctiveActions.dueOn,
      status: correctiveActions.status,
      overdue: sql<boolean>`${overdueAction()}`,
      resolutionNote: correctiveActions.resolutionNote,
      resolvedAt: correctiveActions.resolvedAt,
      resolvedByName: sql<string | null>`(select name from ${users} where id = ${correctiveActions.resolvedBy})`,
      version: correctiveActions.version,
      reached: sql<boolean>`${inReach(actor, correctiveActions.restaurantId)}`,
      owners: sql<{ id: string; name: string; role: string }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'name', u.name, 'role', u.role) order by u.name, u.id)
        from ${correctiveActionOwners} o join ${users} u on u.id = o.user_id where o.action_id = ${ca}.id), '[]'::json)`,
      events: sql<EventJson[]>`coalesce((
        select json_agg(json_build_object('id', e.id, 'kind', e.kind, 'actorName', e.actor_name, 'note', e.note,
          'detail', e.detail, 'at', e.created_at) order by e.created_at, e.id)
        from ${correctiveActionEvents} e where e.action_id = ${ca}.id), '[]'::json)`,
      // A finding's photos: its audit item's, or a checklist failure's record item's (issue 33).
      evidencePhotos: photoJson(sql`(p.audit_item_id = ${ca}.audit_item_id
        or (p.checklist_run_id = ${ca}.checklist_run_id and p.checklist_item_id = ${ca}.checklist_item_id))`),
      fixPhotos: photoJson(
        sql`p.corrective_action_id = ${ca}.id and ${fixPhotoOfCurrentRound(sql`p.created_at`, sql`${ca}.id`)}`,
      ),
      earlierFixPhotos: photoJson(
        sql`p.corrective_action_id = ${ca}.id and not ${fixPhotoOfCurrentRound(sql`p.created_at`, sql`${ca}.id`)}`,
      ),
    })
    .from(correctiveActions)
    .innerJoin(restaurants, eq(restaurants.id, correctiveActions.restaurantId))
    .leftJoin(audits, eq(audits.id, correctiveActions.auditId))
    .where(eq(correctiveActions.id, id));
  if (!row) throw notFound(actionMessages.notFound);
  if (!row.reached) throw forbidden(messages.restaurantForbidden);
  const withUrls = (list: Omit<PhotoRef, 'thumbUrl' | 'displayUrl'>[]) =>
    list.map((photo) => ({ ...photo, ...photoUrls(photo.id) }));
  return {
    id: row.id,
    restaurant: { id: row.restaurantId, name: row.restaurantName },
    audit: row.auditId && row.auditedAt ? { id: row.auditId, auditedAt: row.auditedAt.toISOString() } : null,
    templateName: row.templateName,
    itemText: row.itemText,
    mark: row.mark as AuditMark | null,
    comment: row.comment,
    evidencePhotos: withUrls(row.evidencePhotos),
    fixPhotos: withUrls(row.fixPhotos),
    earlierFixPhotos: withUrls(row.earlierFixPhotos),
    // A temperature sensor's excursion (issue 37): the action page links to its curve.
    sensorExcursionId: row.sensorExcursionId,
    owners: row.owners,
    dueOn: row.dueOn,
    status: row.status as ActionStatus,
    overdue: row.overdue,
    resolution:
      row.status === 'resolved' && row.resolvedAt
        ? { note: row.resolutionNote ?? '', resolvedAt: row.resolvedAt.toISOString(), resolvedBy: row.resolvedByName }
        : null,
    events: row.events.map((event) => ({
      ...event,
      detail: event.detail ? (JSON.parse(event.detail) as { from: string; to: string }) : null,
      at: new Date(event.at).toISOString(),
    })),
    version: row.version,
  };
}

/**
 * Locks the action for a change: 404 when missing, 403 when the caller does not reach
 * its restaurant, 409 when the version read is stale.
 */
async function lockAction(tx: Transaction, actor: Actor, id: string, version: number) {
  const [action] = await tx
    .select({
      restaurantId: correctiveActions.restaurantId,
      status: correctiveActions.status,
      version: correctiveActions.version,
      dueOn: correctiveActions.dueOn,
      itemText: correctiveActions.itemText,
      reached: sql<boolean>`${inReach(actor, correctiveActions.restaurantId)}`,
    })
    .from(correctiveActions)
    .where(eq(correctiveActions.id, id))
    .for('update');
  if (!action) throw notFound(actionMessages.notFound);
  if (!action.reached) throw forbidden(messages.restaurantForbidden);
  if (action.version !== version) throw conflict(actionMessages.changedElsewhere);
  return action;
}

/** The action's own history, and the activity log's entry of the change (issue 36). */
async function logEvent(
  tx: Transaction,
  actor: Actor,
  id: string,
  event: { kind: ActionEvent['kind']; note?: string; detail?: { from: string; to: string } },
  action: { restaurantId: string; itemText: string },
  changes: Record<string, { from: unknown; to: unknown }>,
) {
  await recordActivity(tx, {
    kind: 'correctiveAction.updated',
    restaurantId: action.restaurantId,
    objectType: 'correctiveAction',
    objectId: id,
    objectLabel: action.itemText,
    changes,
    details: { event: event.kind },
  });
  await tx.insert(correctiveActionEvents).values({
    actionId: id,
    kind: event.kind,
    actorId: actor.id,
    actorName: actor.name,
    note: event.note ?? null,
    detail: event.detail ? JSON.stringify(event.detail) : null,
  });
}

const bump = { version: sql`${correctiveActions.version} + 1`, updatedAt: sql`now()` };

/** The owner (a manager of the restaurant) or hq resolves an open action with a note. */
export async function resolveAction(
  db: Database,
  actor: SessionUser,
  id: string,
  input: z.output<typeof ResolveAction>,
  offline: OfflineTimes | null = null,
) {
  // Resolved offline (issue 34): when the person did it, corrected for the device's clock.
  const resolvedAt = offline ? offline.recordedAt : sql`now()`;
  await db.transaction(async (tx) => {
    const action = await lockAction(tx, actor, id, input.version);
    if (action.status === 'resolved') throw conflict(actionMessages.alreadyResolved);
    await tx
      .update(correctiveActions)
      .set({ status: 'resolved', resolutionNote: input.note, resolvedBy: actor.id, resolvedAt, ...bump })
      .where(eq(correctiveActions.id, id));
    await emitEvent(tx, 'corrective_action.resolved', actionEventsOf([id]));
    await logEvent(tx, actor, id, { kind: 'resolved', note: input.note }, action, {
      status: { from: action.status, to: 'resolved' },
      resolutionNote: { from: null, to: input.note },
    });
  });
  return getAction(db, actor, id);
}

/** hq reopens a resolved action with a reason; the resolution is cleared, its note stays in the history. */
export async function reopenAction(db: Database, actor: SessionUser, id: string, input: z.output<typeof ReopenAction>) {
  await db.transaction(async (tx) => {
    const action = await lockAction(tx, actor, id, input.version);
    if (action.status === 'open') throw conflict(actionMessages.alreadyOpen);
    await tx
      .update(correctiveActions)
      .set({ status: 'open', resolutionNote: null, resolvedBy: null, resolvedAt: null, ...bump })
      .where(eq(correctiveActions.id, id));
    await emitEvent(tx, 'corrective_action.reopened', actionEventsOf([id]));
    await logEvent(tx, actor, id, { kind: 'reopened', note: input.reason }, action, {
      status: { from: action.status, to: 'open' },
      reopenReason: { from: null, to: input.reason },
    });
  });
  return getAction(db, actor, id);
}

/** hq replaces the owners: active hq, or active managers of the action's restaurant. */
export async function reassignAction(
  db: Database,
  actor: SessionUser,
  id: string,
  input: z.output<typeof ReassignAction>,
  notifier: Notifier,
) {
  await db.transaction(async (tx) => {
    const action = await lockAction(tx, actor, id, input.version);
    const ownerIds = [...new Set(input.ownerIds)];
    await assertOwners(tx, action.restaurantId, ownerIds);
    const namesOf = async (condition: SQL) =>
      (await tx.select({ name: users.name }).from(users).where(condition).orderBy(asc(users.name)))
        .map((row) => row.name)
        .join(', ');
    const from = await namesOf(
      sql`${users.id} in (select user_id from ${correctiveActionOwners} where action_id = ${id})`,
    );
    await tx.delete(correctiveActionOwners).where(eq(correctiveActionOwners.actionId, id));
    await tx.insert(correctiveActionOwners).values(ownerIds.map((userId) => ({ actionId: id, userId })));
    const to = await namesOf(sql`${users.id} in ${ownerIds}`);
    await tx.update(correctiveActions).set(bump).where(eq(correctiveActions.id, id));
    await logEvent(tx, actor, id, { kind: 'reassigned', detail: { from: from || '—', to } }, action, {
      owners: { from: from || null, to },
    });
    await notifyActionOwners(tx, notifier, [id], actor.id);
  });
  notifier.wake();
  return getAction(db, actor, id);
}

/** hq moves the due date. */
export async function changeActionDue(
  db: Database,
  actor: SessionUser,
  id: string,
  input: z.output<typeof ChangeActionDue>,
) {
  await db.transaction(async (tx) => {
    const action = await lockAction(tx, actor, id, input.version);
    await tx
      .update(correctiveActions)
      .set({ dueOn: input.dueOn, ...bump })
      .where(eq(correctiveActions.id, id));
    await logEvent(tx, actor, id, { kind: 'due_changed', detail: { from: action.dueOn, to: input.dueOn } }, action, {
      dueOn: { from: action.dueOn, to: input.dueOn },
    });
  });
  return getAction(db, actor, id);
}

/** Per item of an audit, its actions as the audit page links them (json, for getAudit's single query). */
export function itemActionsJson(itemId: SQL) {
  return sql`coalesce((select json_agg(json_build_object('id', ca.id, 'status', ca.status, 'dueOn', ca.due_on,
      'overdue', ${overdueAction('ca')}, 'resolutionNote', ca.resolution_note,
      'owners', coalesce((select json_agg(u.name order by u.name) from ${correctiveActionOwners} cao
        join ${users} u on u.id = cao.user_id where cao.action_id = ca.id), '[]'::json)) order by ca.created_at, ca.id)
    from ${correctiveActions} ca where ca.audit_item_id = ${itemId}), '[]'::json)`;
}
