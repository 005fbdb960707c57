import { describe, expect, test } from 'vitest';
import { allows, mayReadAudit, reachesRestaurant } from './permissions';

describe('permission table', () => {
  test('only hq lists every restaurant', () => {
    expect(allows('hq', 'restaurants.list')).toBe(true);
    expect(allows('manager', 'restaurants.list')).toBe(false);
    expect(allows('staff', 'restaurants.list')).toBe(false);
  });

  test('everyone reads and updates their own profile', () => {
    for (const role of ['hq', 'manager', 'staff'] as const) {
      expect(allows(role, 'profile.read')).toBe(true);
      expect(allows(role, 'profile.update')).toBe(true);
    }
  });

  test('hq reaches every restaurant; others only those assigned to them', () => {
    expect(reachesRestaurant({ role: 'hq', restaurantIds: [] }, 'r1')).toBe(true);
    expect(reachesRestaurant({ role: 'manager', restaurantIds: ['r1'] }, 'r1')).toBe(true);
    expect(reachesRestaurant({ role: 'manager', restaurantIds: ['r1'] }, 'r2')).toBe(false);
    expect(reachesRestaurant({ role: 'staff', restaurantIds: [] }, 'r1')).toBe(false);
  });

  test('a draft audit is read only by those who conduct audits (hq); completed audits by everyone', () => {
    for (const role of ['hq', 'manager', 'staff'] as const) {
      expect(mayReadAudit(role, 'draft')).toBe(allows(role, 'audits.conduct'));
      expect(mayReadAudit(role, 'completed')).toBe(true);
    }
    expect(mayReadAudit('hq', 'draft')).toBe(true);
    expect(mayReadAudit('manager', 'draft')).toBe(false);
  });
});
