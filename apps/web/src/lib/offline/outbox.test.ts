// IndexedDB for Dexie, before the outbox module opens its database.
import '../../../test/fake-outbox-db';
import { OUTBOX_PHOTO_CAP_BYTES } from '@brigade/core/offline';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import {
  clearOutbox,
  countUnsent,
  discard,
  enqueue,
  OUTBOX_FULL_MESSAGE,
  OutboxFullError,
  type OutboxInput,
  onSent,
  onUnauthorized,
  outboxDb,
  retry,
  sendOutbox,
  setOutboxUser,
  syncNow,
} from './outbox';

const ALEX = 'user-alex';
const SAM = 'user-sam';

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';

/** A fake server: records each request and answers from `answer` (200 `{ ok: true }` by default). */
function fakeServer(answer: (request: SentRequest) => Answer = () => ({ status: 200, body: { ok: true } })) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method: String(init.method), url, headers, body };
    requests.push(request);
    const reply = answer(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, urls: () => requests.map((request) => request.url) };
}

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

/** Stores changes without sending them (nobody signed in yet), in this order. */
async function stored(...inputs: OutboxInput[]) {
  const items = [];
  for (const input of inputs) items.push(await enqueue({ userId: ALEX, ...input }));
  return items;
}

/** The changes still to send (sent ones stay a few seconds for the pages), in order. */
async function states() {
  const items = await outboxDb.items.orderBy('seq').toArray();
  return items.filter((item) => item.state !== 'sent').map((item) => [item.url, item.state]);
}

beforeEach(async () => {
  setOutboxUser(null);
  await outboxDb.items.clear();
  await outboxDb.meta.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sending', () => {
  test('each attempt carries the item id as Idempotency-Key, the time it was made and the time it was sent', async () => {
    const server = fakeServer();
    const [item] = await stored(change());
    setOutboxUser(ALEX);
    await syncNow();

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/api/checklist-runs/1/items/a');
    expect(request?.body).toEqual({ value: 3 });
    expect(request?.headers['idempotency-key']).toBe(item?.id);
    expect(request?.headers['x-recorded-at']).toBe(item?.recordedAt);
    expect(Date.parse(request?.headers['x-sent-at'] ?? '')).not.toBeNaN();
    expect(request?.headers['content-type']).toBe('application/json');
  });

  test('items go in the order they were made, and a sent item is announced with its reply', async () => {
    const server = fakeServer((request) => ({ status: 200, body: { echo: request.url } }));
    await stored(
      change({ url: '/api/checklist-runs/1/items/a' }),
      change({ url: '/api/audits/7/draft', subject: 'audit:7', kind: 'auditDraft' }),
      change({ url: '/api/checklist-runs/1/submit', kind: 'checklistSubmit' }),
    );
    const announced: unknown[] = [];
    const stop = onSent((item) => announced.push(item.reply));
    setOutboxUser(ALEX);
    await syncNow();
    stop();

    expect(server.urls()).toEqual([
      '/api/checklist-runs/1/items/a',
      '/api/audits/7/draft',
      '/api/checklist-runs/1/submit',
    ]);
    expect(announced).toEqual([
      { echo: '/api/checklist-runs/1/items/a' },
      { echo: '/api/audits/7/draft' },
      { echo: '/api/checklist-runs/1/submit' },
    ]);
    expect(await countUnsent(ALEX)).toBe(0);
  });

  test('a photo goes as the multipart field "file"', async () => {
    const server = fakeServer();
    const blob = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await stored(
      change({
        kind: 'checklistPhoto',
        method: 'POST',
        url: '/api/checklist-runs/1/items/a/photos',
        body: undefined,
        photo: { blob, name: 'fridge.jpg', bytes: blob.size },
      }),
    );
    setOutboxUser(ALEX);
    await syncNow();

    const form = server.requests[0]?.body as FormData;
    const file = form.get('file') as File;
    expect(file.name).toBe('fridge.jpg');
    expect(await file.text()).toBe('jpeg bytes');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  test('offline, nothing is sent and the changes wait', async () => {
    const server = fakeServer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setOutboxUser(ALEX);
    await enqueue(change());
    await syncNow();

    expect(server.requests).toHaveLength(0);
    expect(await states()).toEqual([['/api/checklist-runs/1/items/a', 'waiting']]);
  });

  test('a network error stops the pass: the item and those after it wait for the next one', async () => {
    let connected = false;
    const server = fakeServer(() => (connected ? { status: 200, body: {} } : 'network-error'));
    await stored(change({ url: '/api/a' }), change({ url: '/api/b', subject: 'audit:2' }));
    setOutboxUser(ALEX);
    await syncNow();

    expect(server.urls()).toEqual(['/api/a']);
    expect(await states()).toEqual([
      ['/api/a', 'waiting'],
      ['/api/b', 'waiting'],
    ]);

    connected = true;
    await syncNow();
    expect(server.urls()).toEqual(['/api/a', '/api/a', '/api/b']);
    // The retry is the same change: the same key, so the server stores it once.
    expect(server.requests[1]?.headers['idempotency-key']).toBe(server.requests[0]?.headers['idempotency-key']);
  });

  test('a connection that fails while the browser says it is online is tried again soon, on its own', async () => {
    let attempts = 0;
    const server = fakeServer(() => {
      attempts += 1;
      return attempts === 1 ? 'network-error' : { status: 200, body: {} };
    });
    await stored(change());
    setOutboxUser(ALEX);
    await syncNow();
    expect(await states()).toEqual([['/api/checklist-runs/1/items/a', 'waiting']]);

    await vi.waitFor(async () => expect(await states()).toEqual([]), { timeout: 10_000, interval: 200 });
    expect(server.requests).toHaveLength(2);
  });
});

describe('replacing a waiting change', () => {
  test('a newer value of the same item replaces the waiting one and keeps its place', async () => {
    const server = fakeServer();
    await stored(
      change({ body: { value: 1 }, replaceKey: 'checklist-run:1:item:a' }),
      change({ url: '/api/checklist-runs/1/items/b', body: { value: 9 }, replaceKey: 'checklist-run:1:item:b' }),
      change({ body: { value: 2 }, replaceKey: 'checklist-run:1:item:a' }),
    );
    setOutboxUser(ALEX);
    await syncNow();

    expect(server.requests.map((request) => [request.url, request.body])).toEqual([
      ['/api/checklist-runs/1/items/a', { value: 2 }],
      ['/api/checklist-runs/1/items/b', { value: 9 }],
    ]);
  });

  test('a change already on its way is not replaced: the newer one follows it', async () => {
    await stored(change({ body: { value: 1 }, replaceKey: 'k' }));
    await outboxDb.items.toCollection().modify({ state: 'sending' });
    await stored(change({ body: { value: 2 }, replaceKey: 'k' }));

    const items = await outboxDb.items.orderBy('seq').toArray();
    expect(items.map((item) => [item.body, item.state])).toEqual([
      [{ value: 1 }, 'sending'],
      [{ value: 2 }, 'waiting'],
    ]);
  });

  test("another person's waiting change is not replaced", async () => {
    await enqueue({ ...change({ body: { value: 1 }, replaceKey: 'k' }), userId: SAM });
    await stored(change({ body: { value: 2 }, replaceKey: 'k' }));
    expect(await outboxDb.items.count()).toBe(2);
  });
});

describe('refusals', () => {
  test('a refused change keeps its reason and field messages, and holds the later changes of its record only', async () => {
    const server = fakeServer((request) =>
      request.url === '/api/checklist-runs/1/items/a'
        ? { status: 400, body: { message: 'Check the highlighted fields', fields: { value: 'Enter a number' } } }
        : { status: 200, body: {} },
    );
    await stored(
      change({ url: '/api/checklist-runs/1/items/a' }),
      change({ url: '/api/checklist-runs/1/submit', kind: 'checklistSubmit' }),
      change({ url: '/api/audits/7/draft', subject: 'audit:7', kind: 'auditDraft' }),
    );
    setOutboxUser(ALEX);
    await syncNow();

    expect(server.urls()).toEqual(['/api/checklist-runs/1/items/a', '/api/audits/7/draft']);
    const failed = await outboxDb.items.filter((item) => item.url === '/api/checklist-runs/1/items/a').first();
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toEqual({
      status: 400,
      message: 'Check the highlighted fields',
      fields: { value: 'Enter a number' },
    });
    expect(await states()).toEqual([
      ['/api/checklist-runs/1/items/a', 'failed'],
      ['/api/checklist-runs/1/submit', 'waiting'],
    ]);

    // A later pass still holds the submit behind the failed value.
    await syncNow();
    expect(server.urls()).toHaveLength(2);
  });

  test('404 and 422 fail the change with the server message', async () => {
    fakeServer((request) =>
      request.url === '/api/a' ? { status: 404, body: { message: 'Not found' } } : { status: 422, body: {} },
    );
    await stored(change({ url: '/api/a', subject: 's:a' }), change({ url: '/api/b', subject: 's:b' }));
    setOutboxUser(ALEX);
    await syncNow();

    const items = await outboxDb.items.orderBy('seq').toArray();
    expect(items.map((item) => [item.state, item.error])).toEqual([
      ['failed', { status: 404, message: 'Not found' }],
      ['failed', { status: 422, message: '' }],
    ]);
  });

  test('409 is a conflict: the server answer is kept for the page and the record holds', async () => {
    const conflict = { message: 'Submitted by Sam at 08:12.' };
    const server = fakeServer((request) =>
      request.url.endsWith('/submit') ? { status: 409, body: conflict } : { status: 200, body: {} },
    );
    await stored(
      change({ url: '/api/checklist-runs/1/submit', kind: 'checklistSubmit' }),
      change({ url: '/api/checklist-runs/1/items/b' }),
    );
    setOutboxUser(ALEX);
    await syncNow();

    expect(server.urls()).toEqual(['/api/checklist-runs/1/submit']);
    const [first, second] = await outboxDb.items.orderBy('seq').toArray();
    expect(first?.state).toBe('conflict');
    expect(first?.error).toEqual({ status: 409, message: 'Submitted by Sam at 08:12.' });
    expect(first?.reply).toEqual(conflict);
    expect(second?.state).toBe('waiting');
  });

  test('discarding the refused change lets the rest of its record go', async () => {
    let refuse = true;
    const server = fakeServer(() => (refuse ? { status: 409, body: { message: 'Taken' } } : { status: 200, body: {} }));
    const [first] = await stored(change({ url: '/api/first' }), change({ url: '/api/second' }));
    setOutboxUser(ALEX);
    await syncNow();
    refuse = false;
    await discard(first?.id ?? '');
    await syncNow();

    expect(server.urls()).toEqual(['/api/first', '/api/second']);
    expect(await countUnsent(ALEX)).toBe(0);
  });

  test('retry sends a failed change again', async () => {
    let refuse = true;
    const server = fakeServer(() => (refuse ? { status: 400, body: { message: 'No' } } : { status: 200, body: {} }));
    const [item] = await stored(change());
    setOutboxUser(ALEX);
    await syncNow();
    expect(await states()).toEqual([['/api/checklist-runs/1/items/a', 'failed']]);

    refuse = false;
    await retry(item?.id ?? '');
    expect(server.requests).toHaveLength(2);
    expect(await countUnsent(ALEX)).toBe(0);
  });

  test('a server error leaves the change waiting (its record held) until it has failed five times', async () => {
    const server = fakeServer((request) =>
      request.url === '/api/broken' ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: {} },
    );
    await stored(change({ url: '/api/broken', subject: 's:1' }), change({ url: '/api/fine', subject: 's:2' }));
    setOutboxUser(ALEX);
    await syncNow();
    expect(server.urls()).toEqual(['/api/broken', '/api/fine']);
    expect(await states()).toEqual([['/api/broken', 'waiting']]);

    for (let pass = 0; pass < 4; pass += 1) await syncNow();
    expect(await states()).toEqual([['/api/broken', 'failed']]);
    await syncNow();
    expect(server.urls().filter((url) => url === '/api/broken')).toHaveLength(5);
  });
});

describe('the session', () => {
  test('401 pauses sending and reports the ended session; the change waits', async () => {
    const server = fakeServer(() => ({ status: 401, body: { message: 'Sign in' } }));
    await stored(change({ url: '/api/a' }), change({ url: '/api/b', subject: 'audit:1' }));
    const ended: string[] = [];
    const stop = onUnauthorized((userId) => ended.push(userId));
    setOutboxUser(ALEX);
    await syncNow();
    stop();

    expect(server.urls()).toEqual(['/api/a']);
    expect(ended).toEqual([ALEX]);
    expect(await states()).toEqual([
      ['/api/a', 'waiting'],
      ['/api/b', 'waiting'],
    ]);
    // Paused until someone signs in again.
    await syncNow();
    expect(server.urls()).toEqual(['/api/a']);
  });

  test("after signing in, only the signed-in person's changes are sent; another person's stay", async () => {
    const server = fakeServer();
    await enqueue({ ...change({ url: '/api/alex' }), userId: ALEX });
    await enqueue({ ...change({ url: '/api/sam' }), userId: SAM });
    setOutboxUser(SAM);
    await syncNow();

    expect(server.urls()).toEqual(['/api/sam']);
    expect(await states()).toEqual([['/api/alex', 'waiting']]);
  });

  test("changes are stored as the signed-in person's", async () => {
    fakeServer(() => 'network-error');
    setOutboxUser(SAM);
    const item = await enqueue(change());
    expect(item.userId).toBe(SAM);
  });

  test('clearing the outbox for a person who signs out keeps the others', async () => {
    await enqueue({ ...change(), userId: ALEX });
    await enqueue({ ...change(), userId: SAM });
    await clearOutbox(ALEX);
    expect(await countUnsent(ALEX)).toBe(0);
    expect(await countUnsent(SAM)).toBe(1);
  });
});

describe('the photo cap', () => {
  const photo = (bytes: number) => ({ blob: new Blob(['x']), name: 'p.jpg', bytes });

  test('a photo that would pass 200 MB waiting on the device is refused with the message', async () => {
    await stored(change({ photo: photo(OUTBOX_PHOTO_CAP_BYTES - 10) }));
    const refused = stored(change({ photo: photo(11) }));
    await expect(refused).rejects.toBeInstanceOf(OutboxFullError);
    await expect(refused).rejects.toThrow(OUTBOX_FULL_MESSAGE);
    expect(OUTBOX_FULL_MESSAGE).toBe(
      'This device already holds 200 MB of photos waiting to be sent. Connect to the internet to send them before adding more.',
    );
    // Up to the cap is fine, and changes without photos are never refused.
    await stored(change({ photo: photo(10) }), change());
    expect(await outboxDb.items.count()).toBe(3);
  });

  test('sent photos no longer count', async () => {
    fakeServer();
    await stored(change({ photo: photo(OUTBOX_PHOTO_CAP_BYTES) }));
    setOutboxUser(ALEX);
    await syncNow();
    await expect(stored(change({ photo: photo(OUTBOX_PHOTO_CAP_BYTES) }))).resolves.toHaveLength(1);
  });
});

describe('one sender at a time', () => {
  /** A LockManager shared by "tabs": requests for one name run one after the other. */
  function installLocks() {
    const queues = new Map<string, Promise<unknown>>();
    const request = vi.fn((name: string, task: () => Promise<unknown>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const next = previous.then(task, task);
      queues.set(
        name,
        next.catch(() => {}),
      );
      return next;
    });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });
    return request;
  }

  test('two senders at once (two tabs, or a tab and the service worker) send each change once', async () => {
    const locks = installLocks();
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer();
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await slow;
      return answer?.(...args) as Promise<Response>;
    });
    await stored(change({ url: '/api/a' }), change({ url: '/api/b', subject: 'audit:1' }));

    const tab = sendOutbox(ALEX);
    const worker = sendOutbox(ALEX);
    release();
    await Promise.all([tab, worker]);

    expect(locks).toHaveBeenCalledWith('brigade-outbox', expect.any(Function));
    expect(server.urls()).toEqual(['/api/a', '/api/b']);
  });

  test('a change left "sending" by a closed tab is sent again by the next pass', async () => {
    const server = fakeServer();
    await stored(change());
    await outboxDb.items.toCollection().modify({ state: 'sending' });
    await sendOutbox(ALEX);
    expect(server.urls()).toEqual(['/api/checklist-runs/1/items/a']);
  });
});
