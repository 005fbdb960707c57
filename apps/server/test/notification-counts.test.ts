import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

/**
 * notification_counts is kept by triggers (migration 0015): after any mix of writes (a
 * set-based insert for many people, a repeated insert that conflicts, mark read, mark all
 * read, the email sender's updates, a person deleted) it equals a recount, and the list
 * and the bell answer with it.
 */
const t = await startTestApp();
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ann = await t.signedIn('staff');
const ben = await t.signedIn('staff');
const cas = await t.buildUser('manager');

async function expectCountsToMatchRecount() {
  const differences = rows<{ user_id: string }>(
    await t.db.execute(sql`
      select coalesce(k.user_id, c.user_id) as user_id
      from notification_counts k
      full join (select user_id, count(*)::int as total, count(*) filter (where read_at is null)::int as unread
                 from notifications group by user_id) c on c.user_id = k.user_id
      where (k.total, k.unread) is distinct from (coalesce(c.total, 0), coalesce(c.unread, 0))`),
  );
  expect(differences).toEqual([]);
}

/** `count` notifications for each person in one statement, as the reminder job writes them. */
async function notify(userIds: string[], count: number, prefix: string) {
  await t.db.execute(sql`
    insert into notifications (user_id, kind, subject_key, title, link)
    select u, 'trainingOverdue', ${prefix} || g, 'Training overdue: ' || g, '/my-trainings'
    from unnest(${`{${userIds.join(',')}}`}::text[]) u, generate_series(1, ${count}) g
    on conflict on constraint notifications_once_key do nothing`);
}

async function listed(cookie: string, query = '') {
  const response = await t.request(cookie, { method: 'GET', url: `/api/notifications?page=1&pageSize=5${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { total: number; unread: number; items: { id: string }[] };
}

async function bell(cookie: string) {
  return (await t.request(cookie, { method: 'GET', url: '/api/notifications/unread-count' })).json() as {
    unread: number;
  };
}

test('a person with no notification has none, counted or listed', async () => {
  expect(await listed(ann.cookie)).toMatchObject({ total: 0, unread: 0, items: [] });
  expect(await bell(ann.cookie)).toEqual({ unread: 0 });
  await expectCountsToMatchRecount();
});

test('a set-based insert counts each person once per new row, and a repeated one adds nothing', async () => {
  await notify([ann.id, ben.id, cas.id], 7, 'first-');
  await notify([ann.id, ben.id, cas.id], 9, 'first-');
  await expectCountsToMatchRecount();
  expect(await listed(ann.cookie)).toMatchObject({ total: 9, unread: 9 });
  expect(await bell(ben.cookie)).toEqual({ unread: 9 });
});

test('mark read and mark all read move the unread count; the email sender’s updates move nothing', async () => {
  const page = await listed(ann.cookie);
  const first = page.items[0];
  if (!first) throw new Error('ann has no notification');
  const read = await t.request(ann.cookie, { method: 'POST', url: `/api/notifications/${first.id}/read`, payload: {} });
  expect(read.json()).toEqual({ unread: 8 });
  // Reading it again changes nothing.
  await t.request(ann.cookie, { method: 'POST', url: `/api/notifications/${first.id}/read`, payload: {} });
  expect(await listed(ann.cookie)).toMatchObject({ total: 9, unread: 8 });
  expect(await listed(ann.cookie, '&unreadOnly=true')).toMatchObject({ total: 8, unread: 8 });

  await t.db.update(notifications).set({ emailState: 'sent', emailedAt: new Date() });
  await expectCountsToMatchRecount();

  const all = await t.request(ben.cookie, { method: 'POST', url: '/api/notifications/read-all', payload: {} });
  expect(all.json()).toEqual({ unread: 0 });
  expect(await listed(ben.cookie)).toMatchObject({ total: 9, unread: 0 });
  expect(await listed(ann.cookie)).toMatchObject({ total: 9, unread: 8 });
  await expectCountsToMatchRecount();
});

test('past the last page the counts still come', async () => {
  const response = await t.request(ann.cookie, { method: 'GET', url: '/api/notifications?page=9&pageSize=5' });
  expect(response.json()).toMatchObject({ total: 9, unread: 8, items: [] });
});

test('deleting notifications and deleting a person keep the counts equal to a recount', async () => {
  await t.db.delete(notifications).where(eq(notifications.userId, ann.id));
  expect(await listed(ann.cookie)).toMatchObject({ total: 0, unread: 0 });
  await t.db.delete(users).where(eq(users.id, cas.id));
  await expectCountsToMatchRecount();
  const [kept] = rows<{ people: number }>(
    await t.db.execute(sql`select count(*)::int as people from notification_counts where user_id = ${cas.id}`),
  );
  expect(kept?.people).toBe(0);
});
