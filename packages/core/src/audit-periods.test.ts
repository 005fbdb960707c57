import { describe, expect, test } from 'vitest';
import { addDays, nextPeriod, periodAt, periodContaining, periodsFrom, periodsUpTo } from './audit-periods';

describe('audit periods', () => {
  test('weekly periods are 7 days from the start, end exclusive', () => {
    expect(periodContaining('weekly', '2026-01-05', '2026-01-05')).toEqual({ start: '2026-01-05', end: '2026-01-12' });
    expect(periodContaining('weekly', '2026-01-05', '2026-01-11')).toEqual({ start: '2026-01-05', end: '2026-01-12' });
    expect(periodContaining('weekly', '2026-01-05', '2026-01-12')).toEqual({ start: '2026-01-12', end: '2026-01-19' });
  });

  test('biweekly periods are 14 days', () => {
    expect(periodContaining('biweekly', '2026-01-05', '2026-01-20')).toEqual({
      start: '2026-01-19',
      end: '2026-02-02',
    });
  });

  test('no period before the schedule starts', () => {
    expect(periodContaining('weekly', '2026-01-05', '2026-01-04')).toBeNull();
    expect(periodContaining('monthly', '2026-01-05', '2025-12-31')).toBeNull();
    expect(nextPeriod('monthly', '2026-03-10', '2026-01-01')).toEqual({ start: '2026-03-10', end: '2026-04-10' });
  });

  test('monthly periods follow calendar months from the start day', () => {
    expect(periodContaining('monthly', '2026-01-15', '2026-02-14')).toEqual({ start: '2026-01-15', end: '2026-02-15' });
    expect(periodContaining('monthly', '2026-01-15', '2026-02-15')).toEqual({ start: '2026-02-15', end: '2026-03-15' });
  });

  test('monthly periods clamp at the end of a short month', () => {
    expect(periodAt('monthly', '2026-01-31', 1)).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(periodAt('monthly', '2024-01-31', 1)).toEqual({ start: '2024-02-29', end: '2024-03-31' });
    expect(periodContaining('monthly', '2026-01-31', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(periodContaining('monthly', '2026-01-31', '2026-04-30')).toEqual({ start: '2026-04-30', end: '2026-05-31' });
  });

  test('quarterly periods are 3 months and cross years', () => {
    expect(periodContaining('quarterly', '2025-11-30', '2026-02-27')).toEqual({
      start: '2025-11-30',
      end: '2026-02-28',
    });
    expect(periodContaining('quarterly', '2025-11-30', '2026-02-28')).toEqual({
      start: '2026-02-28',
      end: '2026-05-30',
    });
  });

  test('periodsFrom gives the current period and the next ones', () => {
    expect(periodsFrom('weekly', '2026-01-05', '2026-01-14', 3)).toEqual([
      { start: '2026-01-12', end: '2026-01-19' },
      { start: '2026-01-19', end: '2026-01-26' },
      { start: '2026-01-26', end: '2026-02-02' },
    ]);
  });

  test('periodsUpTo lists the started periods, latest last', () => {
    expect(periodsUpTo('weekly', '2026-01-05', '2026-01-20', 2)).toEqual([
      { start: '2026-01-12', end: '2026-01-19' },
      { start: '2026-01-19', end: '2026-01-26' },
    ]);
    expect(periodsUpTo('weekly', '2026-01-05', '2026-01-01', 5)).toEqual([]);
  });

  test('periods of a long run stay contiguous', () => {
    for (const cadence of ['weekly', 'biweekly', 'monthly', 'quarterly'] as const) {
      for (let index = 0; index < 60; index += 1) {
        expect(periodAt(cadence, '2024-08-31', index).end).toBe(periodAt(cadence, '2024-08-31', index + 1).start);
      }
    }
  });

  test('calendar days are refused when malformed', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
