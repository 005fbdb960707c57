import type { Passkey } from '@brigade/core/schemas/passkeys';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PasskeysSection } from './passkeys-section';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const laptop: Passkey = {
  id: '6f1c2a52-0000-4000-8000-000000000001',
  name: 'Work laptop',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The passkeys API over a list of the test's own; every call is recorded. */
function servePasskeys(items: Passkey[], { failList = false } = {}) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/profile/passkeys' && method === 'GET') {
        return failList ? json({ message: 'Server error' }, 500) : json({ items });
      }
      if (url === '/api/profile/passkeys/options') return json({ challenge: 'abc', rp: { name: 'Brigade' } });
      if (method === 'DELETE') {
        items.splice(0, items.length, ...items.filter((item) => !url.endsWith(item.id)));
        return new Response(null, { status: 204 });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  // jsdom has no WebAuthn; the section offers adding only where the browser has it.
  vi.stubGlobal('PublicKeyCredential', class {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  startRegistration.mockReset();
});

describe('Profile: Passkeys', () => {
  test('says when there are none yet, and offers to add one', async () => {
    servePasskeys([]);
    renderWithProviders(<PasskeysSection />, { me: staff });
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  test('lists my passkeys with when they were added and used', async () => {
    servePasskeys([
      laptop,
      { ...laptop, id: 'k2', name: 'Phone', lastUsedAt: '2026-11-20T10:00:00.000Z', backedUp: true },
    ]);
    renderWithProviders(<PasskeysSection />, { me: staff });
    const list = await screen.findByRole('list', { name: 'My passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Work laptop')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/Not used yet/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/Last used/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Synced')).toBeInTheDocument();
  });

  test('a list that cannot load says so and can be retried', async () => {
    servePasskeys([], { failList: true });
    renderWithProviders(<PasskeysSection />, { me: staff });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your passkeys');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('a passkey needs a name before the browser is asked', async () => {
    const calls = servePasskeys([]);
    const { user } = renderWithProviders(<PasskeysSection />, { me: staff });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Name the passkey, such as "Work laptop"')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(startRegistration).not.toHaveBeenCalled();
  });

  test("closing the browser's dialog adds nothing and says so", async () => {
    const calls = servePasskeys([]);
    startRegistration.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const { user } = renderWithProviders(<PasskeysSection />, { me: staff });
    await user.type(await screen.findByLabelText('Passkey name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText("No passkey was added. The browser's dialog was closed or timed out."),
    ).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).not.toContain('POST /api/profile/passkeys');
  });

  test('removing asks first; Cancel keeps the passkey, Remove removes it', async () => {
    const calls = servePasskeys([laptop]);
    const { user } = renderWithProviders(<PasskeysSection />, { me: staff });
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove passkey' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: `/api/profile/passkeys/${laptop.id}`, body: undefined }),
    );
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });

  test('a browser without WebAuthn is told so instead of a form', async () => {
    vi.unstubAllGlobals();
    servePasskeys([]);
    renderWithProviders(<PasskeysSection />, { me: staff });
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
