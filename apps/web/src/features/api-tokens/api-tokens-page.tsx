import { API_AREAS, type ApiScope } from '@brigade/core/api-scopes';
import {
  type ApiTokenCreated,
  type ApiTokenExpiry,
  ApiTokenInput,
  type ApiTokenSummary,
  DEFAULT_API_TOKEN_EXPIRY,
} from '@brigade/core/schemas/api-tokens';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Modal, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SecretShownOnce } from '../../components/secret-shown-once';
import { TokenCard } from '../../components/token-card';
import { isApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useCreateApiToken } from './api/create-api-token';
import { useApiTokens } from './api/get-api-tokens';
import { useRevokeApiToken } from './api/revoke-api-token';
import { AREA_LABELS } from './area-labels';
import { ScopePicker } from './scope-picker';

/**
 * API Tokens (issue 37, hq): the tokens other systems (a BI warehouse, a ticketing tool)
 * call Brigade's API with, each limited to its scopes and an expiry. A token is shown
 * once, when it is made; revoking it refuses its next call, on every server.
 */
export function ApiTokensPage() {
  const { t } = useLingui();
  useDocumentTitle(t`API Tokens · Brigade`);
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);

  return (
    <Stack>
      <PageHeader
        title={t`API Tokens`}
        subtitle={t`Let other systems read and change Brigade's data through its API, within the scopes you choose.`}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create token</Trans>
          </Button>
        }
      />
      <Text size="sm">
        <Trans>
          Send the token as "Authorization: Bearer" followed by the token. The API's documentation is at{' '}
          <a href="/api/docs">/api/docs</a>; each operation names the scope it needs.
        </Trans>
      </Text>
      {tokens.isPending ? (
        <Skeleton height={120} role="status" aria-busy="true" aria-label={t`Loading tokens`} />
      ) : tokens.isError ? (
        <LoadError
          message={t`Failed to load the tokens`}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      ) : tokens.data.items.length === 0 ? (
        <EmptyList
          title={t`No tokens yet`}
          description={t`Create one for each system that calls the API.`}
          icon={<IconKey aria-hidden />}
        />
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Tokens`}>
          {tokens.data.items.map((token) => (
            <ApiTokenCard key={token.id} token={token} />
          ))}
        </Stack>
      )}
      {creating && <CreateTokenModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/** "Audits: read and write", one line per area the token reaches. */
function useScopeLines(scopes: readonly string[]): string[] {
  const { t, i18n } = useLingui();
  return API_AREAS.flatMap((area) => {
    const label = i18n._(AREA_LABELS[area]);
    if (scopes.includes(`${area}:write`)) return [t`${label}: read and write`];
    if (scopes.includes(`${area}:read`)) return [t`${label}: read`];
    return [];
  });
}

function ApiTokenCard({ token }: { token: ApiTokenSummary }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const scopeLines = useScopeLines(token.scopes);
  const revoke = useRevokeApiToken({
    onSuccess: () => toasts.show({ color: 'green', message: t`"${token.name}" revoked` }),
    onError: (error) =>
      toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : t`Failed to revoke the token` }),
  });
  const expired = !token.revokedAt && token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const createdAt = formatDateTime(token.createdAt);
  const creator = token.createdByName ?? t`a deleted user`;
  const lastUsedAt = token.lastUsedAt ? formatDateTime(token.lastUsedAt) : null;
  const lastUsedFrom = token.lastUsedAddress ?? t`an unknown address`;

  return (
    <TokenCard
      name={token.name}
      status={token.revokedAt ? 'revoked' : expired ? 'expired' : 'active'}
      revokeMessage={t`Revoke "${token.name}"? Its next call is refused, on every server, and this cannot be undone.`}
      onRevoke={() => revoke.mutate(token.id)}
      revoking={revoke.isPending}
    >
      <Text size="sm" component="div">
        <Trans>Scopes:</Trans>{' '}
        <Group component="span" gap={4} display="inline-flex" wrap="wrap">
          {scopeLines.map((line) => (
            <Badge key={line} variant="outline" color="dark.4" c="dark.7" tt="none" fw={500}>
              {line}
            </Badge>
          ))}
        </Group>
      </Text>
      <Text size="sm">
        <Trans>
          Created {createdAt} by {creator}
        </Trans>
      </Text>
      <Text size="sm">
        {token.expiresAt === null ? (
          <Trans>Never expires</Trans>
        ) : expired ? (
          <Trans>Expired {formatDate(token.expiresAt)}</Trans>
        ) : (
          <Trans>Expires {formatDate(token.expiresAt)}</Trans>
        )}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {lastUsedAt ? (
          <Trans>
            Last used {lastUsedAt} from {lastUsedFrom}
          </Trans>
        ) : (
          <Trans>Never used</Trans>
        )}
      </Text>
      {token.revokedAt && (
        <Text size="sm">
          <Trans>Revoked {formatDateTime(token.revokedAt)}</Trans>
        </Text>
      )}
    </TokenCard>
  );
}

/** Below Mantine's `sm`: the create form takes the whole screen. */
const PHONE_QUERY = '(max-width: 47.99em)';

const EXPIRY_CHOICES: readonly ApiTokenExpiry[] = [30, 90, 365, null];

/** Name the token, choose its scopes and expiry, create it, then show it this once with a copy button. */
function CreateTokenModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<ApiTokenExpiry>(DEFAULT_API_TOKEN_EXPIRY);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const expiryLabel = (days: ApiTokenExpiry) => (days === null ? t`Never` : t`In ${days} days`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ApiTokenInput.safeParse({ name, scopes, expiresInDays: expiry });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        name: fields.has('name') ? t`Name the token after the system that will use it` : undefined,
        scopes: fields.has('scopes') ? t`Choose at least one scope` : undefined,
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (failure) =>
        setErrors(
          isApiError(failure)
            ? {
                name: failure.fields.name && text(failure.fields.name),
                scopes: failure.fields.scopes && text(failure.fields.scopes),
                form: text(failure.message),
              }
            : { form: t`Failed to create the token` },
        ),
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? t`Copy the token now` : t`Create token`}
      centered
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {created ? (
        <SecretShownOnce label={t`Token for ${created.name}`} secret={created.token} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t`Name`}
              description={t`The system that will use it, such as the BI warehouse`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              required
              data-autofocus
            />
            <ScopePicker value={scopes} onChange={setScopes} error={errors.scopes} />
            <Radio.Group
              label={t`Expires`}
              value={String(expiry)}
              onChange={(value) => setExpiry(value === 'null' ? null : (Number(value) as ApiTokenExpiry))}
            >
              <Group gap="md" mt={4}>
                {EXPIRY_CHOICES.map((days) => (
                  <Radio key={String(days)} value={String(days)} label={expiryLabel(days)} />
                ))}
              </Group>
            </Radio.Group>
            {errors.form && !errors.name && !errors.scopes && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
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
