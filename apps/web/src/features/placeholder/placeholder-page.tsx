import { RestaurantNotice, useRestaurantNotice } from '../../app/restaurant-notice';
import { useAppRoute } from '../../app/use-app-route';
import { PageHeader } from '../../components/page-header';

/**
 * Stands in for a page whose issue is not done yet: the route's title and, for a
 * manager without a restaurant, the route's notice. Each issue replaces its route's
 * entry in router.tsx with the real page.
 */
export function PlaceholderPage() {
  const appRoute = useAppRoute();
  const notice = useRestaurantNotice(appRoute);
  return (
    <>
      <PageHeader title={appRoute?.title ?? 'Brigade'} />
      {notice && <RestaurantNotice message={notice} />}
    </>
  );
}
