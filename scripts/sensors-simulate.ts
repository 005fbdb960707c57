/**
 * `npm run sensors:simulate`: realistic readings for the demo chain's temperature sensors
 * (issue 37), signed with their keys as a real device signs them, posted to a running
 * Brigade (`--url`, default the local demo at http://localhost:3000).
 *
 * The clock starts `--history` minutes in the past (default 40) and runs accelerated, one
 * simulated minute every `--tick` seconds (default 2), until it reaches now; then it runs
 * in real time, a reading a minute. The first restaurant's story plays in the
 * accelerated part: its Prep fridge's door is left open for 6 minutes (above 5 °C, under
 * the 15-minute delay: no excursion), and its Walk-in fridge warms up and stays above
 * 5 °C for 22 minutes (an excursion: a corrective action appears on the manager's
 * dashboard, in Actions and in the food-safety log, about a minute into the run), then
 * cools down again. `--once` stops when the clock reaches now (the tests use it).
 *
 * The ids and keys come from the demo's public seed (apps/server/src/demo/demo-sensors.ts):
 * this works against a demo chain only.
 */
import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEMO_SENSORS, type DemoSensor, demoSensorId, demoSensorKey } from '../apps/server/src/demo/demo-sensors';

const MINUTE = 60_000;

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    history: { type: 'string', default: '40' },
    tick: { type: 'string', default: '2' },
    once: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const baseUrl = (options.url ?? '').replace(/\/$/, '');
const historyMinutes = Number(options.history);
const tickSeconds = Number(options.tick);
if (!(historyMinutes >= 0 && historyMinutes <= 24 * 60) || !(tickSeconds > 0)) {
  console.error('--history must be 0 to 1440 minutes, --tick a number of seconds above 0');
  process.exit(2);
}

const log = (line: string) => {
  if (!options.quiet) console.log(line);
};

/** A small, repeatable wobble (the compressor's cycle and the probe's noise), by device and minute. */
function wobble(sensor: DemoSensor, minute: number): number {
  const phase = createHash('sha256').update(`${sensor.restaurant}|${sensor.name}`).digest()[0] ?? 0;
  const noise = ((createHash('sha256').update(`${phase}|${minute}`).digest()[0] ?? 128) - 128) / 640;
  return 0.6 * Math.sin((minute + phase) / 7) + noise;
}

/** The story, in minutes since the simulation started; to a tenth of a degree, as probes report. */
function valueAt(sensor: DemoSensor, minute: number): number {
  return Math.round(rawValueAt(sensor, minute) * 10) / 10;
}

function rawValueAt(sensor: DemoSensor, minute: number): number {
  const base = sensor.kind === 'freezer' ? -21 : sensor.kind === 'hot-holding' ? 70 : 3.2;
  const value = base + wobble(sensor, minute);
  if (sensor.script === 'door-open' && minute >= 6 && minute < 12) return 7.5 + wobble(sensor, minute) / 2;
  if (sensor.script === 'excursion') {
    // Warming from minute 10, above 5 °C from 12 to 34, back in range from 36.
    if (minute >= 10 && minute < 12) return 4 + (minute - 10) * 0.8;
    if (minute >= 12 && minute < 34) return Math.min(9.8, 5.6 + (minute - 12) * 0.35) + wobble(sensor, minute) / 4;
    if (minute >= 34 && minute < 36) return 5.4 - (minute - 34) * 1.2;
  }
  return value;
}

async function send(sensor: DemoSensor, readings: { at: string; value: number }[]): Promise<number> {
  const body = JSON.stringify({ readings });
  const timestamp = String(Math.floor(Date.now() / 1000));
  // The README's recipe: HMAC-SHA256 of `timestamp.body`, keyed with the SHA-256 of the device key.
  const signingKey = createHash('sha256').update(demoSensorKey(sensor)).digest();
  const signature = createHmac('sha256', signingKey).update(`${timestamp}.${body}`).digest('hex');
  const response = await fetch(`${baseUrl}/api/sensors/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sensor-device': demoSensorId(sensor),
      'x-sensor-timestamp': timestamp,
      'x-sensor-signature': signature,
    },
    body,
  });
  if (response.status !== 202) {
    const text = await response.text();
    throw new Error(`${sensor.restaurant} · ${sensor.name}: ${response.status} ${text}`);
  }
  await response.arrayBuffer();
  return readings.length;
}

const started = Date.now() - historyMinutes * MINUTE;
let minute = 0;
log(`Simulating ${DEMO_SENSORS.length} sensors against ${baseUrl}, from ${historyMinutes} minutes ago.`);
for (;;) {
  const at = started + minute * MINUTE;
  const caughtUp = at > Date.now();
  if (caughtUp && options.once) break;
  if (caughtUp) await sleep(at - Date.now());
  const sent = await Promise.all(
    DEMO_SENSORS.map((sensor) => send(sensor, [{ at: new Date(at).toISOString(), value: valueAt(sensor, minute) }])),
  );
  const story = DEMO_SENSORS.filter((sensor) => sensor.script !== 'steady')
    .map((sensor) => `${sensor.name} ${valueAt(sensor, minute)} °C`)
    .join(', ');
  log(`${new Date(at).toISOString().slice(11, 16)} UTC: ${sent.length} readings (${story})`);
  minute += 1;
  if (!caughtUp) await sleep(tickSeconds * 1000);
}
log('Caught up with the clock.');
