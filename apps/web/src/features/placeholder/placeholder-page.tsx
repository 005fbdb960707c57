import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useAppRoute } from '../../lib/use-app-route';

/**
 * Stands in for a page whose issue is not done yet: the route's title and, for a
 * manager without a restaurant, the route's notice. Each issue replaces its route's
 * entry in router.tsx with the real page.
 */
export function PlaceholderPage() {
  const { text } = useCoreText();
  const appRoute = useAppRoute();
  const notice = useRestaurantNotice(appRoute);
  return (
    <>
      <PageHeader title={appRoute ? text(appRoute.title) : 'Brigade'} />
      {notice && <RestaurantNotice message={notice} />}
    </>
  );
}
