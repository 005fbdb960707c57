import { execFile } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { freePort, ServerProcess } from './server-process';
import { callServer, signInAt } from './two-servers';

/**
 * Issue 37, as a newcomer runs it: `npm run demo`, then `npm run sensors:simulate`. The
 * simulator's signed readings are taken for every demo sensor; its door-open spike opens
 * nothing; its excursion on Amsterdam's walk-in fridge becomes one excursion with one open
 * corrective action, which the manager is told about and which is in the food-safety log.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const port = await freePort();
const demo = new ServerProcess(port, { PUBLIC_URL: `http://127.0.0.1:${port}` }, ['--demo']);
afterAll(() => demo.stop());
await demo.ready(240_000);

test('the simulator drives a real excursion into a corrective action, and the door-open spike into nothing', async () => {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/sensors-simulate.ts', '--url', demo.url, '--tick', '0.05', '--once', '--quiet'],
    { cwd: root, timeout: 120_000 },
  );
  const hq = await signInAt(demo, 'hq@example.com', 'demo1234');
  const devices = (await callServer(demo, 'GET', '/api/sensors/devices', hq)).json.items as {
    name: string;
    restaurant: { name: string };
    lastReading: unknown;
  }[];
  expect(devices.length).toBeGreaterThanOrEqual(10);
  expect(devices.every((device) => device.lastReading !== null)).toBe(true);

  let excursions: { device: { name: string }; restaurant: { name: string }; action: { id: string; status: string } }[] =
    [];
  for (let tries = 0; tries < 300 && excursions.length === 0; tries += 1) {
    excursions = (await callServer(demo, 'GET', '/api/sensors/excursions', hq)).json.items;
    if (excursions.length === 0) await sleep(200);
  }
  expect(excursions).toHaveLength(1);
  expect(excursions[0]).toMatchObject({
    device: { name: 'Walk-in fridge' },
    restaurant: { name: 'Brigade Amsterdam Centraal' },
    action: { status: 'open' },
  });

  // The food-safety log of the excursion's week: the walk-in fridge's excursion, none on the prep fridge.
  const excursion = excursions[0] as (typeof excursions)[number] & { restaurant: { id: string }; startedAt: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(excursion.startedAt),
  );
  const log = await callServer(
    demo,
    'GET',
    `/api/food-safety-log?restaurantId=${excursion.restaurant.id}&period=week&from=${today}`,
    hq,
  );
  const sensors = log.json.sensors as { name: string; excursions: unknown[]; days: unknown[] }[];
  expect(sensors.find((sensor) => sensor.name === 'Walk-in fridge')?.excursions).toHaveLength(1);
  expect(sensors.find((sensor) => sensor.name === 'Prep fridge')?.excursions).toEqual([]);
  expect(sensors.every((sensor) => sensor.days.length > 0)).toBe(true);

  const manager = await signInAt(demo, 'manager@example.com', 'demo1234');
  const notifications = (await callServer(demo, 'GET', '/api/notifications', manager)).json.items as {
    kind: string;
    link: string;
  }[];
  expect(notifications.find((item) => item.kind === 'sensorExcursion')?.link).toBe(
    `/actions/${excursions[0]?.action.id}`,
  );
}, 180_000);
