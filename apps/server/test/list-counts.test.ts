import { localDay, zonedInstant } from '@brigade/core/restaurant-time';
import { addDays } from '@brigade/core/schemas/corrective-actions';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { refreshDueEntries } from '../src/modules/audit-schedules/due-entries';
import { startTestApp } from './harness';

/**
 * The counts and copied names behind the chain's lists (migration 0038, docs/decisions/051):
 * resolved_actions_by_due_day (beside open_actions_by_due_day), audit_due_counts, owners'
 * names and due entries' restaurant names. After every kind of write, through the API and
 * straight in SQL, and with writers overlapping on two connections (PostgreSQL), each must
 * equal a recount, and the chain's list totals and order must equal the slow way's.
 */
const t = await startTestApp();
const hq = await t.signedIn('hq');
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
  t.request(hq.cookie, { method, url, payload });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Json) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.statusCode === 204 ? null : response.json();
};

const amsterdam = await t.buildRestaurant({ name: 'Amsterdam Centraal', timeZone: 'Europe/Amsterdam' });
const auckland = await t.buildRestaurant({ name: 'Auckland Harbour', timeZone: 'Pacific/Auckland' });
const angeles = await t.buildRestaurant({ name: 'Los Angeles Downtown', timeZone: 'America/Los_Angeles' });
const closed = await t.buildRestaurant({ name: 'Closed Corner', isActive: false });
const anna = await t.buildUser('manager', { restaurantIds: [amsterdam.id], name: 'Anna Manager' });
await t.buildUser('manager', { restaurantIds: [amsterdam.id, auckland.id], name: 'Bert Manager' });

const template = await ok('POST', '/api/audit-templates', {
  name: 'Kitchen',
  items: ['Fridge', 'Floors', 'Knives', 'Bins'].map((text) => ({ text })),
});

async function completedAudit(restaurantId: string, marks: string[], dueId?: string) {
  const created = await ok('POST', '/api/audits', {
    restaurantId,
    templateIds: [template.id],
    auditorId: hq.id,
    ...(dueId ? { dueId } : {}),
  });
  const draft = await ok('GET', `/api/audits/${created.id}`);
  await ok('POST', `/api/audits/${draft.id}/submit`, {
    version: draft.version,
    items: draft.items.map((item: { id: string }, index: number) => ({
      id: item.id,
      mark: marks[index] ?? 'good',
      comment: null,
    })),
  });
  return (await ok('GET', `/api/audits/${draft.id}`)) as { id: string; items: { actions: { id: string }[] }[] };
}

async function expectActionCountsToMatch() {
  const days = rows(
    await t.db.execute(sql`
      select coalesce(k.due_on, c.due_on)::text as due_on, k.resolved as kept, c.resolved as counted
      from resolved_actions_by_due_day k
      full join (select due_on, count(*)::int as resolved from corrective_actions where status = 'resolved' group by 1) c
        on c.due_on = k.due_on
      where k.resolved is distinct from c.resolved
      union all
      select coalesce(k.due_on, c.due_on)::text, k.open, c.open
      from open_actions_by_due_day k
      full join (select due_on, count(*)::int as open from corrective_actions where status = 'open' group by 1) c
        on c.due_on = k.due_on
      where k.open is distinct from c.open`),
  );
  expect(days).toEqual([]);
  const names = rows(
    await t.db.execute(sql`select o.action_id, o.user_name, u.name from corrective_action_owners o
      join users u on u.id = o.user_id where o.user_name is distinct from u.name`),
  );
  expect(names).toEqual([]);
  const [slow] = rows<Record<string, number>>(
    await t.db.execute(sql`select
      count(*)::int as "page=1",
      count(*) filter (where status = 'open')::int as "status=open",
      count(*) filter (where status = 'resolved')::int as "status=resolved",
      count(*) filter (where status = 'open' and due_on < (now() at time zone 'UTC')::date)::int as "overdue=true",
      count(*) filter (where not (status = 'open' and due_on < (now() at time zone 'UTC')::date))::int as "overdue=false",
      count(*) filter (where status = 'open' and due_on >= (now() at time zone 'UTC')::date)::int as "status=open&overdue=false",
      0 as "status=resolved&overdue=true",
      count(*) filter (where status = 'resolved')::int as "status=resolved&overdue=false"
      from corrective_actions`),
  );
  for (const [query, count] of Object.entries(slow ?? {})) {
    expect((await ok('GET', `/api/actions?${query}`)).total, query).toBe(count);
  }
}

/** Every filter's total and order, the slow way: every entry of an active restaurant, sorted. */
async function expectDueCountsToMatch(now = new Date()) {
  const kept = rows(
    await t.db.execute(sql`
      select coalesce(k.time_zone, c.time_zone) as zone, coalesce(k.status, c.status) as status,
        coalesce(k.period_end, c.period_end)::text as period_end, k.entries as kept, c.entries as counted
      from audit_due_counts k
      full join (select r.time_zone, d.status, d.period_end, count(*)::int as entries
                 from audit_due d join restaurants r on r.id = d.restaurant_id and r.is_active group by 1, 2, 3) c
        on c.time_zone = k.time_zone and c.status = k.status and c.period_end = k.period_end
      where k.entries is distinct from c.entries`),
  );
  expect(kept).toEqual([]);
  const names = rows(
    await t.db.execute(sql`select d.id from audit_due d join restaurants r on r.id = d.restaurant_id
      where d.restaurant_name is distinct from r.name`),
  );
  expect(names).toEqual([]);
  const today = sql`(${now.toISOString()}::timestamptz at time zone r.time_zone)::date`;
  const missed = sql`d.status = 'missed' and d.period_end > ${today} - 90`;
  const filters = {
    open: sql`(d.status = 'due' or (${missed}))`,
    soon: sql`d.status = 'due' and d.period_end <= ${today} + 7`,
    missed,
    completed: sql`d.status = 'completed'`,
    all: sql`true`,
  };
  for (const [filter, condition] of Object.entries(filters)) {
    const order =
      filter === 'completed' || filter === 'all'
        ? sql`d.period_end desc, r.name, d.id`
        : sql`d.status = 'missed', case when d.status = 'missed' then d.period_end end desc, d.period_end, r.name, d.id`;
    const expected = rows<{ id: string }>(
      await t.db.execute(sql`select d.id from audit_due d join restaurants r on r.id = d.restaurant_id and r.is_active
        where ${condition} order by ${order}`),
    ).map((row) => row.id);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 3) + 1; page += 1) {
      const listed = await ok('GET', `/api/audit-due?filter=${filter}&page=${page}&pageSize=3`);
      expect(listed.total, filter).toBe(expected.length);
      pages.push(...listed.items.map((item: { id: string }) => item.id));
    }
    expect(pages, filter).toEqual(expected);
  }
}

const today = localDay(new Date(), 'Europe/Amsterdam');
const noonOf = (day: string) => zonedInstant(day, 12 * 60, 'Europe/Amsterdam');

test('actions: made on submit, resolved, reopened, moved, deleted and updated in bulk; owners renamed', async () => {
  await expectActionCountsToMatch();
  const first = await completedAudit(amsterdam.id, ['bad', 'needs_improvement', 'bad', 'good']);
  await completedAudit(auckland.id, ['bad', 'bad', 'bad', 'bad']);
  await expectActionCountsToMatch();
  const [fridge, floors, knives] = first.items.flatMap((item) => item.actions);
  await ok('PUT', `/api/actions/${fridge?.id}/due`, { dueOn: addDays(today, -20), version: 1 });
  await ok('POST', `/api/actions/${floors?.id}/resolve`, { note: 'Mopped', version: 1 });
  await ok('POST', `/api/actions/${knives?.id}/resolve`, { note: 'Rack', version: 1 });
  await ok('POST', `/api/actions/${knives?.id}/reopen`, { reason: 'Still loose', version: 2 });
  await expectActionCountsToMatch();
  // Owners are named as their people are now, whoever renames them and however.
  await t.db.execute(sql`update users set name = 'Anna Renamed' where id = ${anna.id}`);
  await ok('PUT', `/api/actions/${fridge?.id}/owners`, { ownerIds: [hq.id, anna.id], version: 2 });
  await expectActionCountsToMatch();
  const listed = await ok('GET', `/api/actions?page=1&restaurantId=${amsterdam.id}`);
  expect(listed.items.find((item: { id: string }) => item.id === fridge?.id).ownerNames).toContain('Anna Renamed');
  await t.db.execute(sql`update corrective_actions set status = 'resolved', resolved_at = now()
    where restaurant_id = ${auckland.id} and status = 'open'`);
  await t.db.execute(sql`update corrective_actions set due_on = due_on - 30 where restaurant_id = ${auckland.id}`);
  await expectActionCountsToMatch();
  await t.db.execute(sql`delete from corrective_actions where id = ${knives?.id ?? ''}`);
  // Deleting the audit keeps its actions; deleting a person takes their ownerships.
  await ok('DELETE', `/api/audits/${first.id}`);
  await t.db.execute(sql`delete from users where id = ${anna.id}`);
  await expectActionCountsToMatch();
});

test('due audits: made, missed, completed, reopened; restaurants renamed, deactivated, moved and deleted', async () => {
  await expectDueCountsToMatch();
  const schedule = await ok('POST', '/api/audit-schedules', {
    name: 'Weekly kitchen',
    templateIds: [template.id],
    allRestaurants: true,
    restaurantIds: [],
    cadence: 'weekly',
    startsOn: addDays(today, -40),
  });
  for (const days of [-35, -28, -21, -14, -7, 0]) await refreshDueEntries(t.db, noonOf(addDays(today, days)));
  await refreshDueEntries(t.db);
  expect((await ok('GET', '/api/audit-due?filter=missed&page=1')).total).toBeGreaterThanOrEqual(3 * 4);
  await expectDueCountsToMatch();
  const [entry] = rows<{ id: string }>(
    await t.db.execute(sql`select id from audit_due where restaurant_id = ${amsterdam.id} and status = 'due'`),
  );
  const audit = await completedAudit(amsterdam.id, ['good'], entry?.id);
  await expectDueCountsToMatch();
  await ok('DELETE', `/api/audits/${audit.id}`);
  await expectDueCountsToMatch();

  const fields = { city: 'Los Angeles', country: 'United States', address: 'Main Street 1' };
  await ok('PUT', `/api/restaurants/${angeles.id}`, { ...fields, name: 'LA Venice' });
  await ok('PUT', `/api/restaurants/${angeles.id}`, { ...fields, name: 'LA Venice', timeZone: 'Pacific/Honolulu' });
  await expectDueCountsToMatch();
  await ok('PATCH', `/api/restaurants/${auckland.id}/active`, { isActive: false });
  await expectDueCountsToMatch();
  await ok('PATCH', `/api/restaurants/${closed.id}/active`, { isActive: true });
  await refreshDueEntries(t.db);
  await ok('PATCH', `/api/restaurants/${auckland.id}/active`, { isActive: true });
  await expectDueCountsToMatch();
  // A restaurant without history can be deleted: its entries go with it.
  const brandNew = await t.buildRestaurant({ name: 'Brand New', timeZone: 'Asia/Tokyo' });
  await refreshDueEntries(t.db);
  await expectDueCountsToMatch();
  await ok('DELETE', `/api/restaurants/${brandNew.id}`);
  await expectDueCountsToMatch();
  // Straight in SQL: a bulk status change, then the schedule's delete cascading.
  await t.db.execute(
    sql`update audit_due set status = 'missed' where status = 'due' and restaurant_id = ${angeles.id}`,
  );
  await expectDueCountsToMatch();
  await ok('DELETE', `/api/audit-schedules/${schedule.id}`);
  await expectDueCountsToMatch();
});

test('overlapping writers on two connections: a deactivation or a rename while entries and owners are written', async () => {
  const schedule = await ok('POST', '/api/audit-schedules', {
    name: 'Daily-ish',
    templateIds: [template.id],
    allRestaurants: true,
    restaurantIds: [],
    cadence: 'weekly',
    startsOn: addDays(today, -60),
  });
  const manager = await t.buildUser('manager', { restaurantIds: [amsterdam.id], name: 'Carla Manager' });
  const [entry] = rows<{ id: string }>(
    await t.db.execute(
      sql`select id from audit_due where schedule_id = ${schedule.id} and restaurant_id = ${amsterdam.id} limit 1`,
    ),
  );
  const [action] = (await completedAudit(amsterdam.id, ['bad'])).items.flatMap((item) => item.actions);
  const pause = (seconds: number) => sql`select pg_sleep(${seconds})`;
  for (const writerFirst of [true, false]) {
    // One transaction writes entries and an owner, holding its locks a moment; the other
    // deactivates the restaurant and renames the person in between (or just before).
    const writer = t.db.transaction(async (tx) => {
      if (!writerFirst) await tx.execute(pause(0.1));
      await tx.execute(sql`insert into audit_due (schedule_id, restaurant_id, period_start, period_end)
        values (${schedule.id}, ${amsterdam.id}, ${addDays(today, writerFirst ? 100 : 200)}, ${addDays(today, writerFirst ? 107 : 207)})`);
      await tx.execute(sql`update audit_due set status = 'missed' where id = ${entry?.id ?? ''}`);
      await tx.execute(sql`insert into corrective_action_owners (action_id, user_id)
        values (${action?.id ?? ''}, ${manager.id}) on conflict do nothing`);
      if (writerFirst) await tx.execute(pause(0.2));
    });
    const changer = t.db.transaction(async (tx) => {
      if (writerFirst) await tx.execute(pause(0.1));
      await tx.execute(sql`update restaurants set is_active = ${!writerFirst} where id = ${amsterdam.id}`);
      await tx.execute(
        sql`update users set name = ${writerFirst ? 'Carla One' : 'Carla Two'} where id = ${manager.id}`,
      );
      if (!writerFirst) await tx.execute(pause(0.2));
    });
    await Promise.all([writer, changer]);
    await expectDueCountsToMatch();
    await expectActionCountsToMatch();
    await t.db.execute(sql`delete from corrective_action_owners where user_id = ${manager.id}`);
  }
});
