import type { NotificationPreferences } from '@brigade/core/schemas/notifications';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NotificationPreferencesSection } from './notification-preferences-section';

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const staffKinds: NotificationPreferences['preferences'] = [
  { kind: 'trainingAssigned', email: true },
  { kind: 'trainingDueSoon', email: true },
  { kind: 'trainingOverdue', email: true },
  { kind: 'announcementAck', email: false },
];

/** The preferences API over the test's own state; PUT bodies are recorded, or refused when `refuse` is set. */
function servePreferences(state: NotificationPreferences, { refuse = false } = {}) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/profile/notification-preferences');
      if (init?.method === 'PUT') {
        if (refuse) return new Response(JSON.stringify({ message: 'Server error' }), { status: 500 });
        const body = JSON.parse(String(init.body)) as NotificationPreferences;
        saved.push(body);
        for (const choice of body.preferences) {
          const current = state.preferences.find((preference) => preference.kind === choice.kind);
          if (current) current.email = choice.email;
        }
      }
      return new Response(JSON.stringify(state), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return saved;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Profile: Notifications', () => {
  test('lists the kinds offered to my role, each with my choice', async () => {
    servePreferences({ emailAvailable: true, preferences: structuredClone(staffKinds) });
    renderWithProviders(<NotificationPreferencesSection />, { me: staff });

    const section = await screen.findByRole('region', { name: 'Notifications' });
    const groups = await within(section).findAllByRole('radiogroup');
    expect(groups).toHaveLength(4);
    const dueSoon = within(section).getByRole('radiogroup', { name: 'Training due in 3 days' });
    expect(within(dueSoon).getByRole('radio', { name: 'In-app and email' })).toBeChecked();
    const ack = within(section).getByRole('radiogroup', { name: 'Announcement requiring acknowledgement' });
    expect(within(ack).getByRole('radio', { name: 'In-app only' })).toBeChecked();
    expect(within(section).queryByRole('radiogroup', { name: 'Weekly digest of my restaurant' })).toBeNull();
    expect(within(section).queryByText(/Email is off/)).toBeNull();
  });

  test('choosing "In-app only" saves that kind alone', async () => {
    const saved = servePreferences({ emailAvailable: true, preferences: structuredClone(staffKinds) });
    const { user } = renderWithProviders(<NotificationPreferencesSection />, { me: staff });

    const dueSoon = await screen.findByRole('radiogroup', { name: 'Training due in 3 days' });
    await user.click(within(dueSoon).getByRole('radio', { name: 'In-app only' }));

    await waitFor(() => expect(saved).toEqual([{ preferences: [{ kind: 'trainingDueSoon', email: false }] }]));
    expect(within(dueSoon).getByRole('radio', { name: 'In-app only' })).toBeChecked();
  });

  test('a refused save puts the saved choice back', async () => {
    servePreferences({ emailAvailable: true, preferences: structuredClone(staffKinds) }, { refuse: true });
    const { user } = renderWithProviders(<NotificationPreferencesSection />, { me: staff });

    const assigned = await screen.findByRole('radiogroup', { name: 'New training assigned' });
    await user.click(within(assigned).getByRole('radio', { name: 'In-app only' }));

    await waitFor(() => expect(within(assigned).getByRole('radio', { name: 'In-app and email' })).toBeChecked());
  });

  test('without SMTP on the server it says plainly that only in-app notifications are sent', async () => {
    servePreferences({ emailAvailable: false, preferences: structuredClone(staffKinds) });
    renderWithProviders(<NotificationPreferencesSection />, { me: staff });

    expect(
      await screen.findByText(
        /Email is off on this server .* so no email is sent: the kinds you choose still reach the devices where you turned push on/,
      ),
    ).toBeInTheDocument();
  });
});
