import {
  clockOffsetSeconds,
  correctedRecordedAt,
  offlineMessages,
  RECORDED_AT_HEADER,
  SENT_AT_HEADER,
} from '@brigade/core/offline';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/**
 * When a change sent by the offline outbox was made (issue 34, decision 033). The outbox
 * sends `X-Recorded-At` (when the person made the change, on the device's clock) and
 * `X-Sent-At` (when this attempt left the device, on the same clock). The gap between
 * X-Sent-At and the moment we received it is the device clock's offset from ours (the
 * network's delay is seconds; a phone set an hour wrong is an hour), so the change was
 * made at X-Recorded-At moved by that offset, on our clock: a phone an hour slow cannot
 * make a late check look on time, and one an hour fast cannot make it look late.
 */
export interface OfflineTimes {
  /** When the change was made, on the server's clock (core's `correctedRecordedAt`). */
  recordedAt: Date;
  /** The device clock's offset from ours in seconds (positive: the device is behind). */
  clockOffsetSeconds: number;
  /** When this request arrived. */
  receivedAt: Date;
  /** X-Recorded-At as the device sent it (the idempotency row keeps it). */
  deviceRecordedAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a route that takes offline changes when the request carries both time headers; else null. */
    offline: OfflineTimes | null;
  }
}

/** An ISO 8601 date and time with its zone, as `Date.prototype.toISOString()` writes it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function headerTime(request: FastifyRequest, header: string, fields: Record<string, string>): Date | null {
  const raw = request.headers[header];
  if (raw === undefined) return null;
  const time = typeof raw === 'string' && ISO_DATE_TIME.test(raw) ? new Date(raw) : null;
  if (time === null || Number.isNaN(time.getTime())) fields[header] = offlineMessages.badTime;
  return time;
}

/**
 * Reads the two headers into `request.offline`, or answers 400 naming the bad header:
 * both or neither (one without the other cannot be corrected), each an ISO date and time.
 */
export function offlineTimesOf(request: FastifyRequest, receivedAt = new Date()): OfflineTimes | null {
  const fields: Record<string, string> = {};
  const recordedAt = headerTime(request, RECORDED_AT_HEADER, fields);
  const sentAt = headerTime(request, SENT_AT_HEADER, fields);
  if (Object.keys(fields).length === 0 && (recordedAt === null) !== (sentAt === null)) {
    fields[recordedAt === null ? RECORDED_AT_HEADER : SENT_AT_HEADER] = offlineMessages.timesGoTogether;
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  if (recordedAt === null || sentAt === null) return null;
  return {
    recordedAt: correctedRecordedAt(recordedAt, sentAt, receivedAt),
    clockOffsetSeconds: clockOffsetSeconds(sentAt, receivedAt),
    receivedAt,
    deviceRecordedAt: recordedAt,
  };
}

/**
 * On the routes that take offline changes (`config: { idempotent: true }`), reads the
 * time headers before the handler runs. A `preHandler`, so the guard (`onRequest`) has
 * answered a signed-out caller with 401 first, and before the idempotency hook, which
 * keeps the times with the key. The arrival time is taken when the request came in.
 */
export function registerOfflineTimes(app: FastifyInstance) {
  app.decorateRequest('offline', null);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    // When the request arrived: now, less the time Fastify has spent on it (reading the body).
    request.offline = offlineTimesOf(request, new Date(Date.now() - reply.elapsedTime));
  });
}
