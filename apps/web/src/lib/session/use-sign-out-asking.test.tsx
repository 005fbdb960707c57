// IndexedDB for Dexie, before the outbox module opens its database.
import '../../../test/fake-outbox-db';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { enqueue, type OutboxInput, outboxDb, setOutboxUser } from '../offline/outbox';
import { useSignOutAsking } from './use-sign-out-asking';

const signOut = vi.fn(async () => ({ data: { success: true }, error: null }));
vi.mock('../auth-client', () => ({ authClient: { signOut: () => signOut() } }));

const alex: Me = {
  id: 'user-alex',
  name: 'Alex Cook',
  email: 'alex@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const change: OutboxInput = {
  kind: 'checklistValue',
  subject: 'checklist-run:1',
  label: 'Fridge log',
  method: 'PUT',
  url: '/api/checklist-runs/1/items/a',
  body: { value: 3 },
};

function SignOutButton() {
  const signOutAsking = useSignOutAsking();
  const [failure, setFailure] = useState('');
  return (
    <>
      <button type="button" onClick={() => void signOutAsking.request((error) => setFailure(error.message))}>
        Sign Out
      </button>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}

beforeEach(async () => {
  signOut.mockClear();
  setOutboxUser(null);
  await outboxDb.items.clear();
});

describe('Sign Out with changes not sent yet', () => {
  test('asks first, and Cancel keeps the person signed in with their changes', async () => {
    for (let count = 0; count < 3; count += 1) await enqueue({ ...change, userId: alex.id });
    const { user } = renderWithProviders(<SignOutButton />, { me: alex });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('3 changes have not been sent yet. Signing out deletes them from this device.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signOut).not.toHaveBeenCalled();
    expect(await outboxDb.items.count()).toBe(3);
  });

  test("confirming signs out and deletes this person's changes only", async () => {
    await enqueue({ ...change, userId: alex.id });
    await enqueue({ ...change, userId: 'user-sam' });
    const { user } = renderWithProviders(<SignOutButton />, { me: alex });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('1 change has not been sent yet. Signing out deletes it from this device.');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    await waitFor(async () =>
      expect((await outboxDb.items.toArray()).map((item) => item.userId)).toEqual(['user-sam']),
    );
  });

  test('with nothing waiting, signs out without asking', async () => {
    const { user } = renderWithProviders(<SignOutButton />, { me: alex });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a sign-out that fails (offline) keeps the changes', async () => {
    signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await enqueue({ ...change, userId: alex.id });
    const { user } = renderWithProviders(<SignOutButton />, { me: alex });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach Brigade');
    expect(await outboxDb.items.count()).toBe(1);
  });
});
