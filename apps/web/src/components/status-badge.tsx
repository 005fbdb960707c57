import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

/** Active or Inactive (core-operations §4): the power button flips it. */
export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge
      // A dot in the status colour beside dark text: Mantine's green text on a light green
      // badge is below the 4.5:1 contrast small text needs.
      variant="dot"
      color={isActive ? 'green.8' : 'gray.6'}
      c="dark.7"
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {isActive ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
    </Badge>
  );
}
