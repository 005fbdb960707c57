import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { useAppRoute } from '../../lib/use-app-route';
import { hqReportKeys, REPORT_PAGE_HEIGHT } from './report-catalogue';
import { ReportEmbed } from './report-embed';

/** /reports/hq-sales, /reports/hq-product-mix, /reports/hq-operations, /reports/23-24-25 (hq). */
export function HqReportPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const route = useAppRoute();
  const reportKey = route ? hqReportKeys[route.path] : undefined;
  const title = route ? text(route.title) : t`Report`;
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
            <Trans>Back to Reports</Trans>
          </Button>
        }
      />
      {reportKey && <ReportEmbed reportKey={reportKey} label={t`${title} report`} height={REPORT_PAGE_HEIGHT} />}
    </>
  );
}
