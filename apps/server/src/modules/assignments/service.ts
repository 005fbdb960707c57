import { messages } from '@brigade/core/messages';
import { notificationContent } from '@brigade/core/notification-texts';
import type { Role } from '@brigade/core/roles';
import type {
  AssignablePerson,
  AssignmentCard,
  AssignmentsCreated,
  CreateAssignments,
  MyTrainingsQuery,
  PersonAssignmentsQuery,
} from '@brigade/core/schemas/assignments';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { isTrainingComplete } from '@brigade/core/training-completion';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { worksInReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { quizAttemptResets, quizAttempts, trainingQuizAssignments } from '../../db/schema/quizzes';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { staffTrainingAssignments } from '../../db/schema/training-assignments';
import { trainings, trainingVideoProgress, trainingVideos } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Notifier } from '../../notify/notifier';
import { trainingSearchConditions } from '../trainings/service';
import { emitEvent, trainingCompletedEvent } from '../webhooks/service';
import { queryAssignmentCards } from './cards';
import { assignmentFilter, audienceOf } from './overview';

export { overdue, overdueInChain } from './cards';
export { listAssignmentOverview, overviewCsvColumns, overviewCsvRows } from './overview';

const strip = <T>({ staffId: _staffId, ...card }: T & { staffId: string }): T => card as T;

/** The signed-in person's own assignments (My Trainings). */
export async function listMyTrainings(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof MyTrainingsQuery>,
): Promise<AssignmentCard[]> {
  const conditions: (SQL | undefined)[] = [eq(staffTrainingAssignments.staffId, actor.id)];
  if (query.status === 'completed') conditions.push(sql`${staffTrainingAssignments.completedAt} is not null`);
  if (query.status === 'in_progress') conditions.push(sql`${staffTrainingAssignments.completedAt} is null`);
  conditions.push(...trainingSearchConditions(db, query));
  return (await queryAssignmentCards(db, and(...conditions))).map(strip<AssignmentCard>);
}

const userId = sql`${users}.${sql.identifier(users.id.name)}`;
const restaurantsOf = sql<RestaurantRef[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
  from ${staffRestaurantAssignments} sra join ${restaurants} r on r.id = sra.restaurant_id
  where sra.user_id = ${userId}), '[]'::json)`;

/**
 * An expanded person of the overview: their assignments in full (description,
 * categories, dates, videos), under the overview's filters and scope. 404 for nobody;
 * 403 for someone the overview would not list for this caller (a manager: staff of the
 * named restaurant only).
 */
export async function listPersonAssignments(
  db: Queryable,
  actor: SessionUser,
  personId: string,
  query: z.output<typeof PersonAssignmentsQuery>,
): Promise<AssignmentCard[]> {
  // hq reaches everyone: a restaurant they filter the overview by narrows the list, not this.
  const audience = actor.role === 'hq' ? undefined : audienceOf(actor, query.restaurantId);
  // Both at once: the cards are dropped unread when the person is out of reach.
  const [[person], cards] = await Promise.all([
    db
      .select({ inAudience: audience ? sql<boolean>`coalesce(${audience}, false)` : sql<boolean>`true` })
      .from(users)
      .where(eq(users.id, personId)),
    queryAssignmentCards(db, and(eq(staffTrainingAssignments.staffId, personId), assignmentFilter(query))),
  ]);
  if (!person) throw notFound(messages.userNotFound);
  if (!person.inAudience) throw forbidden();
  return cards.map(strip<AssignmentCard>);
}

/** People trainings can go to: active, with a restaurant; role staff, or staff and managers for hq. */
export async function listAssignable(
  db: Queryable,
  actor: SessionUser,
  query: { restaurantId?: string; search?: string },
): Promise<AssignablePerson[]> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, restaurants: restaurantsOf })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        inArray(users.role, actor.role === 'hq' ? ['staff', 'manager'] : ['staff']),
        // A restaurant named in the query is one the caller reaches (the route's guard checked).
        query.restaurantId
          ? inArray(
              users.id,
              db
                .select({ id: staffRestaurantAssignments.userId })
                .from(staffRestaurantAssignments)
                .where(eq(staffRestaurantAssignments.restaurantId, query.restaurantId)),
            )
          : worksInReach(actor, userId),
        pattern ? sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(1000);
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

/** Every id must be an assignable person the caller may reach, or nothing is written. */
async function assertAssignable(db: Queryable, actor: SessionUser, staffIds: string[]) {
  const allowed = await assignableAmong(db, actor, staffIds);
  if (allowed.size !== new Set(staffIds).size) throw forbidden(messages.notAssignable);
}

async function assignableAmong(db: Queryable, actor: SessionUser, staffIds: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, staffIds),
        eq(users.isActive, true),
        inArray(users.role, actor.role === 'hq' ? ['staff', 'manager'] : ['staff']),
        worksInReach(actor, userId),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Every training × person pair in one statement; pairs that exist already are skipped
 * (ON CONFLICT DO NOTHING) and counted. assigned_at is the server's clock. Each new
 * assignment tells its person ("New training", issue 20) in the same transaction, with
 * one more statement however many were made; the caller's `notifier.wake()` after the
 * commit sends the emails. `sourceAuditItemIds` (training id → audit item) records the
 * finding that caused a training's assignments (findings that train).
 */
export async function createAssignments(
  db: Database,
  actor: SessionUser,
  input: z.output<typeof CreateAssignments>,
  notifier: Notifier,
  options: { sourceAuditItemIds?: ReadonlyMap<string, string> } = {},
): Promise<AssignmentsCreated> {
  // Sorted, so that concurrent bulk assignments over the same people take their row
  // locks in one order and cannot deadlock each other.
  const trainingIds = [...new Set(input.trainingIds)].sort();
  const staffIds = [...new Set(input.staffIds)].sort();
  const dueAt = input.dueAt ? new Date(input.dueAt) : null;
  const created = await db.transaction(async (tx) => {
    await assertAssignable(tx, actor, staffIds);
    const found = await tx
      .select({ id: trainings.id, title: trainings.title })
      .from(trainings)
      .where(inArray(trainings.id, trainingIds));
    if (found.length !== trainingIds.length) throw badRequest(messages.selectedTrainingMissing);
    const inserted = await tx
      .insert(staffTrainingAssignments)
      .values(
        staffIds.flatMap((staffId) =>
          trainingIds.map((trainingId) => ({
            staffId,
            trainingId,
            assignedBy: actor.id,
            dueAt,
            sourceAuditItemId: options.sourceAuditItemIds?.get(trainingId) ?? null,
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({
        id: staffTrainingAssignments.id,
        staffId: staffTrainingAssignments.staffId,
        trainingId: staffTrainingAssignments.trainingId,
      });
    const titleOf = new Map(found.map((training) => [training.id, training.title]));
    const dueOn = dueAt ? dueAt.toISOString().slice(0, 10) : null;
    await notifier.notify(
      tx,
      inserted.map((assignment) => ({
        userId: assignment.staffId,
        subjectKey: assignment.id,
        ...notificationContent('trainingAssigned', titleOf.get(assignment.trainingId) ?? '', dueOn),
        link: `/trainings/${assignment.trainingId}`,
      })),
    );
    const pairs = trainingIds.length * staffIds.length;
    return { created: inserted.length, skipped: pairs - inserted.length };
  });
  if (created.created) notifier.wake();
  return created;
}

async function loadAssignment(db: Queryable, actor: SessionUser, id: string) {
  const [assignment] = await db
    .select({
      id: staffTrainingAssignments.id,
      staffId: staffTrainingAssignments.staffId,
      trainingId: staffTrainingAssignments.trainingId,
      quizId: trainingQuizAssignments.quizId,
    })
    .from(staffTrainingAssignments)
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, staffTrainingAssignments.trainingId))
    .where(eq(staffTrainingAssignments.id, id));
  if (!assignment) throw notFound(messages.assignmentNotFound);
  if (actor.role !== 'hq') {
    const reachable = await managesStaffMember(db, actor, assignment.staffId);
    if (!reachable) throw forbidden(messages.notAssignable);
  }
  return assignment;
}

/** A manager may change assignments of staff (active or not) in their restaurants. */
async function managesStaffMember(db: Queryable, actor: SessionUser, staffId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.role, 'staff'), worksInReach(actor, userId)));
  return Boolean(row);
}

export async function deleteAssignment(db: Queryable, actor: SessionUser, id: string) {
  await loadAssignment(db, actor, id);
  await db.delete(staffTrainingAssignments).where(eq(staffTrainingAssignments.id, id));
}

/**
 * The spec's reset_quiz_attempt: removes the person's attempts at the training's quiz,
 * and records who reset what and when.
 */
export async function resetQuizAttempts(db: Database, actor: SessionUser, id: string) {
  const assignment = await loadAssignment(db, actor, id);
  const { quizId } = assignment;
  if (!quizId) throw badRequest(messages.quizNotFound);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(quizAttempts)
      .where(and(eq(quizAttempts.staffId, assignment.staffId), eq(quizAttempts.quizId, quizId)))
      .returning({ id: quizAttempts.id });
    await tx.insert(quizAttemptResets).values({
      staffId: assignment.staffId,
      quizId,
      resetBy: actor.id,
      attemptsRemoved: removed.length,
    });
    return { attemptsRemoved: removed.length };
  });
}

/**
 * Records the person's training as completed when the completion rule holds
 * (`isTrainingComplete`, docs/decisions/011): every video watched and, if the training
 * has a quiz, a passing attempt. Called in the transaction that recorded a watched
 * video or a quiz attempt. Answers whether the assignment is completed now; a training
 * the person is not assigned stays without one.
 */
export async function completeIfDone(tx: Queryable, staffId: string, trainingId: string): Promise<boolean> {
  const [progress] = await tx
    .select({
      total: sql<number>`(select count(*)::int from ${trainingVideos} v where v.module_id = ${trainingId})`,
      watched: sql<number>`(select count(*)::int from ${trainingVideos} v
        join ${trainingVideoProgress} p on p.video_id = v.id and p.staff_id = ${staffId}
        where v.module_id = ${trainingId})`,
      quizPassed: sql<boolean | null>`case when tqa.quiz_id is null then null else exists (
        select 1 from ${quizAttempts} qa where qa.quiz_id = tqa.quiz_id and qa.staff_id = ${staffId} and qa.passed) end`,
    })
    .from(sql`(select 1) as one left join ${trainingQuizAssignments} tqa on tqa.training_id = ${trainingId}`);
  if (!progress) throw new Error('progress row missing');
  const [assignment] = await tx
    .select({ id: staffTrainingAssignments.id, completedAt: staffTrainingAssignments.completedAt })
    .from(staffTrainingAssignments)
    .where(and(eq(staffTrainingAssignments.staffId, staffId), eq(staffTrainingAssignments.trainingId, trainingId)));
  if (!assignment) return false;
  if (assignment.completedAt) return true;
  const done = isTrainingComplete({
    videos: { watched: progress.watched, total: progress.total },
    quizPassed: progress.quizPassed,
  });
  if (!done) return false;
  const completed = await tx
    .update(staffTrainingAssignments)
    .set({ completedAt: new Date() })
    .where(and(eq(staffTrainingAssignments.id, assignment.id), sql`${staffTrainingAssignments.completedAt} is null`))
    .returning({ id: staffTrainingAssignments.id });
  if (completed.length > 0) await emitEvent(tx, 'training.completed', trainingCompletedEvent(assignment.id));
  return true;
}

/**
 * A video played to the end, recorded for the person. Watching the last unwatched video
 * completes the training when the completion rule holds (`completeIfDone`).
 */
export async function markVideoWatched(db: Database, actor: SessionUser, trainingId: string, videoId: string) {
  return db.transaction(async (tx) => {
    const [video] = await tx
      .select({ id: trainingVideos.id })
      .from(trainingVideos)
      .where(and(eq(trainingVideos.id, videoId), eq(trainingVideos.moduleId, trainingId)));
    if (!video) throw notFound(messages.videoNotFound);
    await tx.insert(trainingVideoProgress).values({ staffId: actor.id, videoId }).onConflictDoNothing();
    return { watched: true, trainingCompleted: await completeIfDone(tx, actor.id, trainingId) };
  });
}
