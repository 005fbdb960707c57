import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SENSOR_KEY_PREFIX,
  SENSOR_SIGNATURE_WINDOW_SECONDS,
  sensorSigningPayload,
} from '@brigade/core/schemas/sensors';

/**
 * A device's key and signatures (decision 047). HMAC needs the verifying secret on the
 * server, so the key's SHA-256 is both what is stored and what signs: the key itself is
 * never at rest, and a device computes the digest once from the key it was given.
 */

/** A new device key: a recognisable prefix, then 256 random bits. */
export function newDeviceKey(): string {
  return `${SENSOR_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a key, hex: also the HMAC key (as bytes). */
export function deviceKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What a device sends in `x-sensor-signature`: hex HMAC-SHA256 of `timestamp.body` under SHA-256(key). */
export function signReadings(keyHash: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', Buffer.from(keyHash, 'hex'))
    .update(sensorSigningPayload(timestamp, rawBody))
    .digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** The signature matches, compared in constant time (a wrong length or non-hex is simply false). */
export function signatureMatches(keyHash: string, timestamp: string, rawBody: string, signature: string): boolean {
  if (!HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(signReadings(keyHash, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The timestamp header: whole Unix seconds within the replay window either way of `now`. */
export function timestampFresh(timestamp: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - now.getTime() / 1000) <= SENSOR_SIGNATURE_WINDOW_SECONDS;
}
