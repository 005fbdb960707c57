import { messages } from '@brigade/core/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { DashboardSkeleton } from './dashboard-skeleton';

/**
 * The states every dashboard shares: a skeleton while its one request runs, the spec's
 * load failure with Retry (a failed background refresh keeps what was shown), then the
 * content.
 */
export function DashboardContent<T>({
  query,
  cards,
  children,
}: {
  query: UseQueryResult<T>;
  cards: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <DashboardSkeleton cards={cards} />;
  if (query.data === undefined) {
    return (
      <LoadError
        message={messages.dashboardLoadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
