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
