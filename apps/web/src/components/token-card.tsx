import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmDelete } from './confirm-delete';

export type TokenStatus = 'active' | 'revoked' | 'expired';

/**
 * One token of hq's token screens (Provisioning, API Tokens) as a list item: its name and
 * status, the lines its screen shows about it, and Revoke, asked first, while it is active.
 */
export function TokenCard({
  name,
  status,
  children,
  revokeMessage,
  onRevoke,
  revoking,
}: {
  name: string;
  status: TokenStatus;
  children: ReactNode;
  /** What the confirmation says revoking does. */
  revokeMessage: string;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useLingui();
  const askRevoke = () =>
    confirmDelete({ title: t`Revoke token`, message: revokeMessage, confirmLabel: t`Revoke`, onConfirm: onRevoke });

  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Badge
              // A dot in the status colour beside dark text, as StatusBadge does: light green text is below 4.5:1.
              variant="dot"
              color={status === 'active' ? 'green.8' : 'gray.6'}
              c="dark.7"
              tt="none"
              style={{ flexShrink: 0, minWidth: 'max-content' }}
            >
              {status === 'revoked' ? (
                <Trans>Revoked</Trans>
              ) : status === 'expired' ? (
                <Trans>Expired</Trans>
              ) : (
                <Trans>Active</Trans>
              )}
            </Badge>
          </Group>
          {children}
        </Stack>
        {status !== 'revoked' && (
          <Button color="red" variant="outline" onClick={askRevoke} loading={revoking} aria-label={t`Revoke ${name}`}>
            <Trans>Revoke</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}
