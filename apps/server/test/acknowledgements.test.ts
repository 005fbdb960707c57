import { ackMessages } from '@brigade/core/messages';
import { notificationTexts } from '@brigade/core/notification-texts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { startTestApp } from './harness';

/**
 * Issue 20, acknowledgements: hq asks an audience (everyone, roles, restaurants) to
 * acknowledge an announcement; it is pinned on their dashboards until they do; a changed
 * text asks again only when hq says so; hq, and a manager for their restaurant, see who
 * has and who has not.
 */

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });
const otherStaff = await t.signedIn('staff', { restaurantIds: [other.id] });
const inactiveStaff = await t.buildUser('staff', { restaurantIds: [mine.id], isActive: false });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

let sequence = 0;
async function post(body: Json = {}) {
  const response = await call(hq.cookie, 'POST', '/api/announcements', {
    title: `Notice ${++sequence}`,
    description: 'Read the new allergen chart.',
    requiresAck: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; title: string; description: string; ackVersion: number };
}

const pinnedIds = async (cookie: string) =>
  ((await call(cookie, 'GET', '/api/announcements/pinned')).json() as { id: string }[]).map((a) => a.id);
const acknowledge = (cookie: string, id: string) => call(cookie, 'POST', `/api/announcements/${id}/acknowledge`);
const counts = async (id: string, query = '') => {
  const response = await call(hq.cookie, 'GET', `/api/announcements/${id}/acknowledgement-counts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    audience: number;
    acknowledged: number;
    ackVersion: number;
    restaurants: { items: { restaurant: { name: string }; audience: number; acknowledged: number }[]; total: number };
  };
};
const people = async (id: string, query = '', cookie = hq.cookie) => {
  const response = await call(cookie, 'GET', `/api/announcements/${id}/acknowledgements${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: { id: string; name: string; acknowledgedAt: string | null }[]; total: number };
};

describe('posting', () => {
  test('an announcement for everyone is pinned for every role until each acknowledges', async () => {
    const announcement = await post();
    expect(await pinnedIds(staff.cookie)).toContain(announcement.id);
    expect(await pinnedIds(manager.cookie)).toContain(announcement.id);
    expect(await pinnedIds(otherStaff.cookie)).toContain(announcement.id);
    // The author has read what they wrote.
    expect(await pinnedIds(hq.cookie)).not.toContain(announcement.id);

    const first = await acknowledge(staff.cookie, announcement.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1 });
    expect(await pinnedIds(staff.cookie)).not.toContain(announcement.id);
    expect(await pinnedIds(manager.cookie)).toContain(announcement.id);
  });

  test('acknowledging twice is harmless and keeps the first time', async () => {
    const announcement = await post();
    const first = (await acknowledge(staff.cookie, announcement.id)).json();
    const again = await acknowledge(staff.cookie, announcement.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await counts(announcement.id)).acknowledged).toBe(2); // hq (author) and staff
  });

  test('the audience is notified once, in one kind, with the core texts and a link', async () => {
    const announcement = await post();
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'announcementAck'), eq(notifications.subjectKey, `${announcement.id}:1`)));
    const notified = rows.map((row) => row.userId).sort();
    expect(notified).toEqual([manager.id, otherStaff.id, staff.id].sort());
    expect(rows[0]).toMatchObject({
      title: notificationTexts.announcementAck(announcement.title).title,
      body: notificationTexts.announcementAck(announcement.title).body,
      link: `/announcements/${announcement.id}`,
      emailState: 'none',
    });
    // Acknowledging marks it read.
    await acknowledge(staff.cookie, announcement.id);
    const [mineRow] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.subjectKey, `${announcement.id}:1`)));
    expect(mineRow?.readAt).not.toBeNull();
  });

  test('an announcement without acknowledgement is pinned for nobody and cannot be acknowledged', async () => {
    const announcement = await post({ requiresAck: false });
    expect(await pinnedIds(staff.cookie)).not.toContain(announcement.id);
    const response = await acknowledge(staff.cookie, announcement.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ackMessages.notRequired);
  });

  test('acknowledging an unknown announcement is 404, signed out 401', async () => {
    expect((await acknowledge(staff.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(undefined, 'GET', '/api/announcements/pinned')).statusCode).toBe(401);
  });
});

describe('audience', () => {
  test('chosen roles: only those roles are asked', async () => {
    const announcement = await post({ audienceRoles: ['staff'] });
    expect(await pinnedIds(staff.cookie)).toContain(announcement.id);
    expect(await pinnedIds(otherStaff.cookie)).toContain(announcement.id);
    expect(await pinnedIds(manager.cookie)).not.toContain(announcement.id);
    const refused = await acknowledge(manager.cookie, announcement.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ackMessages.notInAudience);
    expect((await counts(announcement.id)).audience).toBe(2);
  });

  test('chosen restaurants: only their people, hq excluded; inactive people are not counted', async () => {
    const announcement = await post({ restaurantIds: [mine.id] });
    expect(await pinnedIds(staff.cookie)).toContain(announcement.id);
    expect(await pinnedIds(manager.cookie)).toContain(announcement.id);
    expect(await pinnedIds(otherStaff.cookie)).not.toContain(announcement.id);
    const tally = await counts(announcement.id);
    expect(tally).toMatchObject({ audience: 2, acknowledged: 0 });
    expect(tally.restaurants.items.map((row) => row.restaurant.name)).toEqual(['Brigade Mine']);
    const pending = await people(announcement.id);
    expect(pending.items.map((person) => person.id).sort()).toEqual([manager.id, staff.id].sort());
    expect(pending.items.map((person) => person.id)).not.toContain(inactiveStaff.id);
  });

  test('roles and restaurants together: both must match', async () => {
    const announcement = await post({ restaurantIds: [mine.id], audienceRoles: ['manager'] });
    expect(await pinnedIds(manager.cookie)).toContain(announcement.id);
    expect(await pinnedIds(staff.cookie)).not.toContain(announcement.id);
    expect((await counts(announcement.id)).audience).toBe(1);
  });
});

describe('validation', () => {
  test.each([
    [{ audienceRoles: ['chef'] }, 'audienceRoles.0', ackMessages.audienceRoleInvalid],
    [{ audienceRoles: ['staff', 'staff'] }, 'audienceRoles', ackMessages.audienceRoleRepeated],
    [{ restaurantIds: ['nope'] }, 'restaurantIds.0', 'Invalid id'],
    [{ requiresAck: 'yes' }, 'requiresAck', ackMessages.requiresAckInvalid],
    [{ audienceRoles: ['hq'], restaurantIds: [crypto.randomUUID()] }, 'audienceRoles', ackMessages.hqHaveNoRestaurant],
  ])('%j is refused with a field message', async (body, field, message) => {
    const response = await call(hq.cookie, 'POST', '/api/announcements', { title: 'T', description: 'D', ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields?.[field]).toBe(message);
  });

  test('an unknown restaurant is refused', async () => {
    const response = await call(hq.cookie, 'POST', '/api/announcements', {
      title: 'T',
      description: 'D',
      restaurantIds: [crypto.randomUUID()],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.restaurantIds).toBe(ackMessages.audienceRestaurantNotFound);
  });

  test('staff and managers cannot post', async () => {
    for (const cookie of [staff.cookie, manager.cookie]) {
      expect((await call(cookie, 'POST', '/api/announcements', { title: 'T', description: 'D' })).statusCode).toBe(403);
    }
  });
});

describe('editing the text', () => {
  const edit = (id: string, body: Json) =>
    call(hq.cookie, 'PUT', `/api/announcements/${id}`, { requiresAck: true, description: 'Read it.', ...body });

  test('without saying whether to ask again: 409, nothing saved', async () => {
    const announcement = await post();
    await acknowledge(staff.cookie, announcement.id);
    const response = await edit(announcement.id, { title: 'Changed' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ackMessages.reacknowledgeRequired);
    const detail = (await call(hq.cookie, 'GET', `/api/announcements/${announcement.id}`)).json();
    expect(detail.title).toBe(announcement.title);
  });

  test('asking again: a new version, old acknowledgements no longer count, everyone notified again', async () => {
    const announcement = await post();
    await acknowledge(staff.cookie, announcement.id);
    const response = await edit(announcement.id, { title: 'Changed', reacknowledge: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().ackVersion).toBe(2);
    expect(await pinnedIds(staff.cookie)).toContain(announcement.id);
    const tally = await counts(announcement.id);
    expect(tally).toMatchObject({ ackVersion: 2, acknowledged: 1 }); // the author only
    const again = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), eq(notifications.subjectKey, `${announcement.id}:2`)));
    expect(again).toHaveLength(1);
    expect((await acknowledge(staff.cookie, announcement.id)).json()).toMatchObject({ version: 2 });
  });

  test('not asking again: the same version, acknowledgements still count', async () => {
    const announcement = await post();
    await acknowledge(staff.cookie, announcement.id);
    const response = await edit(announcement.id, { title: 'Typo fixed', reacknowledge: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().ackVersion).toBe(1);
    expect(await pinnedIds(staff.cookie)).not.toContain(announcement.id);
  });

  test('no flag is needed when nobody (but the author) acknowledged yet, or the text is unchanged', async () => {
    const announcement = await post({ audienceRoles: ['staff'] });
    expect((await edit(announcement.id, { title: 'Changed early', audienceRoles: ['staff'] })).statusCode).toBe(200);
    await acknowledge(staff.cookie, announcement.id);
    const unchanged = await edit(announcement.id, { title: 'Changed early', audienceRoles: ['staff', 'manager'] });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    // The newly added manager is notified.
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.subjectKey, `${announcement.id}:1`)));
    expect(rows).toHaveLength(1);
  });
});

describe('who has acknowledged', () => {
  test('staff cannot see it', async () => {
    const announcement = await post();
    for (const path of ['acknowledgement-counts', 'acknowledgements']) {
      const response = await call(
        staff.cookie,
        'GET',
        `/api/announcements/${announcement.id}/${path}?restaurantId=${mine.id}`,
      );
      expect(response.statusCode).toBe(403);
    }
  });

  test('a manager sees their restaurant only, and must name it', async () => {
    const announcement = await post();
    await acknowledge(staff.cookie, announcement.id);
    const base = `/api/announcements/${announcement.id}`;
    const own = await call(manager.cookie, 'GET', `${base}/acknowledgement-counts?restaurantId=${mine.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ audience: 2, acknowledged: 1 });
    expect(own.json().restaurants.items).toEqual([
      { restaurant: { id: mine.id, name: 'Brigade Mine' }, audience: 2, acknowledged: 1 },
    ]);
    const pending = await people(announcement.id, `?restaurantId=${mine.id}`, manager.cookie);
    expect(pending.items.map((person) => person.id)).toEqual([manager.id]);
    for (const path of ['acknowledgement-counts', 'acknowledgements']) {
      expect((await call(manager.cookie, 'GET', `${base}/${path}?restaurantId=${other.id}`)).statusCode).toBe(403);
      const unnamed = await call(manager.cookie, 'GET', `${base}/${path}`);
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().fields?.restaurantId).toBe(ackMessages.selectRestaurant);
    }
  });

  test('hq sees every restaurant, counts per restaurant, and who has and has not, paged', async () => {
    const announcement = await post();
    await acknowledge(staff.cookie, announcement.id);
    const tally = await counts(announcement.id);
    expect(tally).toMatchObject({ audience: 4, acknowledged: 2 });
    const byName = Object.fromEntries(tally.restaurants.items.map((row) => [row.restaurant.name, row]));
    expect(byName['Brigade Mine']).toMatchObject({ audience: 2, acknowledged: 1 });
    expect(byName['Brigade Other']).toMatchObject({ audience: 1, acknowledged: 0 });

    const firstPage = await people(announcement.id, '?pageSize=1');
    expect(firstPage.total).toBe(2);
    expect(firstPage.items).toHaveLength(1);
    const secondPage = await people(announcement.id, '?pageSize=1&page=2');
    expect([...firstPage.items, ...secondPage.items].map((p) => p.id).sort()).toEqual(
      [manager.id, otherStaff.id].sort(),
    );

    const done = await people(announcement.id, '?status=acknowledged');
    expect(done.items.map((p) => p.id).sort()).toEqual([hq.id, staff.id].sort());
    expect(done.items.every((p) => p.acknowledgedAt !== null)).toBe(true);

    const ofOther = await people(announcement.id, `?restaurantId=${other.id}`);
    expect(ofOther.items.map((p) => p.id)).toEqual([otherStaff.id]);
    expect(
      (await call(hq.cookie, 'GET', `/api/announcements/${announcement.id}/acknowledgements?status=maybe`)).statusCode,
    ).toBe(400);
  });
});
