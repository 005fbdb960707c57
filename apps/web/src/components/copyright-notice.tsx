import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/** The footer's copyright line (core-operations §2), with the current year. */
export function CopyrightNotice() {
  const year = new Date().getFullYear();
  return (
    <Text size="sm" c="gray.7" ta="center">
      <Trans>© {year} Brigade. All rights reserved.</Trans>
    </Text>
  );
}
