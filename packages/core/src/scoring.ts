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

export const MARK_LABELS = {
  bad: 'Bad',
  needs_improvement: 'Needs improvement',
  good: 'Good',
  excellent: 'Excellent',
} as const satisfies Record<AuditMark, string>;

export type ScoreColour = 'red' | 'yellow' | 'green' | 'gray';

/**
 * A score as it may arrive (a number, or a string possibly ending in %), or null when
 * it cannot be read (reports spec §3, §4).
 */
export function parseScore(score: unknown): number | null {
  if (typeof score === 'number') return Number.isFinite(score) ? score : null;
  if (typeof score !== 'string') return null;
  const text = score.trim().replace(/%$/, '').trim();
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Below 50 red, 50 to below 75 yellow, 75 and above green, grey when unreadable. */
export function scoreColour(score: unknown): ScoreColour {
  const value = parseScore(score);
  if (value === null) return 'gray';
  if (value < 50) return 'red';
  if (value < 75) return 'yellow';
  return 'green';
}
