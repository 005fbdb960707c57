import { PushDeviceList } from '@brigade/core/schemas/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import {
  browserHasPush,
  pushRegistration,
  turnPushOffOnThisDevice,
  turnPushOnOnThisDevice,
} from '../../../lib/push-subscription';

/**
 * Push notifications on this device (issue 34): what the browser can do, what the person
 * allowed, and whether this device's subscription is one of theirs on the server.
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

export async function fetchDevicePush(): Promise<DevicePush> {
  if (!browserHasPush()) return { support: 'unsupported', permission: 'default', on: false };
  const permission = Notification.permission;
  const registration = await pushRegistration();
  if (!registration) return { support: 'no-worker', permission, on: false };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || permission !== 'granted') return { support: 'ready', permission, on: false };
  const mine = PushDeviceList.parse(await apiRequest('/api/push/subscriptions'));
  return { support: 'ready', permission, on: mine.items.some((device) => device.endpoint === subscription.endpoint) };
}

export function useDevicePush() {
  const queryClient = useQueryClient();
  const query = useQuery(queryOptions({ queryKey: devicePushQueryKey, queryFn: fetchDevicePush, staleTime: 0 }));
  const waitingForWorker = query.data?.support === 'no-worker';
  useEffect(() => {
    if (!waitingForWorker) return;
    // A worker slower than the first wait (a slow phone still precaching the app) takes
    // charge later: read again then, rather than asking for a reload it does not need.
    let mounted = true;
    void navigator.serviceWorker.ready.then(() => {
      if (mounted) void queryClient.invalidateQueries({ queryKey: devicePushQueryKey });
    });
    return () => {
      mounted = false;
    };
  }, [waitingForWorker, queryClient]);
  return query;
}

/** Turns push on or off for this device; what shows is read again afterwards, whatever happened. */
export function useSetDevicePush(callbacks: { onError?: (error: Error, on: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...devicePushQueryKey, 'set'],
    mutationFn: (on: boolean) => (on ? turnPushOnOnThisDevice() : turnPushOffOnThisDevice()),
    onError: (error, on) => callbacks.onError?.(error, on),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicePushQueryKey }),
  });
}
