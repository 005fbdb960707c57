import { dashboardsQueryKey } from '../../../lib/api/query-keys';

/**
 * The charts' keys sit under the dashboards' root (anything that refreshes the dashboards
 * refreshes their charts) but apart from each dashboard's own key, so the dashboard's
 * request and each chart's are fetched and cached separately.
 */
export const dashboardChartsQueryKey = [...dashboardsQueryKey, 'charts'] as const;
