/**
 * Issue 37, temperature sensors (decision 047): hq registers devices and their keys; a
 * device posts signed batches to POST /api/sensors/readings; out of range for longer than
 * the delay opens one excursion and one corrective action; back in range for the recovery
 * time ends it; an hour without readings raises "Sensor offline"; the readings appear in
 * the food-safety log. Time is driven by the readings' times and the evaluation's `now`,
 * never by sleeping. Both drivers.
 */

import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ensureMonthPartitions } from '../src/db/month-partitions';
import {
  evaluateDevice,
  maintainSensorReadings,
  raiseOfflineDevices,
  readSensorLogRows,
  storeReadings,
} from '../src/modules/sensors/service';
import { createNotifier } from '../src/notify/notifier';
import { startTestApp } from './harness';
import { readPdf } from './pdf-reader';

const t = await startTestApp();
const hq = await t.signedIn('hq');
const gent = await t.buildRestaurant({ name: 'Brigade Gent', timeZone: 'Europe/Brussels' });
const lille = await t.buildRestaurant({ name: 'Brigade Lille', timeZone: 'Europe/Paris' });
const manager = await t.signedIn('manager', { restaurantIds: [gent.id] });
const otherManager = await t.signedIn('manager', { restaurantIds: [lille.id] });
const notifier = createNotifier({ emailOn: false, jobs: () => null });

const MINUTE = 60_000;

interface Created {
  id: string;
  key: string;
  endpoint: string;
  state: string;
}

async function newDevice(overrides: Record<string, unknown> = {}): Promise<Created> {
  const response = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/sensors/devices',
    payload: { name: 'Walk-in fridge', restaurantId: gent.id, kind: 'fridge', lowC: 0, highC: 5, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The README's recipe, written out again here: hex HMAC-SHA256 of `timestamp.body` under SHA-256(key). */
function sign(key: string, timestamp: string, body: string) {
  const signingKey = createHash('sha256').update(key).digest();
  return createHmac('sha256', signingKey).update(`${timestamp}.${body}`).digest('hex');
}

async function post(
  device: { id: string; key: string },
  readings: unknown,
  options: { timestamp?: number; body?: string; signature?: string; headers?: Record<string, string> } = {},
) {
  const body = options.body ?? JSON.stringify({ readings });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/api/sensors/readings',
    headers: {
      'content-type': 'application/json',
      'x-sensor-device': device.id,
      'x-sensor-timestamp': timestamp,
      'x-sensor-signature': options.signature ?? sign(device.key, timestamp, body),
      ...options.headers,
    },
    payload: body,
  });
}

/** One reading a minute from `start`, the values given. */
const series = (start: number, values: number[]) =>
  values.map((value, index) => ({ at: new Date(start + index * MINUTE).toISOString(), value }));

async function readingsOf(deviceId: string) {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as n from sensor_readings where device_id = ${deviceId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]?.n ?? 0;
}

async function excursionsOf(deviceId: string) {
  const { rows } = (await t.db.execute(sql`
    select e.id, e.direction, e.peak_c, e.started_at, e.ended_at, ca.id as action_id, ca.item_text, ca.due_on::text as due_on
    from sensor_excursions e left join corrective_actions ca on ca.sensor_excursion_id = e.id
    where e.device_id = ${deviceId} order by e.started_at`)) as unknown as {
    rows: {
      id: string;
      direction: string;
      peak_c: number;
      started_at: Date;
      ended_at: Date | null;
      action_id: string | null;
      item_text: string;
      due_on: string;
    }[];
  };
  return rows;
}

describe('devices and keys', () => {
  test('hq registers a device: its key is shown once and only its hash is stored', async () => {
    const device = await newDevice();
    expect(device.key).toMatch(/^brigade_sensor_/);
    expect(device.endpoint).toMatch(/\/api\/sensors\/readings$/);
    expect(device.state).toBe('waiting');
    const { rows } = (await t.db.execute(
      sql`select key_hash from sensor_devices where id = ${device.id}`,
    )) as unknown as { rows: { key_hash: string }[] };
    expect(rows[0]?.key_hash).toBe(createHash('sha256').update(device.key).digest('hex'));
    const read = await t.request(hq.cookie, { method: 'GET', url: `/api/sensors/devices/${device.id}` });
    expect(read.body).not.toContain(device.key);
  });

  test('limits must be in order, and the kind one of three', async () => {
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/sensors/devices',
      payload: { name: 'Freezer', restaurantId: gent.id, kind: 'oven', lowC: 5, highC: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ kind: 'Choose fridge, freezer or hot-holding' });
  });

  test("a manager reads their restaurant's devices, not another's", async () => {
    const device = await newDevice();
    const mine = await t.request(manager.cookie, { method: 'GET', url: `/api/sensors/status?restaurantId=${gent.id}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().devices.map((d: { id: string }) => d.id)).toContain(device.id);
    const theirs = await t.request(otherManager.cookie, { method: 'GET', url: `/api/sensors/devices/${device.id}` });
    expect(theirs.statusCode).toBe(403);
    const list = await t.request(otherManager.cookie, { method: 'GET', url: '/api/sensors/devices' });
    expect(list.json().items.map((d: { id: string }) => d.id)).not.toContain(device.id);
    const create = await t.request(manager.cookie, {
      method: 'POST',
      url: '/api/sensors/devices',
      payload: { name: 'Mine', restaurantId: gent.id, kind: 'fridge', lowC: 0, highC: 5 },
    });
    expect(create.statusCode).toBe(403);
  });

  test('a new key replaces the old one at once; a retired device is refused', async () => {
    const device = await newDevice();
    const renewed = await t.request(hq.cookie, {
      method: 'POST',
      url: `/api/sensors/devices/${device.id}/key`,
      payload: {},
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { key } = renewed.json() as { key: string };
    expect(key).not.toBe(device.key);
    const reading = series(Date.now() - MINUTE, [3]);
    expect((await post(device, reading)).statusCode).toBe(401);
    expect((await post({ id: device.id, key }, reading)).statusCode).toBe(202);
    const retired = await t.request(hq.cookie, { method: 'DELETE', url: `/api/sensors/devices/${device.id}` });
    expect(retired.statusCode).toBe(204);
    const refused = await post({ id: device.id, key }, series(Date.now(), [3]));
    expect(refused.statusCode).toBe(401);
    const { rows } = (await t.db.execute(
      sql`select kind from activity_log where object_id = ${device.id} order by seq`,
    )) as unknown as { rows: { kind: string }[] };
    expect(rows.map((row) => row.kind)).toEqual([
      'sensorDevice.created',
      'sensorDevice.keyIssued',
      'sensorDevice.retired',
    ]);
  });
});

describe('intake: POST /api/sensors/readings', () => {
  test('a signed batch is stored and answered 202; the hourly rollup and last reading follow', async () => {
    const device = await newDevice();
    const start = Date.now() - 10 * MINUTE;
    const response = await post(device, series(start, [3, 4, 5]));
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 3, duplicates: 0 });
    expect(await readingsOf(device.id)).toBe(3);
    const status = await t.request(hq.cookie, { method: 'GET', url: `/api/sensors/devices/${device.id}` });
    expect(status.json()).toMatchObject({ state: 'ok', lastReading: { value: 5 } });
    const { rows } = (await t.db.execute(
      sql`select sum(count)::int as n, min(min) as min, max(max) as max from sensor_hourly where device_id = ${device.id}`,
    )) as unknown as { rows: { n: number; min: number; max: number }[] };
    expect(rows[0]).toMatchObject({ n: 3, min: 3, max: 5 });
  });

  test('a batch in range on an idle device needs no evaluation; one out of range does', async () => {
    const device = await newDevice();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    expect(await storeReadings(t.db, device.id, [{ at: at(5), value: 3 }])).toEqual({ stored: 1, evaluate: false });
    expect(await storeReadings(t.db, device.id, [{ at: at(4), value: 7 }])).toEqual({ stored: 1, evaluate: true });
    await evaluateDevice(t.db, notifier, device.id, at(3.5));
    // Waiting out the delay now: every batch is evaluated, in range or not.
    const back = at(3);
    expect(await storeReadings(t.db, device.id, [{ at: back, value: 3 }])).toEqual({ stored: 1, evaluate: true });
    expect(await storeReadings(t.db, device.id, [{ at: back, value: 3 }])).toEqual({ stored: 0, evaluate: false });
  });

  test('the same readings sent again are no-ops (idempotent per device and time)', async () => {
    const device = await newDevice();
    const readings = series(Date.now() - 5 * MINUTE, [2, 2.5]);
    expect((await post(device, readings)).json()).toEqual({ accepted: 2, duplicates: 0 });
    expect((await post(device, readings)).json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(await readingsOf(device.id)).toBe(2);
    const { rows } = (await t.db.execute(
      sql`select sum(count)::int as n from sensor_hourly where device_id = ${device.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(2);
  });

  describe('refusals store nothing', () => {
    const refusals: [string, (device: Created) => ReturnType<typeof post>, number, string][] = [
      [
        'a wrong key',
        (device) => post({ id: device.id, key: `${device.key}x` }, series(Date.now(), [3])),
        401,
        'The signature does not match',
      ],
      [
        'a body changed after signing',
        (device) => {
          const timestamp = String(Math.floor(Date.now() / 1000));
          const signed = JSON.stringify({ readings: series(Date.now(), [3]) });
          return post(device, null, {
            timestamp: Number(timestamp),
            body: signed.replace('3', '4'),
            signature: sign(device.key, timestamp, signed),
          });
        },
        401,
        'The signature does not match',
      ],
      [
        'a stale timestamp (6 minutes old)',
        (device) => post(device, series(Date.now(), [3]), { timestamp: Math.floor(Date.now() / 1000) - 360 }),
        401,
        'more than 5 minutes away',
      ],
      [
        'a timestamp 6 minutes ahead',
        (device) => post(device, series(Date.now(), [3]), { timestamp: Math.floor(Date.now() / 1000) + 360 }),
        401,
        'more than 5 minutes away',
      ],
      [
        'an unknown device',
        (device) =>
          post(device, series(Date.now(), [3]), {
            headers: { 'x-sensor-device': '00000000-0000-4000-8000-000000000000' },
          }),
        401,
        'Unknown device',
      ],
      [
        'a device id that is not one',
        (device) => post(device, series(Date.now(), [3]), { headers: { 'x-sensor-device': "1' or '1'='1" } }),
        401,
        'Unknown device',
      ],
      [
        'no signature',
        (device) => post(device, series(Date.now(), [3]), { headers: { 'x-sensor-signature': '' } }),
        401,
        'x-sensor-signature',
      ],
      [
        'a value that is not a number',
        (device) => post(device, [{ at: new Date().toISOString(), value: 'warm' }]),
        400,
        'a number of °C',
      ],
      [
        'a value that is null',
        (device) => post(device, [{ at: new Date().toISOString(), value: null }]),
        400,
        'a number of °C',
      ],
      [
        'an absurd value',
        (device) => post(device, [{ at: new Date().toISOString(), value: 1e308 }]),
        400,
        'between -100 °C and 400 °C',
      ],
      [
        'a time in the future',
        (device) => post(device, series(Date.now() + 60 * MINUTE, [3])),
        400,
        'last 7 days and not in the future',
      ],
      [
        'a time 8 days ago',
        (device) => post(device, series(Date.now() - 8 * 24 * 60 * MINUTE, [3])),
        400,
        'last 7 days and not in the future',
      ],
      ['no readings', (device) => post(device, []), 400, 'at least one reading'],
      [
        '501 readings',
        (device) =>
          post(
            device,
            series(
              Date.now() - 600 * MINUTE,
              Array.from({ length: 501 }, () => 3),
            ),
          ),
        413,
        'at most 500 readings',
      ],
      [
        'a body over 64 KB',
        (device) => post(device, [{ at: new Date().toISOString(), value: 3, pad: 'x'.repeat(70_000) }]),
        413,
        'too large',
      ],
      ['a body that is not JSON', (device) => post(device, null, { body: '{"readings": [' }), 400, 'not valid JSON'],
    ];
    test.each(refusals)('%s', async (_label, send, status, message) => {
      const device = await newDevice();
      const before = await t.tableDigests();
      const response = await send(device);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
      const after = await t.tableDigests();
      expect(after.sensor_readings).toBe(before.sensor_readings);
      expect(after.sensor_hourly).toBe(before.sensor_hourly);
      expect(await readingsOf(device.id)).toBe(0);
    });
  });
});

describe('rate limit', () => {
  test('a burst past 600 requests of one device is answered 429 with Retry-After, before any signature check', async () => {
    const device = await newDevice();
    const wrong = { id: device.id, key: 'not-the-key' };
    let sent = 0;
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    // 600 at once, then 10 a second: the burst outruns the refill within a few dozen more.
    while (!limited && sent < 800) {
      const response = await post(wrong, series(Date.now(), [3]));
      sent += 1;
      if (response.statusCode === 429) limited = response;
      else expect(response.statusCode).toBe(401);
    }
    expect(sent).toBeGreaterThan(600);
    expect(limited?.json().message).toContain('Too many requests for this device');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await readingsOf(device.id)).toBe(0);
  });
});

describe('excursions', () => {
  test('out of range longer than the delay opens one excursion and one action, however many readings', async () => {
    const device = await newDevice({ name: 'Dairy fridge', delayMinutes: 15 });
    const start = Date.now() - 3 * 60 * MINUTE;
    // 40 minutes at 9 °C: the delay elapses at minute 15; every later reading is the same excursion.
    const readings = series(start, [3, 3, ...Array.from({ length: 40 }, (_, i) => (i === 20 ? 11.5 : 9))]);
    expect((await post(device, readings.slice(0, 20))).statusCode).toBe(202);
    const first = await evaluateDevice(t.db, notifier, device.id, new Date(start + 20 * MINUTE));
    expect(first.opened).not.toBeNull();
    expect((await post(device, readings.slice(20))).statusCode).toBe(202);
    await evaluateDevice(t.db, notifier, device.id, new Date(start + 42 * MINUTE));
    await evaluateDevice(t.db, notifier, device.id, new Date(start + 43 * MINUTE));
    const excursions = await excursionsOf(device.id);
    expect(excursions).toHaveLength(1);
    const [excursion] = excursions;
    expect(excursion?.direction).toBe('high');
    expect(Number(excursion?.peak_c)).toBe(11.5);
    expect(new Date(excursion?.started_at as Date).getTime()).toBe(start + 2 * MINUTE);
    expect(excursion?.ended_at).toBeNull();
    expect(excursion?.item_text).toMatch(
      /^Dairy fridge: above 5 °C since \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(peak 9 °C\)$/,
    );
    // Due the restaurant's local day.
    const { rows } = (await t.db.execute(
      sql`select (now() at time zone 'Europe/Brussels')::date::text as today`,
    )) as unknown as { rows: { today: string }[] };
    expect(excursion?.due_on).toBe(rows[0]?.today);
    // The manager is told once, and owns the action.
    const told = (await t.db.execute(sql`
      select user_id, title from notifications where kind = 'sensorExcursion' and subject_key = ${excursion?.id}`)) as unknown as {
      rows: { user_id: string; title: string }[];
    };
    expect(told.rows).toEqual([{ user_id: manager.id, title: 'Temperature out of range: Dairy fridge' }]);
    const action = await t.request(manager.cookie, { method: 'GET', url: `/api/actions/${excursion?.action_id}` });
    expect(action.statusCode).toBe(200);
    // The excursion carries its curve.
    const detail = await t.request(manager.cookie, { method: 'GET', url: `/api/sensors/excursions/${excursion?.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      state: 'live',
      peakC: 11.5,
      restaurant: { id: gent.id, timeZone: 'Europe/Brussels' },
      action: { id: excursion?.action_id, status: 'open' },
    });
    expect(detail.json().readings).toHaveLength(40);
    // The action's page links back to the excursion.
    expect(action.json().sensorExcursionId).toBe(excursion?.id);
  });

  test('a door-open spike shorter than the delay is ignored', async () => {
    const device = await newDevice({ name: 'Door fridge', delayMinutes: 15 });
    const start = Date.now() - 3 * 60 * MINUTE;
    const spike = [3, 3, 8, 9, 9.5, 8, 7, 6, 5.5, 4, 3, 3, 3];
    await post(device, series(start, spike));
    for (let minute = 5; minute <= 40; minute += 5) {
      await evaluateDevice(t.db, notifier, device.id, new Date(start + minute * MINUTE));
    }
    expect(await excursionsOf(device.id)).toEqual([]);
  });

  test('back in range for the recovery time ends the live state; the action stays open', async () => {
    const device = await newDevice({
      name: 'Freezer',
      kind: 'freezer',
      lowC: -30,
      highC: -18,
      delayMinutes: 10,
      recoveryMinutes: 5,
    });
    const start = Date.now() - 3 * 60 * MINUTE;
    const warm = Array.from({ length: 15 }, () => -12);
    const cold = Array.from({ length: 10 }, () => -20);
    await post(device, series(start, [...warm, -19, -10, ...cold]));
    await evaluateDevice(t.db, notifier, device.id, new Date(start + 30 * MINUTE));
    const [excursion] = await excursionsOf(device.id);
    // Back in range at minute 15, out again at 16, in range from 17: ended 5 minutes after 17.
    expect(new Date(excursion?.ended_at as Date).getTime()).toBe(start + 22 * MINUTE);
    const action = await t.request(hq.cookie, { method: 'GET', url: `/api/actions/${excursion?.action_id}` });
    expect(action.json().status).toBe('open');
    const past = await t.request(hq.cookie, {
      method: 'GET',
      url: `/api/sensors/excursions?deviceId=${device.id}&state=past`,
    });
    expect(past.json().items).toHaveLength(1);
  });

  test('the delay elapsing with the last reading still out opens it without waiting for the next', async () => {
    const device = await newDevice({ name: 'Prep fridge', delayMinutes: 15 });
    const start = Date.now() - 60 * MINUTE;
    await post(
      device,
      series(
        start,
        Array.from({ length: 14 }, () => 8),
      ),
    );
    expect((await evaluateDevice(t.db, notifier, device.id, new Date(start + 13 * MINUTE + 10_000))).opened).toBeNull();
    const due = await evaluateDevice(t.db, notifier, device.id, new Date(start + 15 * MINUTE));
    expect(due.opened).not.toBeNull();
  });

  test('two evaluations at once make one excursion and one action', async () => {
    const device = await newDevice({ name: 'Busy fridge', delayMinutes: 5 });
    const start = Date.now() - 60 * MINUTE;
    await post(
      device,
      series(
        start,
        Array.from({ length: 12 }, () => 9),
      ),
    );
    const now = new Date(start + 12 * MINUTE);
    await Promise.all(Array.from({ length: 4 }, () => evaluateDevice(t.db, notifier, device.id, now)));
    const excursions = await excursionsOf(device.id);
    expect(excursions).toHaveLength(1);
    const { rows } = (await t.db.execute(sql`
      select count(*)::int as n from corrective_actions where sensor_excursion_id = ${excursions[0]?.id}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]?.n).toBe(1);
  });
});

describe('offline', () => {
  test('no reading for 60 minutes raises "Sensor offline" once; a reading clears it', async () => {
    const device = await newDevice({ name: 'Silent fridge' });
    const last = Date.now() - 30 * MINUTE;
    await post(device, series(last, [3]));
    expect(await raiseOfflineDevices(t.db, notifier, new Date(last + 59 * MINUTE))).not.toContain(device.id);
    expect(await raiseOfflineDevices(t.db, notifier, new Date(last + 61 * MINUTE))).toContain(device.id);
    expect(await raiseOfflineDevices(t.db, notifier, new Date(last + 62 * MINUTE))).not.toContain(device.id);
    const told = (await t.db.execute(sql`
      select user_id from notifications where kind = 'sensorOffline' and subject_key like ${`${device.id}:%`}`)) as unknown as {
      rows: { user_id: string }[];
    };
    expect(told.rows).toEqual([{ user_id: manager.id }]);
    const offline = await t.request(manager.cookie, { method: 'GET', url: `/api/sensors/devices/${device.id}` });
    expect(offline.json().state).toBe('offline');
    await post(device, series(Date.now(), [3]));
    const back = await t.request(manager.cookie, { method: 'GET', url: `/api/sensors/devices/${device.id}` });
    expect(back.json().state).toBe('ok');
  });
});

describe('charts', () => {
  test('24 h reads the readings, 7 days the hourly rollup', async () => {
    const device = await newDevice({ name: 'Chart fridge' });
    await post(device, series(Date.now() - 90 * MINUTE, [2, 4, 6]));
    const day = await t.request(manager.cookie, {
      method: 'GET',
      url: `/api/sensors/devices/${device.id}/series?range=24h`,
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().readings.map((r: { value: number }) => r.value)).toEqual([2, 4, 6]);
    const week = await t.request(manager.cookie, {
      method: 'GET',
      url: `/api/sensors/devices/${device.id}/series?range=7d`,
    });
    const hours = week.json().hours as { min: number; max: number; count: number }[];
    expect(hours.reduce((sum, hour) => sum + hour.count, 0)).toBe(3);
    expect(Math.min(...hours.map((hour) => hour.min))).toBe(2);
    expect(Math.max(...hours.map((hour) => hour.max))).toBe(6);
  });
});

describe('storage', () => {
  test('readings go to their month partition; retention drops whole months past it', async () => {
    const now = new Date();
    const created = await ensureMonthPartitions(
      t.db,
      'sensor_readings',
      'at',
      new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 15)),
    );
    expect(created).toEqual([`${now.getUTCFullYear() + 1}-01`, `${now.getUTCFullYear() + 1}-02`]);
    const device = await newDevice();
    await post(device, series(Date.now() - MINUTE, [3]));
    const { rows } = (await t.db.execute(sql`
      select tableoid::regclass::text as part from sensor_readings where device_id = ${device.id}`)) as unknown as {
      rows: { part: string }[];
    };
    const month = now.toISOString().slice(0, 7).replace('-', '_');
    expect(rows[0]?.part).toBe(`sensor_readings_${month}`);
    // Two years on, this month is past a 730-day retention and goes; the next year's months stay.
    const { dropped } = await maintainSensorReadings(
      t.db,
      730,
      new Date(Date.UTC(now.getUTCFullYear() + 2, now.getUTCMonth() + 1, 5)),
    );
    expect(dropped).toContain(now.toISOString().slice(0, 7));
    expect(dropped).not.toContain(`${now.getUTCFullYear() + 1}-01`);
    expect(await readingsOf(device.id)).toBe(0);
  });
});

describe('food-safety log', () => {
  test("a restaurant's log has each device's days and excursions beside the checks", async () => {
    const restaurant = await t.buildRestaurant({ name: 'Brigade Log', timeZone: 'Europe/Brussels' });
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/sensors/devices',
      payload: { name: 'Log fridge', restaurantId: restaurant.id, kind: 'fridge', lowC: 0, highC: 5, delayMinutes: 5 },
    });
    const device = response.json() as Created;
    const start = Date.now() - 2 * 60 * MINUTE;
    await post(device, series(start, [3, 4, 8, 8, 8, 8, 8, 8, 8, 3]));
    await evaluateDevice(t.db, notifier, device.id, new Date(start + 10 * MINUTE));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
    const log = await t.request(hq.cookie, {
      method: 'GET',
      url: `/api/food-safety-log?restaurantId=${restaurant.id}&period=week&from=${today}`,
    });
    expect(log.statusCode, log.body).toBe(200);
    const [sensor] = log.json().sensors;
    expect(sensor).toMatchObject({ name: 'Log fridge', lowC: 0, highC: 5 });
    const days = sensor.days as { min: number; max: number; count: number; hoursOutOfRange: number }[];
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(10);
    expect(Math.max(...days.map((day) => day.max))).toBe(8);
    expect(days.some((day) => day.hoursOutOfRange > 0)).toBe(true);
    expect(sensor.excursions).toHaveLength(1);
    expect(sensor.excursions[0]).toMatchObject({ direction: 'high', peakC: 8, action: { status: 'open' } });
    // The CSV and the PDF carry them too, after the checks.
    const csv = await t.request(hq.cookie, {
      method: 'GET',
      url: `/api/food-safety-log/csv?restaurantId=${restaurant.id}&period=week&from=${today}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\n').filter((line) => line.includes('Log fridge'));
    expect(lines.some((line) => line.includes('Day summary') && line.includes('8 °C'))).toBe(true);
    expect(
      lines.some((line) => line.includes('Excursion') && line.includes('above 5 °C') && line.includes('Open')),
    ).toBe(true);
    const pdf = await t.request(hq.cookie, {
      method: 'GET',
      url: `/api/food-safety-log/pdf?restaurantId=${restaurant.id}&period=week&from=${today}`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('Temperature sensors');
    expect(text).toContain('Log fridge (fridge), limits 0 to 5 °C');
    expect(text).toMatch(/Excursion above 5 °C from .* peak 8 °C/);
    // The same rows, read directly, for a day long ago: none.
    expect((await readSensorLogRows(t.db, restaurant.id, '2020-01-01', '2020-01-01'))[0]?.days).toEqual([]);
  });
});
