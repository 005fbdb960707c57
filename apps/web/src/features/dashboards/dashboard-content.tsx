import { messages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { useCoreText } from '../../lib/i18n';

/**
 * The states every dashboard shares. While its one request runs, the dashboard draws its
 * frame (cards, panels and headings in their places) with skeletons where the figures go
 * (`children(undefined)`), marked busy; the figures then fill the same frame, so nothing
 * moves. A failure shows the spec's message with Retry (a failed background refresh keeps
 * what was shown).
 */
export function DashboardContent<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T | undefined) => ReactNode;
}) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const loading = query.isPending;
  if (!loading && query.data === undefined) {
    return (
      <LoadError
        message={text(messages.dashboardLoadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  // The same element (a div in the same place) before and after: React updates it, the
  // frame is not drawn a second time when the data arrives.
  if (loading) {
    return (
      <div role="status" aria-busy="true" aria-label={t`Loading dashboard`}>
        {children(undefined)}
      </div>
    );
  }
  return <div>{children(query.data)}</div>;
}
