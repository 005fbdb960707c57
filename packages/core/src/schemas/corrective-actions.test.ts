import { describe, expect, test } from 'vitest';
import { ActionListQuery, addDays, isActionOverdue, ResolveAction, todayUtc } from './corrective-actions';

describe('the overdue rule', () => {
  test('open and due before today (UTC) is overdue; due today or resolved is not', () => {
    expect(isActionOverdue({ status: 'open', dueOn: '2026-11-24' }, '2026-11-25')).toBe(true);
    expect(isActionOverdue({ status: 'open', dueOn: '2026-11-25' }, '2026-11-25')).toBe(false);
    expect(isActionOverdue({ status: 'resolved', dueOn: '2020-01-01' }, '2026-11-25')).toBe(false);
  });

  test('today is the UTC calendar day, whatever the local time zone', () => {
    expect(todayUtc(new Date('2026-11-25T23:30:00-05:00'))).toBe('2026-11-26');
  });

  test('due days add calendar days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-22', 7)).toBe('2028-02-29');
  });
});

describe('inputs', () => {
  test('a resolve note is required and trimmed', () => {
    expect(ResolveAction.safeParse({ note: '   ', version: 1 }).success).toBe(false);
    expect(ResolveAction.parse({ note: ' Fixed ', version: 1 }).note).toBe('Fixed');
  });

  test('the list query reads overdue from the address as a boolean', () => {
    expect(ActionListQuery.parse({ overdue: 'true' }).overdue).toBe(true);
    expect(ActionListQuery.parse({ overdue: 'false' }).overdue).toBe(false);
    expect(ActionListQuery.safeParse({ overdue: 'yes' }).success).toBe(false);
  });
});
