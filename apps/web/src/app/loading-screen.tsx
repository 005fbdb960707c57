import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown until the first session check (or the signed-in app's code) has arrived. */
export function LoadingScreen() {
  return (
    <Center component="main" mih="100dvh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text c="gray.8">
          <Trans>Loading...</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
