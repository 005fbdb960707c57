import { createHmac } from 'node:crypto';
import { SENSOR_KEY_PREFIX, type SensorKind } from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { deviceKeyHash } from '../modules/sensors/service';
import { RESTAURANTS } from './demo-chain';

/**
 * The demo's temperature sensors (issue 37): two per demo restaurant. Their ids and keys
 * are derived from `DEMO_SENSOR_SEED`, a public, documented string, so the simulator
 * (`npm run sensors:simulate`) signs for them without being told anything. Anyone can
 * derive them: they exist only in a demo chain (`npm run demo`, loaded into an empty
 * database); a production database is never given them.
 */
export const DEMO_SENSOR_SEED = 'brigade-demo-sensors-v1';

/** What the simulator makes each device read: steady, a door left open for a few minutes, or a real excursion. */
export type DemoSensorScript = 'steady' | 'door-open' | 'excursion';

export interface DemoSensor {
  restaurant: string;
  name: string;
  kind: SensorKind;
  lowC: number;
  highC: number;
  script: DemoSensorScript;
}

const FIRST = RESTAURANTS[0]?.name ?? '';

/** Two per restaurant: a fridge and a freezer; the first restaurant's fridges carry the story (a door opened, a real excursion). */
export const DEMO_SENSORS: DemoSensor[] = RESTAURANTS.filter((restaurant) => restaurant.isActive !== false).flatMap(
  (restaurant): DemoSensor[] =>
    restaurant.name === FIRST
      ? [
          {
            restaurant: restaurant.name,
            name: 'Walk-in fridge',
            kind: 'fridge',
            lowC: 0,
            highC: 5,
            script: 'excursion',
          },
          { restaurant: restaurant.name, name: 'Prep fridge', kind: 'fridge', lowC: 0, highC: 5, script: 'door-open' },
        ]
      : [
          { restaurant: restaurant.name, name: 'Walk-in fridge', kind: 'fridge', lowC: 0, highC: 5, script: 'steady' },
          { restaurant: restaurant.name, name: 'Freezer', kind: 'freezer', lowC: -25, highC: -18, script: 'steady' },
        ],
);

const derive = (purpose: string, sensor: Pick<DemoSensor, 'restaurant' | 'name'>) =>
  createHmac('sha256', DEMO_SENSOR_SEED).update(`${purpose}|${sensor.restaurant}|${sensor.name}`).digest();

/** The device's id: a UUID (version 4 form) from the seed. */
export function demoSensorId(sensor: Pick<DemoSensor, 'restaurant' | 'name'>): string {
  const bytes = derive('id', sensor).subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The device's key, as hq would have been shown it. */
export function demoSensorKey(sensor: Pick<DemoSensor, 'restaurant' | 'name'>): string {
  return `${SENSOR_KEY_PREFIX}${derive('key', sensor).toString('base64url')}`;
}

/** The devices of the demo chain, in its restaurants, keyed as the seed derives them. */
export async function insertDemoSensors(tx: Transaction, createdByEmail: string): Promise<void> {
  const rows = DEMO_SENSORS.map((sensor) => ({
    id: demoSensorId(sensor),
    restaurant: sensor.restaurant,
    name: sensor.name,
    kind: sensor.kind,
    low_c: sensor.lowC,
    high_c: sensor.highC,
    key_hash: deviceKeyHash(demoSensorKey(sensor)),
  }));
  await tx.execute(sql`
    insert into sensor_devices (id, restaurant_id, name, kind, low_c, high_c, key_hash, created_by)
    select s.id, r.id, s.name, s.kind, s.low_c, s.high_c, s.key_hash, (select id from users where email = ${createdByEmail})
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as s(id uuid, restaurant text, name text, kind text, low_c float8, high_c float8, key_hash text)
    join restaurants r on r.name = s.restaurant`);
}
