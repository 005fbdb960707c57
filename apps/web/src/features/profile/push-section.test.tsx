import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PushSection } from './push-section';

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const SERVER_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.com/send/device-1';
const SWITCH = 'Push notifications on this device';

/** A browser with Web Push: its permission, its worker's PushManager, and the subscription it holds. */
function browserWithPush(options: { permission: NotificationPermission; subscribed?: boolean; granted?: boolean }) {
  let permission = options.permission;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const made = (key: ArrayBuffer) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
    unsubscribe,
  });
  const serverKeyBytes = Uint8Array.from(atob(SERVER_KEY.replace(/-/g, '+')), (c) => c.charCodeAt(0)).buffer;
  let current: ReturnType<typeof made> | null = options.subscribed ? made(serverKeyBytes) : null;
  const subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    current = made(applicationServerKey.buffer as ArrayBuffer);
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('PushManager', class {});
  const notification = Object.defineProperty(
    {
      requestPermission: vi.fn(async () => {
        permission = options.granted === false ? 'denied' : 'granted';
        return permission;
      }),
    },
    'permission',
    { get: () => permission },
  );
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return { subscribe, unsubscribe };
}

/** The push API over the test's own list of my devices; POST and DELETE bodies are recorded. */
function servePush(devices: string[]) {
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, body });
      const json = (value: unknown, status = 200) =>
        new Response(value === null ? null : JSON.stringify(value), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url === '/api/push/public-key') return json({ publicKey: SERVER_KEY });
      if (url === '/api/push/subscriptions' && method === 'POST') {
        devices.push(body.endpoint);
        return json(
          {
            id: 'd-1',
            endpoint: body.endpoint,
            deviceLabel: body.deviceLabel,
            createdAt: '2026-11-28T10:00:00Z',
            lastPushedAt: null,
          },
          201,
        );
      }
      if (url === '/api/push/subscriptions' && method === 'DELETE') {
        devices.splice(devices.indexOf(body.endpoint), 1);
        return new Response(null, { status: 204 });
      }
      if (url === '/api/push/subscriptions') {
        return json({
          items: devices.map((endpoint) => ({
            id: 'd-1',
            endpoint,
            deviceLabel: '',
            createdAt: '2026-11-28T10:00:00Z',
            lastPushedAt: null,
          })),
        });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  return calls;
}

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Profile: Push notifications on this device', () => {
  test('a browser without Web Push is told why, and offered no switch', async () => {
    servePush([]);
    renderWithProviders(<PushSection />, { me: staff });
    const section = await screen.findByRole('region', { name: SWITCH });
    expect(await within(section).findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).toBeNull();
  });

  test('notifications blocked in the browser are explained, with no switch', async () => {
    browserWithPush({ permission: 'denied' });
    servePush([]);
    renderWithProviders(<PushSection />, { me: staff });
    const section = await screen.findByRole('region', { name: SWITCH });
    expect(
      await within(section).findByText(/Notifications are blocked for Brigade in this browser/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).toBeNull();
  });

  test('turning it on asks to notify, subscribes with the server’s key and tells the server this device', async () => {
    const browser = browserWithPush({ permission: 'default' });
    const calls = servePush([]);
    renderWithProviders(<PushSection />, { me: staff });
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH })).toBeChecked());
    expect(Notification.requestPermission).toHaveBeenCalled();
    const key = browser.subscribe.mock.calls[0]?.[0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    // The key's bytes, not its text: 0x04 starts an uncompressed P-256 point.
    expect(key[0]).toBe(0x04);
    expect(calls).toEqual([
      {
        method: 'POST',
        body: { endpoint: ENDPOINT, keys: { p256dh: 'p256dh-key', auth: 'auth-key' }, deviceLabel: expect.any(String) },
      },
    ]);
  });

  test('refusing the browser’s question leaves it off and explains how to allow it', async () => {
    const browser = browserWithPush({ permission: 'default', granted: false });
    const calls = servePush([]);
    renderWithProviders(<PushSection />, { me: staff });
    await userEvent.click(await screen.findByRole('switch', { name: SWITCH }));
    expect(await screen.findByText(/Notifications are blocked for Brigade in this browser/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  test('turning it off tells the server, then drops the browser’s subscription', async () => {
    const browser = browserWithPush({ permission: 'granted', subscribed: true });
    const calls = servePush([ENDPOINT]);
    renderWithProviders(<PushSection />, { me: staff });
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await waitFor(() => expect(toggle).toBeChecked());

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH })).not.toBeChecked());
    expect(calls).toEqual([{ method: 'DELETE', body: { endpoint: ENDPOINT } }]);
    expect(browser.unsubscribe).toHaveBeenCalled();
  });
});
