import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * A completed audit's PDF report: a plain link with `download`, so phones save or open the
 * file with their own viewer (the server names it `audit-<restaurant>-<day>.pdf`).
 */
export function DownloadReportButton({ auditId }: { auditId: string }) {
  return (
    <Button
      component="a"
      href={`/api/audits/${encodeURIComponent(auditId)}/report.pdf`}
      download
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
    >
      <Trans>Download PDF</Trans>
    </Button>
  );
}
