import { ASSIGNMENT_OVERVIEW_PAGE_SIZE } from '@brigade/core/limits';
import type { Role } from '@brigade/core/roles';

/**
 * The screens issue 10 holds to a round-trip bound and benchmarks: shared by the
 * query-count test (small data set) and `npm run bench` (large chain), so both measure
 * the same requests.
 */
export interface ListedEndpoint {
  name: string;
  role: Role;
  path: string;
  /**
   * What the request's cost may grow with (issue 38): `chain` screens read the whole
   * chain and may grow through their page size and counters as it grows; `restaurant`
   * and `person` screens read one restaurant or one person and must not grow at all.
   */
  scope: 'chain' | 'restaurant' | 'person';
}

export interface EndpointSubjects {
  /** A restaurant the manager runs. */
  restaurantId: string;
  /** A restaurant name to search the staff list by. */
  restaurantSearch: string;
  /** A completed audit with its items. */
  auditId: string;
  /** An announcement that requires acknowledgement (issue 20). */
  announcementId: string;
}

/** Every listed endpoint but sign-in, which is a POST measured on its own. */
export function listedEndpoints({
  restaurantId,
  restaurantSearch,
  auditId,
  announcementId,
}: EndpointSubjects): ListedEndpoint[] {
  return [
    { name: 'hq dashboard', role: 'hq', scope: 'chain', path: '/api/dashboards/hq' },
    {
      name: 'manager dashboard',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/dashboards/manager?restaurantId=${restaurantId}`,
    },
    { name: 'staff dashboard', role: 'staff', scope: 'person', path: '/api/dashboards/staff' },
    { name: 'staff list, page 1', role: 'hq', scope: 'chain', path: '/api/users?page=1' },
    {
      name: 'staff list, search by restaurant',
      role: 'hq',
      scope: 'chain',
      path: `/api/users?page=1&search=${encodeURIComponent(restaurantSearch)}`,
    },
    // The overview screen asks for 10 people a page, each with all their cards.
    {
      name: 'assignments overview, page 1',
      role: 'hq',
      scope: 'chain',
      path: `/api/training-assignments?page=1&pageSize=${ASSIGNMENT_OVERVIEW_PAGE_SIZE}`,
    },
    {
      name: 'assignments overview, restaurant',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/training-assignments?page=1&pageSize=${ASSIGNMENT_OVERVIEW_PAGE_SIZE}&restaurantId=${restaurantId}`,
    },
    { name: 'my trainings', role: 'staff', scope: 'person', path: '/api/my-trainings' },
    { name: 'audit detail', role: 'hq', scope: 'restaurant', path: `/api/audits/${auditId}` },
    { name: 'store performance', role: 'hq', scope: 'restaurant', path: `/api/store-performance/${restaurantId}` },
    { name: 'restaurants list', role: 'hq', scope: 'chain', path: '/api/restaurants?page=1' },
    { name: 'announcements list', role: 'staff', scope: 'chain', path: '/api/announcements?page=1' },
    // The bell's list (issue 20): on the bench, a person with a few thousand notifications.
    { name: 'notifications, page 1', role: 'staff', scope: 'person', path: '/api/notifications?page=1' },
    // Issue 19: the Actions screen (open actions is its default filter).
    { name: 'actions list, page 1', role: 'hq', scope: 'chain', path: '/api/actions?page=1&status=open' },
    {
      name: 'actions list, overdue and searched',
      role: 'hq',
      scope: 'chain',
      path: `/api/actions?page=1&overdue=true&search=${encodeURIComponent(restaurantSearch)}`,
    },
    {
      name: 'actions list, restaurant',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/actions?page=1&restaurantId=${restaurantId}`,
    },
    // Issue 19: the due audits of the chain (hq) and of the manager's restaurant.
    { name: 'due audits, chain', role: 'hq', scope: 'chain', path: '/api/audit-due?filter=open&page=1' },
    {
      name: 'due audits, restaurant',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/audit-due?restaurantId=${restaurantId}&page=1`,
    },
    // Issue 20: who has not acknowledged an announcement, first page, and its counts.
    {
      name: 'not acknowledged, chain',
      role: 'hq',
      scope: 'chain',
      path: `/api/announcements/${announcementId}/acknowledgements?page=1&pageSize=20`,
    },
    {
      name: 'not acknowledged, restaurant',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/announcements/${announcementId}/acknowledgements?page=1&pageSize=20&restaurantId=${restaurantId}`,
    },
    {
      name: 'acknowledgement counts, chain',
      role: 'hq',
      scope: 'chain',
      path: `/api/announcements/${announcementId}/acknowledgement-counts?page=1&pageSize=10`,
    },
    // Issue 21: each chart panel is one request, its figures one query.
    { name: 'chart: hq weekly scores', role: 'hq', scope: 'chain', path: '/api/dashboards/hq/audit-scores' },
    {
      name: 'chart: hq weekly scores + 1 restaurant',
      role: 'hq',
      scope: 'chain',
      path: `/api/dashboards/hq/audit-scores?restaurantIds=${restaurantId}`,
    },
    { name: 'chart: hq lowest and highest', role: 'hq', scope: 'chain', path: '/api/dashboards/hq/audit-ranking' },
    {
      name: 'chart: hq training completion',
      role: 'hq',
      scope: 'chain',
      path: '/api/dashboards/hq/training-completion',
    },
    {
      name: 'chart: manager last 10 audits',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/dashboards/manager/audit-scores?restaurantId=${restaurantId}`,
    },
    {
      name: 'chart: manager training progress',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/dashboards/manager/training-progress?restaurantId=${restaurantId}`,
    },
    {
      name: 'chart: store score trend vs chain',
      role: 'hq',
      scope: 'chain',
      path: `/api/store-performance/${restaurantId}/score-trend`,
    },
  ];
}

/** Issue 10's bound: SQL round trips per request, whatever the size of the lists. */
export const MAX_ROUND_TRIPS = 4;

/**
 * Sign-in's bound: Better Auth's statements plus one for each shared sign-in limit (issue 15);
 * issue 36 adds the SSO check that the email's domain may still sign in with a password
 * (decision 040) and the activity log's entry (one statement, decision 043).
 */
export const MAX_SIGN_IN_ROUND_TRIPS = 7;
