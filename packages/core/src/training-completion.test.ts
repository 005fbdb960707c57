import { describe, expect, test } from 'vitest';
import { isOverdue, isTrainingComplete } from './training-completion';

describe('isTrainingComplete', () => {
  test('a passed quiz with unwatched videos is not complete', () => {
    expect(isTrainingComplete({ videos: { watched: 0, total: 3 }, quizPassed: true })).toBe(false);
  });

  test('every video watched and the quiz passed is complete', () => {
    expect(isTrainingComplete({ videos: { watched: 3, total: 3 }, quizPassed: true })).toBe(true);
  });

  test('every video watched but the quiz not passed is not complete', () => {
    expect(isTrainingComplete({ videos: { watched: 3, total: 3 }, quizPassed: false })).toBe(false);
  });

  test('without a quiz, watching every video completes it', () => {
    expect(isTrainingComplete({ videos: { watched: 2, total: 2 }, quizPassed: null })).toBe(true);
    expect(isTrainingComplete({ videos: { watched: 1, total: 2 }, quizPassed: null })).toBe(false);
  });

  test('a training without videos is completed by passing its quiz', () => {
    expect(isTrainingComplete({ videos: { watched: 0, total: 0 }, quizPassed: true })).toBe(true);
    expect(isTrainingComplete({ videos: { watched: 0, total: 0 }, quizPassed: false })).toBe(false);
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  test('past its due date and not completed', () => {
    expect(isOverdue({ dueAt: new Date('2026-05-09T00:00:00Z'), completedAt: null }, now)).toBe(true);
  });
  test('not yet due, without a due date, or completed: not overdue', () => {
    expect(isOverdue({ dueAt: new Date('2026-05-11T00:00:00Z'), completedAt: null }, now)).toBe(false);
    expect(isOverdue({ dueAt: null, completedAt: null }, now)).toBe(false);
    expect(
      isOverdue({ dueAt: new Date('2026-05-09T00:00:00Z'), completedAt: new Date('2026-05-10T00:00:00Z') }, now),
    ).toBe(false);
  });
});
