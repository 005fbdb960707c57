import { z } from 'zod';
import { text } from './fields';

/**
 * Web Push (issue 34): a person turns push on per device in Profile. The browser's
 * PushManager subscribes with the server's VAPID public key and hands back a
 * subscription (its push service's endpoint and the keys to encrypt for it), which the
 * web app sends here; notifications then go to that device by the same preferences as
 * email.
 */

/** The server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** A push service's address: https only (every browser's push service is), at most 2000 characters. */
const endpointField = text({ error: 'Endpoint is required' })
  .max(2000, 'Endpoint must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https$/, error: 'Endpoint must be an https URL' }));

/** A base64url key as PushSubscription.toJSON() gives it. */
const keyField = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

/** What `PushSubscription.toJSON()` gives, with a label to tell devices apart. */
export const PushSubscriptionInput = z.object({
  endpoint: endpointField,
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, 87 characters in base64url). */
    p256dh: keyField('p256dh', 200),
    /** The 16-byte authentication secret. */
    auth: keyField('auth', 100),
  }),
  /** "Chrome on Android": what the device calls itself, shown to tell devices apart. */
  deviceLabel: text().trim().max(100, 'Device label must be at most 100 characters').default(''),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInput>;

/** Which subscription to remove: the device knows its endpoint. */
export const PushSubscriptionRemoval = z.object({ endpoint: endpointField });
export type PushSubscriptionRemoval = z.infer<typeof PushSubscriptionRemoval>;

/** One of my devices that receive push notifications. */
export const PushDevice = z.object({
  id: z.string(),
  endpoint: z.string(),
  deviceLabel: z.string(),
  createdAt: z.string(),
  /** The last time a notification was accepted by its push service; null before the first. */
  lastPushedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDeviceList = z.object({ items: z.array(PushDevice) });
export type PushDeviceList = z.infer<typeof PushDeviceList>;

/**
 * What the service worker receives in a push message (encrypted for the device): the
 * notification in the person's language, and the app path a click opens. `tag` is the
 * notification's id, so a push delivered twice shows once.
 */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
