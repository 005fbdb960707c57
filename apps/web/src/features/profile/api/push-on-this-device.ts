import { PushDeviceList, PushPublicKey, type PushSubscriptionInput } from '@brigade/core/schemas/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Push notifications on this device (issue 34): what the browser can do, what the person
 * allowed, and whether this device's subscription is one of theirs on the server. The
 * browser's PushManager subscribes with the server's VAPID key; the service worker
 * (sw/push-events.ts) shows what arrives.
 */
export interface DevicePush {
  /**
   * 'unsupported': the browser has no Web Push (or the page is not https); 'no-worker':
   * Brigade's service worker has not started on this page; 'ready': push can be turned on.
   */
  support: 'unsupported' | 'no-worker' | 'ready';
  /** The browser's notification permission for Brigade; 'denied' means blocked in its settings. */
  permission: NotificationPermission;
  /** This device pushes my notifications. */
  on: boolean;
}

export const devicePushQueryKey = ['push', 'this-device'] as const;

/** How long to wait for the service worker to be in charge before saying it is not. */
const WORKER_WAIT_MS = 5_000;

function browserHasPush(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function fetchDevicePush(): Promise<DevicePush> {
  if (!browserHasPush()) return { support: 'unsupported', permission: 'default', on: false };
  const permission = Notification.permission;
  const registration = await workerRegistration();
  if (!registration) return { support: 'no-worker', permission, on: false };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || permission !== 'granted') return { support: 'ready', permission, on: false };
  const mine = PushDeviceList.parse(await apiRequest('/api/push/subscriptions'));
  return { support: 'ready', permission, on: mine.items.some((device) => device.endpoint === subscription.endpoint) };
}

export function useDevicePush() {
  return useQuery(queryOptions({ queryKey: devicePushQueryKey, queryFn: fetchDevicePush, staleTime: 0 }));
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

/** Asks to show notifications, subscribes this browser with the server's key, and tells the server. */
export async function turnPushOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsBlockedError();
  const registration = await workerRegistration();
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

/** Tells the server to stop pushing to this device, then drops the browser's subscription. */
export async function turnPushOff(): Promise<void> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** Turns push on or off for this device; what shows is read again afterwards, whatever happened. */
export function useSetDevicePush(callbacks: { onError?: (error: Error, on: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...devicePushQueryKey, 'set'],
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onError: (error, on) => callbacks.onError?.(error, on),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicePushQueryKey }),
  });
}
