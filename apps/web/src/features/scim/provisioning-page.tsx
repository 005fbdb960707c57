import { type ScimTokenCreated, ScimTokenInput, type ScimTokenSummary } from '@brigade/core/schemas/scim';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconAlertTriangle, IconKey, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useCreateScimToken } from './api/create-scim-token';
import { useScimTokens } from './api/get-scim-tokens';
import { useRevokeScimToken } from './api/revoke-scim-token';

/**
 * Provisioning (issue 36, hq): the tokens an identity provider such as Microsoft Entra ID
 * creates, updates and deactivates people with over SCIM. A token is shown once, when it
 * is made; revoking it refuses the provider's next call.
 */
export function ProvisioningPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Provisioning · Brigade`);
  const tokens = useScimTokens();
  const [creating, setCreating] = useState(false);

  return (
    <Stack>
      <PageHeader
        title={t`Provisioning`}
        subtitle={t`Let Microsoft Entra ID (or another SCIM client) create, update and deactivate people.`}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create token</Trans>
          </Button>
        }
      />
      {tokens.isPending ? (
        <Skeleton height={120} role="status" aria-busy="true" aria-label={t`Loading tokens`} />
      ) : tokens.isError ? (
        <LoadError
          message={t`Failed to load the tokens`}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      ) : (
        <>
          <Paper withBorder p="md" radius="sm">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                <Trans>Tenant URL (SCIM endpoint)</Trans>
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {tokens.data.endpoint}
                </Text>
                <CopyButton value={tokens.data.endpoint}>
                  {({ copied, copy }) => (
                    <Button size="compact-sm" variant="default" onClick={copy}>
                      {copied ? t`Copied` : t`Copy`}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm" c="gray.7">
                <Trans>
                  In Entra ID, enter it with a token as the Secret Token. People it creates are staff with no
                  restaurant; groups named like a restaurant assign their members to it.
                </Trans>
              </Text>
            </Stack>
          </Paper>
          {tokens.data.items.length === 0 ? (
            <EmptyList
              title={t`No tokens yet`}
              description={t`Create one for your identity provider to start provisioning.`}
              icon={<IconKey aria-hidden />}
            />
          ) : (
            <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Tokens`}>
              {tokens.data.items.map((token) => (
                <TokenCard key={token.id} token={token} />
              ))}
            </Stack>
          )}
        </>
      )}
      {creating && <CreateTokenModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function TokenCard({ token }: { token: ScimTokenSummary }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const revoke = useRevokeScimToken({
    onSuccess: () => toasts.show({ color: 'green', message: t`"${token.name}" revoked` }),
    onError: (error) =>
      toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : t`Failed to revoke the token` }),
  });
  const askRevoke = () =>
    confirmDelete({
      title: t`Revoke token`,
      message: t`Revoke "${token.name}"? The provider's next call with it is refused, and this cannot be undone. People it provisioned keep their accounts.`,
      confirmLabel: t`Revoke`,
      onConfirm: () => revoke.mutate(token.id),
    });
  const createdAt = formatDateTime(token.createdAt);
  const creator = token.createdByName ?? t`a deleted user`;

  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-label={token.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Title>
            <Badge
              // A dot in the status colour beside dark text, as StatusBadge does: light green text is below 4.5:1.
              variant="dot"
              color={token.revokedAt ? 'gray.6' : 'green.8'}
              c="dark.7"
              tt="none"
              style={{ flexShrink: 0, minWidth: 'max-content' }}
            >
              {token.revokedAt ? <Trans>Revoked</Trans> : <Trans>Active</Trans>}
            </Badge>
          </Group>
          <Text size="sm">
            <Trans>
              Created {createdAt} by {creator}
            </Trans>
          </Text>
          <Text size="sm">
            {token.lastUsedAt ? <Trans>Last used {formatDateTime(token.lastUsedAt)}</Trans> : <Trans>Never used</Trans>}
          </Text>
          {token.revokedAt && (
            <Text size="sm">
              <Trans>Revoked {formatDateTime(token.revokedAt)}</Trans>
            </Text>
          )}
        </Stack>
        {!token.revokedAt && (
          <Button
            color="red"
            variant="outline"
            onClick={askRevoke}
            loading={revoke.isPending}
            aria-label={t`Revoke ${token.name}`}
          >
            <Trans>Revoke</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Name the token, create it, then show it this once with a copy button. */
function CreateTokenModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const create = useCreateScimToken();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a product's name, the same in every language
  const [name, setName] = useState('Microsoft Entra ID');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ScimTokenInput.safeParse({ name });
    if (!parsed.success) {
      setError(t`Name the token after the system that will use it`);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (failure) =>
        setError(isApiError(failure) ? text(failure.fields.name ?? failure.message) : t`Failed to create the token`),
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? t`Copy the token now` : t`Create token`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
            <Trans>This is the only time the token is shown. Brigade keeps only a fingerprint of it.</Trans>
          </Alert>
          <TextInput
            label={t`Token for ${created.name}`}
            value={created.token}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t`Copied` : t`Copy token`}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t`Name`}
              description={t`The system that will use it, such as Microsoft Entra ID`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={error}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={create.isPending}>
                <Trans>Create</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
