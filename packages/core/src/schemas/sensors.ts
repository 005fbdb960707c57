import { z } from 'zod';
import { idField, text } from './fields';

/**
 * Temperature sensors (issue 37, decision 047): the devices hq registers per restaurant,
 * their keys, the signed readings they send to `POST /api/sensors/readings`, the charts,
 * the excursions (out of range longer than the device's delay: one corrective action each)
 * and the rows they add to the food-safety log. The route list is in decision 047.
 */

export const sensorMessages = {
  nameRequired: 'Name the device after what it measures (e.g. "Walk-in fridge")',
  restaurantRequired: 'Choose the restaurant the device is in',
  kindRequired: 'Choose fridge, freezer or hot-holding',
  limitRequired: 'Enter a temperature in °C',
  limitRange: 'Enter a temperature between -100 °C and 400 °C',
  limitsOrder: 'The low limit must be below the high limit',
  delayRange: 'Enter between 0 and 1440 minutes',
  deviceNotFound: 'Device not found',
  excursionNotFound: 'Excursion not found',
  // The intake's refusals (a device, not a person, reads them: they say what to fix).
  deviceHeaderMissing: 'Send the device id in the x-sensor-device header.',
  timestampMissing: 'Send the signing time (Unix seconds) in the x-sensor-timestamp header.',
  signatureMissing: 'Send the HMAC-SHA256 signature (hex) in the x-sensor-signature header.',
  deviceUnknown:
    'Unknown device, or its key was replaced: use the key shown when the device was created or given a new key.',
  signatureInvalid:
    'The signature does not match: sign timestamp + "." + the exact body with the device key (see the README).',
  timestampStale: 'The timestamp is more than 5 minutes away from the server clock: check the device clock (NTP).',
  readingsRequired: 'Send at least one reading',
  readingTimeInvalid: 'Each reading needs a time (ISO 8601 with offset)',
  readingTimeOutOfWindow: 'A reading must be from the last 7 days and not in the future',
  readingValueInvalid: 'Each reading needs a value: a number of °C',
  readingValueRange: 'A reading must be between -100 °C and 400 °C',
  batchTooLarge: 'Send at most 500 readings (64 KB) per request.',
  intakeRateLimited: 'Too many requests for this device: send readings in batches (at most 10 requests a second).',
} as const;

/**
 * The texts people read (hq's device form, a device or excursion that is gone): in the
 * core catalogue, so the server answers them in the reader's language. The intake's
 * refusals are read by devices and their integrators: English only.
 */
export const sensorFormMessages = {
  nameRequired: sensorMessages.nameRequired,
  restaurantRequired: sensorMessages.restaurantRequired,
  kindRequired: sensorMessages.kindRequired,
  limitRequired: sensorMessages.limitRequired,
  limitRange: sensorMessages.limitRange,
  limitsOrder: sensorMessages.limitsOrder,
  delayRange: sensorMessages.delayRange,
  deviceNotFound: sensorMessages.deviceNotFound,
  excursionNotFound: sensorMessages.excursionNotFound,
} as const;

/** The intake's limits: a batch, its bytes, how far a device's clock and its buffer may reach. */
export const SENSOR_BATCH_MAX_READINGS = 500;
export const SENSOR_BATCH_MAX_BYTES = 64 * 1024;
export const SENSOR_SIGNATURE_WINDOW_SECONDS = 5 * 60;
/** A device that was offline sends its buffer: readings up to 7 days old are taken. */
export const SENSOR_READING_MAX_AGE_DAYS = 7;
/** A reading may be this far ahead of the server clock (clocks drift). */
export const SENSOR_READING_MAX_AHEAD_SECONDS = 5 * 60;
export const SENSOR_VALUE_MIN = -100;
export const SENSOR_VALUE_MAX = 400;
/** No reading for this long raises "Sensor offline". */
export const SENSOR_OFFLINE_MINUTES = 60;
export const SENSOR_DEFAULT_DELAY_MINUTES = 15;
export const SENSOR_DEFAULT_RECOVERY_MINUTES = 10;

export const SENSOR_HEADERS = {
  device: 'x-sensor-device',
  timestamp: 'x-sensor-timestamp',
  signature: 'x-sensor-signature',
} as const;

export const SENSOR_KINDS = ['fridge', 'freezer', 'hot-holding'] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** Usual limits per kind, offered when hq picks a kind (EU food-hygiene practice). */
export const SENSOR_KIND_DEFAULT_LIMITS: Record<SensorKind, { lowC: number; highC: number }> = {
  fridge: { lowC: 0, highC: 5 },
  freezer: { lowC: -30, highC: -18 },
  'hot-holding': { lowC: 63, highC: 100 },
};

/**
 * A device's live state: `ok` (reporting, in range), `excursion` (an excursion is live),
 * `offline` (no reading for 60 minutes), `waiting` (never reported yet).
 */
export const SENSOR_STATES = ['ok', 'excursion', 'offline', 'waiting'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];

/** Which limit an excursion crossed. */
export const EXCURSION_DIRECTIONS = ['high', 'low'] as const;
export type ExcursionDirection = (typeof EXCURSION_DIRECTIONS)[number];

const limitField = z
  .number({ error: sensorMessages.limitRequired })
  .finite(sensorMessages.limitRequired)
  .min(SENSOR_VALUE_MIN, sensorMessages.limitRange)
  .max(SENSOR_VALUE_MAX, sensorMessages.limitRange);

const minutesField = (fallback: number) =>
  z
    .number({ error: sensorMessages.delayRange })
    .int(sensorMessages.delayRange)
    .min(0, sensorMessages.delayRange)
    .max(1440, sensorMessages.delayRange)
    .default(fallback);

// ---------------------------------------------------------------------------------------
// Devices (hq manages; hq and the restaurant's managers read)

export const SensorDeviceInput = z
  .object({
    name: text({ error: sensorMessages.nameRequired })
      .trim()
      .min(1, sensorMessages.nameRequired)
      .max(100, 'Name must be at most 100 characters'),
    restaurantId: z.uuid({ error: sensorMessages.restaurantRequired }),
    kind: z.enum(SENSOR_KINDS, { error: sensorMessages.kindRequired }),
    lowC: limitField,
    highC: limitField,
    /** Out of range this long before an excursion (ignores a door opening). */
    delayMinutes: minutesField(SENSOR_DEFAULT_DELAY_MINUTES),
    /** Back in range this long before the excursion's live state ends. */
    recoveryMinutes: minutesField(SENSOR_DEFAULT_RECOVERY_MINUTES),
  })
  .refine((input) => input.lowC < input.highC, { path: ['highC'], message: sensorMessages.limitsOrder });
export type SensorDeviceInput = z.input<typeof SensorDeviceInput>;
export type SensorDeviceValues = z.output<typeof SensorDeviceInput>;

export const SensorDeviceListQuery = z.object({
  /** Absent: every restaurant the caller reaches (hq: all; a manager: theirs). */
  restaurantId: idField.optional(),
});
export type SensorDeviceListQuery = z.infer<typeof SensorDeviceListQuery>;

export const SensorLastReading = z.object({ at: z.string(), value: z.number() });
export type SensorLastReading = z.infer<typeof SensorLastReading>;

export const SensorDevice = z.object({
  id: z.string(),
  name: z.string(),
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  kind: z.enum(SENSOR_KINDS),
  lowC: z.number(),
  highC: z.number(),
  delayMinutes: z.number().int(),
  recoveryMinutes: z.number().int(),
  state: z.enum(SENSOR_STATES),
  lastReading: SensorLastReading.nullable(),
  /** The live excursion, when `state` is `excursion`. */
  liveExcursionId: z.string().nullable(),
  /** When the current key was issued (the key itself is never shown again). */
  keyIssuedAt: z.string(),
  createdAt: z.string(),
});
export type SensorDevice = z.infer<typeof SensorDevice>;

export const SensorDeviceList = z.object({ items: z.array(SensorDevice) });
export type SensorDeviceList = z.infer<typeof SensorDeviceList>;

/** The create and "new key" answers: the key is in this answer only, never shown again. */
export const SensorDeviceWithKey = SensorDevice.extend({
  key: z.string(),
  /** Where the device posts its readings (this server's public address). */
  endpoint: z.string(),
});
export type SensorDeviceWithKey = z.infer<typeof SensorDeviceWithKey>;

/** Per restaurant: its devices with their state, for the restaurant screen and the dashboard. */
export const SensorStatusQuery = z.object({ restaurantId: idField });
export type SensorStatusQuery = z.infer<typeof SensorStatusQuery>;

export const SensorStatus = z.object({
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  devices: z.array(SensorDevice),
  counts: z.object({
    ok: z.number().int(),
    excursion: z.number().int(),
    offline: z.number().int(),
    waiting: z.number().int(),
  }),
});
export type SensorStatus = z.infer<typeof SensorStatus>;

// ---------------------------------------------------------------------------------------
// Charts: the last 24 h of raw readings, or 7 days of hourly min/max/avg

export const SENSOR_CHART_RANGES = ['24h', '7d'] as const;
export type SensorChartRange = (typeof SENSOR_CHART_RANGES)[number];

export const SensorSeriesQuery = z.object({
  range: z.enum(SENSOR_CHART_RANGES, { error: 'Choose 24h or 7d' }).default('24h'),
});
export type SensorSeriesQuery = z.infer<typeof SensorSeriesQuery>;

export const SensorHour = z.object({
  /** The hour's start (UTC, ISO). */
  hour: z.string(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  count: z.number().int(),
});
export type SensorHour = z.infer<typeof SensorHour>;

export const SensorExcursionSpan = z.object({
  id: z.string(),
  direction: z.enum(EXCURSION_DIRECTIONS),
  startedAt: z.string(),
  /** null while live. */
  endedAt: z.string().nullable(),
});
export type SensorExcursionSpan = z.infer<typeof SensorExcursionSpan>;

const seriesBase = {
  device: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(SENSOR_KINDS),
    lowC: z.number(),
    highC: z.number(),
  }),
  /** The window shown (ISO): now minus 24 h or 7 days, to now. */
  from: z.string(),
  to: z.string(),
  /** Excursions overlapping the window, to shade on the chart. */
  excursions: z.array(SensorExcursionSpan),
};

export const SensorSeries = z.discriminatedUnion('range', [
  z.object({ range: z.literal('24h'), ...seriesBase, readings: z.array(SensorLastReading) }),
  z.object({ range: z.literal('7d'), ...seriesBase, hours: z.array(SensorHour) }),
]);
export type SensorSeries = z.infer<typeof SensorSeries>;

// ---------------------------------------------------------------------------------------
// Excursions

export const EXCURSION_STATES = ['live', 'past'] as const;
export type ExcursionState = (typeof EXCURSION_STATES)[number];

export const SensorExcursionListQuery = z.object({
  restaurantId: idField.optional(),
  deviceId: idField.optional(),
  /** Absent: both, live first, then newest first. */
  state: z.enum(EXCURSION_STATES, { error: 'Choose live or past' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SensorExcursionListQuery = z.infer<typeof SensorExcursionListQuery>;

export const SensorExcursion = z.object({
  id: z.string(),
  device: z.object({ id: z.string(), name: z.string(), kind: z.enum(SENSOR_KINDS) }),
  /** `timeZone` (optional, added for the web): its times read by the restaurant's clock. */
  restaurant: z.object({ id: z.string(), name: z.string(), timeZone: z.string().optional() }),
  direction: z.enum(EXCURSION_DIRECTIONS),
  /** The limit crossed, °C. */
  limitC: z.number(),
  /** The highest (direction high) or lowest (low) value so far, °C. */
  peakC: z.number(),
  /** The first out-of-range reading. */
  startedAt: z.string(),
  /** When Brigade raised it (the delay had elapsed). */
  detectedAt: z.string(),
  /** When its live state ended (back in range for the recovery time); null while live. */
  endedAt: z.string().nullable(),
  state: z.enum(EXCURSION_STATES),
  /** The corrective action it opened (stays open for a person to resolve). */
  action: z.object({ id: z.string(), status: z.enum(['open', 'resolved']) }).nullable(),
});
export type SensorExcursion = z.infer<typeof SensorExcursion>;

export const SensorExcursionList = z.object({ items: z.array(SensorExcursion) });
export type SensorExcursionList = z.infer<typeof SensorExcursionList>;

/** One excursion with its curve: the readings from its start to its end (or now), at most 2,000. */
export const SensorExcursionDetail = SensorExcursion.extend({
  lowC: z.number(),
  highC: z.number(),
  delayMinutes: z.number().int(),
  recoveryMinutes: z.number().int(),
  readings: z.array(SensorLastReading),
});
export type SensorExcursionDetail = z.infer<typeof SensorExcursionDetail>;

// ---------------------------------------------------------------------------------------
// Intake: POST /api/sensors/readings (the device signs; no session)

export const SensorReadingInput = z.object({
  at: z.iso.datetime({ offset: true, error: sensorMessages.readingTimeInvalid }),
  value: z
    .number({ error: sensorMessages.readingValueInvalid })
    .finite(sensorMessages.readingValueInvalid)
    .min(SENSOR_VALUE_MIN, sensorMessages.readingValueRange)
    .max(SENSOR_VALUE_MAX, sensorMessages.readingValueRange),
});
export type SensorReadingInput = z.infer<typeof SensorReadingInput>;

/** The batch's count limit is checked by the route (413, as for bytes), not here. */
export const SensorReadingBatch = z.object({
  readings: z
    .array(SensorReadingInput, { error: sensorMessages.readingsRequired })
    .min(1, sensorMessages.readingsRequired),
});
export type SensorReadingBatch = z.infer<typeof SensorReadingBatch>;

export const SensorReadingHeaders = z.object({
  [SENSOR_HEADERS.device]: z.string().optional(),
  [SENSOR_HEADERS.timestamp]: z.string().optional(),
  [SENSOR_HEADERS.signature]: z.string().optional(),
});

/** 202: taken; `duplicates` were already stored for that time (a resend) and are ignored. */
export const SensorReadingsAccepted = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
});
export type SensorReadingsAccepted = z.infer<typeof SensorReadingsAccepted>;

// ---------------------------------------------------------------------------------------
// The food-safety log: per device, per local day of the period, min/max/avg of its
// readings, and the excursions that started in the period (with their actions).

export const SensorLogDay = z.object({
  /** The restaurant's local day. */
  day: z.string(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  count: z.number().int(),
  /** Hours of the day with a reading outside the limits. */
  hoursOutOfRange: z.number().int(),
});
export type SensorLogDay = z.infer<typeof SensorLogDay>;

export const SensorLogExcursion = z.object({
  id: z.string(),
  direction: z.enum(EXCURSION_DIRECTIONS),
  limitC: z.number(),
  peakC: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  action: z.object({ id: z.string(), status: z.enum(['open', 'resolved']) }).nullable(),
});
export type SensorLogExcursion = z.infer<typeof SensorLogExcursion>;

export const SensorLogDevice = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SENSOR_KINDS),
  lowC: z.number(),
  highC: z.number(),
  /** Days with readings only, oldest first. */
  days: z.array(SensorLogDay),
  excursions: z.array(SensorLogExcursion),
});
export type SensorLogDevice = z.infer<typeof SensorLogDevice>;

// ---------------------------------------------------------------------------------------
// The signing recipe, shared by the server, the simulator, the bench and the README's test.

/** The text a device signs: the timestamp header's value, a dot, and the raw body. */
export function sensorSigningPayload(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/** A device key's recognisable prefix (secret scanners and people tell it apart). */
export const SENSOR_KEY_PREFIX = 'brigade_sensor_';
