import type { SensorSeries } from '@brigade/core/schemas/sensors';
import { describe, expect, test } from 'vitest';
import { figuresRows, valueDomain } from './chart-figures';
import { summaryOf } from './chart-summary';

const device = { id: 'd-1', name: 'Walk-in fridge', kind: 'fridge' as const, lowC: 0, highC: 5 };
const zone = 'Europe/Amsterdam';
/** Noon in Amsterdam on 28 Nov 2026 (UTC+1): times today read as "HH:MM". */
const now = new Date('2026-11-28T11:00:00.000Z');

const day: SensorSeries = {
  range: '24h',
  device,
  from: '2026-11-27T11:00:00.000Z',
  to: now.toISOString(),
  excursions: [
    { id: 'x-1', direction: 'high', startedAt: '2026-11-28T09:00:00.000Z', endedAt: '2026-11-28T09:40:00.000Z' },
    { id: 'x-2', direction: 'high', startedAt: '2026-11-28T10:30:00.000Z', endedAt: null },
  ],
  readings: [
    { at: '2026-11-28T09:00:00.000Z', value: 7.5 },
    { at: '2026-11-28T09:30:00.000Z', value: 9.4 },
    { at: '2026-11-28T10:10:00.000Z', value: 3 },
    { at: '2026-11-28T10:50:00.000Z', value: 8 },
  ],
};

const week: SensorSeries = {
  range: '7d',
  device,
  from: '2026-11-21T11:00:00.000Z',
  to: now.toISOString(),
  excursions: [],
  hours: [
    { hour: '2026-11-27T10:00:00.000Z', min: 2, max: 4, avg: 3, count: 60 },
    { hour: '2026-11-27T11:00:00.000Z', min: 1, max: 5, avg: 4, count: 20 },
    { hour: '2026-11-28T08:00:00.000Z', min: -1, max: 3, avg: 2, count: 60 },
  ],
};

describe("a sensor chart's text alternative", () => {
  test('the 24 hours in a sentence: readings, extremes, limits and each excursion by the restaurant clock', () => {
    expect(summaryOf(day, zone, now)).toBe(
      'Walk-in fridge, last 24 hours: 4 readings between 3 °C and 9.4 °C; limits 0 °C – 5 °C. ' +
        'Excursions: above 5 °C from 10:00 to 10:40; above 5 °C since 11:30, still live.',
    );
  });

  test('no readings, no excursions', () => {
    expect(summaryOf({ ...day, readings: [], excursions: [] }, zone, now)).toBe(
      'Walk-in fridge, last 24 hours: no readings; limits 0 °C – 5 °C.',
    );
    expect(summaryOf(week, zone, now)).toBe(
      'Walk-in fridge, last 7 days: 140 readings between -1 °C and 5 °C; limits 0 °C – 5 °C. No excursions.',
    );
  });

  test('the table: the 24 hours by hour of the restaurant, the 7 days by day with the average weighed by readings', () => {
    expect(figuresRows(day, zone).map(({ min, max, avg, count }) => ({ min, max, avg, count }))).toEqual([
      { min: 7.5, max: 9.4, avg: 8.5, count: 2 },
      { min: 3, max: 8, avg: 5.5, count: 2 },
    ]);
    expect(figuresRows(week, zone).map(({ min, max, avg, count }) => ({ min, max, avg, count }))).toEqual([
      { min: 1, max: 5, avg: 3.3, count: 80 },
      { min: -1, max: 3, avg: 2, count: 60 },
    ]);
  });

  test('the value axis always holds both limits, with a degree to spare', () => {
    expect(valueDomain(day)).toEqual([-1, 11]);
    expect(valueDomain({ ...day, readings: [{ at: day.to, value: 2 }] })).toEqual([-1, 6]);
  });
});
