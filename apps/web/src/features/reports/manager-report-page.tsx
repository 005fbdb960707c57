import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { managerReportKeys, REPORT_PAGE_HEIGHT } from './report-catalogue';
import { ReportEmbed } from './report-embed';

/**
 * /reports/sales, /reports/product-mix, /reports/operations (managers): one restaurant's
 * report. The selector strip is hidden on report pages, so the page offers the same
 * choice itself; it is the same selection, kept for the other screens too.
 */
export function ManagerReportPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const route = useAppRoute();
  const notice = useRestaurantNotice(route);
  const { restaurants, selectedRestaurant, selectRestaurant } = useSelectedRestaurant();
  const reportKey = route ? managerReportKeys[route.path] : undefined;
  const title = route ? text(route.title) : t`Report`;
  const name = selectedRestaurant?.name ?? '';

  return (
    <>
      <PageHeader title={title} />
      {restaurants.length > 0 && (
        <Select
          label={t`Restaurant`}
          data={restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
          value={selectedRestaurant?.id ?? null}
          onChange={(id) => id && selectRestaurant(id)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          mb="md"
        />
      )}
      {notice && <RestaurantNotice message={notice} />}
      {!notice && selectedRestaurant && reportKey && (
        <ReportEmbed
          reportKey={reportKey}
          restaurantId={selectedRestaurant.id}
          label={t`${title}: ${name}`}
          height={REPORT_PAGE_HEIGHT}
        />
      )}
    </>
  );
}
