/**
 * Issue 37: two real server processes on one PostgreSQL database receive the readings of
 * one device at the same time (a gateway behind a load balancer). Each stores its batches
 * and queues an evaluation; whichever servers' jobs evaluate, the excursion is one, with
 * one corrective action. PostgreSQL only: the embedded database is one process's.
 */

import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
const MINUTE = 60_000;

function postReadings(server: ServerProcess, device: { id: string; key: string }, readings: unknown[]) {
  const body = JSON.stringify({ readings });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signingKey = createHash('sha256').update(device.key).digest();
  return fetch(`${server.url}/api/sensors/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sensor-device': device.id,
      'x-sensor-timestamp': timestamp,
      'x-sensor-signature': createHmac('sha256', signingKey).update(`${timestamp}.${body}`).digest('hex'),
    },
    body,
  });
}

describe.skipIf(!onPostgres)('one device, two servers: one excursion, one action', () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];
  let hqCookie: string;
  let restaurantId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_sensors');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'sensor-servers-secret-sensor-servers-0123',
      LOG_LEVEL: 'warn',
    });
    ({ hqCookie, restaurantId } = await setUpTwinChain(servers[0], PASSWORD));
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await scratch?.drop();
  });

  test('batches of one device at both servers at once open exactly one excursion and one action', async () => {
    const [a, b] = servers;
    const made = await callServer(a, 'POST', '/api/sensors/devices', hqCookie, {
      name: 'Twin fridge',
      restaurantId,
      kind: 'fridge',
      lowC: 0,
      highC: 5,
      delayMinutes: 5,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const device = made.json as { id: string; key: string };
    // 40 minutes at 9 °C, ending now: the delay elapsed long ago. One-minute batches of
    // two readings, each batch sent to A and B at the same moment (half of them twice).
    const start = Date.now() - 40 * MINUTE;
    const readings = Array.from({ length: 40 }, (_, i) => ({
      at: new Date(start + i * MINUTE).toISOString(),
      value: 9,
    }));
    for (let i = 0; i < readings.length; i += 2) {
      const batch = readings.slice(i, i + 2);
      const answers = await Promise.all([postReadings(a, device, batch), postReadings(b, device, i % 4 ? batch : [])]);
      expect(answers[0].status).toBe(202);
    }
    let items: { id: string; action: { id: string } | null }[] = [];
    for (let attempt = 0; attempt < 300 && items.length === 0; attempt += 1) {
      const listed = await callServer(b, 'GET', `/api/sensors/excursions?deviceId=${device.id}`, hqCookie);
      items = listed.json.items;
      if (items.length === 0) await sleep(200);
    }
    expect(items).toHaveLength(1);
    // More readings at both, still out of range: the same excursion, no second action.
    const more = [0, 1].map((i) => ({ at: new Date(Date.now() - (1 - i) * 1000).toISOString(), value: 10 }));
    await Promise.all([postReadings(a, device, more), postReadings(b, device, more)]);
    let live: { id: string; peakC: number }[] = [];
    for (let attempt = 0; attempt < 300; attempt += 1) {
      live = (await callServer(a, 'GET', `/api/sensors/excursions?deviceId=${device.id}`, hqCookie)).json.items;
      if (live[0]?.peakC === 10) break;
      await sleep(200);
    }
    expect(live.map((item) => item.id)).toEqual([items[0]?.id]);
    expect(live[0]?.peakC).toBe(10);
    const actions = await callServer(a, 'GET', `/api/actions?search=${encodeURIComponent('Twin fridge')}`, hqCookie);
    expect(actions.status).toBe(200);
    expect(actions.json.items).toHaveLength(1);
    expect(actions.json.items[0].id).toBe(items[0]?.action?.id);
  }, 120_000);
});
