import type { Notification, NotificationPage } from '@brigade/core/schemas/notifications';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';

// jsdom never finishes Mantine's popover positioning, so the open panel keeps `display: none`
// there: queries inside it include hidden elements (as the other dropdown tests do).
const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

function notification(id: string, title: string, read: boolean, link = '/my-trainings'): Notification {
  return {
    id,
    kind: 'trainingDueSoon',
    title,
    body: 'Due 27 Nov 2026',
    link,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    read,
  };
}

/** A fake notifications API over the test's own list: what the bell asks and what it changes. */
function serveNotifications(items: Notification[]) {
  const calls: string[] = [];
  const unread = () => items.filter((item) => !item.read).length;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/notifications/unread-count') return json({ unread: unread() });
      if (url.startsWith('/api/notifications?')) {
        const page: NotificationPage = { items, total: items.length, page: 1, pageSize: 8, unread: unread() };
        return json(page);
      }
      if (url === '/api/notifications/read-all' && method === 'POST') {
        for (const item of items) item.read = true;
        return json({ unread: 0 });
      }
      const one = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
      if (one && method === 'POST') {
        const item = items.find((candidate) => candidate.id === one[1]);
        if (item) item.read = true;
        return json({ unread: unread() });
      }
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }),
  );
  return calls;
}

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderBell() {
  return renderWithProviders(
    <>
      <NotificationBell />
      <CurrentPath />
    </>,
    { me: staff },
  );
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  test('shows the unread count, in its accessible name too', async () => {
    serveNotifications([
      notification('n-1', 'Training due soon: Food safety', false),
      notification('n-2', 'Old', true),
    ]);
    renderBell();

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeInTheDocument();
  });

  test('with nothing unread the bell is plainly "Notifications", without a count', async () => {
    const calls = serveNotifications([notification('n-2', 'Old', true)]);
    renderBell();

    await waitFor(() => expect(calls).toContain('GET /api/notifications/unread-count'));
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByText('0')).not.toBeInTheDocument();
  });

  test('opening one marks it read and goes to its screen', async () => {
    const calls = serveNotifications([
      notification('n-1', 'Training due soon: Food safety', false, '/my-trainings'),
      notification('n-2', 'New training: Allergens', false, '/trainings/7'),
    ]);
    const { user } = renderBell();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    const latest = await within(panel).findByRole('list', { name: 'Latest notifications', hidden: true });
    const first = within(latest).getByRole('link', { name: /Training due soon: Food safety/, hidden: true });
    expect(first).toHaveTextContent('Unread:');
    expect(first).toHaveTextContent('5 minutes ago');

    await user.click(first);

    await waitFor(() => expect(calls).toContain('POST /api/notifications/n-1/read'));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/my-trainings');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/notifications/n-2/read');
  });

  test('Mark all as read clears the count; See all leads to the notifications page', async () => {
    const calls = serveNotifications([
      notification('n-1', 'Training due soon: Food safety', false),
      notification('n-2', 'New training: Allergens', false),
    ]);
    const { user } = renderBell();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    await within(panel).findByRole('list', { name: 'Latest notifications', hidden: true });
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read', hidden: true }));

    await waitFor(() => expect(calls).toContain('POST /api/notifications/read-all'));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Unread:')).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Mark all as read', hidden: true })).toBeDisabled();

    await user.click(within(panel).getByRole('link', { name: 'See all notifications', hidden: true }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/notifications');
  });

  test('an empty list says so', async () => {
    serveNotifications([]);
    const { user } = renderBell();

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  });
});
