import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';

export const chartLoadFailed = msg`Failed to load chart data`;

/** A chart panel's loading and error states from its query; a failed refresh keeps the figures shown. */
export function chartQueryState(query: UseQueryResult<unknown>) {
  return {
    loading: query.isPending,
    error:
      query.data === undefined && query.isError
        ? { message: i18n._(chartLoadFailed), onRetry: () => void query.refetch(), retrying: query.isFetching }
        : undefined,
  };
}

/** A score or a share as the charts write it: "70.3%". */
export function percentText(value: number): string {
  return `${value}%`;
}

/** The value axis of a percentage: always 0 to 100, so a small change does not look like a big one. */
export const PERCENT_DOMAIN: [number, number] = [0, 100];
export const PERCENT_TICKS = [0, 25, 50, 75, 100];
