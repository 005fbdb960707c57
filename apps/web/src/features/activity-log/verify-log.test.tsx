import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { VerifyLog } from './verify-log';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answering(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(body, status));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("hq's Verify (issue 36)", () => {
  test('asks the server to recompute the chain and says it is intact, with the count', async () => {
    const fetch = answering({ ok: true, checked: 1204 });
    const { user } = renderWithProviders(<VerifyLog />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Log intact: 1204 entries checked.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/activity/verify', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('dialog', { name: 'Activity log verification' })).toBeInTheDocument();
  });

  test('names the first entry changed, as an alert', async () => {
    answering({
      ok: false,
      checked: 41,
      firstBroken: { segment: '2026-11', seq: 42, id: '9b1d3c2e-0000-4000-8000-000000000042', reason: 'changed' },
    });
    const { user } = renderWithProviders(<VerifyLog />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Entry 42 of 2026-11 was changed after it was written.');
    expect(alert).toHaveTextContent('Entry id: 9b1d3c2e-0000-4000-8000-000000000042');
    expect(alert).toHaveTextContent('41 entries were checked.');
  });

  test('a removed entry has no id left to show', async () => {
    answering({ ok: false, checked: 7, firstBroken: { segment: '2026-10', seq: 8, id: null, reason: 'removed' } });
    const { user } = renderWithProviders(<VerifyLog />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Entry 8 of 2026-10 was removed.');
  });

  test("the server's refusal is shown, not a silent dialog", async () => {
    answering({ message: 'Forbidden' }, 403);
    const { user } = renderWithProviders(<VerifyLog />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });
});
