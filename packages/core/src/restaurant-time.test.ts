import { describe, expect, it } from 'vitest';
import {
  clockTime,
  isoWeekday,
  isTimeZone,
  localDay,
  localMinutes,
  parseClockTime,
  windowLength,
  windowOf,
  zonedInstant,
} from './restaurant-time';

const iso = (date: Date) => date.toISOString();

describe('restaurant time', () => {
  it('reads an ordinary local time with the zone’s offset of that day', () => {
    expect(iso(zonedInstant('2026-01-15', 8 * 60, 'Europe/Amsterdam'))).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(zonedInstant('2026-07-15', 8 * 60, 'Europe/Amsterdam'))).toBe('2026-07-15T06:00:00.000Z');
    expect(iso(zonedInstant('2026-07-15', 8 * 60, 'America/New_York'))).toBe('2026-07-15T12:00:00.000Z');
    expect(iso(zonedInstant('2026-07-15', 8 * 60, 'UTC'))).toBe('2026-07-15T08:00:00.000Z');
  });

  // The same instants PostgreSQL gives for `'2026-03-29 02:30'::timestamp at time zone 'Europe/Amsterdam'` and the rest.
  it('reads a time in the spring-forward gap with the offset before the change, as PostgreSQL does', () => {
    expect(iso(zonedInstant('2026-03-29', 2 * 60, 'Europe/Amsterdam'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedInstant('2026-03-29', 2 * 60 + 30, 'Europe/Amsterdam'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedInstant('2026-03-29', 3 * 60, 'Europe/Amsterdam'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedInstant('2026-03-08', 2 * 60 + 30, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads a time that happens twice (fall-back) as the second one, as PostgreSQL does', () => {
    expect(iso(zonedInstant('2026-10-25', 2 * 60 + 30, 'Europe/Amsterdam'))).toBe('2026-10-25T01:30:00.000Z');
    expect(iso(zonedInstant('2026-11-01', 60 + 30, 'America/New_York'))).toBe('2026-11-01T06:30:00.000Z');
  });

  it('gives the 02:00–03:00 window on the spring-forward day one opening and its full hour', () => {
    const window = windowOf('2026-03-29', 2 * 60, 60, 'Europe/Amsterdam');
    expect(iso(window.opensAt)).toBe('2026-03-29T01:00:00.000Z'); // 03:00 summer time, the moment the clock jumps
    expect(window.closesAt.getTime() - window.opensAt.getTime()).toBe(60 * 60_000);
  });

  it('keeps a window that crosses midnight on the day it opens', () => {
    const closing = windowOf('2026-06-01', 22 * 60, windowLength(22 * 60, 30), 'Europe/Amsterdam');
    expect(iso(closing.opensAt)).toBe('2026-06-01T20:00:00.000Z');
    expect(iso(closing.closesAt)).toBe('2026-06-01T22:30:00.000Z');
    expect(localDay(closing.closesAt, 'Europe/Amsterdam')).toBe('2026-06-02');
  });

  it('tells the local day, minutes and weekday', () => {
    expect(localDay(new Date('2026-06-01T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-06-02');
    expect(localDay(new Date('2026-06-01T23:30:00Z'), 'America/New_York')).toBe('2026-06-01');
    expect(localMinutes(new Date('2026-06-01T23:30:00Z'), 'Europe/Amsterdam')).toBe(90);
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('writes and reads clock times; an end at or before the start is the next day', () => {
    expect(clockTime(1470)).toBe('00:30');
    expect(parseClockTime('06:00')).toBe(360);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('6:00')).toBeNull();
    expect(windowLength(22 * 60, 30)).toBe(150);
    expect(windowLength(8 * 60, 8 * 60)).toBe(1440);
  });

  it('knows the IANA zones this runtime has', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
