import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmbedProblemProps {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A report that cannot show: what went wrong, the details, and a way to try again. */
export function EmbedProblem({ title, children, onRetry, retrying = false }: EmbedProblemProps) {
  return (
    <Stack align="flex-start" gap="sm">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title={title}
        role="alert"
        w="100%"
        styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
      >
        <Stack gap={4}>{children}</Stack>
      </Alert>
      {onRetry && (
        <Button variant="default" onClick={onRetry} loading={retrying}>
          <Trans>Retry</Trans>
        </Button>
      )}
    </Stack>
  );
}

/** One line of the problem's details. */
export function ProblemLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
