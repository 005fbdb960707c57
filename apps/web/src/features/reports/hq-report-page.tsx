import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useAppRoute } from '../../lib/use-app-route';
import { hqReportKeys, REPORT_PAGE_HEIGHT } from './report-catalogue';
import { ReportEmbed } from './report-embed';

/** /reports/hq-sales, /reports/hq-product-mix, /reports/hq-operations, /reports/23-24-25 (hq). */
export function HqReportPage() {
  const route = useAppRoute();
  const reportKey = route ? hqReportKeys[route.path] : undefined;
  const title = route?.title ?? 'Report';
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button
            component={Link}
            to="/hq-reports"
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Back to Reports
          </Button>
        }
      />
      {reportKey && <ReportEmbed reportKey={reportKey} label={`${title} report`} height={REPORT_PAGE_HEIGHT} />}
    </>
  );
}
