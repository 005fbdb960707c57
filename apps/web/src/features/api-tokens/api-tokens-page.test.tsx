import type { ApiTokenList } from '@brigade/core/schemas/api-tokens';
import type { Me } from '@brigade/core/schemas/session';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ApiTokensPage } from './api-tokens-page';

const hq: Me = {
  id: 'u-hq',
  name: 'Hannah Quist',
  email: 'hq@example.com',
  role: 'hq',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listed: ApiTokenList = {
  items: [
    {
      id: '6f1c0c1e-8d3a-4b8f-9a55-0d2a1f0e9c01',
      name: 'BI warehouse',
      scopes: ['audits:read', 'audits:write', 'restaurants:read'],
      createdAt: '2026-11-20T09:00:00.000Z',
      createdByName: 'Hannah Quist',
      expiresAt: null,
      lastUsedAt: '2026-11-28T10:00:00.000Z',
      lastUsedAddress: '203.0.113.7',
      revokedAt: null,
    },
    {
      id: '6f1c0c1e-8d3a-4b8f-9a55-0d2a1f0e9c02',
      name: 'Old ticketing',
      scopes: ['actions:write'],
      createdAt: '2025-11-20T09:00:00.000Z',
      createdByName: null,
      expiresAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
      lastUsedAddress: null,
      revokedAt: null,
    },
  ],
};

/** /api/api-tokens answers the list, or whatever `answer` gives; POSTs are recorded. */
function stubApi(answer: () => Response | Promise<Response>) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/api-tokens');
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(
          { ...listed.items[0], id: '6f1c0c1e-8d3a-4b8f-9a55-0d2a1f0e9c03', name: 'New', token: 'brg_x' },
          201,
        );
      }
      return answer();
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiTokensPage', () => {
  test('busy while loading, then each token with its status, scopes, expiry and last use', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi(async () => {
      await held;
      return json(listed);
    });
    renderWithProviders(<ApiTokensPage />, { me: hq });
    expect(screen.getByRole('status', { name: 'Loading tokens' })).toHaveAttribute('aria-busy', 'true');
    release();

    const bi = await screen.findByRole('listitem', { name: 'BI warehouse' });
    expect(within(bi).getByText('Active')).toBeInTheDocument();
    expect(within(bi).getByText('Audits: read and write')).toBeInTheDocument();
    expect(within(bi).getByText('Restaurants: read')).toBeInTheDocument();
    expect(within(bi).getByText('Never expires')).toBeInTheDocument();
    expect(within(bi).getByText(/^Last used .+ from 203\.0\.113\.7$/)).toBeInTheDocument();
    const old = screen.getByRole('listitem', { name: 'Old ticketing' });
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).getByText('Never used')).toBeInTheDocument();
  });

  test('no tokens: the empty state', async () => {
    stubApi(() => json({ items: [] }));
    renderWithProviders(<ApiTokensPage />, { me: hq });
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
  });

  test('a failed load: the error with a retry', async () => {
    stubApi(() => json({ message: 'Something went wrong on our side. Please try again.' }, 500));
    renderWithProviders(<ApiTokensPage />, { me: hq });
    expect(await screen.findByText('Failed to load the tokens')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });

  test('the form asks for a scope; write ticks and holds read; the token is sent with the chosen expiry', async () => {
    const posts = stubApi(() => json({ items: [] }));
    renderWithProviders(<ApiTokensPage />, { me: hq });
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Warehouse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Audits: write' }));
    const auditsRead = within(dialog).getByRole('checkbox', { name: 'Audits: read' });
    expect(auditsRead).toBeChecked();
    expect(auditsRead).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Never' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: 'Copy the token now' })).toBeInTheDocument();
    expect(posts).toEqual([{ name: 'Warehouse', scopes: ['audits:read', 'audits:write'], expiresInDays: null }]);
  });
});
