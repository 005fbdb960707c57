import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadFailureScreenProps {
  message: string;
  retryLabel?: string;
  onRetry: () => void;
}

/** Full-screen failure before any page can show: the session check or the app's code did not load. */
export function LoadFailureScreen({ message, retryLabel, onRetry }: LoadFailureScreenProps) {
  const { t } = useLingui();
  return (
    <Center component="main" mih="100dvh" px="md">
      <Stack maw={420} w="100%">
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t`Brigade could not start`}>
          {message}
        </Alert>
        <Button onClick={onRetry}>{retryLabel ?? t`Try again`}</Button>
      </Stack>
    </Center>
  );
}
