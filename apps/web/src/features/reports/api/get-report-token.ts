import { EmbedToken, type ReportKey, type ReportTokenRequest } from '@brigade/core/schemas/reports';
import { i18n } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportMessages } from '../report-messages';

/**
 * An embed token for a report; the server decides the row-level-security identity from
 * the key and, for restaurant reports, the restaurant. Resolves to `null` when the answer
 * carries no usable configuration; rejects when it has no `data` at all.
 */
export async function fetchReportToken(
  key: ReportKey,
  restaurantId: string | undefined,
  signal?: AbortSignal,
): Promise<EmbedToken | null> {
  const answer = await apiRequest<unknown>(`/api/reports/${encodeURIComponent(key)}/token`, {
    method: 'POST',
    body: (restaurantId ? { restaurantId } : {}) satisfies ReportTokenRequest,
    signal,
  });
  if (typeof answer !== 'object' || answer === null || !('data' in answer)) {
    throw new Error(i18n._(reportMessages.missingData));
  }
  const token = EmbedToken.safeParse(answer.data);
  return token.success ? token.data : null;
}

export function reportTokenQueryKey(key: ReportKey, restaurantId: string | undefined, attempt: number) {
  return ['reports', 'token', key, restaurantId ?? null, attempt] as const;
}

/**
 * The token a report is first embedded with. Each attempt is its own query: Retry asks
 * again by moving to the next attempt, and nothing else asks again (no automatic
 * retries, no refetch on focus). Later tokens go to the live report, not through here.
 */
export function useReportToken(key: ReportKey, restaurantId: string | undefined, attempt: number, enabled: boolean) {
  return useQuery({
    queryKey: reportTokenQueryKey(key, restaurantId, attempt),
    queryFn: ({ signal }) => fetchReportToken(key, restaurantId, signal),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
