import { PushPublicKey, type PushSubscriptionInput } from '@brigade/core/schemas/push';
import { apiRequest } from './api-client';

/**
 * This browser's Web Push subscription (issue 34): the browser's PushManager subscribes
 * with the server's VAPID key, the server keeps the subscription as one of the person's
 * devices, and the service worker (sw/push-events.ts) shows what arrives. Profile turns it
 * on and off; signing out turns it off, so a shared device stops showing the person's
 * notifications (`turnPushOffOnThisDevice`).
 */

/** How long to wait for the service worker to be in charge before saying it is not. */
const WORKER_WAIT_MS = 5_000;

/** Whether this browser can receive Web Push at all (and the page is https or localhost). */
export function browserHasPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Brigade's service worker once it is in charge, or null when it has not started (within a few seconds). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Raised when the person (or the browser's settings) did not allow notifications. */
export class NotificationsBlockedError extends Error {}

/** A base64url key as the bytes PushManager.subscribe() takes in every browser. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const text = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/* eslint-disable lingui/no-unlocalized-strings -- browsers' and systems' names, the same in every language */
/** "Chrome · Android": what tells this device from the person's others. */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Firefox', /Firefox\/|FxiOS\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Windows', /Windows/],
      ['ChromeOS', /CrOS/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  return [browser, system].filter(Boolean).join(' · ');
}
/* eslint-enable lingui/no-unlocalized-strings */

/** This browser's current subscription, if it has one (and the worker is running). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!browserHasPush()) return null;
  const registration = await pushRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks to show notifications, subscribes this browser with the server's key, and tells the server. */
export async function turnPushOnOnThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlockedError();
  const registration = await pushRegistration();
  if (!registration) throw new Error('The service worker is not running');
  const { publicKey } = PushPublicKey.parse(await apiRequest('/api/push/public-key'));
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys changed): it would never receive anything.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  const body: PushSubscriptionInput = {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    deviceLabel: deviceLabel(navigator.userAgent),
  };
  await apiRequest('/api/push/subscriptions', { method: 'POST', body });
}

/**
 * Tells the server to stop pushing to this device, then drops the browser's subscription.
 * Call it while still signed in (sign-out calls it first); without a subscription it does nothing.
 */
export async function turnPushOffOnThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** How long signing out waits for the server to forget this device. */
const SIGN_OUT_WAIT_MS = 3_000;

/**
 * Signing out: this device stops showing the person's notifications, so a shared tablet
 * never shows them to whoever signs in next. Quick and never failing: no worker, no
 * subscription, or no answer from the server (offline) do not hold up signing out; the
 * browser's subscription is dropped anyway, and the server removes it at its next push
 * (the push service answers 410). Plain fetch: a session that had already ended is no news.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    if (!browserHasPush()) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await fetch('/api/push/subscriptions', {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
      signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Signing out goes on whatever happened here.
  }
}
