// IndexedDB (in memory) for idb-keyval, before the persister opens its database.
import 'fake-indexeddb/auto';
import type { Me } from '@brigade/core/schemas/session';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { persistQueries, queryPersister } from './query-persister';
import { meQueryKey } from './session/get-me';

const person = (id: string, name: string): Me => ({
  id,
  name,
  email: `${id}@example.com`,
  role: 'staff',
  restaurants: [],
  mustChangePassword: false,
  language: null,
});
const sam = person('sam', 'Sam Bakker');
const alex = person('alex', 'Alex Cook');

const stops: (() => void)[] = [];

function startPersisting(client: QueryClient) {
  const persisting = persistQueries(client);
  stops.push(persisting.stop);
  return persisting;
}

/** What the device keeps, once the throttled save (a second) has run. */
async function kept() {
  return queryPersister.restoreClient();
}

async function keptKeys(): Promise<string[]> {
  const client = await kept();
  return (client?.clientState.queries ?? []).map((query) => String(query.queryKey[0])).sort();
}

beforeEach(async () => {
  await queryPersister.removeClient();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('the answers kept on the device', () => {
  test('are saved, and put back into the next start, so the app opens offline with them', async () => {
    const first = new QueryClient();
    await startPersisting(first).restored;
    first.setQueryData(meQueryKey, sam);
    first.setQueryData(['checklist-today', 'r1'], { runs: 3 });
    first.setQueryData(['catalogues', 'nl'], 'nl');
    await expect.poll(keptKeys, { timeout: 5_000 }).toEqual(['checklist-today', 'me']);

    const next = new QueryClient();
    await startPersisting(next).restored;
    expect(next.getQueryData(meQueryKey)).toEqual(sam);
    expect(next.getQueryData(['checklist-today', 'r1'])).toEqual({ runs: 3 });
    // Code is loaded again at each start, never taken as loaded from the kept answers.
    expect(next.getQueryData(['catalogues', 'nl'])).toBeUndefined();
  });

  test('an answer the server gave since is not replaced by an older kept one', async () => {
    const first = new QueryClient();
    await startPersisting(first).restored;
    first.setQueryData(['checklist-today', 'r1'], { runs: 3 });
    await expect.poll(keptKeys, { timeout: 5_000 }).toEqual(['checklist-today']);
    for (const stop of stops.splice(0)) stop();

    const next = new QueryClient();
    next.setQueryData(['checklist-today', 'r1'], { runs: 4 });
    await startPersisting(next).restored;
    expect(next.getQueryData(['checklist-today', 'r1'])).toEqual({ runs: 4 });
  });

  test('are deleted as soon as nobody is signed in', async () => {
    const client = new QueryClient();
    await startPersisting(client).restored;
    client.setQueryData(meQueryKey, sam);
    client.setQueryData(['checklist-today', 'r1'], { runs: 3 });
    await expect.poll(keptKeys, { timeout: 5_000 }).toEqual(['checklist-today', 'me']);

    client.setQueryData(meQueryKey, null);
    await expect.poll(async () => JSON.stringify((await kept())?.clientState ?? null)).not.toContain('checklist-today');
  });

  test("when another person turns up signed in, the previous person's answers go, from memory and the device", async () => {
    const client = new QueryClient();
    await startPersisting(client).restored;
    client.setQueryData(meQueryKey, sam);
    client.setQueryData(['checklist-today', 'r1'], { runs: 3 });
    client.setQueryData(['setup'], { needsSetup: false });
    client
      .getQueryCache()
      .find({ queryKey: ['setup'] })
      ?.setOptions({ queryKey: ['setup'], meta: { survivesSignOut: true } });
    await expect.poll(keptKeys, { timeout: 5_000 }).toEqual(['checklist-today', 'me', 'setup']);

    client.setQueryData(meQueryKey, alex);
    expect(client.getQueryData(['checklist-today', 'r1'])).toBeUndefined();
    expect(client.getQueryData(['setup'])).toEqual({ needsSetup: false });
    await expect
      .poll(async () => JSON.stringify((await kept())?.clientState ?? null), { timeout: 5_000 })
      .not.toContain('Sam Bakker');
  });
});
