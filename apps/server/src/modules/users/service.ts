import { messages, selectRestaurantMessages } from '@brigade/core/messages';
import { isRole, type Role } from '@brigade/core/roles';
import type { SetActive } from '@brigade/core/schemas/restaurants';
import type { SaveUser, StaffListQuery, StaffMember, StaffPage } from '@brigade/core/schemas/users';
import { restaurantsAfterSave, type StaffChanges, staffChangesFor } from '@brigade/core/staff-changes';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordActivity } from '../../activity/record';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import type { SessionUser } from '../../auth/session-user';
import { ADVISORY_LOCKS, lockForTransaction } from '../../db/advisory-locks';
import type { Database, Transaction } from '../../db/database';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { accounts, sessions, users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { emitEvent, personEvent } from '../webhooks/service';
import { insertUser } from './insert-user';
import { exportStaffRows, queryStaffMember, queryStaffPage, type StaffFilter } from './staff-query';

// What other modules and the demo seed use of this one: they import it from here, not from its files.
export { insertUser, type NewUser } from './insert-user';
export { peoplePageIds } from './staff-query';

/**
 * hq sees everyone (optionally one restaurant's people). A manager names one of their
 * restaurants (the route's guard checks they reach it) and sees its staff only.
 */
export async function listStaff(
  db: Database,
  actor: SessionUser,
  query: z.output<typeof StaffListQuery>,
): Promise<StaffPage> {
  const { items, total } = await queryStaffPage(db, staffFilterFor(actor, query), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * Every person of the list as the caller sees it (same search, restaurant, sort and
 * scope), for the CSV export. The refusals come first, before anything is sent: the
 * caller's scope is the filter.
 */
export function exportStaff(
  db: Database,
  actor: SessionUser,
  query: z.output<typeof StaffListQuery>,
): AsyncGenerator<StaffMember> {
  return exportStaffRows(db, staffFilterFor(actor, query), query);
}

/** A manager names one of their restaurants (the route's guard checks they reach it) and sees its staff only. */
function staffFilterFor(actor: SessionUser, query: z.output<typeof StaffListQuery>): StaffFilter {
  if (actor.role === 'manager' && !query.restaurantId) {
    throw badRequest(selectRestaurantMessages.staff, { restaurantId: selectRestaurantMessages.staff });
  }
  return {
    search: query.search,
    restaurantId: query.restaurantId,
    role: actor.role === 'manager' ? 'staff' : undefined,
  };
}

interface Target {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  restaurantIds: string[];
}

/**
 * Every transaction that may demote, deactivate or delete someone takes this first: a
 * check-then-write on "another active hq exists" holds only if no other such
 * transaction runs between the check and the commit.
 */
const lockHeadOffice = (tx: Transaction) => lockForTransaction(tx, ADVISORY_LOCKS.headOffice);

async function loadTarget(tx: Transaction, id: string): Promise<Target> {
  const [target] = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!target || !isRole(target.role)) throw notFound(messages.userNotFound);
  const assigned = await tx
    .select({ restaurantId: staffRestaurantAssignments.restaurantId })
    .from(staffRestaurantAssignments)
    .where(eq(staffRestaurantAssignments.userId, id));
  return { ...target, role: target.role, restaurantIds: assigned.map((row) => row.restaurantId) };
}

/**
 * Refuses with the rule's reason (core `staffChangesFor`) when the caller may not make
 * `change`: 409 for acting on yourself (a conflict with your own session), else 403.
 */
function assertMay(actor: SessionUser, target: Target, change: keyof StaffChanges) {
  const refused = staffChangesFor(actor, target)[change];
  if (refused) throw refused === messages.notYourself ? conflict(refused) : forbidden(refused);
}

/**
 * Brigade always keeps one active hq account, so head office can never lock itself out.
 * The caller holds the head-office lock (`lockHeadOffice`), taken before the target's
 * row: two hq leaving at once, on one server or several, are then checked one after the
 * other, and the second sees the first's change (each statement reads what has committed).
 */
async function assertAnotherActiveHq(tx: Transaction, leavingId: string) {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'hq'), eq(users.isActive, true), ne(users.id, leavingId)))
    .limit(1);
  if (others.length === 0) throw conflict(messages.lastHq);
}

async function assertRestaurantsExist(tx: Transaction, ids: string[]) {
  const found = await tx.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, ids));
  if (found.length !== ids.length) {
    throw badRequest(messages.selectedRestaurantMissing, {
      selectedRestaurants: messages.selectedRestaurantMissing,
    });
  }
}

function emailTaken(): never {
  throw conflict(messages.userExists, { email: messages.userExists });
}

/**
 * The spec's create-user function: creates (no id) or edits (id) a person with their
 * restaurants, in one transaction. hq may do anything; a manager only creates and
 * edits staff, cannot change a role, and names only restaurants they reach (the route's
 * guard checks `selectedRestaurants`): the person's other restaurants stay as they are,
 * and the account of someone who also works elsewhere is head office's (core
 * `staffChangesFor`, docs/decisions/010).
 */
export async function saveUser(
  db: Database,
  auth: Auth,
  actor: SessionUser,
  input: SaveUser,
): Promise<{ created: boolean; member: StaffMember }> {
  if (actor.role === 'manager' && input.role !== 'staff') {
    throw forbidden(input.id ? messages.managerRoleLocked : messages.managerStaffOnly);
  }
  const passwordHash = input.password ? await hashPassword(auth, input.password) : undefined;

  try {
    const id = await db.transaction(async (tx) => {
      await assertRestaurantsExist(tx, input.selectedRestaurants);
      const [sameEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), input.id ? ne(users.id, input.id) : undefined));
      if (sameEmail) emailTaken();

      if (!input.id) {
        if (!passwordHash)
          throw badRequest(messages.newStaffPasswordRequired, { password: messages.newStaffPasswordRequired });
        const newId = await insertUser(tx, { name: input.name, email: input.email, role: input.role, passwordHash });
        await tx
          .insert(staffRestaurantAssignments)
          .values(input.selectedRestaurants.map((restaurantId) => ({ userId: newId, restaurantId })));
        await emitEvent(tx, 'person.created', personEvent(newId));
        await recordActivity(tx, {
          kind: 'user.created',
          restaurantId: input.selectedRestaurants[0] ?? null,
          objectType: 'user',
          objectId: newId,
          objectLabel: input.name,
          changes: {
            name: { from: null, to: input.name },
            email: { from: null, to: input.email },
            role: { from: null, to: input.role },
            restaurantIds: { from: [], to: [...input.selectedRestaurants].sort() },
          },
        });
        return newId;
      }

      await lockHeadOffice(tx);
      const target = await loadTarget(tx, input.id);
      assertMay(actor, target, 'save');
      const accountChanged = input.name !== target.name || input.email !== target.email || Boolean(passwordHash);
      if (accountChanged) assertMay(actor, target, 'account');
      if (target.role === 'hq' && input.role !== 'hq' && target.isActive) await assertAnotherActiveHq(tx, target.id);

      await tx
        .update(users)
        .set({ name: input.name, email: input.email, role: input.role })
        .where(eq(users.id, target.id));
      // A manager changes only the restaurants they reach; the person's others stay. Their
      // inactive restaurants stay too: the form, which offers active restaurants only, cannot name them.
      const inactive =
        actor.role === 'hq' || target.restaurantIds.length === 0
          ? []
          : await tx
              .select({ id: restaurants.id })
              .from(restaurants)
              .where(and(inArray(restaurants.id, target.restaurantIds), eq(restaurants.isActive, false)));
      const wanted = restaurantsAfterSave(actor, target.restaurantIds, [
        ...input.selectedRestaurants,
        ...inactive.map((restaurant) => restaurant.id),
      ]);
      await tx
        .delete(staffRestaurantAssignments)
        .where(
          and(
            eq(staffRestaurantAssignments.userId, target.id),
            notInArray(staffRestaurantAssignments.restaurantId, wanted),
          ),
        );
      await tx
        .insert(staffRestaurantAssignments)
        .values(wanted.map((restaurantId) => ({ userId: target.id, restaurantId })))
        .onConflictDoNothing();
      if (passwordHash) {
        await tx
          .update(accounts)
          .set({ password: passwordHash })
          .where(and(eq(accounts.userId, target.id), eq(accounts.providerId, 'credential')));
        // A new password ends the person's other sessions (not the one making the change).
        await tx.delete(sessions).where(and(eq(sessions.userId, target.id), ne(sessions.token, actor.sessionToken)));
      }
      const changes = changedFields(
        { ...target, restaurantIds: [...target.restaurantIds].sort() },
        { name: input.name, email: input.email, role: input.role, restaurantIds: [...wanted].sort() },
        ['name', 'email', 'role', 'restaurantIds'],
      );
      if (changes || passwordHash) {
        await recordActivity(tx, {
          kind: 'user.updated',
          restaurantId: wanted[0] ?? target.restaurantIds[0] ?? null,
          objectType: 'user',
          objectId: target.id,
          objectLabel: input.name,
          changes,
          // Never the password itself: only that it was set.
          details: passwordHash ? { passwordSet: true } : undefined,
        });
      }
      return target.id;
    });
    const member = await queryStaffMember(db, id);
    if (!member) throw notFound(messages.userNotFound);
    return { created: !input.id, member };
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) emailTaken();
    throw error;
  }
}

/** Deactivating ends the person's sessions at once, in the same transaction. */
export async function setUserActive(db: Database, actor: SessionUser, id: string, { isActive }: SetActive) {
  await db.transaction(async (tx) => {
    await lockHeadOffice(tx);
    const target = await loadTarget(tx, id);
    assertMay(actor, target, 'setActive');
    if (!isActive && target.role === 'hq') await assertAnotherActiveHq(tx, id);
    await tx.update(users).set({ isActive }).where(eq(users.id, id));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, id));
    if (!isActive && target.isActive) await emitEvent(tx, 'person.deactivated', personEvent(id));
    if (isActive !== target.isActive) {
      await recordActivity(tx, {
        kind: 'user.updated',
        restaurantId: target.restaurantIds[0] ?? null,
        objectType: 'user',
        objectId: id,
        objectLabel: target.name,
        changes: { isActive: { from: target.isActive, to: isActive } },
      });
    }
  });
  const member = await queryStaffMember(db, id);
  if (!member) throw notFound(messages.userNotFound);
  return member;
}

/**
 * Deleting a person removes their own records (assignments, attempts, sessions);
 * what they did for others (audits, announcements) stays and shows "Deleted user".
 */
export async function deleteUser(db: Database, actor: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    await lockHeadOffice(tx);
    const target = await loadTarget(tx, id);
    assertMay(actor, target, 'delete');
    if (target.role === 'hq' && target.isActive) await assertAnotherActiveHq(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordActivity(tx, {
      kind: 'user.deleted',
      restaurantId: target.restaurantIds[0] ?? null,
      objectType: 'user',
      objectId: id,
      objectLabel: target.name,
      details: { email: target.email, role: target.role, restaurantIds: target.restaurantIds },
    });
  });
}

/** What provisioning (SCIM, modules/scim) may change about a person: their account and whether it is active. */
export interface ProvisionedChanges {
  name?: string;
  email?: string;
  isActive?: boolean;
}

/**
 * Provisioning's edit (modules/scim, decision 041), in the caller's transaction: no
 * person acts, the identity provider does. The same rules as hq's edits: deactivating
 * ends every session at once (each server reads sessions from the database on every
 * request), and the last active hq stays active (409). Answers the changed fields, before→after.
 */
export async function provisionUserInTransaction(
  tx: Transaction,
  id: string,
  changes: ProvisionedChanges,
): Promise<Record<string, { from: unknown; to: unknown }>> {
  await lockHeadOffice(tx);
  const target = await loadTarget(tx, id);
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['name', 'email', 'isActive'] as const) {
    const to = changes[field];
    if (to !== undefined && to !== target[field]) changed[field] = { from: target[field], to };
  }
  if (changes.isActive === false && target.role === 'hq' && target.isActive) await assertAnotherActiveHq(tx, id);
  if (changes.email !== undefined && changes.email !== target.email) {
    const [sameEmail] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, changes.email), ne(users.id, id)));
    if (sameEmail) emailTaken();
  }
  if (Object.keys(changed).length > 0) {
    await tx.update(users).set(changes).where(eq(users.id, id));
  }
  if (changes.isActive === false) await tx.delete(sessions).where(eq(sessions.userId, id));
  if (changes.isActive === false && target.isActive) await emitEvent(tx, 'person.deactivated', personEvent(id));
  return changed;
}

/** Provisioning's delete (modules/scim), in the caller's transaction: the rules of `deleteUser` without a person acting. */
export async function deprovisionUserInTransaction(
  tx: Transaction,
  id: string,
): Promise<{ name: string; email: string }> {
  await lockHeadOffice(tx);
  const target = await loadTarget(tx, id);
  if (target.role === 'hq' && target.isActive) await assertAnotherActiveHq(tx, id);
  await tx.delete(users).where(eq(users.id, id));
  return { name: target.name, email: target.email };
}
