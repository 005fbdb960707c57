// IndexedDB for Dexie, before the outbox module opens its database.
import '../../test/fake-outbox-db';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { enqueue, type OutboxInput, outboxDb, setOutboxUser } from '../lib/offline/outbox';
import { sendOutboxFromWorker } from './outbox-sync';

const change = (url: string): OutboxInput => ({
  kind: 'acknowledge',
  subject: `announcement:${url}`,
  label: 'Acknowledgement',
  method: 'POST',
  url,
});

/** The server as the worker sees it: who is signed in, and each change it is sent. */
function fakeServer(signedIn: string | null, { reachable = true } = {}) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      if (url === '/api/session') {
        return new Response(JSON.stringify({ user: signedIn ? { id: signedIn } : null }), { status: 200 });
      }
      sent.push(url);
      return new Response('{}', { status: 200 });
    }),
  );
  return sent;
}

async function unsentUrls() {
  return (await outboxDb.items.orderBy('seq').toArray())
    .filter((item) => item.state !== 'sent')
    .map((item) => item.url);
}

beforeEach(async () => {
  setOutboxUser(null);
  await outboxDb.items.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Background Sync in the service worker', () => {
  test('sends the changes of the person the server says is signed in, and only theirs', async () => {
    await enqueue({ ...change('/api/alex'), userId: 'alex' });
    await enqueue({ ...change('/api/sam'), userId: 'sam' });
    const sent = fakeServer('alex');

    await sendOutboxFromWorker();

    expect(sent).toEqual(['/api/alex']);
    expect(await unsentUrls()).toEqual(['/api/sam']);
  });

  test('with nobody signed in, sends nothing and lets the page ask to sign in', async () => {
    await enqueue({ ...change('/api/alex'), userId: 'alex' });
    const sent = fakeServer(null);

    await expect(sendOutboxFromWorker()).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(await unsentUrls()).toEqual(['/api/alex']);
  });

  test('still offline: fails, so the browser tries the sync again later', async () => {
    await enqueue({ ...change('/api/alex'), userId: 'alex' });
    fakeServer('alex', { reachable: false });

    await expect(sendOutboxFromWorker()).rejects.toThrow();
    expect(await unsentUrls()).toEqual(['/api/alex']);
  });

  test('answers the sync event with the brigade-outbox tag only', async () => {
    await enqueue({ ...change('/api/alex'), userId: 'alex' });
    const sent = fakeServer('alex');
    const waited: Promise<unknown>[] = [];
    const syncEvent = (tag: string) =>
      Object.assign(new Event('sync'), { tag, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });

    self.dispatchEvent(syncEvent('another-tag'));
    expect(waited).toHaveLength(0);
    self.dispatchEvent(syncEvent('brigade-outbox'));
    expect(waited).toHaveLength(1);
    await waited[0];
    expect(sent).toEqual(['/api/alex']);
  });
});
