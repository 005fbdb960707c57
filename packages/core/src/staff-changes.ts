import { messages } from './messages';
import { reachesRestaurant } from './permissions';
import type { Role } from './roles';

/**
 * What a caller may change about an existing person (docs/decisions/010): one rule, read
 * by the server before it writes and by Staff Management before it offers an action.
 *
 * - hq changes anything about anyone, except deactivating or deleting themself (Brigade
 *   also keeps one active hq account, which only the server can count).
 * - A manager changes staff only, and only staff who work in a restaurant they reach.
 *   Of such a person's restaurants, the manager adds and removes only their own; the
 *   others stay as they are when the manager saves.
 * - A person who also works at a restaurant the manager does not reach is shared with
 *   another manager: their account (name, email, password) and whether it is active are
 *   head office's. The manager may still save them with their own restaurants.
 */

/** Who asks: the signed-in person and the restaurants assigned to them (none needed for hq). */
export interface StaffCaller {
  id: string;
  role: Role;
  restaurantIds: readonly string[];
}

/** The person concerned, with every restaurant they work at. */
export interface StaffPerson {
  id: string;
  role: Role;
  restaurantIds: readonly string[];
}

/** For each change, `null` when the caller may make it, else the reason it is refused. */
export interface StaffChanges {
  /** Saving the person at all (the form's Save), with the caller's own restaurants. */
  save: string | null;
  /** Name, email and password. */
  account: string | null;
  /** Activating or deactivating. */
  setActive: string | null;
  delete: string | null;
}

const allowed: StaffChanges = { save: null, account: null, setActive: null, delete: null };

function refusedAll(reason: string): StaffChanges {
  return { save: reason, account: reason, setActive: reason, delete: reason };
}

export function staffChangesFor(caller: StaffCaller, person: StaffPerson): StaffChanges {
  const self = caller.id === person.id;
  const yourself = self ? { setActive: messages.notYourself, delete: messages.notYourself } : {};
  if (caller.role === 'hq') return { ...allowed, ...yourself };
  if (caller.role !== 'manager') return refusedAll(messages.forbidden);
  if (person.role !== 'staff') return refusedAll(messages.managerStaffOnly);
  if (!person.restaurantIds.some((id) => reachesRestaurant(caller, id))) return refusedAll(messages.forbidden);
  if (restaurantsOutOfReach(caller, person.restaurantIds).length > 0) {
    return {
      save: null,
      account: messages.managerSharedStaff,
      setActive: messages.managerSharedStaff,
      delete: messages.managerSharedStaff,
    };
  }
  return allowed;
}

/** The restaurants among `restaurantIds` the caller does not reach: the ones they leave untouched. */
export function restaurantsOutOfReach(
  caller: Pick<StaffCaller, 'role' | 'restaurantIds'>,
  restaurantIds: readonly string[],
) {
  return restaurantIds.filter((id) => !reachesRestaurant(caller, id));
}

/**
 * The person's restaurants once the caller has saved `chosen`: hq sets them all; for
 * anyone else the restaurants they do not reach stay, whatever was chosen.
 */
export function restaurantsAfterSave(
  caller: Pick<StaffCaller, 'role' | 'restaurantIds'>,
  current: readonly string[],
  chosen: readonly string[],
): string[] {
  if (caller.role === 'hq') return [...new Set(chosen)];
  return [...new Set([...restaurantsOutOfReach(caller, current), ...chosen])];
}
