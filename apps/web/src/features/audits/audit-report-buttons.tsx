import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DownloadReportButton } from '../../components/download-report-button';

/**
 * A completed audit's report: Download PDF and Print, which opens the print-friendly page.
 */
export function AuditReportButtons({ auditId }: { auditId: string }) {
  const id = encodeURIComponent(auditId);
  return (
    <Group gap="sm" mb="lg">
      <DownloadReportButton auditId={auditId} />
      <Button
        component={Link}
        to={`/audits/${id}/report`}
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
      >
        <Trans>Print</Trans>
      </Button>
    </Group>
  );
}
