import { type ScimTokenCreated, ScimTokenInput, type ScimTokenSummary } from '@brigade/core/schemas/scim';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Modal, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SecretShownOnce } from '../../components/secret-shown-once';
import { TokenCard } from '../../components/token-card';
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
                <ScimTokenCard key={token.id} token={token} />
              ))}
            </Stack>
          )}
        </>
      )}
      {creating && <CreateTokenModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function ScimTokenCard({ token }: { token: ScimTokenSummary }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const revoke = useRevokeScimToken({
    onSuccess: () => toasts.show({ color: 'green', message: t`"${token.name}" revoked` }),
    onError: (error) =>
      toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : t`Failed to revoke the token` }),
  });
  const createdAt = formatDateTime(token.createdAt);
  const creator = token.createdByName ?? t`a deleted user`;

  return (
    <TokenCard
      name={token.name}
      status={token.revokedAt ? 'revoked' : 'active'}
      revokeMessage={t`Revoke "${token.name}"? The provider's next call with it is refused, and this cannot be undone. People it provisioned keep their accounts.`}
      onRevoke={() => revoke.mutate(token.id)}
      revoking={revoke.isPending}
    >
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
    </TokenCard>
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
        <SecretShownOnce label={t`Token for ${created.name}`} secret={created.token} onDone={onClose} />
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
