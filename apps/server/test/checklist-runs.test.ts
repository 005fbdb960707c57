import { checklistMessages } from '@brigade/core/checklist-items';
import { messages } from '@brigade/core/messages';
import { localDay, localMinutes } from '@brigade/core/restaurant-time';
import type { ChecklistRun, Today } from '@brigade/core/schemas/checklists';
import type { ActionDetail } from '@brigade/core/schemas/corrective-actions';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { ensureRuns } from '../src/modules/checklists/service';
import {
  FRIDGE_INSTRUCTION,
  type InsertedChecklist,
  insertChecklist,
  insertRun,
  minutesFromNow,
  passingValues,
} from './checklist-run-fixtures';
import { startTestApp } from './harness';

const t = await startTestApp();

/**
 * A real zone where the local time is now closest to noon, so windows a few hours either
 * side of now stay on today's local day whenever the tests run.
 */
const ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/La_Paz',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Cape_Verde',
  'UTC',
  'Europe/Amsterdam',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Tarawa',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];
const noonZone = ZONES.reduce((best, zone) =>
  Math.abs(localMinutes(Date.now(), zone) - 720) < Math.abs(localMinutes(Date.now(), best) - 720) ? zone : best,
);

const north = await t.buildRestaurant({ name: 'Brigade North', timeZone: noonZone });
const south = await t.buildRestaurant({ name: 'Brigade South', timeZone: noonZone });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [north.id] });
const managerOfSouth = await t.signedIn('manager', { restaurantIds: [south.id] });
const staff = await t.signedIn('staff', { restaurantIds: [north.id] });
const staffOfSouth = await t.signedIn('staff', { restaurantIds: [south.id] });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.request(cookie, { method, url, payload: payload as object });

const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
  .jpeg()
  .toBuffer();
function addPhoto(cookie: string, runId: string, itemId: string) {
  const boundary = '----brigade-checklist-photo';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return t.request(cookie, {
    method: 'POST',
    url: `/api/checklist-runs/${runId}/items/${itemId}/photos`,
    payload: Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const log = await insertChecklist(t.db, { name: 'Temperature log', allRestaurants: false, windows: [] });
// A chain template for no restaurant by default (allRestaurants false, none chosen): records are made by hand.

/** A record of the temperature log at North (or `restaurantId`) whose window opened `minutesAgo` ago. */
const openRun = (
  minutesAgo = 30,
  options: { minutes?: number; restaurantId?: string; checklist?: InsertedChecklist } = {},
) =>
  insertRun(t.db, options.checklist ?? log, options.restaurantId ?? north.id, {
    opensAt: minutesFromNow(-minutesAgo),
    minutes: options.minutes ?? 60,
    windowId: null,
  });

async function fill(cookie: string, runId: string, values: Record<string, unknown>, note?: string) {
  for (const [itemId, value] of Object.entries(values)) {
    const response = await call(cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, { value, note });
    expect(response.statusCode, `${itemId}: ${response.body}`).toBe(200);
  }
}

/** Every item passing, the photo item answered by a photo. */
async function fillPassing(cookie: string, runId: string) {
  await fill(cookie, runId, passingValues);
  expect((await addPhoto(cookie, runId, 'shelf')).statusCode).toBe(201);
}

const getRun = async (cookie: string, runId: string) => {
  const response = await call(cookie, 'GET', `/api/checklist-runs/${runId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChecklistRun;
};

describe('Today (issue 33)', () => {
  test("makes each of today's windows once, in the restaurant's day, open ones first, then missed, upcoming, done", async () => {
    // Open long ago: windows that closed earlier today are its records too.
    const restaurant = await t.buildRestaurant({
      name: 'Brigade Today',
      timeZone: noonZone,
      createdAt: new Date('2020-01-01'),
    });
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const now = localMinutes(Date.now(), noonZone);
    await insertChecklist(t.db, {
      name: 'Line check',
      restaurantId: restaurant.id,
      windows: [
        { startsAt: now + 120, minutes: 60 }, // upcoming
        { startsAt: now - 30, minutes: 90 }, // open now
        { startsAt: now - 240, minutes: 60 }, // closed, nothing submitted: missed
        { startsAt: now - 180, minutes: 60 }, // closed, submitted late below
      ],
    });
    // Not today's weekday: no record.
    const tomorrowOnly = await insertChecklist(t.db, { name: 'Deliveries', restaurantId: restaurant.id });
    await t.db.execute(
      sql`update checklist_windows set weekdays = '{}'::smallint[] where checklist_id = ${tomorrowOnly.id}`,
    );

    const first = await call(person.cookie, 'GET', `/api/checklists/today?restaurantId=${restaurant.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const today = first.json() as Today;
    expect(today.restaurant).toEqual({ id: restaurant.id, name: 'Brigade Today', timeZone: noonZone });
    expect(today.day).toBe(localDay(Date.now(), noonZone));
    expect(today.entries.map((entry) => entry.state)).toEqual(['open', 'missed', 'missed', 'upcoming']);
    expect(today.entries.every((entry) => entry.checklist.name === 'Line check')).toBe(true);
    expect(today.entries[0]).toMatchObject({ answered: 0, itemCount: 7, failures: 0, submittedBy: null });

    // The window that closed 2 hours ago is submitted now: late, with who did it.
    const toSubmit = today.entries[2]?.runId as string;
    await fillPassing(person.cookie, toSubmit);
    expect((await call(person.cookie, 'POST', `/api/checklist-runs/${toSubmit}/submit`)).statusCode).toBe(200);

    const again = (
      await call(person.cookie, 'GET', `/api/checklists/today?restaurantId=${restaurant.id}`)
    ).json() as Today;
    expect(again.entries).toHaveLength(4);
    expect(again.entries.map((entry) => entry.state)).toEqual(['open', 'missed', 'upcoming', 'late']);
    expect(again.entries[3]).toMatchObject({
      runId: toSubmit,
      answered: 7,
      itemCount: 7,
      submittedBy: { id: person.id, name: expect.any(String) },
    });
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from checklist_runs where restaurant_id = ${restaurant.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(4);
  });

  test('a window crossing midnight from yesterday shows while it is open', async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Night', timeZone: noonZone });
    const yesterday = localDay(Date.now() - 86_400_000, noonZone);
    const checklist = await insertChecklist(t.db, { name: 'Night shift', restaurantId: restaurant.id, windows: [] });
    const stillOpen = await insertRun(t.db, checklist, restaurant.id, {
      opensAt: minutesFromNow(-600),
      minutes: 660,
      localDay: yesterday,
      windowId: null,
    });
    await insertRun(t.db, checklist, restaurant.id, {
      opensAt: minutesFromNow(-900),
      minutes: 60,
      localDay: yesterday,
      windowId: null,
    });
    const today = (await call(hq.cookie, 'GET', `/api/checklists/today?restaurantId=${restaurant.id}`)).json() as Today;
    expect(today.entries.map((entry) => [entry.runId, entry.state])).toEqual([[stillOpen, 'open']]);
  });

  test("staff see only their restaurants' Today; an unknown restaurant is 404", async () => {
    expect((await call(staff.cookie, 'GET', `/api/checklists/today?restaurantId=${south.id}`)).statusCode).toBe(403);
    expect((await call(manager.cookie, 'GET', `/api/checklists/today?restaurantId=${south.id}`)).statusCode).toBe(403);
    expect((await call(staff.cookie, 'GET', `/api/checklists/today?restaurantId=${north.id}`)).statusCode).toBe(200);
    const unknown = await call(
      hq.cookie,
      'GET',
      '/api/checklists/today?restaurantId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.restaurantNotFound);
    expect((await call(hq.cookie, 'GET', '/api/checklists/today')).statusCode).toBe(400);
  });

  test('an untouched open record follows its checklist to the current version; a touched one keeps its own', async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Versions', timeZone: noonZone });
    const now = localMinutes(Date.now(), noonZone);
    const checklist = await insertChecklist(t.db, {
      restaurantId: restaurant.id,
      windows: [
        { startsAt: now - 30, minutes: 120 },
        { startsAt: now - 20, minutes: 120 },
      ],
    });
    const before = (
      await call(hq.cookie, 'GET', `/api/checklists/today?restaurantId=${restaurant.id}`)
    ).json() as Today;
    const [touched, untouched] = before.entries.map((entry) => entry.runId) as [string, string];
    await fill(hq.cookie, touched, { fridge: 3 });
    const { rows } = (await t.db.execute(sql`
      insert into checklist_versions (checklist_id, version, content, item_count)
      select checklist_id, 2, jsonb_set(content, '{sections,0,title}', '"Cold room"'), item_count
      from checklist_versions where id = ${checklist.versionId} returning id`)) as unknown as {
      rows: { id: string }[];
    };
    await t.db.execute(sql`update checklists set current_version_id = ${rows[0]?.id ?? ''} where id = ${checklist.id}`);
    expect(await ensureRuns(t.db, { restaurantId: restaurant.id })).toMatchObject({ made: 0, moved: 1, dropped: 0 });
    expect((await getRun(hq.cookie, untouched)).version).toBe(2);
    expect((await getRun(hq.cookie, touched)).version).toBe(1);
  });
});

describe('filling a record', () => {
  test('each value keeps who entered it and the server time it was received; a reload shows them', async () => {
    const runId = await openRun();
    const before = Date.now();
    await fill(staff.cookie, runId, { fridge: 4.5, seals: 'yes' });
    const run = await getRun(manager.cookie, runId);
    expect(run).toMatchObject({ state: 'open', canFill: true, canCorrect: false, version: 1 });
    expect(run.values).toHaveLength(2);
    for (const value of run.values) {
      expect(value.enteredBy).toEqual({ id: staff.id, name: expect.any(String) });
      expect(Date.parse(value.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(value.receivedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(run.values.find((value) => value.itemId === 'fridge')).toMatchObject({ value: 4.5, failed: false });
    // Entered again by someone else: the latest value, its person and time.
    await fill(manager.cookie, runId, { fridge: 9 }, 'Door was open');
    const again = await getRun(staff.cookie, runId);
    expect(again.values.find((value) => value.itemId === 'fridge')).toMatchObject({
      value: 9,
      failed: true,
      note: 'Door was open',
      enteredBy: { id: manager.id },
    });
  });

  test.each([
    ['text for a number', 'chlorine', 'twelve', checklistMessages.notANumber],
    ['a temperature of 10,000', 'fridge', 10_000, checklistMessages.outOfLimits],
    ['NaN', 'fridge', 'NaN', checklistMessages.notANumber],
    ['a choice not offered', 'oil', 'Golden', checklistMessages.notAChoice],
    ['no on a tick', 'floor', false, checklistMessages.valueRequired],
    ['maybe on a yes/no', 'seals', 'maybe', checklistMessages.notAChoice],
    ['a photo item without a photo', 'shelf', true, checklistMessages.photoRequired],
  ])('a value outside its kind is 400 naming the field: %s', async (_, itemId, value, message) => {
    const runId = await openRun();
    const response = await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, { value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { value: message } });
    expect((await getRun(staff.cookie, runId)).values).toEqual([]);
  });

  test('an item that is not on the checklist is 404; an unknown record is 404', async () => {
    const runId = await openRun();
    const response = await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/nope`, { value: true });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(checklistMessages.itemNotFound);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(staff.cookie, 'GET', `/api/checklist-runs/${unknown}`)).statusCode).toBe(404);
    expect(
      (await call(staff.cookie, 'PUT', `/api/checklist-runs/${unknown}/items/fridge`, { value: 3 })).statusCode,
    ).toBe(404);
  });

  test('a record not open yet is shown as upcoming and refuses values (409 runNotOpenYet)', async () => {
    const runId = await openRun(-120);
    const run = await getRun(staff.cookie, runId);
    expect(run).toMatchObject({ state: 'upcoming', canFill: false });
    const response = await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/fridge`, { value: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(checklistMessages.runNotOpenYet);
    expect((await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`)).statusCode).toBe(409);
    expect((await addPhoto(staff.cookie, runId, 'fridge')).statusCode).toBe(409);
  });

  test('a record closed less than 24 hours ago can still be filled and submitted, late, even once the job marked it missed', async () => {
    const runId = await openRun(23 * 60, { minutes: 60 });
    await t.db.execute(sql`update checklist_runs set status = 'missed' where id = ${runId}`);
    expect((await getRun(staff.cookie, runId)).state).toBe('missed');
    await fillPassing(staff.cookie, runId);
    const response = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'late', canFill: false, submittedBy: { id: staff.id } });
  });

  test('a record closed more than 24 hours ago stays missed: values and submit are 409 runMissed', async () => {
    const runId = await openRun(26 * 60, { minutes: 60 });
    expect((await getRun(staff.cookie, runId)).canFill).toBe(false);
    for (const response of [
      await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/fridge`, { value: 3 }),
      await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(checklistMessages.runMissed);
    }
  });

  test("staff fill only their restaurants' records (403), and hq any", async () => {
    const runId = await openRun(30, { restaurantId: south.id });
    expect((await call(staff.cookie, 'GET', `/api/checklist-runs/${runId}`)).statusCode).toBe(403);
    const refused = await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/fridge`, { value: 3 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.restaurantForbidden);
    expect((await call(manager.cookie, 'POST', `/api/checklist-runs/${runId}/submit`)).statusCode).toBe(403);
    expect((await addPhoto(staff.cookie, runId, 'fridge')).statusCode).toBe(403);
    expect((await getRun(staffOfSouth.cookie, runId)).canFill).toBe(true);
    await fill(hq.cookie, runId, { fridge: 2 });
  });
});

describe('submitting', () => {
  test('every item must be answered: 400 incomplete naming the missing items', async () => {
    const runId = await openRun();
    await fill(staff.cookie, runId, { fridge: 3, seals: 'yes', who: '' });
    const response = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(checklistMessages.incomplete);
    expect(Object.keys(body.fields).sort()).toEqual(['chlorine', 'floor', 'oil', 'shelf', 'who']);
    expect((await getRun(staff.cookie, runId)).state).toBe('open');
  });

  test('a failed item asking for a note and a photo needs both (400 naming the item)', async () => {
    const runId = await openRun();
    await fillPassing(staff.cookie, runId);
    await fill(staff.cookie, runId, { fridge: 9.5 });
    const noNote = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({
      message: checklistMessages.noteRequired,
      fields: { fridge: checklistMessages.noteRequired },
    });
    await fill(staff.cookie, runId, { fridge: 9.5 }, 'Delivery left the door open');
    const noPhoto = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json()).toMatchObject({ fields: { fridge: checklistMessages.photoRequired } });
    expect((await addPhoto(staff.cookie, runId, 'fridge')).statusCode).toBe(201);
    expect((await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`)).statusCode).toBe(200);
  });

  test('a failure opens a corrective action owned by the managers, with the value in °C, the instruction shown and the photo', async () => {
    const runId = await openRun();
    await fillPassing(staff.cookie, runId);
    await fill(staff.cookie, runId, { fridge: 9.5 }, 'Delivery left the door open');
    await fill(staff.cookie, runId, { seals: 'no' });
    const photo = (await addPhoto(staff.cookie, runId, 'fridge')).json() as { id: string };
    const submitted = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const run = submitted.json() as ChecklistRun;
    expect(run).toMatchObject({ state: 'done', canFill: false, canCorrect: false });
    expect(run.actions.map((action) => action.itemId).sort()).toEqual(['fridge', 'seals']);
    const { rows } = (await t.db.execute(sql`select failures from checklist_runs where id = ${runId}`)) as unknown as {
      rows: { failures: number }[];
    };
    expect(rows[0]?.failures).toBe(2);

    const fridgeAction = run.actions.find((action) => action.itemId === 'fridge');
    const detail = (await call(manager.cookie, 'GET', `/api/actions/${fridgeAction?.id}`)).json() as ActionDetail;
    expect(detail).toMatchObject({
      restaurant: { id: north.id },
      audit: null,
      templateName: 'Temperature log',
      itemText: 'Walk-in fridge',
      status: 'open',
      owners: [{ id: manager.id }],
    });
    expect(detail.comment).toContain('9.5 °C');
    expect(detail.comment).toContain(FRIDGE_INSTRUCTION);
    expect(detail.comment).toContain('Delivery left the door open');
    expect(detail.evidencePhotos.map((evidence) => evidence.id)).toEqual([photo.id]);
    expect((await call(staff.cookie, 'GET', `/api/photos/${photo.id}/thumb`)).statusCode).toBe(200);
    expect((await call(staffOfSouth.cookie, 'GET', `/api/photos/${photo.id}/thumb`)).statusCode).toBe(403);
    // The owners were told.
    const { rows: told } = (await t.db.execute(sql`select user_id from notifications
      where kind = 'actionAssigned' and subject_key = ${fridgeAction?.id ?? ''}`)) as unknown as {
      rows: { user_id: string }[];
    };
    expect(told.map((row) => row.user_id)).toEqual([manager.id]);
  });

  test('a second submitter gets 409 runSubmitted; the record shows who submitted it and when', async () => {
    const runId = await openRun();
    await fillPassing(staff.cookie, runId);
    expect((await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`)).statusCode).toBe(200);
    const second = await call(manager.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(checklistMessages.runSubmitted);
    const run = await getRun(manager.cookie, runId);
    expect(run.submittedBy?.id).toBe(staff.id);
    expect(run.submittedAt).not.toBeNull();
    const late = await call(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/fridge`, { value: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(checklistMessages.runSubmitted);
  });

  test('20 submits at once make one submitted record and 19 × 409', async () => {
    const runId = await openRun();
    await fillPassing(staff.cookie, runId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? staff.cookie : manager.cookie, 'POST', `/api/checklist-runs/${runId}/submit`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  });

  test('submitted after the window closed is late, and counted so for the day', async () => {
    const runId = await openRun(90, { minutes: 60 });
    expect((await getRun(staff.cookie, runId)).state).toBe('missed');
    await fillPassing(staff.cookie, runId);
    const response = await call(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`);
    expect(response.json()).toMatchObject({ state: 'late' });
    const { rows } = (await t.db.execute(sql`
      select c.late, c.on_time, c.missed from checklist_day_counts c
      join checklist_runs r on r.restaurant_id = c.restaurant_id and r.local_day = c.local_day
      where r.id = ${runId}`)) as unknown as { rows: { late: number; on_time: number; missed: number }[] };
    expect(rows[0]).toEqual({ late: 1, on_time: 0, missed: 0 });
  });
});

describe('records nobody can quietly change', () => {
  async function submittedRun(restaurantId = north.id) {
    const runId = await openRun(30, { restaurantId });
    const cookie = restaurantId === north.id ? staff.cookie : staffOfSouth.cookie;
    await fillPassing(cookie, runId);
    expect((await call(cookie, 'POST', `/api/checklist-runs/${runId}/submit`)).statusCode).toBe(200);
    return runId;
  }

  test('a manager corrects a value with a reason: a new entry, the original stays', async () => {
    const runId = await submittedRun();
    expect((await getRun(manager.cookie, runId)).canCorrect).toBe(true);
    expect((await getRun(staff.cookie, runId)).canCorrect).toBe(false);
    const response = await call(manager.cookie, 'POST', `/api/checklist-runs/${runId}/corrections`, {
      itemId: 'chlorine',
      value: 120,
      reason: 'Misread the strip',
    });
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json() as ChecklistRun;
    expect(run.values.find((value) => value.itemId === 'chlorine')).toMatchObject({ value: 100, failed: false });
    expect(run.corrections).toEqual([
      {
        id: expect.any(String),
        itemId: 'chlorine',
        value: 120,
        failed: false,
        reason: 'Misread the strip',
        correctedBy: { id: manager.id, name: expect.any(String) },
        correctedAt: expect.any(String),
      },
    ]);
    expect(run.actions).toEqual([]);
  });

  test('a corrected value that fails opens a corrective action saying so', async () => {
    const runId = await submittedRun();
    const response = await call(hq.cookie, 'POST', `/api/checklist-runs/${runId}/corrections`, {
      itemId: 'fridge',
      value: 11,
      reason: 'The probe was read wrong; it was 11',
    });
    expect(response.statusCode).toBe(201);
    const run = response.json() as ChecklistRun;
    expect(run.corrections[0]).toMatchObject({ itemId: 'fridge', value: 11, failed: true });
    expect(run.values.find((value) => value.itemId === 'fridge')?.value).toBe(4.5);
    const [action] = run.actions;
    expect(action?.itemId).toBe('fridge');
    const detail = (await call(hq.cookie, 'GET', `/api/actions/${action?.id}`)).json() as ActionDetail;
    expect(detail.comment).toContain('Corrected value: 11 °C');
    expect(detail.comment).toContain('The probe was read wrong');
    expect(detail.comment).toContain(FRIDGE_INSTRUCTION);
    // A second failing correction of the item adds no second action.
    await call(hq.cookie, 'POST', `/api/checklist-runs/${runId}/corrections`, {
      itemId: 'fridge',
      value: 12,
      reason: 'Again',
    });
    expect((await getRun(hq.cookie, runId)).actions).toHaveLength(1);
  });

  test('corrections are refused: staff (403), another restaurant (403), not submitted (409), unknown item, bad value, no reason (400)', async () => {
    const runId = await submittedRun();
    const body = { itemId: 'chlorine', value: 120, reason: 'Misread' };
    const path = `/api/checklist-runs/${runId}/corrections`;
    expect((await call(staff.cookie, 'POST', path, body)).statusCode).toBe(403);
    expect((await call(managerOfSouth.cookie, 'POST', path, body)).statusCode).toBe(403);
    const open = await call(manager.cookie, 'POST', `/api/checklist-runs/${await openRun()}/corrections`, body);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(checklistMessages.notSubmitted);
    const unknownItem = await call(manager.cookie, 'POST', path, { ...body, itemId: 'nope' });
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.json().fields).toEqual({ itemId: checklistMessages.itemNotFound });
    const badValue = await call(manager.cookie, 'POST', path, { ...body, value: 'lots' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().fields).toEqual({ value: checklistMessages.notANumber });
    const cleared = await call(manager.cookie, 'POST', path, { ...body, value: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fields).toEqual({ value: checklistMessages.valueRequired });
    for (const reason of [undefined, '', '   ']) {
      const noReason = await call(manager.cookie, 'POST', path, { ...body, reason });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields.reason).toBe(checklistMessages.reasonRequired);
    }
    expect((await getRun(manager.cookie, runId)).corrections).toEqual([]);
  });

  test('a submitted value cannot be edited in place: no route, and the database refuses it', async () => {
    const runId = await submittedRun();
    const put = await call(manager.cookie, 'PUT', `/api/checklist-runs/${runId}/items/chlorine`, { value: 120 });
    expect(put.statusCode).toBe(409);
    expect((await addPhoto(manager.cookie, runId, 'fridge')).statusCode).toBe(409);
    await expect(
      t.db.execute(
        sql`update checklist_values set value = '120'::jsonb where run_id = ${runId} and item_id = 'chlorine'`,
      ),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from checklist_values where run_id = ${runId}`)).rejects.toThrow();
    await expect(
      t.db.execute(
        sql`insert into checklist_values (run_id, item_id, value) values (${runId}, 'extra', 'true'::jsonb)`,
      ),
    ).rejects.toThrow();
    expect((await getRun(manager.cookie, runId)).values.find((value) => value.itemId === 'chlorine')?.value).toBe(100);
  });
});

describe('photos of a record', () => {
  test("a photo answers a photo item; removing the last one unanswers it; another restaurant's is 403", async () => {
    const runId = await openRun();
    const added = await addPhoto(staff.cookie, runId, 'shelf');
    expect(added.statusCode, added.body).toBe(201);
    const photo = added.json() as { id: string };
    let run = await getRun(staff.cookie, runId);
    expect(run.photos).toEqual([expect.objectContaining({ id: photo.id, itemId: 'shelf' })]);
    expect(run.values.find((value) => value.itemId === 'shelf')).toMatchObject({ value: true });
    const path = `/api/checklist-runs/${runId}/items/shelf/photos/${photo.id}`;
    expect((await call(staffOfSouth.cookie, 'DELETE', path)).statusCode).toBe(403);
    expect(
      (await call(staff.cookie, 'DELETE', `/api/checklist-runs/${runId}/items/fridge/photos/${photo.id}`)).statusCode,
    ).toBe(404);
    expect((await call(staff.cookie, 'DELETE', path)).statusCode).toBe(204);
    run = await getRun(staff.cookie, runId);
    expect(run.photos).toEqual([]);
    expect(run.values.find((value) => value.itemId === 'shelf')).toMatchObject({ value: null });
    expect((await addPhoto(staff.cookie, runId, 'nope')).statusCode).toBe(404);
  });
});
