import { Button, Group } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * A completed audit's report: Download PDF (a plain link with `download`, so phones save
 * or open the file with their own viewer) and Print, which opens the print-friendly page.
 */
export function AuditReportButtons({ auditId }: { auditId: string }) {
  const id = encodeURIComponent(auditId);
  return (
    <Group gap="sm" mb="lg">
      <Button
        component="a"
        href={`/api/audits/${id}/report.pdf`}
        download
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
      >
        Download PDF
      </Button>
      <Button
        component={Link}
        to={`/audits/${id}/report`}
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
      >
        Print
      </Button>
    </Group>
  );
}
