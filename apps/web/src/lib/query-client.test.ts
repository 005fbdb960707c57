import { QueryCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';
import { forgetGoneRecord } from './query-client';

/** A client whose cache forgets gone records as the app's does, holding one kept audit. */
function clientKeeping(data: unknown) {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: forgetGoneRecord }),
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(['audit', 'a1'], data);
  return client;
}

function refetchFailing(client: QueryClient, error: Error) {
  return client
    .fetchQuery({ queryKey: ['audit', 'a1'], staleTime: 0, queryFn: () => Promise.reject(error) })
    .catch(() => undefined);
}

describe('a kept answer whose record the server says is gone', () => {
  test.each([404, 403])('a %i drops the kept data, so the screen says not found', async (status) => {
    const client = clientKeeping({ id: 'a1', score: 67 });
    await refetchFailing(client, new ApiError(status, 'Audit not found'));
    const state = client.getQueryState(['audit', 'a1']);
    expect(state?.status).toBe('error');
    expect(state?.data).toBeUndefined();
  });

  test.each([
    ['the network', NETWORK_ERROR_STATUS],
    ['a server error', 500],
    ['a refusal of the request', 400],
  ])('%s keeps it: the record may still be there', async (_, status) => {
    const client = clientKeeping({ id: 'a1', score: 67 });
    await refetchFailing(client, new ApiError(status, 'Failed'));
    expect(client.getQueryState(['audit', 'a1'])?.data).toEqual({ id: 'a1', score: 67 });
  });
});
