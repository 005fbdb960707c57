import { describe, expect, test } from 'vitest';
import { computeFinalScore, parseScore, scoreColour, scoreQuiz } from './scoring';

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

describe('score colours and parsing (reports §4)', () => {
  test.each([
    [0, 'red'],
    [49, 'red'],
    [49.9, 'red'],
    [50, 'yellow'],
    [74, 'yellow'],
    [75, 'green'],
    [100, 'green'],
    ['80%', 'green'],
    [' 62 % ', 'yellow'],
    ['12', 'red'],
    [null, 'gray'],
    [undefined, 'gray'],
    ['n/a', 'gray'],
    ['', 'gray'],
    [Number.NaN, 'gray'],
  ])('%j is %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });

  test('parses numbers and percent strings', () => {
    expect(parseScore('87%')).toBe(87);
    expect(parseScore(42)).toBe(42);
    expect(parseScore('abc')).toBeNull();
  });
});
