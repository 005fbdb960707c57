/**
 * Issue 34: the changes the offline outbox sends. A change sent twice with one
 * Idempotency-Key is stored once and the copy answered with the first reply; the device's
 * X-Recorded-At and X-Sent-At say when it was made, corrected for the phone's clock, so a
 * check done in time counts on time however late it arrives, and a phone set wrong cannot
 * make a late one look on time.
 */
import type { ChecklistContent } from '@brigade/core/checklist-items';
import { clockWasOff, offlineMessages } from '@brigade/core/offline';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import type { ActionDetail } from '@brigade/core/schemas/corrective-actions';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { registerErrorHandler } from '../src/errors';
import {
  IDEMPOTENCY_PURGE_JOB,
  purgeIdempotentRequests,
  REPLAYED_HEADER,
  registerIdempotency,
  registerIdempotencyPurge,
} from '../src/http/idempotency';
import { registerOfflineTimes } from '../src/http/offline-times';
import type { JobQueue } from '../src/jobs/job-queue';
import { insertChecklist, insertRun, minutesFromNow } from './checklist-run-fixtures';
import { startTestApp } from './harness';

const t = await startTestApp();
const restaurant = await t.buildRestaurant({ name: 'Brigade Harbour' });
const hq = await t.signedIn('hq');
const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
const colleague = await t.signedIn('staff', { restaurantIds: [restaurant.id] });

/** Two items: a tick, and a yes/no whose "no" fails and opens a corrective action. */
const content: ChecklistContent = {
  sections: [
    {
      id: 'close',
      title: 'Closing',
      items: ['floor', 'seals'].map((id) => ({
        id,
        label: id === 'floor' ? 'Floor mopped' : 'Door seals clean',
        kind: id === 'floor' ? ('tick' as const) : ('yesNo' as const),
        unit: null,
        min: null,
        max: null,
        choices: [],
        failingChoices: [],
        critical: id === 'seals',
        failInstruction: null,
        failNeedsPhoto: false,
        failNeedsNote: false,
      })),
    },
  ],
};
const checklist = await insertChecklist(t.db, { name: 'Closing check', allRestaurants: false, content, windows: [] });
/** A record whose window opened `minutesAgo` ago and lasts an hour (closed when `minutesAgo` > 60). */
const runOpened = (minutesAgo: number) =>
  insertRun(t.db, checklist, restaurant.id, { opensAt: minutesFromNow(-minutesAgo), minutes: 60, windowId: null });

const MINUTE = 60_000;
/** How far a time may be from the one expected: a slow machine never fails a test; the rules differ by many minutes. */
const TOLERANCE_MS = 60_000;
const ago = (minutes: number, from = Date.now()) => new Date(from - minutes * MINUTE).toISOString();
let keySequence = 0;
const newKey = () => `key-${Date.now()}-${++keySequence}`;

/** The outbox's headers: its key, when the change was made and when it was sent, on the device's clock. */
function offline(key: string, recordedAt?: string, sentAt = new Date().toISOString()) {
  return {
    'idempotency-key': key,
    ...(recordedAt ? { 'x-recorded-at': recordedAt, 'x-sent-at': sentAt } : {}),
  };
}

function send(cookie: string | undefined, method: 'PUT' | 'POST', url: string, headers: object, payload?: object) {
  return t.request(cookie, { method, url, headers: headers as Record<string, string>, payload });
}

const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
  .jpeg()
  .toBuffer();
function sendPhoto(cookie: string, url: string, headers: object) {
  const boundary = '----brigade-offline-photo';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fix.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return t.request(cookie, {
    method: 'POST',
    url,
    payload: Buffer.concat([Buffer.from(head), jpeg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
const keysOf = (userId: string) =>
  count(sql`select count(*)::int as n from idempotent_requests where user_id = ${userId}`);

async function getRun(runId: string) {
  const response = await t.request(staff.cookie, { method: 'GET', url: `/api/checklist-runs/${runId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChecklistRun;
}

/** A record of this checklist with a failed item, submitted: its corrective action, open. */
async function openAction(): Promise<ActionDetail> {
  const runId = await runOpened(10);
  for (const [itemId, value] of [
    ['floor', true],
    ['seals', 'no'],
  ] as const) {
    expect(
      (await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, {}, { value })).statusCode,
    ).toBe(200);
  }
  expect((await send(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`, {})).statusCode).toBe(200);
  const [action] = (await getRun(runId)).actions;
  const response = await t.request(manager.cookie, { method: 'GET', url: `/api/actions/${action?.id}` });
  return response.json() as ActionDetail;
}

describe('Idempotency-Key (issue 34)', () => {
  test('the same photo sent twice with one key is stored once; the copy is answered with the first reply', async () => {
    const runId = await runOpened(10);
    const url = `/api/checklist-runs/${runId}/items/floor/photos`;
    const key = newKey();
    const first = await sendPhoto(staff.cookie, url, offline(key));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const copy = await sendPhoto(staff.cookie, url, offline(key));
    expect(copy.statusCode).toBe(201);
    expect(copy.headers[REPLAYED_HEADER]).toBe('true');
    expect(copy.json()).toEqual(first.json());
    expect(await count(sql`select count(*)::int as n from photos where checklist_run_id = ${runId}`)).toBe(1);
    // Another key is another change: a second photo.
    expect((await sendPhoto(staff.cookie, url, offline(newKey()))).statusCode).toBe(201);
    expect(await count(sql`select count(*)::int as n from photos where checklist_run_id = ${runId}`)).toBe(2);
  });

  test('without the header a route behaves as before: the same photo sent twice is two photos', async () => {
    const runId = await runOpened(10);
    const url = `/api/checklist-runs/${runId}/items/floor/photos`;
    expect((await sendPhoto(staff.cookie, url, {})).statusCode).toBe(201);
    expect((await sendPhoto(staff.cookie, url, {})).statusCode).toBe(201);
    expect(await count(sql`select count(*)::int as n from photos where checklist_run_id = ${runId}`)).toBe(2);
  });

  test('a submit sent twice at once is submitted once, and both copies get its reply (not a 409)', async () => {
    const runId = await runOpened(10);
    for (const itemId of ['floor', 'seals']) {
      const value = itemId === 'floor' ? true : 'yes';
      expect(
        (await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, {}, { value })).statusCode,
      ).toBe(200);
    }
    const key = newKey();
    const url = `/api/checklist-runs/${runId}/submit`;
    const replies = await Promise.all([1, 2, 3].map(() => send(staff.cookie, 'POST', url, offline(key))));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(replies.filter((reply) => reply.headers[REPLAYED_HEADER] === 'true')).toHaveLength(2);
    const [body] = replies.map((reply) => reply.json() as ChecklistRun);
    for (const reply of replies) expect(reply.json()).toEqual(body);
    expect(body?.state).toBe('done');
    // Without the key a second submit is refused as before.
    expect((await send(staff.cookie, 'POST', url, {})).statusCode).toBe(409);
  });

  test('an acknowledgement and an action resolution sent again are answered, not done again', async () => {
    const announcement = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Allergens', description: 'Read the new chart.', requiresAck: true },
    });
    expect(announcement.statusCode, announcement.body).toBe(201);
    const ackUrl = `/api/announcements/${(announcement.json() as { id: string }).id}/acknowledge`;
    const ackKey = newKey();
    const ack = await send(staff.cookie, 'POST', ackUrl, offline(ackKey));
    expect(ack.statusCode, ack.body).toBe(200);
    const ackAgain = await send(staff.cookie, 'POST', ackUrl, offline(ackKey));
    expect(ackAgain.headers[REPLAYED_HEADER]).toBe('true');
    expect(ackAgain.json()).toEqual(ack.json());

    const action = await openAction();
    const resolveUrl = `/api/actions/${action.id}/resolve`;
    const key = newKey();
    const body = { note: 'New seal fitted', version: action.version };
    const resolved = await send(manager.cookie, 'POST', resolveUrl, offline(key), body);
    expect(resolved.statusCode, resolved.body).toBe(200);
    const again = await send(manager.cookie, 'POST', resolveUrl, offline(key), body);
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(
      await count(sql`select count(*)::int as n from corrective_action_events
        where action_id = ${action.id} and kind = 'resolved'`),
    ).toBe(1);
    // Without the key, resolving again is refused as before.
    expect((await send(manager.cookie, 'POST', resolveUrl, {}, body)).statusCode).toBe(409);
  });

  test('keys are per person: the same key from someone else is their own change', async () => {
    const runId = await runOpened(10);
    const url = `/api/checklist-runs/${runId}/items/floor/photos`;
    const key = newKey();
    expect((await sendPhoto(staff.cookie, url, offline(key))).statusCode).toBe(201);
    const other = await sendPhoto(colleague.cookie, url, offline(key));
    expect(other.statusCode).toBe(201);
    expect(other.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await count(sql`select count(*)::int as n from photos where checklist_run_id = ${runId}`)).toBe(2);
  });

  test('the same key for another change is refused with 409, and the first change stands', async () => {
    const runId = await runOpened(10);
    const key = newKey();
    const url = `/api/checklist-runs/${runId}/items/floor`;
    expect((await send(staff.cookie, 'PUT', url, offline(key), { value: true })).statusCode).toBe(200);
    const reused = await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/seals`, offline(key), {
      value: 'yes',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: offlineMessages.keyReused });
    expect((await getRun(runId)).values.map((value) => value.itemId)).toEqual(['floor']);
  });

  test('a refused change keeps nothing: after filling the last item, the same submit goes through', async () => {
    const runId = await runOpened(10);
    const key = newKey();
    const url = `/api/checklist-runs/${runId}/submit`;
    expect(
      (await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/floor`, {}, { value: true })).statusCode,
    ).toBe(200);
    const incomplete = await send(staff.cookie, 'POST', url, offline(key));
    expect(incomplete.statusCode).toBe(400);
    expect(
      (await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/seals`, {}, { value: 'yes' })).statusCode,
    ).toBe(200);
    const submitted = await send(staff.cookie, 'POST', url, offline(key));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.headers[REPLAYED_HEADER]).toBeUndefined();
  });

  test('signed out: 401 before the headers are read, and no key is kept', async () => {
    const runId = await runOpened(10);
    const before = await count(sql`select count(*)::int as n from idempotent_requests`);
    const response = await send(undefined, 'POST', `/api/checklist-runs/${runId}/submit`, {
      'idempotency-key': 'not a key!',
      'x-recorded-at': 'yesterday',
    });
    expect(response.statusCode).toBe(401);
    expect(await count(sql`select count(*)::int as n from idempotent_requests`)).toBe(before);
  });

  test.each([
    [{ 'idempotency-key': 'has spaces in it' }, 'idempotency-key', offlineMessages.badKey],
    [{ 'idempotency-key': 'k'.repeat(101) }, 'idempotency-key', offlineMessages.badKey],
    [{ 'x-recorded-at': 'yesterday', 'x-sent-at': new Date().toISOString() }, 'x-recorded-at', offlineMessages.badTime],
    [
      { 'x-recorded-at': new Date().toISOString(), 'x-sent-at': '2026-02-30T08:00:00' },
      'x-sent-at',
      offlineMessages.badTime,
    ],
    [{ 'x-recorded-at': new Date().toISOString() }, 'x-sent-at', offlineMessages.timesGoTogether],
    [{ 'x-sent-at': new Date().toISOString() }, 'x-recorded-at', offlineMessages.timesGoTogether],
  ])('bad headers %o: 400 naming %s, nothing stored', async (headers, field, message) => {
    const runId = await runOpened(10);
    const response = await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/floor`, headers, {
      value: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fields: { [field]: message } });
    expect((await getRun(runId)).values).toEqual([]);
  });
});

describe('the key on a route that fails (issue 34)', async () => {
  // A route of our own with the plugin as the app registers it: it fails with a 500 on
  // its first call and a 403 on its second, then succeeds; each failure lets the key go.
  const person = await t.buildUser('staff');
  let calls = 0;
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    request.sessionUser = { id: person.id } as never;
  });
  registerOfflineTimes(app);
  registerIdempotency(app, t.db);
  app.post('/flaky', { config: { idempotent: true } }, async (_request, reply) => {
    calls += 1;
    if (calls === 1) throw new Error('the disk is full');
    if (calls === 2) return reply.status(403).send({ message: 'Not yet' });
    return { calls };
  });

  test('a 5xx or a 403 keeps nothing, so sending again runs it; the first success is kept', async () => {
    const key = newKey();
    const post = () => app.inject({ method: 'POST', url: '/flaky', headers: { 'idempotency-key': key } });
    expect((await post()).statusCode).toBe(500);
    expect(await keysOf(person.id)).toBe(0);
    expect((await post()).statusCode).toBe(403);
    expect(await keysOf(person.id)).toBe(0);
    const ran = await post();
    expect(ran.json()).toEqual({ calls: 3 });
    const replayed = await post();
    expect(replayed.json()).toEqual({ calls: 3 });
    expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
    expect(calls).toBe(3);
  });

  test('a copy arriving while the first runs waits for its reply', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowCalls = 0;
    const slow = Fastify();
    registerErrorHandler(slow);
    slow.decorateRequest('sessionUser', null);
    slow.addHook('onRequest', async (request) => {
      request.sessionUser = { id: person.id } as never;
    });
    registerOfflineTimes(slow);
    registerIdempotency(slow, t.db);
    slow.post('/slow', { config: { idempotent: true } }, async () => {
      slowCalls += 1;
      await gate;
      return { slowCalls };
    });
    const key = newKey();
    const post = () => slow.inject({ method: 'POST', url: '/slow', headers: { 'idempotency-key': key } });
    const first = post();
    // The first has claimed this key (its row exists) before the copy is sent: the person's
    // other keys, left by earlier tests, must not count, or the copy could claim it first.
    const claimed = () =>
      count(sql`select count(*)::int as n from idempotent_requests where user_id = ${person.id} and key = ${key}`);
    await expect.poll(claimed, { timeout: 5000 }).toBe(1);
    const copy = post();
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [a, b] = await Promise.all([first, copy]);
    expect([a.json(), b.json()]).toEqual([{ slowCalls: 1 }, { slowCalls: 1 }]);
    expect(b.headers[REPLAYED_HEADER]).toBe('true');
    expect(slowCalls).toBe(1);
    await slow.close();
  });

  test('a claim left running by a server that died is taken over once stale', async () => {
    const key = newKey();
    await t.db.execute(sql`insert into idempotent_requests (user_id, key, request, received_at)
      values (${person.id}, ${key}, 'POST /flaky', now() - interval '11 minutes')`);
    const response = await app.inject({ method: 'POST', url: '/flaky', headers: { 'idempotency-key': key } });
    expect(response.statusCode).toBe(200);
    expect(response.headers[REPLAYED_HEADER]).toBeUndefined();
  });
});

describe('recorded at, corrected for the phone clock (issue 34)', () => {
  test('a value saved offline keeps when it was made and the clock offset beside when it arrived', async () => {
    const runId = await runOpened(10);
    const recordedAt = ago(5);
    const response = await send(
      staff.cookie,
      'PUT',
      `/api/checklist-runs/${runId}/items/floor`,
      offline(newKey(), recordedAt),
      {
        value: true,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [value] = (response.json() as ChecklistRun).values;
    expect(Math.abs(Date.parse(value?.recordedAt ?? '') - Date.parse(recordedAt))).toBeLessThan(TOLERANCE_MS);
    expect(Math.abs(value?.clockOffsetSeconds ?? 99)).toBeLessThanOrEqual(TOLERANCE_MS / 1000);
    expect(Date.parse(value?.receivedAt ?? '')).toBeGreaterThan(Date.parse(recordedAt));
    // Saved again online: the offline times go.
    const online = await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/floor`, {}, { value: true });
    expect((online.json() as ChecklistRun).values[0]).toMatchObject({ recordedAt: null, clockOffsetSeconds: null });
  });

  test('a photo item answered offline keeps when the photo was taken', async () => {
    const photoLog = await insertChecklist(t.db, {
      name: 'Dry store photo',
      allRestaurants: false,
      windows: [],
      content: {
        sections: [
          {
            id: 'store',
            title: 'Store',
            items: [
              { ...content.sections[0]?.items[0], id: 'shelf', label: 'Photo of the shelf', kind: 'photo' } as never,
            ],
          },
        ],
      },
    });
    const runId = await insertRun(t.db, photoLog, restaurant.id, { opensAt: minutesFromNow(-20), windowId: null });
    const takenAt = ago(12);
    const response = await sendPhoto(
      staff.cookie,
      `/api/checklist-runs/${runId}/items/shelf/photos`,
      offline(newKey(), takenAt),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [value] = (await getRun(runId)).values;
    expect(value?.value).toBe(true);
    expect(Math.abs(Date.parse(value?.recordedAt ?? '') - Date.parse(takenAt))).toBeLessThan(TOLERANCE_MS);
  });

  test('a submit made in the window but received after it closed counts on time', async () => {
    // Opened 90 minutes ago for an hour: closed 30 minutes ago.
    const runId = await runOpened(90);
    for (const itemId of ['floor', 'seals']) {
      const value = itemId === 'floor' ? true : 'yes';
      const headers = offline(newKey(), ago(45));
      expect(
        (await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, headers, { value }))
          .statusCode,
      ).toBe(200);
    }
    const recordedAt = ago(40);
    const response = await send(
      staff.cookie,
      'POST',
      `/api/checklist-runs/${runId}/submit`,
      offline(newKey(), recordedAt),
    );
    expect(response.statusCode, response.body).toBe(200);
    const run = response.json() as ChecklistRun;
    expect(run.state).toBe('done');
    expect(Math.abs(Date.parse(run.submittedAt ?? '') - Date.parse(recordedAt))).toBeLessThan(TOLERANCE_MS);
    expect(Date.parse(run.submitReceivedAt ?? '')).toBeGreaterThan(Date.parse(run.closesAt));
    expect(clockWasOff(run.submitClockOffsetSeconds)).toBe(false);
    // The same submit sent online now would be late.
    const other = await runOpened(90);
    for (const itemId of ['floor', 'seals']) {
      const value = itemId === 'floor' ? true : 'yes';
      await send(staff.cookie, 'PUT', `/api/checklist-runs/${other}/items/${itemId}`, {}, { value });
    }
    const late = await send(staff.cookie, 'POST', `/api/checklist-runs/${other}/submit`, {});
    expect(late.json() as ChecklistRun).toMatchObject({
      state: 'late',
      submitReceivedAt: null,
      submitClockOffsetSeconds: null,
    });
  });

  test('a phone clock an hour slow cannot make a late submit look on time: corrected and flagged', async () => {
    const runId = await runOpened(90); // closed 30 minutes ago
    for (const itemId of ['floor', 'seals']) {
      const value = itemId === 'floor' ? true : 'yes';
      await send(staff.cookie, 'PUT', `/api/checklist-runs/${runId}/items/${itemId}`, {}, { value });
    }
    // Submitted 10 minutes ago (late); the phone reads an hour less: "70 minutes ago", in the window.
    const phone = (date: number) => new Date(date - 60 * MINUTE).toISOString();
    const headers = offline(newKey(), phone(Date.now() - 10 * MINUTE), phone(Date.now()));
    const response = await send(staff.cookie, 'POST', `/api/checklist-runs/${runId}/submit`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const run = response.json() as ChecklistRun;
    expect(run.state).toBe('late');
    expect(Math.abs(Date.parse(run.submittedAt ?? '') - (Date.now() - 10 * MINUTE))).toBeLessThan(TOLERANCE_MS);
    expect(Math.abs((run.submitClockOffsetSeconds ?? 0) - 3600)).toBeLessThanOrEqual(TOLERANCE_MS / 1000);
    expect(clockWasOff(run.submitClockOffsetSeconds)).toBe(true);
    // The key's row keeps the device's own time and the offset.
    const { rows } = (await t.db.execute(sql`select recorded_at, clock_offset_seconds from idempotent_requests
      where key = ${headers['idempotency-key']}`)) as unknown as {
      rows: { recorded_at: string | Date; clock_offset_seconds: number }[];
    };
    expect(
      Math.abs(new Date(rows[0]?.recorded_at ?? 0).getTime() - Date.parse(headers['x-recorded-at'] ?? '')),
    ).toBeLessThan(1000);
    expect(Math.abs((rows[0]?.clock_offset_seconds ?? 0) - 3600)).toBeLessThanOrEqual(TOLERANCE_MS / 1000);
  });

  test('a phone clock ahead cannot push a change past the moment it arrived', async () => {
    const runId = await runOpened(10);
    // Recorded "after" it was sent (the phone's clock was changed in between): never later than received.
    const future = new Date(Date.now() + 30 * MINUTE).toISOString();
    const before = Date.now();
    const response = await send(
      staff.cookie,
      'PUT',
      `/api/checklist-runs/${runId}/items/floor`,
      offline(newKey(), future),
      {
        value: true,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [value] = (response.json() as ChecklistRun).values;
    expect(Date.parse(value?.recordedAt ?? '')).toBeLessThanOrEqual(Date.parse(value?.receivedAt ?? '') + 1000);
    expect(Date.parse(value?.recordedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  test('an acknowledgement and a resolution made offline are dated when they were made', async () => {
    const announcement = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Fire drill', description: 'Thursday at ten.', requiresAck: true },
    });
    const id = (announcement.json() as { id: string }).id;
    const readAt = ago(25);
    const ack = await send(staff.cookie, 'POST', `/api/announcements/${id}/acknowledge`, offline(newKey(), readAt));
    expect(ack.statusCode, ack.body).toBe(200);
    expect(
      Math.abs(Date.parse((ack.json() as { acknowledgedAt: string }).acknowledgedAt) - Date.parse(readAt)),
    ).toBeLessThan(TOLERANCE_MS);

    const action = await openAction();
    const fixedAt = ago(15);
    const resolved = await send(
      manager.cookie,
      'POST',
      `/api/actions/${action.id}/resolve`,
      offline(newKey(), fixedAt),
      {
        note: 'Seal replaced',
        version: action.version,
      },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    const detail = resolved.json() as ActionDetail;
    expect(Math.abs(Date.parse(detail.resolution?.resolvedAt ?? '') - Date.parse(fixedAt))).toBeLessThan(TOLERANCE_MS);
  });

  test('made in the window but arriving after the late-submit limit: refused as missed, as online', async () => {
    // Closed 25 hours ago: past LATE_SUBMIT_HOURS, the record is missed for good (decision 033).
    const runId = await runOpened(26 * 60);
    const url = `/api/checklist-runs/${runId}/items/floor`;
    const response = await send(staff.cookie, 'PUT', url, offline(newKey(), ago(25 * 60 + 30)), { value: true });
    expect(response.statusCode).toBe(409);
    expect((await getRun(runId)).values).toEqual([]);
  });
});

describe('keeping keys (issue 34)', () => {
  test('the purge deletes keys older than 48 hours and keeps younger ones', async () => {
    const person = await t.buildUser('staff');
    await t.db.execute(sql`insert into idempotent_requests (user_id, key, request, state, status_code, received_at)
      values (${person.id}, 'old', 'POST /api/x', 'done', 200, now() - interval '49 hours'),
        (${person.id}, 'kept', 'POST /api/x', 'done', 200, now() - interval '47 hours')`);
    expect(await purgeIdempotentRequests(t.db)).toBeGreaterThanOrEqual(1);
    const { rows } = (await t.db.execute(
      sql`select key from idempotent_requests where user_id = ${person.id}`,
    )) as unknown as { rows: { key: string }[] };
    expect(rows.map((row) => row.key)).toEqual(['kept']);
  });

  test('the purge runs hourly on the job queue', () => {
    const registered: { name: string; cron?: string }[] = [];
    const queue = {
      register: (name: string, _handler: unknown, options?: { cron?: string }) =>
        registered.push({ name, cron: options?.cron }),
    };
    registerIdempotencyPurge(queue as unknown as JobQueue, t.db);
    expect(registered).toEqual([{ name: IDEMPOTENCY_PURGE_JOB, cron: expect.stringMatching(/^\d+ \* \* \* \*$/) }]);
  });
});
