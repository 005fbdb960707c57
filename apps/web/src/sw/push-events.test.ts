import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

/**
 * The service worker's push events (issue 34), with a fake worker scope: a push shows its
 * notification, a click focuses the window already showing its link or opens it, and a
 * link to anywhere but Brigade's own paths is never followed.
 */

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const showNotification = vi.fn(async () => {});
const windows: { url: string; focus: ReturnType<typeof vi.fn> }[] = [];
const openWindow = vi.fn(async () => null);

beforeAll(async () => {
  vi.stubGlobal('self', {
    location: { origin: 'https://brigade.example.com' },
    registration: { showNotification },
    clients: { matchAll: async () => windows, openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  });
  await import('./push-events');
});

afterAll(() => {
  vi.unstubAllGlobals();
});

/** Dispatches `type` and waits for what the worker was asked to wait for. */
async function dispatch(type: string, event: Record<string, unknown>) {
  let waited: Promise<unknown> = Promise.resolve();
  listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
  await waited;
}

const pushOf = (message: unknown) => ({ data: { json: () => message } });

describe('push', () => {
  test('shows the notification with its title, body and link, tagged with the notification', async () => {
    await dispatch(
      'push',
      pushOf({ title: 'New training: Knife skills', body: 'No due date', link: '/my-trainings', tag: 'n-1' }),
    );
    expect(showNotification).toHaveBeenLastCalledWith('New training: Knife skills', {
      body: 'No due date',
      tag: 'n-1',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: '/my-trainings' },
    });
  });

  test('a message it cannot read still shows a notice (browsers require one), opening the notifications', async () => {
    await dispatch('push', { data: { json: () => JSON.parse('not json') } });
    expect(showNotification).toHaveBeenLastCalledWith(
      'Brigade',
      expect.objectContaining({ data: { link: '/notifications' } }),
    );
  });

  test('a link to another site is replaced by the notifications', async () => {
    await dispatch('push', pushOf({ title: 'Hello', body: '', link: '//evil.example.com/', tag: 'n-2' }));
    expect(showNotification).toHaveBeenLastCalledWith(
      'Hello',
      expect.objectContaining({ data: { link: '/notifications' } }),
    );
  });
});

describe('notificationclick', () => {
  test('focuses the window already showing the link', async () => {
    const showing = { url: 'https://brigade.example.com/my-trainings', focus: vi.fn(async () => {}) };
    windows.splice(0, windows.length, { url: 'https://brigade.example.com/today', focus: vi.fn() }, showing);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { link: '/my-trainings' } } });
    expect(close).toHaveBeenCalled();
    expect(showing.focus).toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  test('opens the link when no window shows it', async () => {
    windows.splice(0, windows.length, { url: 'https://brigade.example.com/today', focus: vi.fn() });
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { link: '/actions/a-1' } } });
    expect(openWindow).toHaveBeenCalledWith('https://brigade.example.com/actions/a-1');
  });
});
