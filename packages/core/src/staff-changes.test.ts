import { describe, expect, test } from 'vitest';
import { messages } from './messages';
import { restaurantsAfterSave, staffChangesFor } from './staff-changes';

const hq = { id: 'hq-1', role: 'hq' as const, restaurantIds: [] };
const manager = { id: 'm-1', role: 'manager' as const, restaurantIds: ['a', 'b'] };
const staffAt = (...restaurantIds: string[]) => ({ id: 'p-1', role: 'staff' as const, restaurantIds });
const anything = { save: null, account: null, setActive: null, delete: null };

describe('what a caller may change about a person (decision 010)', () => {
  test('hq changes anything about anyone, but does not deactivate or delete themself', () => {
    expect(staffChangesFor(hq, staffAt('a', 'c'))).toEqual(anything);
    expect(staffChangesFor(hq, { ...hq, id: 'hq-2' })).toEqual(anything);
    expect(staffChangesFor(hq, hq)).toEqual({
      save: null,
      account: null,
      setActive: messages.notYourself,
      delete: messages.notYourself,
    });
  });

  test('a manager changes everything about staff who work only in their restaurants', () => {
    expect(staffChangesFor(manager, staffAt('a'))).toEqual(anything);
    expect(staffChangesFor(manager, staffAt('a', 'b'))).toEqual(anything);
  });

  test("a person shared with a restaurant out of reach: the manager saves them, the account and status are head office's", () => {
    expect(staffChangesFor(manager, staffAt('a', 'c'))).toEqual({
      save: null,
      account: messages.managerSharedStaff,
      setActive: messages.managerSharedStaff,
      delete: messages.managerSharedStaff,
    });
  });

  test('a manager changes nothing about other managers, hq, or staff elsewhere', () => {
    const refused = (reason: string) => ({ save: reason, account: reason, setActive: reason, delete: reason });
    expect(staffChangesFor(manager, { id: 'm-2', role: 'manager', restaurantIds: ['a'] })).toEqual(
      refused(messages.managerStaffOnly),
    );
    expect(staffChangesFor(manager, hq)).toEqual(refused(messages.managerStaffOnly));
    expect(staffChangesFor(manager, staffAt('c'))).toEqual(refused(messages.forbidden));
  });

  test("saving keeps a person's restaurants out of the manager's reach; hq sets them all", () => {
    expect(restaurantsAfterSave(manager, ['a', 'c'], ['b'])).toEqual(['c', 'b']);
    expect(restaurantsAfterSave(manager, ['a', 'c'], ['a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(restaurantsAfterSave(hq, ['a', 'c'], ['b'])).toEqual(['b']);
  });
});
