/**
 * `npm run bench:sensors` (issue 37): the temperature sensors' intake at chain scale, on
 * PostgreSQL (TEST_DATABASE_URL, or DATABASE_URL, as an admin URL: a scratch database is
 * made and dropped). 500 restaurants × 6 devices, each sending one reading a minute in
 * batches (`--batch` readings per request, default 2: a request every 2 minutes per
 * device, spread evenly), sustained for `--minutes` (default 3), against a real server
 * process with its job queue, as in production. A few devices (`--warm`, default 30) read
 * above their limit from the start with a 2-minute delay, so excursions open during the run.
 *
 * Reports: the intake's p50/p95/p99 as a device sees it (after `--warmup` seconds, default
 * 20; target p95 ≤ 50 ms), readings
 * accepted per second and per core of the server process (its CPU time from /proc), and
 * the excursion detection delay: detected_at − (started_at + delay) (target ≤ 60 s).
 * Writes bench/results/<day>-sensors.json.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createScratchDatabase } from '../apps/server/test/scratch-database';
import { freePort, ServerProcess } from '../apps/server/test/server-process';

const { values: args } = parseArgs({
  options: {
    restaurants: { type: 'string', default: '500' },
    devices: { type: 'string', default: '6' },
    batch: { type: 'string', default: '2' },
    minutes: { type: 'string', default: '3' },
    warm: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '20' },
  },
});
const RESTAURANTS = Number(args.restaurants);
const PER_RESTAURANT = Number(args.devices);
const BATCH = Number(args.batch);
const MINUTES = Number(args.minutes);
const WARM = Number(args.warm);
/** Seconds at the start whose answers are not timed (the server's code is still being compiled). */
const WARMUP_MS = Number(args.warmup) * 1000;
const DELAY_MINUTES = 2;
const MINUTE = 60_000;

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.error(
    'Set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL admin URL: the bench makes a scratch database.',
  );
  process.exit(2);
}

interface Device {
  id: string;
  key: string;
  warm: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The server process's CPU seconds (user + system), from /proc. */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

const scratch = await createScratchDatabase(adminUrl, 'brigade_bench_sensors');
const server = new ServerProcess(await freePort(), {
  DATABASE_URL: scratch.url,
  BETTER_AUTH_SECRET: 'bench-sensors-secret-bench-sensors-secret-0',
  LOG_LEVEL: 'warn',
});
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
try {
  await server.ready();

  // The chain: restaurants and devices in two statements; keys made here, hashes stored.
  const devices: Device[] = Array.from({ length: RESTAURANTS * PER_RESTAURANT }, (_, index) => ({
    id: randomUUID(),
    key: `brigade_sensor_${randomBytes(32).toString('base64url')}`,
    warm: index % Math.max(1, Math.floor((RESTAURANTS * PER_RESTAURANT) / Math.max(WARM, 1))) === 0 && WARM > 0,
  }));
  const { rows: restaurantRows } = await pool.query<{ id: string }>(
    `insert into restaurants (name, city, country, address, time_zone)
     select 'Bench ' || n, 'Utrecht', 'Netherlands', 'Street ' || n, 'Europe/Amsterdam' from generate_series(1, $1) n
     returning id`,
    [RESTAURANTS],
  );
  await pool.query(
    `insert into sensor_devices (id, restaurant_id, name, kind, low_c, high_c, delay_minutes, key_hash)
     select d.id, d.restaurant_id, d.name, 'fridge', 0, 5, $2, d.key_hash
     from jsonb_to_recordset($1::jsonb) as d(id uuid, restaurant_id uuid, name text, key_hash text)`,
    [
      JSON.stringify(
        devices.map((device, index) => ({
          id: device.id,
          restaurant_id: restaurantRows[Math.floor(index / PER_RESTAURANT)]?.id,
          name: `Fridge ${index % PER_RESTAURANT}`,
          key_hash: createHash('sha256').update(device.key).digest('hex'),
        })),
      ),
      DELAY_MINUTES,
    ],
  );
  const warmCount = devices.filter((device) => device.warm).length;
  console.log(
    `${devices.length} devices in ${RESTAURANTS} restaurants (${warmCount} warm); ${BATCH} readings per request; ${MINUTES} minutes`,
  );

  // Open loop: each device sends every BATCH minutes, devices spread evenly over that period.
  const period = BATCH * MINUTE;
  const start = Date.now();
  const end = start + MINUTES * MINUTE;
  const latencies: number[] = [];
  let accepted = 0;
  let failures = 0;
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const cpuBefore = cpuSecondsOf(server.child.pid as number);

  async function send(device: Device, sendAt: number) {
    // The batch: the readings of the last BATCH minutes, newest at the send time.
    const readings = Array.from({ length: BATCH }, (_, i) => ({
      at: new Date(sendAt - (BATCH - 1 - i) * MINUTE).toISOString(),
      value: device.warm ? 8 + Math.random() : 3 + Math.random(),
    }));
    const body = JSON.stringify({ readings });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signingKey = createHash('sha256').update(device.key).digest();
    const signature = createHmac('sha256', signingKey).update(`${timestamp}.${body}`).digest('hex');
    const began = performance.now();
    const response = await fetch(`${server.url}/api/sensors/readings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sensor-device': device.id,
        'x-sensor-timestamp': timestamp,
        'x-sensor-signature': signature,
      },
      body,
    });
    const answer = (await response.json()) as { accepted?: number };
    if (sendAt >= start + WARMUP_MS) latencies.push(performance.now() - began);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status === 202) accepted += answer.accepted ?? 0;
    else failures += 1;
  }

  let sent = 0;
  for (let round = 0; ; round += 1) {
    for (let index = 0; index < devices.length; index += 1) {
      const due = start + round * period + (index * period) / devices.length;
      if (due >= end) break;
      const wait = due - Date.now();
      if (wait > 1) await sleep(wait);
      const request = send(devices[index] as Device, due).catch(() => {
        failures += 1;
      });
      inFlight.add(request);
      request.finally(() => inFlight.delete(request));
      sent += 1;
    }
    if (start + (round + 1) * period >= end) break;
  }
  await Promise.all(inFlight);
  const seconds = (Date.now() - start) / 1000;
  const cpu = cpuSecondsOf(server.child.pid as number) - cpuBefore;

  // The warm devices' delays elapse up to a batch period after the run: wait for them (2 minutes at most).
  for (let waited = 0; waited < 120; waited += 1) {
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from sensor_excursions');
    if ((rows[0]?.n ?? 0) >= devices.filter((device) => device.warm).length) break;
    await sleep(1000);
  }
  const { rows: excursions } = await pool.query<{ delay_ms: number; detected_after_start_ms: number }>(
    `select extract(epoch from (e.detected_at - (e.started_at + make_interval(mins => d.delay_minutes)))) * 1000 as delay_ms
     from sensor_excursions e join sensor_devices d on d.id = e.device_id`,
  );
  const { rows: actions } = await pool.query<{ n: number }>(
    'select count(*)::int as n from corrective_actions where sensor_excursion_id is not null',
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  const delays = excursions.map((row) => Number(row.delay_ms)).sort((a, b) => a - b);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cores: (await import('node:os')).cpus().length,
    devices: devices.length,
    readingsPerRequest: BATCH,
    minutes: MINUTES,
    requests: sent,
    statuses: Object.fromEntries(statuses),
    failures,
    intakeMs: {
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p95: Math.round(percentile(sorted, 95) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    },
    readingsAccepted: accepted,
    readingsPerSecond: Math.round(accepted / seconds),
    serverCpuSeconds: Math.round(cpu * 10) / 10,
    readingsPerSecondPerCore: Math.round(accepted / Math.max(cpu, 0.001)),
    excursions: { warmDevices: warmCount, opened: excursions.length, actions: actions[0]?.n ?? 0 },
    detectionDelaySeconds: {
      p50: Math.round(percentile(delays, 50) / 100) / 10,
      max: Math.round((delays.at(-1) ?? Number.NaN) / 100) / 10,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  const file = path.join(import.meta.dirname, 'results', `${result.date.slice(0, 10)}-sensors.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
} finally {
  await pool.end();
  await server.stop();
  await scratch.drop();
}
