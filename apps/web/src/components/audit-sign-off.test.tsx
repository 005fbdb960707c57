import { messages } from '@brigade/core/messages';
import { signOffMessages } from '@brigade/core/schemas/audit-sign-offs';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AuditSignOffSection } from './audit-sign-off';

const haarlem = { id: 'r-hlm', name: 'Brigade Haarlem' };
const person = (role: Me['role'], name: string, restaurants = [haarlem]): Me => ({
  id: `u-${role}`,
  name,
  email: `${role}@example.com`,
  role,
  restaurants,
  mustChangePassword: false,
  language: null,
});
const hq = person('hq', 'Hannah Quist', []);
const manager = person('manager', 'Sam Manager');
const otherManager = person('manager', 'Mo Elsewhere', [{ id: 'r-ldn', name: 'Brigade Leiden' }]);
const staff = person('staff', 'Sara Staff');

// 13:00 UTC on 21 November 2026 is 14:00 in Haarlem (UTC+1).
const completed: AuditDetail = {
  id: '6f1c1b2a-1111-4222-8333-444455556666',
  restaurant: { ...haarlem, timeZone: 'Europe/Amsterdam' },
  auditor: { id: 'u-hq', name: 'Hannah Quist' },
  auditedAt: '2026-11-21T13:00:00.000Z',
  status: 'completed',
  finalScore: 75,
  version: 2,
  templateNames: ['Kitchen hygiene'],
  items: [],
  signOff: null,
};
const signed = (signedAt: string, comment: string | null = null): AuditDetail => ({
  ...completed,
  signOff: { name: 'Sam Manager', signedAt, comment },
});

/** The server's answer. */
const json = (body: unknown, status = 200) => Response.json(body, { status });
const section = () => screen.getByRole('region', { name: 'Sign-off' });

afterEach(() => vi.unstubAllGlobals());

describe('the sign-off of an audit (issue 33)', () => {
  test("signed off: who and at what time in the restaurant's zone, with the comment", () => {
    renderWithProviders(<AuditSignOffSection audit={signed('2026-11-21T13:32:00.000Z', 'All good')} />, { me: staff });
    expect(within(section()).getByText('Signed off by Sam Manager at 14:32')).toBeInTheDocument();
    expect(within(section()).getByText("Manager's comment: All good")).toBeInTheDocument();
    expect(within(section()).queryByRole('button')).toBeNull();
  });

  test('signed off on a later day: the day is named too', () => {
    renderWithProviders(<AuditSignOffSection audit={signed('2026-11-23T08:10:00.000Z')} />, { me: hq });
    expect(within(section()).getByText('Signed off by Sam Manager at 23 Nov 2026, 09:10')).toBeInTheDocument();
  });

  test('a draft has no sign-off section', () => {
    renderWithProviders(<AuditSignOffSection audit={{ ...completed, status: 'draft' }} />, { me: hq });
    expect(screen.queryByRole('region', { name: 'Sign-off' })).toBeNull();
  });

  test('staff read that it is not signed off yet, and cannot sign', () => {
    renderWithProviders(<AuditSignOffSection audit={completed} />, { me: staff });
    expect(within(section()).getByText('Not signed off by a manager yet.')).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Sign off' })).toBeNull();
  });

  test("on hq's phone the manager on duty types their own email and password; then it reads signed off", async () => {
    let audit = completed;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/audits/${completed.id}/sign-off` && init?.method === 'POST') {
        audit = signed('2026-11-21T13:32:00.000Z', 'Fridge fixed');
        return json(audit);
      }
      return json({ message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetch);
    const { user, rerender } = renderWithProviders(<AuditSignOffSection audit={audit} />, { me: hq });
    expect(within(section()).getByText('Manager on duty')).toBeInTheDocument();
    await user.type(screen.getByLabelText("Manager's email"), 'sam@example.com');
    await user.type(screen.getByLabelText("Manager's password"), 'correct-horse');
    await user.type(screen.getByLabelText('Comment (optional)'), 'Fridge fixed');
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'sam@example.com',
      password: 'correct-horse',
      comment: 'Fridge fixed',
    });
    // The page reads the audit again (its query was invalidated) and shows the line.
    rerender(<AuditSignOffSection audit={audit} />);
    expect(within(section()).getByText('Signed off by Sam Manager at 14:32')).toBeInTheDocument();
  });

  test('empty fields are asked for before anything is sent', async () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(<AuditSignOffSection audit={completed} />, { me: hq });
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a wrong password shows under the password field, which is emptied; a refusal shows in the box', async () => {
    const answers = [
      json(
        {
          message: signOffMessages.signOffWrongCredentials,
          fields: { password: signOffMessages.signOffWrongCredentials },
        },
        400,
      ),
      json({ message: signOffMessages.signOffNotManager }, 403),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift() ?? json({ message: 'unexpected' }, 500)),
    );
    const { user } = renderWithProviders(<AuditSignOffSection audit={completed} />, { me: hq });
    await user.type(screen.getByLabelText("Manager's email"), 'sam@example.com');
    await user.type(screen.getByLabelText("Manager's password"), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    expect(await screen.findByText(signOffMessages.signOffWrongCredentials)).toBeInTheDocument();
    expect(screen.getByLabelText("Manager's password")).toHaveValue('');

    await user.type(screen.getByLabelText("Manager's password"), 'staff-password');
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign off the audit');
    expect(alert).toHaveTextContent(signOffMessages.signOffNotManager);
  });

  test('a manager of the restaurant signs as themselves: a comment, no password', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(signed('2026-11-21T13:40:00.000Z')));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(<AuditSignOffSection audit={completed} />, { me: manager });
    expect(screen.queryByLabelText("Manager's password")).toBeNull();
    expect(within(section()).getByText(/Sign off as Sam Manager/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ comment: null });
  });

  test('a manager of another restaurant (who could not read it anyway) gets the manager-on-duty form, not their own', () => {
    renderWithProviders(<AuditSignOffSection audit={completed} />, { me: otherManager });
    expect(screen.getByLabelText("Manager's password")).toBeInTheDocument();
  });
});
