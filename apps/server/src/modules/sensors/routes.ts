import { ErrorReply, IdParams, NoBody } from '@brigade/core/schemas/common';
import { idField } from '@brigade/core/schemas/fields';
import {
  SENSOR_BATCH_MAX_BYTES,
  SENSOR_BATCH_MAX_READINGS,
  SENSOR_HEADERS,
  SensorDevice,
  SensorDeviceInput,
  SensorDeviceList,
  SensorDeviceListQuery,
  SensorDeviceWithKey,
  SensorExcursionDetail,
  SensorExcursionList,
  SensorExcursionListQuery,
  SensorReadingBatch,
  SensorReadingsAccepted,
  SensorSeries,
  SensorSeriesQuery,
  SensorStatus,
  SensorStatusQuery,
  sensorMessages,
} from '@brigade/core/schemas/sensors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../errors';
import type { App } from '../../http/app-instance';
import { getExcursion, listExcursions, readSeries } from './charts';
import {
  createDevice,
  getDevice,
  issueDeviceKey,
  listDevices,
  readSensorStatus,
  retireDevice,
  updateDevice,
} from './devices';
import { assertReadingTimes, findIntakeDevice, type IntakeDevice, storeReadings } from './intake';
import { createDeviceRateLimit } from './rate-limit';
import { SENSOR_EVALUATE_JOB } from './sensor-jobs';
import { signatureMatches, timestampFresh } from './signature';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const tags = ['sensors'];

type Context = Pick<AppContext, 'database' | 'guard' | 'publicUrl' | 'jobs'>;

/** The module's one plugin: hq's devices and the managers' charts, and the devices' intake in a child plugin. */
export async function sensorRoutes(app: App, context: Context) {
  await app.register(sensorDeviceRoutes, context);
  await app.register(sensorIntakeRoutes, context);
}

async function sensorDeviceRoutes(app: App, { database, guard, publicUrl }: Context) {
  const { db } = database;

  app.get(
    '/api/sensors/devices',
    {
      schema: {
        tags,
        summary: "Devices with their state: one restaurant's, or every one the caller reaches",
        querystring: SensorDeviceListQuery,
        response: { 200: SensorDeviceList, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => ({ items: await listDevices(db, callerOf(request), request.query.restaurantId) }),
  );

  app.post(
    '/api/sensors/devices',
    {
      schema: {
        tags,
        summary: 'Register a device: the answer carries its key, shown this once (only its hash is kept)',
        body: SensorDeviceInput,
        response: { 201: SensorDeviceWithKey, ...errors },
      },
      onRequest: guard('sensors.manage'),
    },
    async (request, reply) =>
      reply.status(201).send(await createDevice(db, callerOf(request), request.body, publicUrl)),
  );

  app.get(
    '/api/sensors/devices/:id',
    {
      schema: {
        tags,
        summary: 'One device with its state',
        params: IdParams,
        response: { 200: SensorDevice, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'stored' }),
    },
    async (request) => getDevice(db, callerOf(request), request.params.id),
  );

  app.put(
    '/api/sensors/devices/:id',
    {
      schema: {
        tags,
        summary: "Change a device's name, restaurant, kind, limits, delay or recovery",
        params: IdParams,
        body: SensorDeviceInput,
        response: { 200: SensorDevice, ...errors },
      },
      onRequest: guard('sensors.manage'),
    },
    async (request) => updateDevice(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/sensors/devices/:id',
    {
      schema: {
        tags,
        summary: 'Retire a device: its key stops working; its readings and excursions stay in the food-safety log',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('sensors.manage'),
    },
    async (request, reply) => {
      await retireDevice(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/sensors/devices/:id/key',
    {
      schema: {
        tags,
        summary: 'A new key for the device, shown this once: the old key is refused from now on',
        params: IdParams,
        body: NoBody,
        response: { 200: SensorDeviceWithKey, ...errors },
      },
      onRequest: guard('sensors.manage'),
    },
    async (request) => issueDeviceKey(db, callerOf(request), request.params.id, publicUrl),
  );

  app.get(
    '/api/sensors/status',
    {
      schema: {
        tags,
        summary: "A restaurant's devices with their state and how many are in each",
        querystring: SensorStatusQuery,
        response: { 200: SensorStatus, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => readSensorStatus(db, callerOf(request), request.query.restaurantId),
  );

  app.get(
    '/api/sensors/devices/:id/series',
    {
      schema: {
        tags,
        summary: "A device's chart: 24 hours of readings, or 7 days of hourly min/max/avg",
        params: IdParams,
        querystring: SensorSeriesQuery,
        response: { 200: SensorSeries, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'stored' }),
    },
    async (request) => readSeries(db, callerOf(request), request.params.id, request.query.range),
  );

  app.get(
    '/api/sensors/excursions',
    {
      schema: {
        tags,
        summary: 'Excursions, live first, then the newest',
        querystring: SensorExcursionListQuery,
        response: { 200: SensorExcursionList, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => ({ items: await listExcursions(db, callerOf(request), request.query) }),
  );

  app.get(
    '/api/sensors/excursions/:id',
    {
      schema: {
        tags,
        summary: 'One excursion with its curve of readings',
        params: IdParams,
        response: { 200: SensorExcursionDetail, ...errors },
      },
      onRequest: guard('sensors.read', { restaurant: 'stored' }),
    },
    async (request) => getExcursion(db, callerOf(request), request.params.id),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The device a signed intake request names (modules/sensors), once its headers passed. */
    sensorDevice: IntakeDevice | null;
    /** The intake's body exactly as sent: what the signature covers. */
    sensorRawBody: string | null;
  }
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * `POST /api/sensors/readings` (decision 047): no session; the device's signature instead.
 * Its own plugin, so the JSON parser that keeps the raw body (the signature covers it
 * byte for byte) and the 64 KB body limit apply to it alone. Refusals come in the order
 * that costs least: headers and clock (401) before any read, the device (one indexed
 * read) before the body, the signature before the body is validated (401, so a stranger
 * learns nothing of what a body must hold), then the values (400) and the count (413).
 * Nothing is stored unless everything passed. The answer (202) does not wait for the
 * evaluation: a job does it.
 */
async function sensorIntakeRoutes(app: App, { database, jobs }: Context) {
  const { db } = database;
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  const rateLimit = createDeviceRateLimit();
  app.decorateRequest('sensorDevice', null);
  app.decorateRequest('sensorRawBody', null);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.sensorRawBody = body as string;
    defaultJson(request, body as string, done);
  });

  app.post(
    '/api/sensors/readings',
    {
      bodyLimit: SENSOR_BATCH_MAX_BYTES,
      schema: {
        tags,
        summary:
          'A device posts a batch of its readings, signed with its key (x-sensor-device, x-sensor-timestamp, x-sensor-signature): 202 once stored',
        body: SensorReadingBatch,
        response: { 202: SensorReadingsAccepted, 400: ErrorReply, 401: ErrorReply, 413: ErrorReply, 429: ErrorReply },
      },
      onRequest: async (request, reply) => {
        const deviceId = headerOf(request, SENSOR_HEADERS.device);
        const timestamp = headerOf(request, SENSOR_HEADERS.timestamp);
        if (!deviceId) throw unauthorized(sensorMessages.deviceHeaderMissing);
        if (!timestamp) throw unauthorized(sensorMessages.timestampMissing);
        if (!headerOf(request, SENSOR_HEADERS.signature)) throw unauthorized(sensorMessages.signatureMissing);
        if (!timestampFresh(timestamp, new Date())) throw unauthorized(sensorMessages.timestampStale);
        if (!idField.safeParse(deviceId).success) throw unauthorized(sensorMessages.deviceUnknown);
        const device = await findIntakeDevice(db, deviceId);
        if (!device) throw unauthorized(sensorMessages.deviceUnknown);
        const wait = rateLimit(device.id);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new HttpError(429, sensorMessages.intakeRateLimited);
        }
        request.sensorDevice = device;
      },
      preValidation: async (request) => {
        const device = request.sensorDevice;
        const timestamp = headerOf(request, SENSOR_HEADERS.timestamp) ?? '';
        const signature = headerOf(request, SENSOR_HEADERS.signature) ?? '';
        if (!device || !signatureMatches(device.keyHash, timestamp, request.sensorRawBody ?? '', signature)) {
          throw unauthorized(sensorMessages.signatureInvalid);
        }
      },
    },
    async (request, reply) => {
      const device = request.sensorDevice as IntakeDevice;
      const { readings } = request.body;
      if (readings.length > SENSOR_BATCH_MAX_READINGS) throw new HttpError(413, sensorMessages.batchTooLarge);
      const times = assertReadingTimes(readings, new Date());
      const { stored, evaluate } = await storeReadings(
        db,
        device.id,
        readings.map((reading, index) => ({ at: times[index] as Date, value: reading.value })),
      );
      if (evaluate && jobs?.running) {
        // A lost send is caught up by the minute job: the device waits for nothing.
        jobs.send(SENSOR_EVALUATE_JOB, { deviceId: device.id }, { singletonKey: device.id }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'sensor evaluation not queued');
        });
      }
      return reply.status(202).send({ accepted: stored, duplicates: readings.length - stored });
    },
  );
}
