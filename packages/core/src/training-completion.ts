/**
 * Brigade's one rule for when a training is completed (docs/decisions/011): every one of
 * its videos has been watched and, if it has a quiz, the quiz has been passed. The spec
 * leaves it open (core §4 "How completed_at gets set is not shown"); the server applies
 * this function when a video is watched and when a quiz is submitted, and records the
 * moment in `completed_at`, which every count and badge then reads.
 */
export interface TrainingProgress {
  videos: { watched: number; total: number };
  /** null: the training has no quiz; otherwise whether the person has passed it. */
  quizPassed: boolean | null;
}

export function isTrainingComplete({ videos, quizPassed }: TrainingProgress): boolean {
  return videos.watched >= videos.total && quizPassed !== false;
}

/** Said after a passed quiz that did not complete the training: videos remain to be watched. */
export const watchEveryVideoToComplete = 'Quiz passed. Watch every video of the training to complete it.';

/**
 * An assignment is overdue when it is past its due date and not completed; without a
 * due date it never is. "Overdue Trainings" counts these, not every incomplete one (the
 * server's SQL form of this rule: assignments `overdue`).
 */
export function isOverdue(assignment: { dueAt: Date | null; completedAt: Date | null }, now: Date): boolean {
  return assignment.completedAt === null && assignment.dueAt !== null && assignment.dueAt.getTime() < now.getTime();
}
