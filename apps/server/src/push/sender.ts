import type https from 'node:https';
import type { PushMessage } from '@brigade/core/schemas/push';
import webPush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid-keys';

/** Where one device's pushes go: its push service's endpoint and the keys to encrypt for it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: accepted; the subscription is gone (404 or 410: the person
 * turned notifications off, or the browser dropped it), so it is removed; or refused
 * this time (another status, or no answer), to be tried again.
 */
export type PushOutcome = { result: 'sent' } | { result: 'gone' } | { result: 'refused'; reason: string };

/** Sends one encrypted message to one device, signed with the server's VAPID keys. */
export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** How long a push service keeps a message for a device that is off (a day: older news is in the bell). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered in this time is counted as a refusal. */
const PUSH_TIMEOUT_MS = 10_000;

export function createPushSender(options: {
  keys: VapidKeys;
  /** VAPID_SUBJECT: a mailto: or https: address push services may contact. */
  subject: string;
  /** Tests: an agent that trusts the local push service's certificate. */
  agent?: https.Agent;
}): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, message) {
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            timeout: PUSH_TIMEOUT_MS,
            // A message sent twice (a server died between sending and marking it) replaces
            // the first while the device is offline; the notification id is 32 hex digits.
            topic: message.tag.replaceAll('-', ''),
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { result: 'sent' };
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return { result: 'gone' };
        }
        const status = error instanceof WebPushError ? `${error.statusCode} ${error.body}`.trim() : String(error);
        return { result: 'refused', reason: status.slice(0, 300) };
      }
    },
  };
}
