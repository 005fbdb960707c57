import type { StaffDashboard } from '@brigade/core/schemas/dashboards';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { StaffDashboardPage } from './staff-dashboard-page';

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const answer: StaffDashboard = {
  trainingsCompleted: 4,
  trainingsInProgress: 2,
  failedAttempts: 1,
  announcements: [
    {
      id: 'a-1',
      title: 'New menu from Monday',
      description: 'Tasting at 10.',
      createdAt: '2026-11-20T09:00:00.000Z',
      createdByName: 'Hannah Quist',
    },
  ],
};

/** /api/dashboards/staff answers only when the test says so. */
function holdDashboardAnswer() {
  let answerNow: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answerNow = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // Nothing to acknowledge: no pinned cards.
      if (url === '/api/announcements/pinned')
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      expect(url).toBe('/api/dashboards/staff');
      await answered;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return answerNow;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StaffDashboardPage: the frame before the figures', () => {
  test('header, the three cards and the announcements panel show, busy, before the answer; the figures fill them', async () => {
    const answerNow = holdDashboardAnswer();
    renderWithProviders(<StaffDashboardPage />, { me: staff });

    const loading = screen.getByRole('status', { name: 'Loading dashboard' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Sam Staff')).toBeInTheDocument();
    for (const label of ['Trainings Completed', 'In Progress', 'Failed Attempts']) {
      const card = within(loading).getByRole('group', { name: label });
      expect(card).not.toHaveTextContent(/\d/);
    }
    expect(within(loading).getByRole('heading', { name: 'Recent Announcements' })).toBeInTheDocument();

    answerNow();

    expect(await screen.findByRole('heading', { name: 'New menu from Monday' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Trainings Completed' })).toHaveTextContent('4courses');
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('2courses');
    expect(screen.getByRole('group', { name: 'Failed Attempts' })).toHaveTextContent('1quizzes');
  });
});
