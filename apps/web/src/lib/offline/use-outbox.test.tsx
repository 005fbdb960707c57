// IndexedDB for Dexie, before the outbox module opens its database.
import '../../../test/fake-outbox-db';
import type { Me } from '@brigade/core/schemas/session';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { onSessionEnded } from '../api-client';
import { enqueue, OutboxFullError, type OutboxInput, outboxDb, setOutboxUser } from './outbox';
import { describeItemError, describeOutboxError, useOnline, useOutbox, useOutboxFor } from './use-outbox';
import { useOutboxRunner } from './use-outbox-runner';

const alex: Me = {
  id: 'user-alex',
  name: 'Alex Cook',
  email: 'alex@example.com',
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
};
const sam: Me = { ...alex, id: 'user-sam', name: 'Sam Chef', email: 'sam@example.com' };

function change(overrides: Partial<OutboxInput> = {}): OutboxInput {
  return {
    kind: 'checklistValue',
    subject: 'checklist-run:1',
    label: 'Fridge log',
    method: 'PUT',
    url: '/api/checklist-runs/1/items/a',
    body: { value: 3 },
    ...overrides,
  };
}

function OutboxSummaryView() {
  const outbox = useOutbox();
  return (
    <dl>
      <dt>waiting</dt>
      <dd data-testid="waiting">{outbox.waiting}</dd>
      <dd data-testid="failed">{outbox.failed}</dd>
      <dd data-testid="conflicts">{outbox.conflicts}</dd>
      <dd data-testid="refused">{outbox.refused.map((item) => item.label).join(', ')}</dd>
      <dd data-testid="items">{outbox.items.map((item) => item.label).join(', ')}</dd>
      <dd data-testid="last-sync">{outbox.lastSyncAt ?? 'never'}</dd>
    </dl>
  );
}

beforeEach(async () => {
  setOutboxUser(null);
  await outboxDb.items.clear();
  await outboxDb.meta.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useOutbox', () => {
  test("counts the signed-in person's waiting, failed and conflicting changes; another person's are listed apart", async () => {
    await enqueue({ ...change({ label: 'Fridge log' }), userId: alex.id });
    await enqueue({ ...change({ label: 'Opening audit' }), userId: alex.id });
    const failed = await enqueue({ ...change({ label: 'Resolve leak' }), userId: alex.id });
    const conflict = await enqueue({ ...change({ label: 'Closing checks' }), userId: alex.id });
    await enqueue({ ...change({ label: "Sam's note" }), userId: sam.id });
    await outboxDb.items.update(failed.id, { state: 'failed', error: { status: 400, message: 'No' } });
    await outboxDb.items.update(conflict.id, { state: 'conflict', error: { status: 409, message: 'Taken' } });
    await outboxDb.meta.put({ key: 'lastSyncAt', value: '2026-05-04T08:12:00.000Z' });

    renderWithProviders(<OutboxSummaryView />, { me: alex });

    await waitFor(() => expect(screen.getByTestId('waiting')).toHaveTextContent('2'));
    expect(screen.getByTestId('failed')).toHaveTextContent('1');
    expect(screen.getByTestId('conflicts')).toHaveTextContent('1');
    expect(screen.getByTestId('items')).toHaveTextContent('Fridge log, Opening audit, Resolve leak, Closing checks');
    expect(screen.getByTestId('refused')).toHaveTextContent("Sam's note");
    // The last sync is read by a query of its own, which may answer after the items'.
    await waitFor(() => expect(screen.getByTestId('last-sync')).toHaveTextContent('2026-05-04T08:12:00.000Z'));
  });

  test('follows the outbox as changes are added', async () => {
    renderWithProviders(<OutboxSummaryView />, { me: alex });
    await waitFor(() => expect(screen.getByTestId('waiting')).toHaveTextContent('0'));
    await enqueue({ ...change(), userId: alex.id });
    await waitFor(() => expect(screen.getByTestId('waiting')).toHaveTextContent('1'));
  });
});

describe('useOutboxFor', () => {
  function RecordChanges({ subject }: { subject: string }) {
    const items = useOutboxFor(subject);
    return <p data-testid="record">{items.map((item) => item.url).join(', ') || 'none'}</p>;
  }

  test("lists one record's changes of the signed-in person, in order", async () => {
    await enqueue({ ...change({ url: '/api/checklist-runs/1/items/a' }), userId: alex.id });
    await enqueue({ ...change({ url: '/api/audits/2/draft', subject: 'audit:2' }), userId: alex.id });
    await enqueue({ ...change({ url: '/api/checklist-runs/1/submit' }), userId: alex.id });
    await enqueue({ ...change({ url: '/api/checklist-runs/1/items/b' }), userId: sam.id });

    renderWithProviders(<RecordChanges subject="checklist-run:1" />, { me: alex });

    await waitFor(() =>
      expect(screen.getByTestId('record')).toHaveTextContent(
        '/api/checklist-runs/1/items/a, /api/checklist-runs/1/submit',
      ),
    );
  });
});

describe('useOnline', () => {
  function Connection() {
    return <p>{useOnline() ? 'online' : 'offline'}</p>;
  }

  test('follows the online and offline events', async () => {
    renderWithProviders(<Connection />);
    expect(screen.getByText('online')).toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('offline')).toBeInTheDocument();
  });
});

describe('messages for people', () => {
  test('the photo cap in the language on screen', () => {
    expect(describeOutboxError(new OutboxFullError())).toBe(
      'This device already holds 200 MB of photos waiting to be sent. Connect to the internet to send them before adding more.',
    );
  });

  test("a refusal without the server's message names its status", async () => {
    const item = await enqueue({ ...change(), userId: alex.id });
    expect(describeItemError({ ...item, state: 'failed', error: { status: 422, message: '' } })).toBe(
      'The server refused this change (422).',
    );
    expect(describeItemError({ ...item, state: 'failed', error: { status: 400, message: 'Enter a number' } })).toBe(
      'Enter a number',
    );
  });
});

describe('the runner of the signed-in app', () => {
  function Runner({ userId }: { userId: string }) {
    useOutboxRunner(userId, true);
    return null;
  }

  test('sends the waiting changes when the app opens, and again when the connection is back', async () => {
    let connected = true;
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
      if (!connected) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await enqueue({ ...change({ url: '/api/first' }), userId: alex.id });

    const view = renderWithProviders(<Runner userId={alex.id} />, { me: alex });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/first', expect.anything()));

    connected = false;
    await enqueue({ ...change({ url: '/api/second' }), userId: alex.id });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    connected = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/second', expect.anything());
    view.unmount();
  });

  test('a 401 ends the session in the app; after another person signs in, only their changes go', async () => {
    const sessionEnded = vi.fn();
    onSessionEnded(sessionEnded);
    let status = 401;
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status }));
    vi.stubGlobal('fetch', fetchMock);
    await enqueue({ ...change({ url: '/api/alex' }), userId: alex.id });

    const first = renderWithProviders(<Runner userId={alex.id} />, { me: alex });
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledTimes(1));
    first.unmount();

    status = 200;
    await enqueue({ ...change({ url: '/api/sam' }), userId: sam.id });
    const second = renderWithProviders(<Runner userId={sam.id} />, { me: sam });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/sam', expect.anything()));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/alex', '/api/sam']);
    expect((await outboxDb.items.toArray()).find((item) => item.userId === alex.id)?.state).toBe('waiting');
    second.unmount();
    onSessionEnded(() => {});
  });
});
