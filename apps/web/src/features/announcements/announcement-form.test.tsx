import { ackMessages } from '@brigade/core/messages';
import type { AnnouncementDetail } from '@brigade/core/schemas/announcements';
import type { Me } from '@brigade/core/schemas/session';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AnnouncementForm } from './announcement-form';

const hq: Me = {
  id: 'u-h',
  name: 'Hannah Quist',
  email: 'hq@example.com',
  role: 'hq',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const detail: AnnouncementDetail = {
  id: '6f1c1b2a-1111-4222-8333-444455556666',
  title: 'Allergen chart updated',
  description: 'The burger sauce now contains mustard.',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdByName: 'Hannah Quist',
  requiresAck: true,
  ackVersion: 1,
  audienceRoles: [],
  restaurantCount: 0,
  restaurants: [],
  inMyAudience: true,
  acknowledgedAt: '2026-11-20T09:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AnnouncementForm: a changed text of an acknowledged announcement', () => {
  test('asks whether to require a new acknowledgement, then saves with the answer', async () => {
    const puts: Record<string, unknown>[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/announcements/${detail.id}` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        if (body.reacknowledge === undefined) return json({ message: ackMessages.reacknowledgeRequired }, 409);
        return json({ ...detail, title: body.title, ackVersion: 2 });
      }
      if (url === `/api/announcements/${detail.id}`) return json(detail);
      if (url === '/api/restaurants/options') return json([]);
      return json({ message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    const { user } = renderWithProviders(<AnnouncementForm announcementId={detail.id} onDone={onDone} />, { me: hq });

    const title = await screen.findByLabelText(/Title/);
    expect(screen.getByRole('switch', { name: /^Requires acknowledgement/ })).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Allergen chart replaced');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(ackMessages.reacknowledgeQuestion)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, ask again' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts).toHaveLength(2);
    expect(puts[0]).not.toHaveProperty('reacknowledge');
    expect(puts[1]).toMatchObject({ title: 'Allergen chart replaced', reacknowledge: true, requiresAck: true });
  });
});
