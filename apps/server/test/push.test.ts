import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import webPush from 'web-push';
import { pushDeliveries, pushSubscriptions } from '../src/db/schema/push';
import { users } from '../src/db/schema/users';
import { PUSH_MAX_ATTEMPTS } from '../src/modules/push/deliveries';
import { runPushJob } from '../src/modules/push/service';
import { createNotifier, type NewNotification } from '../src/notify/notifier';
import { createPushSender } from '../src/push/sender';
import { startFakePushService } from './fakes/push-service';
import { startTestApp } from './harness';

/**
 * Issue 34, Web Push: a person turns push on per device; each new notification goes to
 * their devices when that kind's preference is on (the same as email), signed with the
 * server's VAPID key and encrypted for the device, which the local push service checks
 * as a real one does (fakes/push-service.ts). 404/410 removes the subscription; other
 * refusals are retried, then given up. The job is called as its handler calls it.
 */

const pushService = await startFakePushService();
afterAll(() => pushService.close());
const keys = webPush.generateVAPIDKeys();
const subject = 'mailto:ops@brigade.test';
const t = await startTestApp({ push: { vapidKeys: keys, subject } });
const sender = createPushSender({ keys, subject, agent: pushService.agent() });
const runJob = () => runPushJob(t.db, sender);
const notifier = createNotifier({ emailOn: false, jobs: () => null });

const restaurant = await t.buildRestaurant();
const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

/** A browser on this person's device turning push on: subscribed at the push service, then told to the server. */
async function turnPushOn(cookie: string, deviceLabel = 'Chrome on Android') {
  const subscription = pushService.subscribe(keys.publicKey);
  const response = await call(cookie, 'POST', '/api/push/subscriptions', { ...subscription, deviceLabel });
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

let sequence = 0;
async function notify(userId: string, overrides: Partial<NewNotification> = {}) {
  sequence += 1;
  const subjectKey = `push-test-${sequence}`;
  await notifier.notify(t.db, [
    {
      userId,
      kind: 'trainingAssigned',
      subjectKey,
      title: `New training: Knife skills ${sequence}`,
      body: 'No due date',
      params: [`Knife skills ${sequence}`, null],
      link: `/trainings/${sequence}`,
      ...overrides,
    },
  ]);
  const { rows } = (await t.db.execute(
    sql`select id from notifications where user_id = ${userId} and subject_key = ${subjectKey}`,
  )) as unknown as { rows: { id: string }[] };
  return rows[0]?.id as string;
}

const received = (endpoint: string) => pushService.messages.filter((push) => push.endpoint === endpoint);
const deliveriesOf = (notificationId: string) =>
  t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, notificationId));

describe('the routes', () => {
  test('signed out, every push route answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/public-key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
    ] as const) {
      const response = await call(undefined, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  test('the public key is the configured VAPID key', async () => {
    const response = await call(staff.cookie, 'GET', '/api/push/public-key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: keys.publicKey });
  });

  test('a subscription that is not https, or whose keys are not base64url, is refused with field messages', async () => {
    const response = await call(staff.cookie, 'POST', '/api/push/subscriptions', {
      endpoint: 'http://push.example.com/abc',
      keys: { p256dh: 'not base64url!', auth: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      endpoint: 'Endpoint must be an https URL',
      'keys.p256dh': 'p256dh must be base64url',
      'keys.auth': 'auth is required',
    });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  test('turning push on lists the device; turning it on again keeps one; off removes it', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const subscription = await turnPushOn(person.cookie, 'Firefox on Linux');
    const again = await call(person.cookie, 'POST', '/api/push/subscriptions', { ...subscription });
    expect(again.statusCode).toBe(201);
    const list = await call(person.cookie, 'GET', '/api/push/subscriptions');
    expect(list.json().items).toEqual([
      expect.objectContaining({ endpoint: subscription.endpoint, deviceLabel: '', lastPushedAt: null }),
    ]);

    // Someone else cannot turn my device off.
    const other = await call(staff.cookie, 'DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    expect(other.statusCode).toBe(204);
    expect((await call(person.cookie, 'GET', '/api/push/subscriptions')).json().items).toHaveLength(1);

    const off = await call(person.cookie, 'DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    expect(off.statusCode).toBe(204);
    expect((await call(person.cookie, 'GET', '/api/push/subscriptions')).json().items).toEqual([]);
  });

  test('a shared device turned on by another person pushes only that person’s notifications from then on', async () => {
    const first = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const second = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const tablet = await turnPushOn(first.cookie, 'Kitchen tablet');
    await notify(first.id);
    const moved = await call(second.cookie, 'POST', '/api/push/subscriptions', { ...tablet });
    expect(moved.statusCode).toBe(201);
    expect((await call(first.cookie, 'GET', '/api/push/subscriptions')).json().items).toEqual([]);
    await notify(second.id, { title: 'For the second person', params: null });
    await runJob();
    expect(received(tablet.endpoint).map((push) => push.message.title)).toEqual(['For the second person']);
  });
});

describe('sending', () => {
  test('a new notification reaches each of the person’s devices once, signed and encrypted for each', async () => {
    const phone = await turnPushOn(staff.cookie, 'Phone');
    const laptop = await turnPushOn(staff.cookie, 'Laptop');
    const managersPhone = await turnPushOn(manager.cookie);
    const id = await notify(staff.id);

    const run = await runJob();
    expect(run).toMatchObject({ sent: 2, retrying: 0, failed: 0, removed: 0 });
    expect(pushService.refusals).toEqual([]);
    for (const device of [phone, laptop]) {
      expect(received(device.endpoint)).toEqual([
        {
          endpoint: device.endpoint,
          message: {
            title: `New training: Knife skills ${sequence}`,
            body: 'No due date',
            link: `/trainings/${sequence}`,
            tag: id,
          },
          ttl: 24 * 60 * 60,
          topic: id.replaceAll('-', ''),
        },
      ]);
    }
    expect(received(managersPhone.endpoint)).toEqual([]);
    expect((await deliveriesOf(id)).map((delivery) => delivery.state)).toEqual(['sent', 'sent']);
    const devices = (await call(staff.cookie, 'GET', '/api/push/subscriptions')).json().items;
    expect(devices.every((device: { lastPushedAt: string | null }) => device.lastPushedAt !== null)).toBe(true);

    // Run again (the next minute, or the other server): nothing more goes out.
    expect(await runJob()).toMatchObject({ sent: 0 });
    expect(received(phone.endpoint)).toHaveLength(1);
  });

  test('the push is written in the person’s language', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    await t.db.update(users).set({ language: 'nl' }).where(eq(users.id, person.id));
    const device = await turnPushOn(person.cookie);
    await notify(person.id, { params: ['Messen slijpen', null] });
    await runJob();
    expect(received(device.endpoint).map((push) => push.message)).toEqual([
      expect.objectContaining({ title: 'Nieuwe training: Messen slijpen', body: 'Geen einddatum' }),
    ]);
  });

  test('a kind whose preference is off is not pushed; a kind off by default is pushed once turned on', async () => {
    const person = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
    const device = await turnPushOn(person.cookie);
    const off = await call(person.cookie, 'PUT', '/api/profile/notification-preferences', {
      preferences: [{ kind: 'trainingAssigned', email: false }],
    });
    expect(off.statusCode).toBe(200);
    const unwanted = await notify(person.id);
    // Audits due are in-app only until chosen (notification-kinds.ts).
    const auditDue = await notify(person.id, { kind: 'auditDue', title: 'Audit due', params: null });
    await runJob();
    expect(received(device.endpoint)).toEqual([]);
    expect(await deliveriesOf(unwanted)).toEqual([]);
    expect(await deliveriesOf(auditDue)).toEqual([]);
    const { rows } = (await t.db.execute(
      sql`select push_state from notifications where id in (${unwanted}, ${auditDue})`,
    )) as unknown as { rows: { push_state: string }[] };
    expect(rows.map((row) => row.push_state)).toEqual(['done', 'done']);

    await call(person.cookie, 'PUT', '/api/profile/notification-preferences', {
      preferences: [{ kind: 'auditDue', email: true }],
    });
    await notify(person.id, { kind: 'auditDue', title: 'Audit due again', params: null });
    await runJob();
    expect(received(device.endpoint).map((push) => push.message.title)).toEqual(['Audit due again']);
  });

  test('a subscription its push service answers 410 Gone for is removed, and nothing is retried', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const kept = await turnPushOn(person.cookie, 'Still subscribed');
    const dropped = await turnPushOn(person.cookie, 'Notifications blocked since');
    pushService.expire(dropped.endpoint);
    const id = await notify(person.id);

    expect(await runJob()).toMatchObject({ sent: 1, removed: 1, retrying: 0 });
    const devices = (await call(person.cookie, 'GET', '/api/push/subscriptions')).json().items;
    expect(devices.map((device: { endpoint: string }) => device.endpoint)).toEqual([kept.endpoint]);
    expect((await deliveriesOf(id)).map((delivery) => delivery.state)).toEqual(['sent']);
    expect(await runJob()).toMatchObject({ sent: 0, removed: 0 });
  });

  test('a 404 removes the subscription too', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const device = await turnPushOn(person.cookie);
    pushService.failNext(device.endpoint, 404);
    await notify(person.id);
    expect(await runJob()).toMatchObject({ removed: 1 });
    expect((await call(person.cookie, 'GET', '/api/push/subscriptions')).json().items).toEqual([]);
  });

  test('another refusal is tried again after a wait, then given up after the last attempt', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const device = await turnPushOn(person.cookie);
    const waitOver = () =>
      t.db.execute(sql`update push_deliveries set claimed_at = now() - interval '1 day' where state = 'pending'`);

    pushService.failNext(device.endpoint, 500, 429);
    const retried = await notify(person.id, { title: 'Retried', params: null });
    expect(await runJob()).toMatchObject({ retrying: 1, sent: 0 });
    // Not due again before its wait is over.
    expect(await runJob()).toMatchObject({ retrying: 0, sent: 0 });
    await waitOver();
    expect(await runJob()).toMatchObject({ retrying: 1 });
    await waitOver();
    expect(await runJob()).toMatchObject({ sent: 1 });
    expect(await deliveriesOf(retried)).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
    expect(received(device.endpoint).map((push) => push.message.title)).toEqual(['Retried']);

    pushService.failNext(device.endpoint, ...Array(PUSH_MAX_ATTEMPTS).fill(503));
    const given = await notify(person.id, { title: 'Given up', params: null });
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      await runJob();
      await waitOver();
    }
    expect(await deliveriesOf(given)).toEqual([
      expect.objectContaining({ state: 'failed', attempts: PUSH_MAX_ATTEMPTS }),
    ]);
    expect(await runJob()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    // The device itself stays: a push service's bad moment is not the person turning push off.
    expect((await call(person.cookie, 'GET', '/api/push/subscriptions')).json().items).toHaveLength(1);
  });

  test('a push signed with another server’s key is refused by the push service and not counted as sent', async () => {
    const person = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    const device = await turnPushOn(person.cookie);
    const stranger = createPushSender({ keys: webPush.generateVAPIDKeys(), subject, agent: pushService.agent() });
    const id = await notify(person.id);
    expect(await runPushJob(t.db, stranger)).toMatchObject({ sent: 0, retrying: 1 });
    expect(pushService.refusals.at(-1)).toBe('403 the VAPID key is not the one the subscription was made with');
    expect(received(device.endpoint)).toEqual([]);
    expect(await deliveriesOf(id)).toEqual([expect.objectContaining({ state: 'pending', attempts: 1 })]);
  });
});
