import { selectRestaurantMessages } from '@brigade/core/messages';
import { SUGGESTED_TRAINING_DUE_DAYS } from '@brigade/core/notification-kinds';
import { notificationContent } from '@brigade/core/notification-texts';
import {
  type AssignSuggestion,
  type TrainingSuggestion,
  type TrainingSuggestionPage,
  type TrainingSuggestionQuery,
  type TrainingSuggestionStatus,
  trainingSuggestionMessages,
} from '@brigade/core/schemas/training-suggestions';
import type { AuditMark } from '@brigade/core/scoring';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { auditItems, audits } from '../../db/schema/audits';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { trainingSuggestions } from '../../db/schema/training-suggestions';
import { trainings } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Notifier } from '../../notify/notifier';
import { createAssignments } from '../assignments/service';

/** The preset due date of a suggested training: the end of the UTC day SUGGESTED_TRAINING_DUE_DAYS from today. */
export function suggestedDueAt(now = new Date()): Date {
  const due = new Date(now);
  due.setUTCDate(due.getUTCDate() + SUGGESTED_TRAINING_DUE_DAYS);
  due.setUTCHours(23, 59, 59, 0);
  return due;
}

/** The restaurant's active staff (role staff): whom a suggested training goes to. */
async function activeStaffOf(tx: Queryable, restaurantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      staffRestaurantAssignments,
      and(eq(staffRestaurantAssignments.userId, users.id), eq(staffRestaurantAssignments.restaurantId, restaurantId)),
    )
    .where(and(eq(users.role, 'staff'), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/**
 * Assigns the trainings of `sources` (training id → the audit item whose finding caused
 * it) to the restaurant's active staff through the assignments module's own creation
 * (pairs that exist are skipped), then marks the suggestions assigned. One statement per
 * step, whatever the number of staff or findings.
 */
async function assignToStaff(
  tx: Transaction,
  actor: SessionUser,
  notifier: Notifier,
  restaurantId: string,
  suggestionIds: string[],
  sources: Map<string, string>,
  dueAt: Date,
) {
  const staffIds = await activeStaffOf(tx, restaurantId);
  const result =
    staffIds.length && sources.size
      ? await createAssignments(
          tx,
          actor,
          { trainingIds: [...sources.keys()], staffIds, dueAt: dueAt.toISOString() },
          notifier,
          { sourceAuditItemIds: sources },
        )
      : { created: 0, skipped: 0 };
  await tx
    .update(trainingSuggestions)
    .set({ status: 'assigned', decidedBy: actor.id, decidedAt: sql`now()` })
    .where(inArray(trainingSuggestions.id, suggestionIds));
  return result;
}

interface MadeSuggestion {
  id: string;
  restaurant_id: string;
  restaurant_name: string;
  audit_item_id: string;
  training_id: string;
  training_title: string;
  item_text: string;
  auto_assign: boolean;
}

/**
 * At submit, inside its transaction: every item marked Bad or Needs improvement whose
 * template item names a training gets one suggestion (the unique key on the audit item
 * makes a second submit or a retry add none). With the item's template set to assign
 * automatically, the training goes to the restaurant's active staff now (due in 7 days,
 * each assignment recording the finding) and the suggestion is made assigned; the
 * others stay open and the restaurant's active managers are notified.
 */
export async function suggestTrainingsForSubmittedAudit(
  tx: Transaction,
  actor: SessionUser,
  notifier: Notifier,
  auditId: string,
): Promise<void> {
  const made = (
    (await tx.execute(sql`
      with made as (
        insert into ${trainingSuggestions} (restaurant_id, audit_id, audit_item_id, training_id)
        select a.restaurant_id, a.id, ai.id, ati.training_id
        from ${auditItems} ai
        join ${audits} a on a.id = ai.audit_id
        join audit_template_items ati on ati.id = ai.template_item_id
        where ai.audit_id = ${auditId} and ai.mark in ('bad', 'needs_improvement') and ati.training_id is not null
        order by ai.order_num
        on conflict on constraint training_suggestions_finding_key do nothing
        returning id, restaurant_id, audit_item_id, training_id
      )
      select made.id, made.restaurant_id, r.name as restaurant_name, made.audit_item_id, made.training_id,
             t.title as training_title, ai.item_text, tpl.auto_assign_training as auto_assign
      from made
      join ${restaurants} r on r.id = made.restaurant_id
      join ${trainings} t on t.id = made.training_id
      join ${auditItems} ai on ai.id = made.audit_item_id
      join audit_template_items ati on ati.id = ai.template_item_id
      join audit_templates tpl on tpl.id = ati.template_id
      order by ai.order_num`)) as unknown as { rows: MadeSuggestion[] }
  ).rows;
  if (made.length === 0) return;
  const restaurantId = made[0]?.restaurant_id as string;

  const automatic = made.filter((row) => row.auto_assign);
  if (automatic.length) {
    // Two findings naming one training make one assignment per person, recording the first.
    const sources = new Map<string, string>();
    for (const row of automatic) if (!sources.has(row.training_id)) sources.set(row.training_id, row.audit_item_id);
    await assignToStaff(
      tx,
      actor,
      notifier,
      restaurantId,
      automatic.map((row) => row.id),
      sources,
      suggestedDueAt(),
    );
  }

  const open = made.filter((row) => !row.auto_assign);
  if (open.length === 0) return;
  const managers = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      staffRestaurantAssignments,
      and(eq(staffRestaurantAssignments.userId, users.id), eq(staffRestaurantAssignments.restaurantId, restaurantId)),
    )
    .where(and(eq(users.role, 'manager'), eq(users.isActive, true)));
  await notifier.notify(
    tx,
    managers.flatMap((manager) =>
      open.map((row) => ({
        userId: manager.id,
        subjectKey: row.id,
        ...notificationContent('trainingSuggested', row.training_title, row.item_text, row.restaurant_name),
        link: `/audits/${auditId}`,
      })),
    ),
  );
}

const suggestionColumns = {
  id: trainingSuggestions.id,
  status: trainingSuggestions.status,
  restaurantId: restaurants.id,
  restaurantName: restaurants.name,
  auditId: audits.id,
  auditedAt: audits.auditedAt,
  auditItemId: auditItems.id,
  itemText: auditItems.itemText,
  mark: auditItems.mark,
  trainingId: trainings.id,
  trainingTitle: trainings.title,
  createdAt: trainingSuggestions.createdAt,
};

type SuggestionRow = {
  [K in keyof typeof suggestionColumns]: (typeof suggestionColumns)[K]['_']['data'] | null;
};

function suggestionsQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select(suggestionColumns)
    .from(trainingSuggestions)
    .innerJoin(restaurants, eq(restaurants.id, trainingSuggestions.restaurantId))
    .innerJoin(audits, eq(audits.id, trainingSuggestions.auditId))
    .innerJoin(auditItems, eq(auditItems.id, trainingSuggestions.auditItemId))
    .innerJoin(trainings, eq(trainings.id, trainingSuggestions.trainingId))
    .where(where);
}

function toSuggestion(row: SuggestionRow): TrainingSuggestion {
  return {
    id: row.id as string,
    status: row.status as TrainingSuggestionStatus,
    restaurant: { id: row.restaurantId as string, name: row.restaurantName as string },
    audit: { id: row.auditId as string, auditedAt: (row.auditedAt as Date).toISOString() },
    auditItemId: row.auditItemId as string,
    itemText: row.itemText as string,
    mark: row.mark as AuditMark,
    training: { id: row.trainingId as string, title: row.trainingTitle as string },
    createdAt: (row.createdAt as Date).toISOString(),
  };
}

/**
 * Open suggestions, newest first, paged and counted in SQL (the partial index on open
 * suggestions per restaurant). A manager names one of their restaurants (the route's
 * guard checked they reach it); hq may name one or see every restaurant's.
 */
export async function listOpenSuggestions(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof TrainingSuggestionQuery>,
): Promise<TrainingSuggestionPage> {
  if (actor.role !== 'hq' && !query.restaurantId) throw badRequest(selectRestaurantMessages.trainingAssignments);
  const where = and(
    eq(trainingSuggestions.status, 'open'),
    query.restaurantId ? eq(trainingSuggestions.restaurantId, query.restaurantId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    suggestionsQuery(db, where)
      .orderBy(desc(trainingSuggestions.createdAt), desc(trainingSuggestions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(trainingSuggestions).where(where),
  ]);
  return { items: rows.map(toSuggestion), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function getSuggestion(db: Queryable, id: string): Promise<TrainingSuggestion> {
  const [row] = await suggestionsQuery(db, eq(trainingSuggestions.id, id));
  if (!row) throw notFound(trainingSuggestionMessages.notFound);
  return toSuggestion(row);
}

/**
 * The suggestion, locked for this transaction: 404 missing, 403 out of the caller's
 * reach, 409 once assigned or dismissed (by someone else a moment ago, too).
 */
async function lockOpenSuggestion(tx: Transaction, actor: SessionUser, id: string) {
  const [row] = await tx
    .select({
      id: trainingSuggestions.id,
      status: trainingSuggestions.status,
      restaurantId: trainingSuggestions.restaurantId,
      auditItemId: trainingSuggestions.auditItemId,
      trainingId: trainingSuggestions.trainingId,
      reached: sql<boolean>`${inReach(actor, trainingSuggestions.restaurantId)}`,
    })
    .from(trainingSuggestions)
    .where(eq(trainingSuggestions.id, id))
    .for('update');
  if (!row) throw notFound(trainingSuggestionMessages.notFound);
  if (!row.reached) throw forbidden();
  if (row.status !== 'open') {
    throw conflict(trainingSuggestionMessages.alreadyDecided(row.status as 'assigned' | 'dismissed'));
  }
  return row;
}

/**
 * One click: the suggested training goes to the restaurant's active staff (pairs that
 * exist are skipped), due in 7 days unless another date is given, each new assignment
 * recording the finding; the suggestion is assigned.
 */
export async function assignSuggestion(
  db: Database,
  actor: SessionUser,
  id: string,
  input: z.output<typeof AssignSuggestion>,
  notifier: Notifier,
) {
  const dueAt = input.dueAt ? new Date(input.dueAt) : suggestedDueAt();
  if (dueAt.getTime() < Date.now()) {
    throw badRequest(trainingSuggestionMessages.dueInPast, { dueAt: trainingSuggestionMessages.dueInPast });
  }
  const result = await db.transaction(async (tx) => {
    const suggestion = await lockOpenSuggestion(tx, actor, id);
    return assignToStaff(
      tx,
      actor,
      notifier,
      suggestion.restaurantId,
      [suggestion.id],
      new Map([[suggestion.trainingId, suggestion.auditItemId]]),
      dueAt,
    );
  });
  return { suggestion: await getSuggestion(db, id), ...result };
}

export async function dismissSuggestion(db: Database, actor: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    await lockOpenSuggestion(tx, actor, id);
    await tx
      .update(trainingSuggestions)
      .set({ status: 'dismissed', decidedBy: actor.id, decidedAt: sql`now()` })
      .where(eq(trainingSuggestions.id, id));
  });
  return getSuggestion(db, id);
}
