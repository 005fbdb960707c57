// IndexedDB for Dexie, before the outbox module opens its database.
import '../../test/fake-outbox-db';
import type { Me } from '@brigade/core/schemas/session';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { enqueue, type OutboxInput, outboxDb, setOutboxUser } from '../lib/offline/outbox';
import { OfflineBanner } from './offline-banner';

const sam: Me = {
  id: 'user-sam',
  name: 'Sam Bakker',
  email: 'sam@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};

const change: OutboxInput = {
  kind: 'checklistValue',
  subject: 'checklist-run:1',
  label: 'Fridge log · Walk-in fridge',
  method: 'PUT',
  url: '/api/checklist-runs/1/items/a',
  body: { value: 3 },
};

let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

async function makeChanges(count: number, userId = sam.id) {
  const items = [];
  for (let made = 0; made < count; made += 1) items.push(await enqueue({ ...change, userId }));
  return items;
}

beforeEach(async () => {
  // Nobody signed in to the outbox module: nothing is sent while the banner is looked at.
  setOutboxUser(null);
  await outboxDb.items.clear();
  await outboxDb.meta.clear();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});

afterEach(() => {
  online = true;
});

describe('the offline banner', () => {
  test('offline, it says so and counts the changes waiting, in the singular and the plural', async () => {
    await makeChanges(3);
    setOnline(false);
    renderWithProviders(<OfflineBanner />, { me: sam });

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('You are offline');
    await waitFor(() => expect(banner).toHaveTextContent('3 changes will be sent when you are back online'));

    await outboxDb.items.limit(2).delete();
    await waitFor(() => expect(banner).toHaveTextContent('1 change will be sent when you are back online'));
  });

  test('offline with nothing waiting, it says changes are kept; and when changes last reached Brigade', async () => {
    await outboxDb.meta.put({ key: 'lastSyncAt', value: '2026-11-28T08:12:00.000Z' });
    setOnline(false);
    renderWithProviders(<OfflineBanner />, { me: sam });

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Changes you make are kept on this device and sent when you are back online.');
    await waitFor(() => expect(banner).toHaveTextContent(/Last sent to Brigade: 28 Nov 2026, \d\d:12/));
  });

  test('online with nothing refused, nothing is drawn; back online, the banner goes', async () => {
    await makeChanges(2);
    setOnline(false);
    renderWithProviders(<OfflineBanner />, { me: sam });
    await screen.findByRole('status');

    setOnline(true);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a refused change is shown online, and the list retries or discards it after confirming', async () => {
    const [waiting, refused] = await makeChanges(2);
    if (!waiting || !refused) throw new Error('no changes made');
    await outboxDb.items.update(refused.id, {
      state: 'failed',
      attempts: 1,
      error: { status: 400, message: 'The temperature must be a number.' },
    });
    const { user } = renderWithProviders(<OfflineBanner />, { me: sam });

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('1 change could not be sent'));
    await user.click(within(alert).getByRole('button', { name: 'Show changes' }));

    const list = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    expect(list).toHaveTextContent('The temperature must be a number.');
    await user.click(within(list).getByRole('button', { name: 'Retry "Fridge log · Walk-in fridge"' }));
    await waitFor(async () => expect((await outboxDb.items.get(refused.id))?.state).toBe('waiting'));

    await user.click(
      within(list).getAllByRole('button', { name: 'Discard "Fridge log · Walk-in fridge"' })[0] as HTMLElement,
    );
    const confirm = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await outboxDb.items.count()).toBe(1));
  });

  test("another person's changes on this device are listed apart and can be discarded, never retried", async () => {
    await makeChanges(1, 'user-alex');
    const { user } = renderWithProviders(<OfflineBanner />, { me: sam });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Changes made by another person on this device are waiting');
    await user.click(within(alert).getByRole('button', { name: 'Show changes' }));
    const list = await screen.findByRole('dialog', { name: 'Changes not sent yet' });
    expect(list).toHaveTextContent('Made by another person on this device');
    expect(within(list).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    // The drawer slides in (Mantine's transition): visible once it has, on a busy machine a moment later.
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Discard "Fridge log · Walk-in fridge"' })).toBeVisible(),
    );
  });
});
