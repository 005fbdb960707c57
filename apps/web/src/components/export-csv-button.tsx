import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

interface ExportCsvButtonProps {
  /** The export endpoint with the list's current search, filters and sort (`exportQuery`). */
  href: string;
}

/**
 * Downloads the list as it is filtered, every page of it, as a CSV file. A plain link:
 * the browser streams the server's file to disk with the session cookie, and a list of
 * any length never passes through the page's memory.
 */
export function ExportCsvButton({ href }: ExportCsvButtonProps) {
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      <Trans>Export CSV</Trans>
    </Button>
  );
}
