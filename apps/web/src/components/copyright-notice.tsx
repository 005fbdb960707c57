import { Text } from '@mantine/core';

/** The footer's copyright line (core-operations §2), with the current year. */
export function CopyrightNotice() {
  return (
    <Text size="sm" c="gray.7" ta="center">
      © {new Date().getFullYear()} Brigade. All rights reserved.
    </Text>
  );
}
