import type { AssignmentCard, AssignmentSummary } from '@brigade/core/schemas/assignments';
import type { TrainingCategory } from '@brigade/core/schemas/trainings';
import { isOverdue } from '@brigade/core/training-completion';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { auditItems, audits } from '../../db/schema/audits';
import { openAssignmentsByDueDay } from '../../db/schema/counts';
import { quizAttempts, trainingQuizAssignments } from '../../db/schema/quizzes';
import { restaurants } from '../../db/schema/restaurants';
import { staffTrainingAssignments } from '../../db/schema/training-assignments';
import {
  trainingCategories,
  trainingCategoryAssignments,
  trainings,
  trainingVideoProgress,
  trainingVideos,
} from '../../db/schema/trainings';

/**
 * An assignment past its due date and not completed: what every "Overdue" badge and
 * "Overdue Trainings" count means (core `isOverdue`). One without a due date is never overdue.
 */
export const overdue = sql`(${staffTrainingAssignments.completedAt} is null and ${staffTrainingAssignments.dueAt} < now())`;

/**
 * "Overdue Trainings" of the whole chain without reading its open assignments: every
 * day before today (UTC) from open_assignments_by_due_day, and today's own assignments
 * due before now() from the overdue index (a few hundred at most).
 */
export const overdueInChain = sql<number>`((select coalesce(sum(${openAssignmentsByDueDay.open}), 0)::int
    from ${openAssignmentsByDueDay} where ${openAssignmentsByDueDay.dueDay} < (now() at time zone 'UTC')::date)
  + (select count(*)::int from ${staffTrainingAssignments} where ${staffTrainingAssignments.completedAt} is null
    and ${staffTrainingAssignments.dueAt} >= ((now() at time zone 'UTC')::date::timestamp at time zone 'UTC')
    and ${staffTrainingAssignments.dueAt} < now()))`;

/**
 * Which attempt (`qa`) an assignment shows: the newest (core §4) while it is open; once
 * completed, the best, newest first among equals. A retake of a completed training cannot
 * undo the completion, so "Completed" beside the retake's red "Quiz: 0%" said two things
 * at once (issue 31).
 */
const shownAttemptOrder = sql`case when ${staffTrainingAssignments.completedAt} is not null then qa.score end desc nulls last,
  qa.created_at desc`;

/** The order every list of assignments shows. */
const cardOrder = [asc(trainings.title), asc(staffTrainingAssignments.id)];

/**
 * Assignment cards in one SELECT: the training with its categories, whether it has a
 * quiz, the person's attempt at it to show (`shownAttemptOrder`), and how many
 * of its videos they have watched.
 */
export async function queryAssignmentCards(db: Queryable, where: SQL | undefined) {
  const rows = await db
    .select({
      id: staffTrainingAssignments.id,
      staffId: staffTrainingAssignments.staffId,
      assignedAt: staffTrainingAssignments.assignedAt,
      dueAt: staffTrainingAssignments.dueAt,
      completedAt: staffTrainingAssignments.completedAt,
      trainingId: trainings.id,
      title: trainings.title,
      description: trainings.description,
      // Per card: one person's cards (My Trainings, an expanded person of the overview) are
      // ~20, so a few index probes each beat aggregating every training's categories.
      categories: sql<TrainingCategory[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from ${trainingCategoryAssignments} tca join ${trainingCategories} c on c.id = tca.category_id
        where tca.training_id = ${trainings.id}), '[]'::json)`,
      hasQuiz: sql<boolean>`${trainingQuizAssignments.quizId} is not null`,
      latestAttempt: sql<{ score: number; passed: boolean; takenAt: string } | null>`(
        select json_build_object('score', qa.score, 'passed', qa.passed, 'takenAt', qa.created_at)
        from ${quizAttempts} qa
        where ${trainingQuizAssignments.quizId} is not null
          and qa.staff_id = ${staffTrainingAssignments.staffId} and qa.quiz_id = ${trainingQuizAssignments.quizId}
        order by ${shownAttemptOrder} limit 1)`,
      videosTotal: sql<number>`(select count(*)::int from ${trainingVideos} v where v.module_id = ${trainings.id})`,
      videosWatched: sql<number>`(select count(*)::int from ${trainingVideos} v
        join ${trainingVideoProgress} p on p.video_id = v.id and p.staff_id = ${staffTrainingAssignments.staffId}
        where v.module_id = ${trainings.id})`,
      // The finding that caused it (issue 20), through the partial index on source_audit_item_id.
      source: sql<{ auditId: string; auditedAt: string; restaurantName: string; itemText: string } | null>`(
        select json_build_object('auditId', a.id, 'auditedAt', a.audited_at, 'restaurantName', r.name, 'itemText', ai.item_text)
        from ${auditItems} ai join ${audits} a on a.id = ai.audit_id join ${restaurants} r on r.id = a.restaurant_id
        where ai.id = ${staffTrainingAssignments.sourceAuditItemId})`,
    })
    .from(staffTrainingAssignments)
    .innerJoin(trainings, eq(trainings.id, staffTrainingAssignments.trainingId))
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, trainings.id))
    .where(where)
    .orderBy(...cardOrder);
  const now = new Date();
  return rows.map((row): AssignmentCard & { staffId: string } => ({
    id: row.id,
    staffId: row.staffId,
    training: { id: row.trainingId, title: row.title, description: row.description, categories: row.categories },
    assignedAt: row.assignedAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    overdue: isOverdue(row, now),
    hasQuiz: row.hasQuiz,
    latestAttempt: row.latestAttempt
      ? { ...row.latestAttempt, takenAt: new Date(row.latestAttempt.takenAt).toISOString() }
      : null,
    videos: { watched: row.videosWatched, total: row.videosTotal },
    source: row.source ? { ...row.source, auditedAt: new Date(row.source.auditedAt).toISOString() } : null,
  }));
}

/**
 * The attempt an assignment shows (as `latest.score` and `latest.passed`): gated on the
 * quiz, so the many trainings without one skip the probe.
 */
const latestAttempt = sql`lateral (select qa.score, qa.passed from ${quizAttempts} qa
  where ${trainingQuizAssignments.quizId} is not null
    and qa.staff_id = ${staffTrainingAssignments.staffId} and qa.quiz_id = ${trainingQuizAssignments.quizId}
  order by ${shownAttemptOrder} limit 1) latest`;

/**
 * The overview's lines (AssignmentSummary) in one SELECT: title, status and the newest
 * quiz result, without the description, categories, dates and video counts that only an
 * expanded person shows (queryAssignmentCards).
 */
export async function queryAssignmentSummaries(db: Queryable, where: SQL | undefined) {
  const rows = await db
    .select({
      staffId: staffTrainingAssignments.staffId,
      title: trainings.title,
      completed: sql<boolean>`${staffTrainingAssignments.completedAt} is not null`,
      // Null (unknown) without a due date: never overdue.
      overdue: sql<boolean>`coalesce(${overdue}, false)`,
      hasQuiz: sql<boolean>`${trainingQuizAssignments.quizId} is not null`,
      // Two columns rather than json: no json to build in SQL and parse again in Node.
      quizScore: sql<number | null>`latest.score`,
      quizPassed: sql<boolean | null>`latest.passed`,
    })
    .from(staffTrainingAssignments)
    .innerJoin(trainings, eq(trainings.id, staffTrainingAssignments.trainingId))
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, trainings.id))
    .leftJoin(latestAttempt, sql`true`)
    .where(where)
    .orderBy(...cardOrder);
  return rows.map((row): AssignmentSummary & { staffId: string } => {
    const summary: AssignmentSummary & { staffId: string } = {
      staffId: row.staffId,
      title: row.title,
      completed: row.completed,
      overdue: row.overdue,
    };
    if (row.hasQuiz) {
      summary.quiz =
        row.quizScore === null || row.quizPassed === null ? null : { score: row.quizScore, passed: row.quizPassed };
    }
    return summary;
  });
}

/**
 * The overview's CSV lines: an assignment's training, dates and newest quiz result, by
 * training title, in one SELECT for a batch of people.
 */
export async function queryAssignmentExportRows(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      staffId: staffTrainingAssignments.staffId,
      title: trainings.title,
      assignedAt: staffTrainingAssignments.assignedAt,
      dueAt: staffTrainingAssignments.dueAt,
      completedAt: staffTrainingAssignments.completedAt,
      quizScore: sql<number | null>`latest.score`,
      quizPassed: sql<boolean | null>`latest.passed`,
    })
    .from(staffTrainingAssignments)
    .innerJoin(trainings, eq(trainings.id, staffTrainingAssignments.trainingId))
    .leftJoin(trainingQuizAssignments, eq(trainingQuizAssignments.trainingId, trainings.id))
    .leftJoin(latestAttempt, sql`true`)
    .where(where)
    .orderBy(...cardOrder);
}
