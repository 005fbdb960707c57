import { and, eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { announcementAckRestaurantTotals, announcementAckTotals } from '../src/db/schema/announcements';
import { staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * The chain's acknowledged / audience are saved with the audience stamp they were counted
 * at (migration 0016, decision 023) and used while that stamp is current. Every write that
 * can change an audience or an acknowledgement moves the stamp: after each, the answer is
 * a fresh count again, equal to a recount made here from the definition.
 */
const t = await startTestApp();
const north = await t.buildRestaurant({ name: 'Brigade North' });
const south = await t.buildRestaurant({ name: 'Brigade South' });
const hq = await t.signedIn('hq');
const staff = await t.signedIn('staff', { restaurantIds: [north.id] });
const southStaff = await t.signedIn('staff', { restaurantIds: [south.id] });
const manager = await t.buildUser('manager', { restaurantIds: [south.id] });
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function post(body: Record<string, unknown> = {}) {
  const response = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/announcements',
    payload: { title: 'Allergen chart', description: 'Read the new chart.', requiresAck: true, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; title: string; description: string };
}

async function chainCounts(id: string) {
  const response = await t.request(hq.cookie, {
    method: 'GET',
    url: `/api/announcements/${id}/acknowledgement-counts`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { audience, acknowledged, restaurants } = response.json() as {
    audience: number;
    acknowledged: number;
    restaurants: { items: { restaurant: { id: string }; audience: number; acknowledged: number }[] };
  };
  const perRestaurant = restaurants.items.map((row) => ({
    id: row.restaurant.id,
    audience: row.audience,
    acknowledged: row.acknowledged,
  }));
  const pending = await t.request(hq.cookie, { method: 'GET', url: `/api/announcements/${id}/acknowledgements` });
  const done = await t.request(hq.cookie, {
    method: 'GET',
    url: `/api/announcements/${id}/acknowledgements?status=acknowledged`,
  });
  return { audience, acknowledged, pending: pending.json().total, done: done.json().total, perRestaurant };
}

/** The audience and its acknowledgements at the current version, counted from the definition. */
async function recount(id: string) {
  const [row] = rows<{ audience: number; acknowledged: number }>(
    await t.db.execute(sql`
      select count(*)::int as audience, count(ack.user_id)::int as acknowledged
      from announcements a
      join users u on u.is_active
        and (cardinality(a.audience_roles) = 0 or u.role = any(a.audience_roles))
        and (not exists (select 1 from announcement_restaurants ar where ar.announcement_id = a.id)
          or exists (select 1 from announcement_restaurants ar join staff_restaurant_assignments s
            on s.restaurant_id = ar.restaurant_id where ar.announcement_id = a.id and s.user_id = u.id))
      left join announcement_acknowledgements ack
        on ack.announcement_id = a.id and ack.user_id = u.id and ack.version = a.ack_version
      where a.id = ${id}`),
  );
  if (!row) throw new Error('no such announcement');
  // Per restaurant of the announcement's (all when none are chosen), by name: its active
  // people of a chosen role, someone working at two restaurants in both.
  const perRestaurant = rows<{ id: string; audience: number; acknowledged: number }>(
    await t.db.execute(sql`
      select r.id, count(u.id)::int as audience, count(ack.user_id)::int as acknowledged
      from announcements a
      join restaurants r on not exists (select 1 from announcement_restaurants ar where ar.announcement_id = a.id)
        or r.id in (select ar.restaurant_id from announcement_restaurants ar where ar.announcement_id = a.id)
      left join staff_restaurant_assignments s on s.restaurant_id = r.id
      left join users u on u.id = s.user_id and u.is_active
        and (cardinality(a.audience_roles) = 0 or u.role = any(a.audience_roles))
      left join announcement_acknowledgements ack
        on ack.announcement_id = a.id and ack.user_id = u.id and ack.version = a.ack_version
      where a.id = ${id}
      group by r.id, r.name order by r.name, r.id`),
  );
  return { ...row, pending: row.audience - row.acknowledged, done: row.acknowledged, perRestaurant };
}

async function expectFresh(id: string) {
  expect(await chainCounts(id)).toEqual(await recount(id));
}

test('the chain’s totals are saved at the current stamp and read from there until it moves', async () => {
  const { id } = await post();
  await expectFresh(id);
  const [kept] = await t.db.select().from(announcementAckTotals).where(eq(announcementAckTotals.announcementId, id));
  const [stamp] = rows<{ stamp: number }>(await t.db.execute(sql`select stamp::int as stamp from audience_stamp`));
  expect(kept?.stamp).toBe(stamp?.stamp);

  // While the stamp stands the saved row is the answer (made wrong here to tell it apart)…
  await t.db.update(announcementAckTotals).set({ audience: 999 }).where(eq(announcementAckTotals.announcementId, id));
  expect((await chainCounts(id)).audience).toBe(999);
  // …and any write that moves the stamp makes the next answer a fresh count.
  await t.buildUser('staff', { restaurantIds: [north.id] });
  await expectFresh(id);
});

test('each restaurant’s figures on the page are saved at the current stamp too (decision 052)', async () => {
  const { id } = await post();
  await expectFresh(id);
  const kept = await t.db
    .select()
    .from(announcementAckRestaurantTotals)
    .where(eq(announcementAckRestaurantTotals.announcementId, id));
  const [stamp] = rows<{ stamp: number }>(await t.db.execute(sql`select stamp::int as stamp from audience_stamp`));
  expect(kept.map((row) => row.restaurantId).sort()).toEqual([north.id, south.id].sort());
  expect(kept.every((row) => row.stamp === stamp?.stamp)).toBe(true);

  await t.db
    .update(announcementAckRestaurantTotals)
    .set({ audience: 999 })
    .where(
      and(
        eq(announcementAckRestaurantTotals.announcementId, id),
        eq(announcementAckRestaurantTotals.restaurantId, north.id),
      ),
    );
  const saved = await chainCounts(id);
  expect(saved.perRestaurant.find((row) => row.id === north.id)?.audience).toBe(999);
  // A manager's view of their restaurant reads the same saved row.
  const ofSouth = await t.request(hq.cookie, {
    method: 'GET',
    url: `/api/announcements/${id}/acknowledgement-counts?restaurantId=${south.id}`,
  });
  expect(ofSouth.json().restaurants.items).toEqual([
    { restaurant: { id: south.id, name: 'Brigade South' }, ...pick((await recount(id)).perRestaurant, south.id) },
  ]);

  const acknowledged = await t.request(staff.cookie, { method: 'POST', url: `/api/announcements/${id}/acknowledge` });
  expect(acknowledged.statusCode).toBe(200);
  await expectFresh(id);
});

test('many views at once after a write each save and answer the same figures, none fails', async () => {
  const { id } = await post();
  await t.buildUser('staff', { restaurantIds: [north.id, south.id] });
  const views = await Promise.all(Array.from({ length: 16 }, () => chainCounts(id)));
  const expected = await recount(id);
  for (const view of views) expect(view).toEqual(expected);
});

test('an announcement that does not ask for acknowledgement saves nothing', async () => {
  const { id } = await post({ requiresAck: false });
  const response = await t.request(hq.cookie, {
    method: 'GET',
    url: `/api/announcements/${id}/acknowledgement-counts`,
  });
  expect(response.json().restaurants.items).toEqual([]);
  const kept = await t.db
    .select()
    .from(announcementAckRestaurantTotals)
    .where(eq(announcementAckRestaurantTotals.announcementId, id));
  expect(kept).toEqual([]);
});

function pick(perRestaurant: { id: string; audience: number; acknowledged: number }[], restaurantId: string) {
  const row = perRestaurant.find((figures) => figures.id === restaurantId);
  return { audience: row?.audience, acknowledged: row?.acknowledged };
}

test('each kind of write moves the stamp: acknowledging, people, their restaurants, the audience, the version', async () => {
  const announcement = await post();
  const { id } = announcement;
  await expectFresh(id);

  const acknowledged = await t.request(staff.cookie, { method: 'POST', url: `/api/announcements/${id}/acknowledge` });
  expect(acknowledged.statusCode).toBe(200);
  await expectFresh(id);
  // hq, who wrote it, has acknowledged it too.
  expect((await chainCounts(id)).acknowledged).toBe(2);

  await t.db.update(users).set({ isActive: false }).where(eq(users.id, southStaff.id));
  await expectFresh(id);
  await t.db.update(users).set({ isActive: true }).where(eq(users.id, southStaff.id));
  await expectFresh(id);

  // Only managers, then only South: a change of role and of restaurants moves who is asked.
  const audience = await t.request(hq.cookie, {
    method: 'PUT',
    url: `/api/announcements/${id}`,
    payload: {
      title: announcement.title,
      description: announcement.description,
      requiresAck: true,
      audienceRoles: ['manager'],
      restaurantIds: [south.id],
    },
  });
  expect(audience.statusCode, audience.body).toBe(200);
  await expectFresh(id);
  expect((await chainCounts(id)).audience).toBe(1);
  await t.db.update(users).set({ role: 'manager' }).where(eq(users.id, southStaff.id));
  await expectFresh(id);
  expect((await chainCounts(id)).audience).toBe(2);
  await t.db.delete(staffRestaurantAssignments).where(eq(staffRestaurantAssignments.userId, manager.id));
  await expectFresh(id);
  expect((await chainCounts(id)).audience).toBe(1);

  // A new text asked again: acknowledgements of the old version no longer count.
  const ackSouth = await t.request(southStaff.cookie, { method: 'POST', url: `/api/announcements/${id}/acknowledge` });
  expect(ackSouth.statusCode, ackSouth.body).toBe(200);
  await expectFresh(id);
  expect((await chainCounts(id)).acknowledged).toBe(1);
  const changed = await t.request(hq.cookie, {
    method: 'PUT',
    url: `/api/announcements/${id}`,
    payload: {
      title: announcement.title,
      description: 'The chart changed again.',
      requiresAck: true,
      audienceRoles: ['manager'],
      restaurantIds: [south.id],
      reacknowledge: true,
    },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  await expectFresh(id);
  expect((await chainCounts(id)).acknowledged).toBe(0);

  await t.db.delete(users).where(eq(users.id, southStaff.id));
  await expectFresh(id);
});
