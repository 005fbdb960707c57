import { describe, expect, test } from 'vitest';
import { computeFinalScore, scoreQuiz } from './scoring';

describe('audit final score (core §9)', () => {
  test('is the rounded average of item values', () => {
    expect(computeFinalScore(['good', 'excellent', 'bad'])).toBe(67);
    expect(computeFinalScore(['excellent', 'excellent'])).toBe(100);
  });

  test('unmarked items count 0', () => {
    expect(computeFinalScore(['excellent', null])).toBe(50);
    expect(computeFinalScore([null, null])).toBe(0);
  });
});

describe('quiz score', () => {
  test('exactly the pass mark passes; just below fails', () => {
    expect(scoreQuiz(4, 5, 80)).toEqual({ score: 80, passed: true });
    expect(scoreQuiz(3, 4, 80)).toEqual({ score: 75, passed: false });
  });

  test('rounds the percentage', () => {
    expect(scoreQuiz(2, 3).score).toBe(67);
  });
});
