/** Audit marks and their values (core-operations §9). */
export const AUDIT_MARKS = ['bad', 'needs_improvement', 'good', 'excellent'] as const;
export type AuditMark = (typeof AUDIT_MARKS)[number];

export const MARK_VALUES: Record<AuditMark, number> = { bad: 25, needs_improvement: 50, good: 75, excellent: 100 };

/** The rounded average of all item values, unmarked items counting 0. */
export function computeFinalScore(marks: readonly (AuditMark | null)[]): number {
  if (marks.length === 0) return 0;
  const total = marks.reduce((sum, mark) => sum + (mark ? MARK_VALUES[mark] : 0), 0);
  return Math.round(total / marks.length);
}

export const DEFAULT_PASS_MARK = 80;

/** A quiz result: the rounded percentage, passed when it reaches the pass mark. */
export function scoreQuiz(correctCount: number, questionCount: number, passMark = DEFAULT_PASS_MARK) {
  const score = questionCount === 0 ? 0 : Math.round((correctCount / questionCount) * 100);
  return { score, passed: score >= passMark };
}
