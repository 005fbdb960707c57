import { messages } from '@brigade/core/messages';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { announcements } from '../src/db/schema/announcements';
import { audits } from '../src/db/schema/audits';
import { staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { sessions, users } from '../src/db/schema/users';
import { startTestApp } from './harness';

const t = await startTestApp();
const a = await t.buildRestaurant({ name: 'Brigade Amsterdam' });
const b = await t.buildRestaurant({ name: 'Brigade Breda' });
const c = await t.buildRestaurant({ name: 'Brigade Clinge' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [a.id, b.id] });
const otherManager = await t.signedIn('manager', { restaurantIds: [c.id] });
const staff = await t.signedIn('staff', { restaurantIds: [a.id] });

const save = (cookie: string | undefined, payload: object) =>
  t.request(cookie, { method: 'POST', url: '/api/users', payload });
const list = (cookie: string | undefined, query = '') =>
  t.request(cookie, { method: 'GET', url: `/api/users${query}` });
const setActive = (cookie: string | undefined, id: string, isActive: boolean) =>
  t.request(cookie, { method: 'PATCH', url: `/api/users/${id}/active`, payload: { isActive } });
const remove = (cookie: string | undefined, id: string) =>
  t.request(cookie, { method: 'DELETE', url: `/api/users/${id}` });
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const restaurantsOf = async (id: string) =>
  (await t.db.select().from(staffRestaurantAssignments).where(eq(staffRestaurantAssignments.userId, id)))
    .map((row) => row.restaurantId)
    .sort();

describe('hq creates and edits any account', () => {
  test('creates a manager with two restaurants; the email is trimmed and lower-cased', async () => {
    const response = await save(hq.cookie, {
      name: 'Nina Manager',
      email: ' Nina@Example.com ',
      password: 'secret1',
      role: 'manager',
      selectedRestaurants: [a.id, c.id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'nina@example.com',
      role: 'manager',
      isActive: true,
      restaurants: [
        { id: a.id, name: 'Brigade Amsterdam' },
        { id: c.id, name: 'Brigade Clinge' },
      ],
      trainingProgress: { completed: 0, total: 0 },
    });
    expect((await t.signIn('nina@example.com', 'secret1')).response.statusCode).toBe(200);
  });

  test('the spec messages: name, email, new password, restaurants; nothing is created', async () => {
    const before = await t.tableDigests();
    const response = await save(hq.cookie, { name: '', email: 'bad', role: 'staff', selectedRestaurants: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.nameRequired,
      email: messages.invalidEmail,
      selectedRestaurants: messages.restaurantRequired,
      password: messages.newStaffPasswordRequired,
    });
    const short = await save(hq.cookie, {
      name: 'A',
      email: 'short@example.com',
      password: '123',
      role: 'staff',
      selectedRestaurants: [a.id],
    });
    expect(short.json().fields).toEqual({ password: messages.passwordTooShort });
    expect(await t.tableDigests()).toEqual(before);
  });

  test('a duplicate email (in any case) is 409 on the email field; nothing is created', async () => {
    const before = await t.tableDigests();
    const response = await save(hq.cookie, {
      name: 'Copy',
      email: staff.email.toUpperCase(),
      password: 'secret1',
      role: 'staff',
      selectedRestaurants: [a.id],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.userExists, fields: { email: messages.userExists } });
    expect(await t.tableDigests()).toEqual(before);
  });

  test('edits role, restaurants and password; an empty password keeps the old one', async () => {
    const person = await t.buildUser('staff', { restaurantIds: [a.id] });
    const kept = await save(hq.cookie, {
      id: person.id,
      name: 'Promoted',
      email: person.email,
      password: '',
      role: 'manager',
      selectedRestaurants: [b.id, c.id],
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Promoted', role: 'manager' });
    expect(await restaurantsOf(person.id)).toEqual([b.id, c.id].sort());
    expect((await t.signIn(person.email)).response.statusCode).toBe(200);
    await save(hq.cookie, {
      id: person.id,
      name: 'Promoted',
      email: person.email,
      password: 'brand-new',
      role: 'manager',
      selectedRestaurants: [b.id],
    });
    expect((await t.signIn(person.email)).response.statusCode).toBe(401);
    expect((await t.signIn(person.email, 'brand-new')).response.statusCode).toBe(200);
  });

  test('an unknown restaurant is refused and nothing is created', async () => {
    const response = await save(hq.cookie, {
      name: 'Ghost',
      email: 'ghost@example.com',
      password: 'secret1',
      role: 'staff',
      selectedRestaurants: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, 'ghost@example.com'))).toHaveLength(0);
  });

  test('editing a missing person is 404 and creates nobody', async () => {
    const before = await t.tableDigests();
    const response = await save(hq.cookie, {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'X',
      email: 'x@example.com',
      role: 'staff',
      selectedRestaurants: [a.id],
    });
    expect(response.statusCode).toBe(404);
    expect(await t.tableDigests()).toEqual(before);
  });
});

describe('the hq list', () => {
  test('shows role, restaurants, status and training progress', async () => {
    const [training] = await t.db.insert(trainings).values({ title: 'Hygiene' }).returning();
    const [second] = await t.db.insert(trainings).values({ title: 'Service' }).returning();
    if (!training || !second) throw new Error('no training');
    await t.db.insert(staffTrainingAssignments).values([
      { staffId: staff.id, trainingId: training.id, completedAt: new Date() },
      { staffId: staff.id, trainingId: second.id },
    ]);
    const response = await list(hq.cookie, `?search=${encodeURIComponent(staff.email)}`);
    expect(response.json().items).toEqual([
      expect.objectContaining({
        id: staff.id,
        role: 'staff',
        isActive: true,
        restaurants: [{ id: a.id, name: 'Brigade Amsterdam' }],
        trainingProgress: { completed: 1, total: 2 },
      }),
    ]);
  });

  test('search covers restaurant name and role', async () => {
    const byRestaurant = (await list(hq.cookie, '?search=clinge&pageSize=100')).json();
    expect(byRestaurant.items.map((u: { id: string }) => u.id)).toContain(otherManager.id);
    expect(byRestaurant.items.map((u: { id: string }) => u.id)).not.toContain(staff.id);
    const byRole = (await list(hq.cookie, '?search=manager&pageSize=100')).json();
    expect(
      byRole.items.every((u: { role: string; email: string }) => u.role === 'manager' || u.email.includes('manager')),
    ).toBe(true);
  });

  test('filters by restaurant and pages', async () => {
    await t.buildUser('staff', { restaurantIds: [c.id] });
    await t.buildUser('staff', { restaurantIds: [c.id] });
    const atClinge = await t.db.$count(staffRestaurantAssignments, eq(staffRestaurantAssignments.restaurantId, c.id));
    const page = (await list(hq.cookie, `?restaurantId=${c.id}&pageSize=1`)).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(atClinge);
    // Past the last page there is no row to carry the total; it is still counted.
    const beyond = (await list(hq.cookie, `?restaurantId=${c.id}&pageSize=1&page=500`)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(page.total);
  });
});

describe('a manager works only with staff of their restaurants', () => {
  test('lists only role staff of the selected restaurant', async () => {
    const response = await list(manager.cookie, `?restaurantId=${a.id}`);
    const ids = response.json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(staff.id);
    expect(ids).not.toContain(manager.id);
    expect(response.json().items.every((u: { role: string }) => u.role === 'staff')).toBe(true);
  });

  test('must name a restaurant, and only one of theirs', async () => {
    const none = await list(manager.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a restaurant to manage staff.');
    const foreign = await list(manager.cookie, `?restaurantId=${c.id}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([403, { message: expect.any(String) }]);
  });

  test('creates staff in their restaurant', async () => {
    const response = await save(manager.cookie, {
      name: 'New Crew',
      email: 'crew@example.com',
      password: 'secret1',
      role: 'staff',
      selectedRestaurants: [a.id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().restaurants).toEqual([{ id: a.id, name: 'Brigade Amsterdam' }]);
    const { id } = response.json();
    expect(await rowOf(id)).toMatchObject({ email: 'crew@example.com', role: 'staff', isActive: true });
    expect(await restaurantsOf(id)).toEqual([a.id]);
    expect((await t.signIn('crew@example.com', 'secret1')).response.statusCode).toBe(200);
  });

  test.each([
    ['a manager account', { role: 'manager', selectedRestaurants: [] as string[] }, messages.managerStaffOnly],
    ['an hq account', { role: 'hq', selectedRestaurants: [] as string[] }, messages.managerStaffOnly],
    // Refused by the route's guard, before the handler: the restaurant is out of reach.
    ['staff in another restaurant', { role: 'staff', selectedRestaurants: ['C'] }, messages.restaurantForbidden],
  ])('cannot create %s', async (_what, overrides, message) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.com`;
    const restaurantIds = overrides.selectedRestaurants.length ? [c.id] : [a.id];
    const response = await save(manager.cookie, {
      name: 'Refused',
      email,
      password: 'secret1',
      role: overrides.role,
      selectedRestaurants: restaurantIds,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(message);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  test('edits the account and restaurants of staff who work only in their restaurants, and cannot change the role', async () => {
    const own = await t.buildUser('staff', { restaurantIds: [a.id] });
    const edited = await save(manager.cookie, {
      id: own.id,
      name: 'Renamed',
      email: own.email,
      password: 'another-secret',
      role: 'staff',
      selectedRestaurants: [a.id, b.id],
    });
    expect(edited.statusCode).toBe(200);
    expect(await rowOf(own.id)).toMatchObject({ name: 'Renamed' });
    expect(await restaurantsOf(own.id)).toEqual([a.id, b.id].sort());
    expect((await t.signIn(own.email, 'another-secret')).response.statusCode).toBe(200);
    const promote = await save(manager.cookie, {
      id: own.id,
      name: 'Renamed',
      email: own.email,
      role: 'manager',
      selectedRestaurants: [a.id],
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(messages.managerRoleLocked);
    expect((await rowOf(own.id))?.role).toBe('staff');
  });

  test('saves staff who also work elsewhere with their own restaurants only; the others stay', async () => {
    const shared = await t.buildUser('staff', { restaurantIds: [a.id, c.id], name: 'Shared Sam' });
    const unchanged = { id: shared.id, name: 'Shared Sam', email: shared.email, role: 'staff' };
    // What the staff form sends: the person's restaurants the manager reaches, and the selected one.
    const added = await save(manager.cookie, { ...unchanged, selectedRestaurants: [a.id, b.id] });
    expect(added.statusCode).toBe(200);
    expect(await restaurantsOf(shared.id)).toEqual([a.id, b.id, c.id].sort());
    // Leaving out one of their own removes it; leaving out C (out of reach) changes nothing there.
    const removed = await save(manager.cookie, { ...unchanged, selectedRestaurants: [b.id] });
    expect(removed.statusCode).toBe(200);
    expect(await restaurantsOf(shared.id)).toEqual([b.id, c.id].sort());
    // Naming C is refused by the guard, even though the person already works there.
    const named = await save(manager.cookie, { ...unchanged, selectedRestaurants: [b.id, c.id] });
    expect([named.statusCode, named.json().message]).toEqual([403, messages.restaurantForbidden]);
  });

  test("keeps a person's assignment to the manager's inactive restaurant, which the form cannot name", async () => {
    const closed = await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
    const closingManager = await t.signedIn('manager', { restaurantIds: [a.id, closed.id] });
    const crew = await t.buildUser('staff', { restaurantIds: [a.id, closed.id], name: 'Closing Crew' });
    const response = await save(closingManager.cookie, {
      id: crew.id,
      name: 'Closing Crew',
      email: crew.email,
      role: 'staff',
      selectedRestaurants: [a.id],
    });
    expect(response.statusCode).toBe(200);
    expect(await restaurantsOf(crew.id)).toEqual([a.id, closed.id].sort());
  });

  test.each([
    ['name', { name: 'Renamed' }],
    ['email', { email: 'renamed-shared@example.com' }],
    ['password', { password: 'another-secret' }],
  ])("cannot change the %s of staff who also work elsewhere: that account is head office's", async (_what, change) => {
    const shared = await t.buildUser('staff', { restaurantIds: [a.id, c.id], name: 'Shared Sam' });
    const before = await t.tableDigests();
    const response = await save(manager.cookie, {
      id: shared.id,
      name: 'Shared Sam',
      email: shared.email,
      role: 'staff',
      selectedRestaurants: [a.id],
      ...change,
    });
    expect([response.statusCode, response.json().message]).toEqual([403, messages.managerSharedStaff]);
    expect(await t.tableDigests()).toEqual(before);
    expect((await t.signIn(shared.email)).response.statusCode).toBe(200);
  });

  test('hq changes the account of staff who work at several restaurants', async () => {
    const shared = await t.buildUser('staff', { restaurantIds: [a.id, c.id] });
    const response = await save(hq.cookie, {
      id: shared.id,
      name: 'Renamed by hq',
      email: shared.email,
      role: 'staff',
      selectedRestaurants: [a.id, c.id],
    });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(shared.id)).toMatchObject({ name: 'Renamed by hq' });
    expect((await setActive(hq.cookie, shared.id, false)).statusCode).toBe(200);
  });

  test('cannot edit hq or manager accounts, or staff of another restaurant', async () => {
    const outsider = await t.buildUser('staff', { restaurantIds: [c.id] });
    const before = await t.tableDigests();
    for (const [target, role] of [
      [outsider, 'staff'],
      [otherManager, 'manager'],
      [hq, 'hq'],
    ] as const) {
      const response = await save(manager.cookie, {
        id: target.id,
        name: 'Hijacked',
        email: target.email,
        role: role === 'staff' ? 'staff' : 'staff',
        selectedRestaurants: [a.id],
      });
      expect(response.statusCode).toBe(403);
      expect((await rowOf(target.id))?.name).not.toBe('Hijacked');
    }
    expect(await t.tableDigests()).toEqual(before);
  });

  test('deactivates their staff: sessions end at once and sign-in is refused', async () => {
    const crew = await t.signedIn('staff', { restaurantIds: [b.id] });
    const response = await setActive(manager.cookie, crew.id, false);
    expect(response.statusCode).toBe(200);
    expect(response.json().isActive).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, crew.id))).toHaveLength(0);
    expect((await t.request(crew.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const again = await t.signIn(crew.email);
    expect(again.response.statusCode).toBe(403);
    expect(again.response.json().message).toBe(messages.accountDeactivated);
    expect((await setActive(manager.cookie, crew.id, true)).json().isActive).toBe(true);
    expect((await t.signIn(crew.email)).response.statusCode).toBe(200);
  });

  test('cannot deactivate or delete staff who also work elsewhere, or anyone outside', async () => {
    const shared = await t.buildUser('staff', { restaurantIds: [a.id, c.id] });
    const outsider = await t.buildUser('staff', { restaurantIds: [c.id] });
    const before = await t.tableDigests();
    const refused = await setActive(manager.cookie, shared.id, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.managerSharedStaff);
    expect((await remove(manager.cookie, shared.id)).statusCode).toBe(403);
    for (const person of [otherManager, hq, outsider]) {
      expect((await setActive(manager.cookie, person.id, false)).statusCode).toBe(403);
      expect((await remove(manager.cookie, person.id)).statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
    for (const person of [shared, otherManager, hq, outsider]) {
      expect(await rowOf(person.id)).toMatchObject({ id: person.id, isActive: true });
    }
    expect(await restaurantsOf(shared.id)).toEqual([a.id, c.id].sort());
  });

  test('deletes their own staff', async () => {
    const crew = await t.buildUser('staff', { restaurantIds: [a.id] });
    expect((await remove(manager.cookie, crew.id)).statusCode).toBe(204);
    expect(await rowOf(crew.id)).toBeUndefined();
  });
});

describe('staff manage nobody', () => {
  test('every staff-management call is 403 and changes nothing', async () => {
    const before = await t.tableDigests();
    const listed = await list(staff.cookie, `?restaurantId=${a.id}`);
    expect([listed.statusCode, listed.json()]).toEqual([403, { message: expect.any(String) }]);
    expect(
      (
        await save(staff.cookie, {
          name: 'X',
          email: 'x2@example.com',
          password: 'secret1',
          role: 'staff',
          selectedRestaurants: [a.id],
        })
      ).statusCode,
    ).toBe(403);
    expect((await setActive(staff.cookie, staff.id, false)).statusCode).toBe(403);
    expect((await remove(staff.cookie, manager.id)).statusCode).toBe(403);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('signed out is 401 and changes nothing', async () => {
    const before = await t.tableDigests();
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await setActive(undefined, staff.id, false)).statusCode).toBe(401);
    expect((await remove(undefined, staff.id)).statusCode).toBe(401);
    expect(await t.tableDigests()).toEqual(before);
  });
});

describe('deleting people loses no one else’s history', () => {
  test("an auditor's audits and an author's announcements stay, without their name", async () => {
    const author = await t.buildUser('hq');
    const [audit] = await t.db.insert(audits).values({ restaurantId: a.id, auditedBy: author.id }).returning();
    const [note] = await t.db
      .insert(announcements)
      .values({ title: 'Hello', description: 'World', createdBy: author.id })
      .returning();
    expect((await remove(hq.cookie, author.id)).statusCode).toBe(204);
    const [keptAudit] = await t.db
      .select()
      .from(audits)
      .where(eq(audits.id, audit?.id ?? ''));
    const [keptNote] = await t.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, note?.id ?? ''));
    expect(keptAudit?.auditedBy).toBeNull();
    expect(keptNote?.createdBy).toBeNull();
  });

  test("a person's own assignments go with them", async () => {
    const person = await t.buildUser('staff', { restaurantIds: [b.id] });
    expect(await restaurantsOf(person.id)).toEqual([b.id]);
    expect((await remove(hq.cookie, person.id)).statusCode).toBe(204);
    expect(await rowOf(person.id)).toBeUndefined();
    expect(await restaurantsOf(person.id)).toEqual([]);
  });
});

describe('head office never locks itself out', () => {
  test('nobody deactivates or deletes their own account', async () => {
    const before = await t.tableDigests();
    const response = await setActive(hq.cookie, hq.id, false);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.notYourself);
    expect((await remove(hq.cookie, hq.id)).statusCode).toBe(409);
    expect(await t.tableDigests()).toEqual(before);
    expect(await rowOf(hq.id)).toMatchObject({ role: 'hq', isActive: true });
  });

  test('the last active hq account cannot demote itself', async () => {
    // Leave the caller as the only active hq account (this is the file's last test).
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.role, 'hq'), ne(users.id, hq.id)));
    const demote = await save(hq.cookie, {
      id: hq.id,
      name: 'Boss',
      email: hq.email,
      role: 'manager',
      selectedRestaurants: [a.id],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(messages.lastHq);
    expect((await rowOf(hq.id))?.role).toBe('hq');
  });
});
