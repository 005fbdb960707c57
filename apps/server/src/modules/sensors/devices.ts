import { messages } from '@brigade/core/messages';
import { reachesRestaurant } from '@brigade/core/permissions';
import {
  SENSOR_OFFLINE_MINUTES,
  type SensorDevice,
  type SensorDeviceValues,
  type SensorDeviceWithKey,
  type SensorStatus,
  sensorMessages,
} from '@brigade/core/schemas/sensors';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import { restaurants } from '../../db/schema/restaurants';
import { sensorDevices } from '../../db/schema/sensors';
import { badRequest, forbidden, notFound } from '../../errors';
import { deviceKeyHash, newDeviceKey } from './signature';

type Actor = Pick<SessionUser, 'id' | 'role' | 'restaurantIds'>;

interface DeviceRow {
  id: string;
  name: string;
  restaurant_id: string;
  restaurant_name: string;
  time_zone: string;
  kind: SensorDevice['kind'];
  low_c: number;
  high_c: number;
  delay_minutes: number;
  recovery_minutes: number;
  state: SensorDevice['state'];
  last_reading_at: string | null;
  last_value: number | null;
  live_excursion_id: string | null;
  key_issued_at: string;
  created_at: string;
}

/**
 * Devices with their state, in one statement: `excursion` while one is live, `offline`
 * once no reading came for an hour (the minute job also raises the notification),
 * `waiting` before the first reading. Retired devices are never listed.
 */
async function selectDevices(db: Queryable, where: SQL): Promise<SensorDevice[]> {
  const result = (await db.execute(sql`
    select d.id, d.name, d.restaurant_id, r.name as restaurant_name, r.time_zone, d.kind, d.low_c, d.high_c,
      d.delay_minutes, d.recovery_minutes,
      case when e.id is not null then 'excursion'
        when d.last_reading_at is null then 'waiting'
        when d.offline_since is not null
          or d.last_reading_at < now() - make_interval(mins => ${SENSOR_OFFLINE_MINUTES}) then 'offline'
        else 'ok' end as state,
      d.last_reading_at, d.last_value, e.id as live_excursion_id, d.key_issued_at, d.created_at
    from ${sensorDevices} d
    join ${restaurants} r on r.id = d.restaurant_id
    left join sensor_excursions e on e.device_id = d.id and e.ended_at is null
    where d.retired_at is null and ${where}
    order by r.name, d.name, d.id`)) as unknown as { rows: DeviceRow[] };
  return result.rows.map(presentDevice);
}

const iso = (value: string | Date) => new Date(value).toISOString();

function presentDevice(row: DeviceRow): SensorDevice {
  return {
    id: row.id,
    name: row.name,
    restaurant: { id: row.restaurant_id, name: row.restaurant_name, timeZone: row.time_zone },
    kind: row.kind,
    lowC: Number(row.low_c),
    highC: Number(row.high_c),
    delayMinutes: row.delay_minutes,
    recoveryMinutes: row.recovery_minutes,
    state: row.state,
    lastReading:
      row.last_reading_at && row.last_value !== null
        ? { at: iso(row.last_reading_at), value: Number(row.last_value) }
        : null,
    liveExcursionId: row.live_excursion_id,
    keyIssuedAt: iso(row.key_issued_at),
    createdAt: iso(row.created_at),
  };
}

export async function listDevices(db: Queryable, actor: Actor, restaurantId?: string): Promise<SensorDevice[]> {
  const scope = restaurantId ? sql`d.restaurant_id = ${restaurantId}` : sql`true`;
  return selectDevices(db, sql`${scope} and ${inReach(actor, sql`d.restaurant_id`)}`);
}

/** A device: 404 when there is none (or it was retired), 403 when it is another restaurant's. */
export async function getDevice(db: Queryable, actor: Actor, id: string): Promise<SensorDevice> {
  const [device] = await selectDevices(db, sql`d.id = ${id}`);
  if (!device) throw notFound(sensorMessages.deviceNotFound);
  if (!reachesRestaurant(actor, device.restaurant.id)) throw forbidden(messages.restaurantForbidden);
  return device;
}

export async function readSensorStatus(db: Queryable, actor: Actor, restaurantId: string): Promise<SensorStatus> {
  const [restaurant] = await db
    .select({ id: restaurants.id, name: restaurants.name, timeZone: restaurants.timeZone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  const devices = await listDevices(db, actor, restaurantId);
  const counts = { ok: 0, excursion: 0, offline: 0, waiting: 0 };
  for (const device of devices) counts[device.state] += 1;
  return { restaurant, devices, counts };
}

async function assertRestaurant(db: Queryable, restaurantId: string) {
  const [found] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!found) throw badRequest(sensorMessages.restaurantRequired, { restaurantId: sensorMessages.restaurantRequired });
}

const withKey = (device: SensorDevice, key: string, publicUrl: string): SensorDeviceWithKey => ({
  ...device,
  key,
  endpoint: `${publicUrl}/api/sensors/readings`,
});

/** A new device and its key: only the key's hash is stored; the key is in this answer and nowhere else. */
export async function createDevice(
  db: Database,
  actor: Actor,
  input: SensorDeviceValues,
  publicUrl: string,
): Promise<SensorDeviceWithKey> {
  const key = newDeviceKey();
  const id = await db.transaction(async (tx) => {
    await assertRestaurant(tx, input.restaurantId);
    const [inserted] = await tx
      .insert(sensorDevices)
      .values({ ...input, keyHash: deviceKeyHash(key), createdBy: actor.id })
      .returning({ id: sensorDevices.id });
    if (!inserted) throw new Error('sensor device not inserted');
    await recordActivity(tx, {
      kind: 'sensorDevice.created',
      actorId: actor.id,
      restaurantId: input.restaurantId,
      objectType: 'sensorDevice',
      objectId: inserted.id,
      objectLabel: input.name,
      changes: Object.fromEntries(Object.entries(input).map(([field, to]) => [field, { from: null, to }])),
    });
    return inserted.id;
  });
  return withKey(await getDevice(db, actor, id), key, publicUrl);
}

const EDITABLE = ['name', 'restaurantId', 'kind', 'lowC', 'highC', 'delayMinutes', 'recoveryMinutes'] as const;

export async function updateDevice(
  db: Database,
  actor: Actor,
  id: string,
  input: SensorDeviceValues,
): Promise<SensorDevice> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(sensorDevices)
      .where(and(eq(sensorDevices.id, id), isNull(sensorDevices.retiredAt)))
      .for('update');
    if (!current) throw notFound(sensorMessages.deviceNotFound);
    if (input.restaurantId !== current.restaurantId) await assertRestaurant(tx, input.restaurantId);
    const changes = Object.fromEntries(
      EDITABLE.filter((field) => current[field] !== input[field]).map((field) => [
        field,
        { from: current[field], to: input[field] },
      ]),
    );
    if (Object.keys(changes).length === 0) return;
    await tx.update(sensorDevices).set(input).where(eq(sensorDevices.id, id));
    await recordActivity(tx, {
      kind: 'sensorDevice.updated',
      actorId: actor.id,
      restaurantId: input.restaurantId,
      objectType: 'sensorDevice',
      objectId: id,
      objectLabel: input.name,
      changes,
    });
  });
  return getDevice(db, actor, id);
}

/** Retired: its key stops working at once and it leaves the lists; its history stays. */
export async function retireDevice(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [retired] = await tx
      .update(sensorDevices)
      .set({ retiredAt: new Date() })
      .where(and(eq(sensorDevices.id, id), isNull(sensorDevices.retiredAt)))
      .returning({ name: sensorDevices.name, restaurantId: sensorDevices.restaurantId });
    if (!retired) throw notFound(sensorMessages.deviceNotFound);
    // A live excursion ends with the device; its action stays open for a person to resolve.
    await tx.execute(sql`update sensor_excursions set ended_at = now() where device_id = ${id} and ended_at is null`);
    await recordActivity(tx, {
      kind: 'sensorDevice.retired',
      actorId: actor.id,
      restaurantId: retired.restaurantId,
      objectType: 'sensorDevice',
      objectId: id,
      objectLabel: retired.name,
    });
  });
}

/** A new key: the old one is refused from the next request on, on every server (each request reads the row). */
export async function issueDeviceKey(
  db: Database,
  actor: Actor,
  id: string,
  publicUrl: string,
): Promise<SensorDeviceWithKey> {
  const key = newDeviceKey();
  await db.transaction(async (tx) => {
    const [device] = await tx
      .update(sensorDevices)
      .set({ keyHash: deviceKeyHash(key), keyIssuedAt: new Date() })
      .where(and(eq(sensorDevices.id, id), isNull(sensorDevices.retiredAt)))
      .returning({ name: sensorDevices.name, restaurantId: sensorDevices.restaurantId });
    if (!device) throw notFound(sensorMessages.deviceNotFound);
    await recordActivity(tx, {
      kind: 'sensorDevice.keyIssued',
      actorId: actor.id,
      restaurantId: device.restaurantId,
      objectType: 'sensorDevice',
      objectId: id,
      objectLabel: device.name,
    });
  });
  return withKey(await getDevice(db, actor, id), key, publicUrl);
}
