import { QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR_STATUS } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== NETWORK_ERROR_STATUS && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
