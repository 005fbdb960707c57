import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list or page that could not load: the message in red and a Retry button. */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Stack align="flex-start">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
        {message}
      </Alert>
      <Button variant="default" onClick={onRetry} loading={retrying}>
        <Trans>Retry</Trans>
      </Button>
    </Stack>
  );
}
