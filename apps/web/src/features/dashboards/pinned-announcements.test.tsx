// IndexedDB for Dexie, before the outbox module opens its database.
import '../../../test/fake-outbox-db';
import type { PinnedAnnouncement } from '@brigade/core/schemas/announcements';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { clearOutbox, outboxDb, setOutboxUser } from '../../lib/offline/outbox';
import { PinnedAnnouncements } from './pinned-announcements';

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const allergens: PinnedAnnouncement = {
  id: '6f1c1b2a-1111-4222-8333-444455556666',
  title: 'Allergen chart updated',
  description: 'The burger sauce now contains mustard.',
  createdAt: '2026-11-20T09:00:00.000Z',
  ackVersion: 1,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => setOutboxUser(staff.id));

afterEach(async () => {
  vi.unstubAllGlobals();
  setOutboxUser(null);
  await clearOutbox();
});

/** The cards are a lazy chunk (decision 053): its first import in a test file takes a moment. */
const CARD_CODE_MS = 5000;

describe('PinnedAnnouncements', () => {
  test('a card with "I have read this" until the person acknowledges it', async () => {
    let pinned = [allergens];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/announcements/pinned') return json(pinned);
      if (url === `/api/announcements/${allergens.id}/acknowledge` && init?.method === 'POST') {
        pinned = [];
        return json({ version: 1, acknowledgedAt: '2026-11-21T09:00:00.000Z' });
      }
      return json({ message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(<PinnedAnnouncements />, { me: staff });

    const card = (
      await screen.findByRole('heading', { name: 'Allergen chart updated' }, { timeout: CARD_CODE_MS })
    ).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('link', { name: 'Allergen chart updated' })).toHaveAttribute(
      'href',
      `/announcements/${allergens.id}`,
    );
    await user.click(within(card).getByRole('button', { name: 'I have read this' }));

    // Through the outbox: stored on the device first, then sent with its Idempotency-Key.
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/announcements/${allergens.id}/acknowledge`,
        expect.objectContaining({ headers: expect.objectContaining({ 'idempotency-key': expect.any(String) }) }),
      ),
    );
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Allergen chart updated' })).toBeNull());
  });

  test('offline, the acknowledgement waits on the device and the card says so instead of the button', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/announcements/pinned' ? json([allergens]) : json({}, 500),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(<PinnedAnnouncements />, { me: staff });
    const card = (
      await screen.findByRole('heading', { name: 'Allergen chart updated' }, { timeout: CARD_CODE_MS })
    ).closest('li');
    if (!card) throw new Error('no card');
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await user.click(within(card).getByRole('button', { name: 'I have read this' }));
      expect(await within(card).findByText('Will be sent when you are back online')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'I have read this' })).toBeNull();
      expect(fetch).not.toHaveBeenCalledWith(`/api/announcements/${allergens.id}/acknowledge`, expect.anything());
      const waiting = await outboxDb.items.toArray();
      expect(waiting).toMatchObject([
        { kind: 'acknowledge', subject: `announcement:${allergens.id}`, userId: staff.id, state: 'waiting' },
      ]);
    } finally {
      onLine.mockRestore();
    }
  });

  test('nothing is drawn when there is nothing to acknowledge', async () => {
    const fetch = vi.fn(async () => json([]));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderWithProviders(<PinnedAnnouncements />, { me: staff });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });

  test('a failed load says so, with Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'down' }, 500)),
    );
    renderWithProviders(<PinnedAnnouncements />, { me: staff });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load announcements to acknowledge');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
