import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { users } from './users';

/**
 * Temperature sensors (issue 37, decision 047). A device belongs to one restaurant and
 * signs its readings with its own key, of which only the SHA-256 is kept (it is the HMAC
 * key: see the decision). The evaluation's state lives on the device row, so any server's
 * job carries on where another stopped: the first out-of-range reading of the current run
 * (`out_since`), the first in-range one while an excursion is live (`in_since`), and the
 * newest reading evaluated (`evaluated_through`). A device is retired, never deleted: its
 * readings and excursions stay in the food-safety log.
 */
export const sensorDevices = pgTable(
  'sensor_devices',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    lowC: doublePrecision('low_c').notNull(),
    highC: doublePrecision('high_c').notNull(),
    delayMinutes: integer('delay_minutes').notNull().default(15),
    recoveryMinutes: integer('recovery_minutes').notNull().default(10),
    /** Hex SHA-256 of the device key; the digest's bytes are the HMAC key. */
    keyHash: text('key_hash').notNull(),
    keyIssuedAt: timestamp('key_issued_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
    lastValue: doublePrecision('last_value'),
    evaluatedThrough: timestamp('evaluated_through', { withTimezone: true }),
    outSince: timestamp('out_since', { withTimezone: true }),
    outDirection: text('out_direction'),
    outPeak: doublePrecision('out_peak'),
    inSince: timestamp('in_since', { withTimezone: true }),
    /** Set when "Sensor offline" was raised; cleared by the next reading. */
    offlineSince: timestamp('offline_since', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sensor_devices_kind_check', sql`${t.kind} in ('fridge', 'freezer', 'hot-holding')`),
    check('sensor_devices_limits_check', sql`${t.lowC} < ${t.highC}`),
    uniqueIndex('sensor_devices_key_hash_idx').on(t.keyHash),
    index('sensor_devices_restaurant_idx').on(t.restaurantId, t.name),
  ],
);

/**
 * Every reading, PARTITION BY RANGE ("at"): one partition a UTC month
 * (`sensor_readings_YYYY_MM`) and a default one, written into the migration by hand
 * (drizzle-kit cannot express it); the primary key therefore includes `at`, and is what
 * makes a resent reading a no-op. No foreign key: retention drops whole months.
 */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    deviceId: uuid('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] })],
);

/** Per device and UTC hour: what the charts and the food-safety log read (the intake upserts it). */
export const sensorHourly = pgTable(
  'sensor_hourly',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => sensorDevices.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hour] })],
);

/**
 * Out of range for longer than the device's delay. At most one live excursion per device
 * (the partial unique index): two servers evaluating the same readings make one.
 */
export const sensorExcursions = pgTable(
  'sensor_excursions',
  {
    id: id(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => sensorDevices.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    direction: text('direction').notNull(),
    limitC: doublePrecision('limit_c').notNull(),
    peakC: doublePrecision('peak_c').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('sensor_excursions_direction_check', sql`${t.direction} in ('high', 'low')`),
    uniqueIndex('sensor_excursions_live_key').on(t.deviceId).where(sql`${t.endedAt} is null`),
    uniqueIndex('sensor_excursions_device_start_key').on(t.deviceId, t.startedAt),
    index('sensor_excursions_restaurant_idx').on(t.restaurantId, t.startedAt.desc()),
  ],
);
