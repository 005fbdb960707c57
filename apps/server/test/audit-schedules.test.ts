import { addDays, periodContaining } from '@brigade/core/audit-periods';
import { messages } from '@brigade/core/messages';
import { localDay, zonedInstant } from '@brigade/core/restaurant-time';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { AuditDueEntry, AuditDuePage, AuditSchedule } from '@brigade/core/schemas/audit-schedules';
import { LATEST_DAY } from '@brigade/core/schemas/fields';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditDue } from '../src/db/schema/audit-schedules';
import {
  auditCompliance,
  completeDueOfAudit,
  hqDueAuditsPanel,
  managerDueAuditsPanel,
  refreshDueEntries,
  reopenDueOfAudit,
} from '../src/modules/audit-schedules/due-entries';
import { startTestApp } from './harness';

const t = await startTestApp();
const north = await t.buildRestaurant({ name: 'Brigade North' });
const south = await t.buildRestaurant({ name: 'Brigade South' });
const closed = await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [north.id] });
const staff = await t.signedIn('staff', { restaurantIds: [north.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

// The test restaurants keep the default zone: their today, and noon of a day of theirs for the job's clock.
const ZONE = 'Europe/Amsterdam';
const today = localDay(new Date(), ZONE);
const noonOf = (day: string) => zonedInstant(day, 12 * 60, ZONE);

async function template(name: string) {
  const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
    name,
    description: '',
    items: [{ text: `${name}: first check` }, { text: `${name}: second check` }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string };
}

const foodSafety = await template('Food safety');
const brand = await template('Brand standards');

function scheduleBody(overrides: Json = {}): Json {
  return {
    name: 'Weekly food safety',
    templateIds: [foodSafety.id],
    allRestaurants: true,
    restaurantIds: [],
    cadence: 'weekly',
    startsOn: addDays(today, -10),
    ...overrides,
  };
}

async function createSchedule(overrides: Json = {}) {
  const response = await call(hq.cookie, 'POST', '/api/audit-schedules', scheduleBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AuditSchedule;
}

async function entriesOf(scheduleId: string) {
  return t.db
    .select()
    .from(auditDue)
    .where(eq(auditDue.scheduleId, scheduleId))
    .orderBy(auditDue.periodStart, auditDue.restaurantId);
}

async function submitFromDue(dueId: string, restaurantId: string, cookie = hq.cookie) {
  const created = await call(cookie, 'POST', '/api/audits', {
    restaurantId,
    templateIds: [foodSafety.id],
    auditorId: hq.id,
    dueId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const auditId = created.json().id as string;
  const detail = (await call(cookie, 'GET', `/api/audits/${auditId}`)).json();
  const submitted = await call(cookie, 'POST', `/api/audits/${auditId}/submit`, {
    version: detail.version,
    items: detail.items.map((item: { id: string }) => ({ id: item.id, mark: 'good', comment: null })),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return auditId;
}

describe('schedules (hq)', () => {
  test('create lists templates, restaurants covered, cadence, next period and active', async () => {
    const schedule = await createSchedule({ name: 'Listed', cadence: 'monthly' });
    expect(schedule).toMatchObject({
      name: 'Listed',
      cadence: 'monthly',
      allRestaurants: true,
      isActive: true,
      templates: [{ id: foodSafety.id, name: 'Food safety' }],
      restaurants: [],
      restaurantCount: 2,
      nextPeriod: periodContaining('monthly', addDays(today, -10), today),
    });
    const list = (await call(hq.cookie, 'GET', '/api/audit-schedules')).json() as AuditSchedule[];
    expect(list.map((row) => row.id)).toContain(schedule.id);
  });

  test('update changes templates and restaurants; chosen restaurants are listed', async () => {
    const schedule = await createSchedule({ name: 'To edit' });
    const response = await call(
      hq.cookie,
      'PUT',
      `/api/audit-schedules/${schedule.id}`,
      scheduleBody({
        name: 'Edited',
        templateIds: [foodSafety.id, brand.id],
        allRestaurants: false,
        restaurantIds: [south.id],
        cadence: 'quarterly',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Edited',
      cadence: 'quarterly',
      allRestaurants: false,
      restaurants: [{ id: south.id, name: 'Brigade South' }],
      restaurantCount: 1,
    });
    expect(response.json().templates.map((row: { name: string }) => row.name)).toEqual([
      'Brand standards',
      'Food safety',
    ]);
    // The entry of a restaurant no longer chosen, still due and not started, is gone.
    const entries = await entriesOf(schedule.id);
    expect(entries.map((entry) => entry.restaurantId)).toEqual([south.id]);
  });

  test('deactivate stops new entries; activate makes the current ones due again; delete removes it', async () => {
    const schedule = await createSchedule({ name: 'Toggled' });
    const off = await call(hq.cookie, 'PUT', `/api/audit-schedules/${schedule.id}/active`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    await refreshDueEntries(t.db);
    expect(await entriesOf(schedule.id)).toEqual([]);
    const on = await call(hq.cookie, 'PUT', `/api/audit-schedules/${schedule.id}/active`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect(await entriesOf(schedule.id)).toHaveLength(2);
    expect((await call(hq.cookie, 'DELETE', `/api/audit-schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await call(hq.cookie, 'GET', `/api/audit-schedules/${schedule.id}`)).statusCode).toBe(404);
    expect(await entriesOf(schedule.id)).toEqual([]);
  });

  test('validation answers 400 with the field messages', async () => {
    const empty = await call(hq.cookie, 'POST', '/api/audit-schedules', {
      name: ' ',
      templateIds: [],
      allRestaurants: false,
      restaurantIds: [],
      cadence: 'daily',
      startsOn: '2026-02-30',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      name: scheduleMessages.scheduleNameRequired,
      templateIds: scheduleMessages.scheduleNeedsTemplate,
      restaurantIds: scheduleMessages.scheduleNeedsRestaurant,
      cadence: scheduleMessages.scheduleCadenceRequired,
      startsOn: scheduleMessages.scheduleStartRequired,
    });
  });

  // Issue 31: 9999-12-31 was accepted, and the schedule showed its next period ending "+010000-01".
  test('a start after 31 December 2100 is refused with a field message (in Dutch too); that day itself is the last one', async () => {
    for (const startsOn of ['9999-12-31', '2101-01-01']) {
      const refused = await call(hq.cookie, 'POST', '/api/audit-schedules', scheduleBody({ startsOn }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ startsOn: messages.dateTooLate });
    }
    const inDutch = await t.request(`${hq.cookie}; brigade-language=nl`, {
      method: 'POST',
      url: '/api/audit-schedules',
      payload: scheduleBody({ startsOn: '9999-12-31' }),
    });
    expect(inDutch.json().fields).toEqual({ startsOn: 'Kies een datum niet later dan 31 december 2100' });

    const last = await createSchedule({ name: 'Last day', cadence: 'quarterly', startsOn: LATEST_DAY });
    expect(last.startsOn).toBe('2100-12-31');
    expect(last.nextPeriod).toEqual({ start: '2100-12-31', end: '2101-03-31' });
    const moved = await call(
      hq.cookie,
      'PUT',
      `/api/audit-schedules/${last.id}`,
      scheduleBody({ startsOn: '9999-12-31' }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ startsOn: messages.dateTooLate });
  });

  test('templates must exist and chosen restaurants must exist and be active', async () => {
    const noTemplate = await call(
      hq.cookie,
      'POST',
      '/api/audit-schedules',
      scheduleBody({ templateIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().fields).toEqual({ templateIds: scheduleMessages.scheduleTemplateMissing });
    const inactive = await call(
      hq.cookie,
      'POST',
      '/api/audit-schedules',
      scheduleBody({ allRestaurants: false, restaurantIds: [closed.id] }),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().fields).toEqual({ restaurantIds: scheduleMessages.scheduleRestaurantInactive });
  });

  test('unknown schedule: 404', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await call(hq.cookie, 'PUT', `/api/audit-schedules/${id}`, scheduleBody())).statusCode).toBe(404);
    expect((await call(hq.cookie, 'DELETE', `/api/audit-schedules/${id}`)).statusCode).toBe(404);
  });

  test('managers and staff are refused (403), signed-out callers 401', async () => {
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await call(cookie, 'GET', '/api/audit-schedules')).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/audit-schedules', scheduleBody())).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/audit-due/refresh', {})).statusCode).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/audit-schedules')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/api/audit-schedules', scheduleBody())).statusCode).toBe(401);
    expect((await call(staff.cookie, 'GET', `/api/audit-due?restaurantId=${north.id}`)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/audit-due')).statusCode).toBe(401);
  });
});

describe('due entries', () => {
  test('a schedule for all restaurants makes the current period due at every active restaurant', async () => {
    const schedule = await createSchedule({ name: 'All' });
    const period = periodContaining('weekly', addDays(today, -10), today);
    const entries = await entriesOf(schedule.id);
    expect(entries.map((entry) => entry.restaurantId).sort()).toEqual([north.id, south.id].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ periodStart: period?.start, periodEnd: period?.end, status: 'due', auditId: null });
    }
  });

  test('a schedule for chosen restaurants makes them due only', async () => {
    const schedule = await createSchedule({ name: 'Chosen', allRestaurants: false, restaurantIds: [south.id] });
    expect((await entriesOf(schedule.id)).map((entry) => entry.restaurantId)).toEqual([south.id]);
  });

  test('a schedule starting later has nothing due yet', async () => {
    const schedule = await createSchedule({ name: 'Later', startsOn: addDays(today, 3) });
    expect(await entriesOf(schedule.id)).toEqual([]);
    expect(schedule.nextPeriod.start).toBe(addDays(today, 3));
  });

  test('the job is idempotent: run again (or at once) it adds nothing', async () => {
    const schedule = await createSchedule({ name: 'Twice' });
    const before = await entriesOf(schedule.id);
    await Promise.all([refreshDueEntries(t.db), refreshDueEntries(t.db), refreshDueEntries(t.db)]);
    const refreshed = await call(hq.cookie, 'POST', '/api/audit-due/refresh', {});
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().created).toBe(0);
    expect(await entriesOf(schedule.id)).toEqual(before);
  });

  test('a period that ends without a completed audit becomes missed, and the next one is due', async () => {
    const schedule = await createSchedule({ name: 'Ends', startsOn: addDays(today, -3) });
    const [first] = await entriesOf(schedule.id);
    const nextWeek = addDays(today, 5);
    await refreshDueEntries(t.db, noonOf(nextWeek));
    const entries = await entriesOf(schedule.id);
    expect(entries.filter((entry) => entry.periodStart === first?.periodStart).map((entry) => entry.status)).toEqual([
      'missed',
      'missed',
    ]);
    expect(entries.filter((entry) => entry.periodStart === addDays(today, 4)).map((entry) => entry.status)).toEqual([
      'due',
      'due',
    ]);
  });
});

describe('conducting a due audit', () => {
  test('an audit created from a due entry is linked to it; submitting completes it on time', async () => {
    const schedule = await createSchedule({ name: 'Conduct', allRestaurants: false, restaurantIds: [north.id] });
    const [entry] = await entriesOf(schedule.id);
    if (!entry) throw new Error('no entry');
    const fetched = await call(hq.cookie, 'GET', `/api/audit-due/${entry.id}`);
    expect(fetched.json()).toMatchObject({
      restaurant: { id: north.id },
      templates: [{ id: foodSafety.id }],
      status: 'due',
    });
    const auditId = await submitFromDue(entry.id, north.id);
    const due = (await call(hq.cookie, 'GET', `/api/audit-due/${entry.id}`)).json() as AuditDueEntry;
    expect(due).toMatchObject({ status: 'completed', auditId, onTime: true });
    // A completed entry cannot be conducted again.
    const again = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: north.id,
      templateIds: [foodSafety.id],
      auditorId: hq.id,
      dueId: entry.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(scheduleMessages.dueAlreadyCompleted);
  });

  test('a missed entry conducted late is completed, not on time', async () => {
    const schedule = await createSchedule({
      name: 'Late',
      allRestaurants: false,
      restaurantIds: [south.id],
      startsOn: addDays(today, -20),
    });
    // The job ran during the first period, then again now: that period was missed.
    await refreshDueEntries(t.db, noonOf(addDays(today, -18)));
    await refreshDueEntries(t.db, noonOf(today));
    const [missed] = (await entriesOf(schedule.id)).filter((entry) => entry.status === 'missed');
    if (!missed) throw new Error('no missed entry');
    await submitFromDue(missed.id, south.id);
    const due = (await call(hq.cookie, 'GET', `/api/audit-due/${missed.id}`)).json() as AuditDueEntry;
    expect(due).toMatchObject({ status: 'completed', onTime: false });
  });

  test('a due entry of another restaurant, an unknown one, or one already started is refused', async () => {
    const schedule = await createSchedule({ name: 'Refusals', allRestaurants: false, restaurantIds: [north.id] });
    const [entry] = await entriesOf(schedule.id);
    if (!entry) throw new Error('no entry');
    const body = { restaurantId: south.id, templateIds: [foodSafety.id], auditorId: hq.id, dueId: entry.id };
    const wrong = await call(hq.cookie, 'POST', '/api/audits', body);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ restaurantId: scheduleMessages.dueWrongRestaurant });
    const unknown = await call(hq.cookie, 'POST', '/api/audits', {
      ...body,
      restaurantId: north.id,
      dueId: '00000000-0000-4000-8000-000000000002',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(hq.cookie, 'POST', '/api/audits', { ...body, restaurantId: north.id })).statusCode).toBe(201);
    const twice = await call(hq.cookie, 'POST', '/api/audits', { ...body, restaurantId: north.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(scheduleMessages.dueAlreadyStarted);
  });

  test('deleting the audit makes its entry due again', async () => {
    const schedule = await createSchedule({ name: 'Deleted', allRestaurants: false, restaurantIds: [north.id] });
    const [entry] = await entriesOf(schedule.id);
    if (!entry) throw new Error('no entry');
    const auditId = await submitFromDue(entry.id, north.id);
    expect((await call(hq.cookie, 'DELETE', `/api/audits/${auditId}`)).statusCode).toBe(204);
    const [reopened] = await t.db.select().from(auditDue).where(eq(auditDue.id, entry.id));
    expect(reopened).toMatchObject({ status: 'due', auditId: null, completedAt: null });
  });
});

describe('due audits list, panels and compliance', () => {
  test('hq lists every restaurant; a manager their restaurant, and is refused another (403)', async () => {
    await createSchedule({ name: 'Listing' });
    const allResponse = await call(hq.cookie, 'GET', '/api/audit-due?filter=soon&pageSize=100');
    expect(allResponse.statusCode, allResponse.body).toBe(200);
    const all = allResponse.json() as AuditDuePage;
    const restaurantIds = new Set(all.items.map((item) => item.restaurant.id));
    expect(restaurantIds).toEqual(new Set([north.id, south.id]));
    expect(all.total).toBe(all.items.length);
    const page = (await call(hq.cookie, 'GET', '/api/audit-due?filter=soon&pageSize=1&page=2')).json() as AuditDuePage;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(all.total);

    const mine = await call(manager.cookie, 'GET', `/api/audit-due?restaurantId=${north.id}`);
    expect(mine.statusCode).toBe(200);
    expect(new Set((mine.json() as AuditDuePage).items.map((item) => item.restaurant.id))).toEqual(new Set([north.id]));
    const theirs = (await call(manager.cookie, 'GET', '/api/audit-due')).json() as AuditDuePage;
    expect(theirs.items.every((item) => item.restaurant.id === north.id)).toBe(true);
    expect((await call(manager.cookie, 'GET', `/api/audit-due?restaurantId=${south.id}`)).statusCode).toBe(403);
    const [southEntry] = await t.db
      .select()
      .from(auditDue)
      .where(and(eq(auditDue.restaurantId, south.id), eq(auditDue.status, 'due')));
    expect((await call(manager.cookie, 'GET', `/api/audit-due/${southEntry?.id}`)).statusCode).toBe(403);
  });

  test('the panels count every entry due now, with the soonest deadline, and missed per restaurant', async () => {
    // A fortnight that ends in 12 days: due now, though not within the week.
    const fortnight = await createSchedule({
      name: 'Fortnight',
      allRestaurants: false,
      restaurantIds: [south.id],
      cadence: 'biweekly',
      startsOn: addDays(today, -2),
    });
    const [fortnightEntry] = await entriesOf(fortnight.id);
    expect(fortnightEntry?.periodEnd).toBe(addDays(today, 12));
    const hqPanel = await hqDueAuditsPanel(t.db);
    const southRow = hqPanel.restaurants.find((row) => row.restaurant.id === south.id);
    const southDue = await t.db
      .select()
      .from(auditDue)
      .where(and(eq(auditDue.restaurantId, south.id), eq(auditDue.status, 'due')));
    expect(southRow?.due).toBe(southDue.length);
    expect(southRow?.dueBy).toBe(southDue.map((entry) => entry.periodEnd).sort()[0]);
    expect(hqPanel.due).toBe(hqPanel.restaurants.reduce((sum, row) => sum + row.due, 0));
    expect(hqPanel.dueBy).toBe(
      hqPanel.restaurants
        .flatMap((row) => (row.dueBy ? [row.dueBy] : []))
        .sort()
        .at(0),
    );
    const managerPanel = await managerDueAuditsPanel(t.db, north.id);
    expect(managerPanel.entries.every((entry) => entry.restaurant.id === north.id)).toBe(true);
    expect(managerPanel.due + managerPanel.missed).toBeGreaterThan(0);
  });

  test('all open lists what is due now first, soonest deadline first, and missed entries after', async () => {
    const place = await t.buildRestaurant({ name: 'Brigade Open Order' });
    const schedule = await createSchedule({
      name: 'Open order',
      allRestaurants: false,
      restaurantIds: [place.id],
      startsOn: addDays(today, -21),
    });
    await createSchedule({
      name: 'Open order monthly',
      allRestaurants: false,
      restaurantIds: [place.id],
      cadence: 'monthly',
      startsOn: addDays(today, -1),
    });
    await refreshDueEntries(t.db, noonOf(addDays(today, -21)));
    await refreshDueEntries(t.db, noonOf(addDays(today, -14)));
    await refreshDueEntries(t.db, noonOf(today));
    expect((await entriesOf(schedule.id)).map((entry) => entry.status)).toEqual(['missed', 'missed', 'due']);
    const page = await call(hq.cookie, 'GET', `/api/audit-due?restaurantId=${place.id}&pageSize=100`);
    const all = (page.json() as AuditDuePage).items;
    // Schedules of every restaurant, made by earlier tests, are due here too: the order holds over all of them.
    const statuses = all.map((item) => item.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(a === 'missed') - Number(b === 'missed')));
    const ends = (status: string) => all.filter((item) => item.status === status).map((item) => item.periodEnd);
    expect(ends('due')).toEqual([...ends('due')].sort());
    expect(ends('missed')).toEqual([...ends('missed')].sort().reverse());
    const mine = all.filter((item) => item.schedule.name.startsWith('Open order'));
    expect(mine.map((item) => [item.schedule.name, item.status])).toEqual([
      ['Open order', 'due'],
      ['Open order monthly', 'due'],
      ['Open order', 'missed'],
      ['Open order', 'missed'],
    ]);
    const panel = await managerDueAuditsPanel(t.db, place.id);
    expect(panel.entries.map((entry) => entry.id)).toEqual(all.slice(0, panel.entries.length).map((item) => item.id));
    expect(panel).toMatchObject({ due: ends('due').length, dueBy: ends('due')[0], missed: ends('missed').length });
  });

  test('the dashboards and Store Performance carry the panels', async () => {
    const hqDashboard = (await call(hq.cookie, 'GET', '/api/dashboards/hq')).json();
    expect(hqDashboard.dueAudits).toEqual(await hqDueAuditsPanel(t.db));
    expect(hqDashboard.dueAudits.due).toBeGreaterThan(0);
    const managerDashboard = await call(manager.cookie, 'GET', `/api/dashboards/manager?restaurantId=${north.id}`);
    expect(managerDashboard.statusCode).toBe(200);
    expect(managerDashboard.json().dueAudits).toEqual(await managerDueAuditsPanel(t.db, north.id));
    const performance = await call(hq.cookie, 'GET', `/api/store-performance/${north.id}`);
    expect(performance.json().auditCompliance).toEqual(await auditCompliance(t.db, north.id));
  });

  test('compliance is completed on time ÷ due entries whose period ended in the last 90 days', async () => {
    const lonely = await t.buildRestaurant({ name: 'Brigade Compliance' });
    expect(await auditCompliance(t.db, lonely.id)).toEqual({ percent: null, completedOnTime: 0, due: 0 });
    const schedule = await createSchedule({
      name: 'Compliance',
      allRestaurants: false,
      restaurantIds: [lonely.id],
      startsOn: addDays(today, -21),
    });
    // Three weeks: the first conducted on time, the second missed, the third still running.
    await refreshDueEntries(t.db, noonOf(addDays(today, -21)));
    const [first] = await entriesOf(schedule.id);
    if (!first) throw new Error('no entry');
    await submitFromDue(first.id, lonely.id);
    await t.db
      .update(auditDue)
      .set({ completedAt: new Date(`${addDays(today, -20)}T12:00:00Z`) })
      .where(eq(auditDue.id, first.id));
    await refreshDueEntries(t.db, noonOf(addDays(today, -14)));
    await refreshDueEntries(t.db, noonOf(today));
    expect(await auditCompliance(t.db, lonely.id)).toEqual({ percent: 50, completedOnTime: 1, due: 2 });
  });
});

// Last: its restaurants would otherwise show in the lists the tests above count.
describe('an audit not started from its entry', () => {
  test('an audit made through New Audit completes the entry its template and restaurant owe this period', async () => {
    const place = await t.buildRestaurant({ name: 'Brigade New Audit' });
    const other = await t.buildRestaurant({ name: 'Brigade Elsewhere' });
    const single = await createSchedule({
      name: 'Through New Audit',
      allRestaurants: false,
      restaurantIds: [place.id, other.id],
      cadence: 'biweekly',
      startsOn: addDays(today, -3),
    });
    const both = await createSchedule({
      name: 'Both templates',
      templateIds: [foodSafety.id, brand.id],
      allRestaurants: false,
      restaurantIds: [place.id],
      startsOn: addDays(today, -3),
    });
    const entryAt = async (scheduleId: string, restaurantId: string) =>
      (await entriesOf(scheduleId)).find((entry) => entry.restaurantId === restaurantId);
    // No dueId: the audit is made as New Audit makes it.
    const created = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: place.id,
      templateIds: [foodSafety.id],
      auditorId: hq.id,
    });
    const auditId = created.json().id as string;
    const detail = (await call(hq.cookie, 'GET', `/api/audits/${auditId}`)).json();
    const submitted = await call(hq.cookie, 'POST', `/api/audits/${auditId}/submit`, {
      version: detail.version,
      items: detail.items.map((item: { id: string }) => ({ id: item.id, mark: 'good', comment: null })),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const done = await entryAt(single.id, place.id);
    const fetched = (await call(hq.cookie, 'GET', `/api/audit-due/${done?.id}`)).json() as AuditDueEntry;
    expect(fetched).toMatchObject({ status: 'completed', auditId, onTime: true });
    // Another restaurant's entry, and a schedule also asking for a template the audit lacks, stay due.
    expect(await entryAt(single.id, other.id)).toMatchObject({ status: 'due', auditId: null });
    expect(await entryAt(both.id, place.id)).toMatchObject({ status: 'due', auditId: null });
    // Once the period is over the entry is not missed, and compliance counts it on time.
    const periodEnd = done?.periodEnd ?? today;
    await refreshDueEntries(t.db, noonOf(periodEnd));
    expect(await entryAt(single.id, place.id)).toMatchObject({ status: 'completed' });
    // (Before, nothing New Audit made was ever on time here.)
    expect((await auditCompliance(t.db, place.id, noonOf(periodEnd))).completedOnTime).toBeGreaterThan(0);
  });
});

// Issue 33: periods are each restaurant's local days. Auckland (UTC+13 in January) and Los
// Angeles (UTC−8) are 21 hours apart: near Auckland's midnight they are on the same day, an
// hour later on different days, and Los Angeles turns to the next period 20 hours after.
describe("periods in each restaurant's own day", () => {
  const at = (iso: string) => new Date(iso);
  // A weekly schedule from Tuesday 7 January 2025: [7 Jan, 14 Jan), [14 Jan, 21 Jan).
  const FIRST = '2025-01-07';
  const SECOND = '2025-01-14';

  async function world(name: string) {
    const auckland = await t.buildRestaurant({ name: `${name} Auckland`, timeZone: 'Pacific/Auckland' });
    const losAngeles = await t.buildRestaurant({ name: `${name} Los Angeles`, timeZone: 'America/Los_Angeles' });
    const schedule = await createSchedule({
      name,
      allRestaurants: false,
      restaurantIds: [auckland.id, losAngeles.id],
      startsOn: FIRST,
    });
    /** The schedule's 2025 entries of a restaurant, as `periodStart status` (the current real period aside). */
    const entriesAt = async (restaurantId: string) =>
      (await entriesOf(schedule.id))
        .filter((entry) => entry.restaurantId === restaurantId && entry.periodStart < '2025-02-01')
        .map((entry) => `${entry.periodStart} ${entry.status}`);
    const entry = async (restaurantId: string, periodStart: string) => {
      const found = (await entriesOf(schedule.id)).find(
        (row) => row.restaurantId === restaurantId && row.periodStart === periodStart,
      );
      if (!found) throw new Error(`no entry ${periodStart}`);
      return found;
    };
    return { auckland, losAngeles, schedule, entriesAt, entry };
  }

  test('near midnight each restaurant is in the period of its own day, and misses it at its own midnight', async () => {
    const { auckland, losAngeles, entriesAt } = await world('Two zones');
    // 23:30 on Monday 13 January in Auckland, 02:30 that Monday in Los Angeles.
    await refreshDueEntries(t.db, at('2025-01-13T10:30:00Z'));
    expect(await entriesAt(auckland.id)).toEqual([`${FIRST} due`]);
    expect(await entriesAt(losAngeles.id)).toEqual([`${FIRST} due`]);

    // 00:30 on Tuesday 14 January in Auckland (still Monday 13 in UTC): its first week has
    // ended without an audit, its second has begun; Los Angeles (03:30 Monday) is still in the first.
    const aucklandPastMidnight = await refreshDueEntries(t.db, at('2025-01-13T11:30:00Z'));
    expect(aucklandPastMidnight).toMatchObject({ created: 1, missed: 1 });
    expect(await entriesAt(auckland.id)).toEqual([`${FIRST} missed`, `${SECOND} due`]);
    expect(await entriesAt(losAngeles.id)).toEqual([`${FIRST} due`]);
    expect((await managerDueAuditsPanel(t.db, auckland.id, at('2025-01-13T11:30:00Z'))).missed).toBe(1);
    expect((await managerDueAuditsPanel(t.db, losAngeles.id, at('2025-01-13T11:30:00Z'))).missed).toBe(0);

    // 23:59 on Monday in Los Angeles (08:00 Tuesday in UTC, when a UTC day had long turned): still due.
    await refreshDueEntries(t.db, at('2025-01-14T07:59:00Z'));
    expect(await entriesAt(losAngeles.id)).toEqual([`${FIRST} due`]);
    // Its midnight: missed, and the second week due.
    await refreshDueEntries(t.db, at('2025-01-14T08:00:00Z'));
    expect(await entriesAt(losAngeles.id)).toEqual([`${FIRST} missed`, `${SECOND} due`]);
    expect(await entriesAt(auckland.id)).toEqual([`${FIRST} missed`, `${SECOND} due`]);
  });

  test("on time means before the period's end at the restaurant's midnight, not UTC's", async () => {
    const { auckland, losAngeles, entry } = await world('On time');
    await refreshDueEntries(t.db, at('2025-01-13T10:30:00Z'));
    // Auckland: 01:00 on Tuesday 14 locally (12:00 Monday UTC), after its period ended: late.
    // Los Angeles: 21:00 on Monday 13 locally (05:00 Tuesday UTC), before its period ended: on time.
    const completions = [
      [auckland.id, '2025-01-13T12:00:00Z'],
      [losAngeles.id, '2025-01-14T05:00:00Z'],
    ] as const;
    for (const [restaurantId, completedAt] of completions) {
      const { id } = await entry(restaurantId, FIRST);
      await t.db
        .update(auditDue)
        .set({ status: 'completed', completedAt: at(completedAt) })
        .where(eq(auditDue.id, id));
    }
    const onTime = async (restaurantId: string) =>
      (
        (
          await call(hq.cookie, 'GET', `/api/audit-due/${(await entry(restaurantId, FIRST)).id}`)
        ).json() as AuditDueEntry
      ).onTime;
    expect(await onTime(auckland.id)).toBe(false);
    expect(await onTime(losAngeles.id)).toBe(true);
    // Compliance on Wednesday 15 counts each first week as its restaurant's clock says.
    const wednesday = at('2025-01-15T12:00:00Z');
    expect(await auditCompliance(t.db, auckland.id, wednesday)).toEqual({ percent: 0, completedOnTime: 0, due: 1 });
    expect(await auditCompliance(t.db, losAngeles.id, wednesday)).toEqual({
      percent: 100,
      completedOnTime: 1,
      due: 1,
    });
  });

  test("an audit completes and reopens the entry of its restaurant's today", async () => {
    const { auckland, losAngeles, entry } = await world('Submit and delete');
    await refreshDueEntries(t.db, at('2025-01-13T10:30:00Z'));
    await refreshDueEntries(t.db, at('2025-01-13T11:30:00Z'));
    const draftAt = async (restaurantId: string) => {
      const created = await call(hq.cookie, 'POST', '/api/audits', {
        restaurantId,
        templateIds: [foodSafety.id],
        auditorId: hq.id,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    // 00:30 Tuesday in Auckland (Monday in UTC): the audit is this week's, the second.
    const aucklandAudit = await draftAt(auckland.id);
    await t.db.transaction((tx) => completeDueOfAudit(tx, aucklandAudit, at('2025-01-13T11:30:00Z')));
    expect(await entry(auckland.id, SECOND)).toMatchObject({ status: 'completed', auditId: aucklandAudit });
    expect(await entry(auckland.id, FIRST)).toMatchObject({ status: 'missed', auditId: null });

    // 23:00 Monday in Los Angeles (Tuesday in UTC): the audit is the first week's, and
    // deleted that evening its entry is due again, not missed.
    const losAngelesAudit = await draftAt(losAngeles.id);
    await t.db.transaction((tx) => completeDueOfAudit(tx, losAngelesAudit, at('2025-01-14T07:00:00Z')));
    expect(await entry(losAngeles.id, FIRST)).toMatchObject({ status: 'completed', auditId: losAngelesAudit });
    await reopenDueOfAudit(t.db, losAngelesAudit, at('2025-01-14T07:30:00Z'));
    expect(await entry(losAngeles.id, FIRST)).toMatchObject({ status: 'due', auditId: null });
    // Deleted after its midnight, it would be missed.
    await t.db.transaction((tx) => completeDueOfAudit(tx, losAngelesAudit, at('2025-01-14T07:40:00Z')));
    await reopenDueOfAudit(t.db, losAngelesAudit, at('2025-01-14T08:00:00Z'));
    expect(await entry(losAngeles.id, FIRST)).toMatchObject({ status: 'missed', auditId: null });
  });
});
