import { ROLES, type Role } from '@brigade/core/roles';
import { type IdentityProvider, IdentityProviderInput } from '@brigade/core/schemas/sso';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconBuildingSkyscraper, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useDeleteIdentityProvider } from './api/delete-identity-provider';
import { useIdentityProviders } from './api/get-identity-providers';
import { useSaveIdentityProvider } from './api/save-identity-provider';

/**
 * Single Sign-On (issue 36, hq): the OpenID Connect providers people sign in with, such
 * as Microsoft Entra ID. The OIDC_* one is shown, not editable; hq adds more here.
 */
export function IdentityProvidersPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Single Sign-On · Brigade`);
  const providers = useIdentityProviders();
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);

  return (
    <Stack>
      <PageHeader
        title={t`Single Sign-On`}
        subtitle={t`Let people sign in with their organisation's account, such as Microsoft Entra ID.`}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            <Trans>Add provider</Trans>
          </Button>
        }
      />
      {providers.isPending ? (
        <Skeleton height={120} role="status" aria-busy="true" aria-label={t`Loading identity providers`} />
      ) : providers.isError ? (
        <LoadError
          message={t`Failed to load the identity providers`}
          onRetry={() => void providers.refetch()}
          retrying={providers.isFetching}
        />
      ) : providers.data.length === 0 ? (
        <EmptyList
          title={t`No identity providers yet`}
          description={t`Add one to show a "Sign in with …" button on Sign In.`}
          icon={<IconBuildingSkyscraper aria-hidden />}
        />
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Identity providers`}>
          {providers.data.map((provider) => (
            <ProviderCard key={provider.id} provider={provider} onEdit={() => setEditing(provider)} />
          ))}
        </Stack>
      )}
      {editing && <ProviderModal provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function ProviderCard({ provider, onEdit }: { provider: IdentityProvider; onEdit: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteIdentityProvider();
  const { text } = useCoreText();
  const askRemove = () =>
    confirmDelete({
      title: t`Remove identity provider`,
      message: t`Remove "${provider.name}"? Its button leaves Sign In. People linked to it keep their accounts and can sign in another way.`,
      confirmLabel: t`Remove`,
      onConfirm: () =>
        remove.mutate(provider.id, {
          onSuccess: () => toasts.show({ color: 'green', message: t`"${provider.name}" removed` }),
          onError: (error) =>
            toasts.show({
              color: 'red',
              message: isApiError(error) ? text(error.message) : t`Failed to remove the identity provider`,
            }),
        }),
    });

  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-label={provider.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {provider.name}
            </Title>
            {provider.enabled ? (
              <Badge variant="dot" color="green.8" c="dark.7" tt="none">
                <Trans>Enabled</Trans>
              </Badge>
            ) : (
              <Badge variant="dot" color="gray.6" c="dark.7" tt="none">
                <Trans>Disabled</Trans>
              </Badge>
            )}
            {provider.fromEnvironment && (
              <Badge variant="dot" color="blue.8" c="dark.7" tt="none">
                <Trans>Set by OIDC_* variables</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Trans>Issuer:</Trans> {provider.issuer}
          </Text>
          <Text size="sm">
            <Trans>Email domains:</Trans> {provider.allowedDomains.join(', ')}
          </Text>
          <Text size="sm">
            {provider.jit ? (
              <Trans>New people get an account at their first sign-in (staff, no restaurant).</Trans>
            ) : (
              <Trans>Only people who already have an account can sign in.</Trans>
            )}{' '}
            {provider.passwordSignIn ? (
              <Trans>Password sign-in stays on.</Trans>
            ) : (
              <Trans>Password sign-in is off for these domains.</Trans>
            )}
          </Text>
          {provider.groupRoles.length > 0 && (
            <Text size="sm">
              <Trans>Roles from groups:</Trans>{' '}
              {provider.groupRoles.map((mapping) => `${mapping.group} → ${mapping.role}`).join(', ')}
            </Text>
          )}
          <RedirectUri value={provider.redirectUri} />
        </Stack>
        {!provider.fromEnvironment && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit} aria-label={t`Edit ${provider.name}`}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              variant="default"
              color="red"
              size="xs"
              onClick={askRemove}
              loading={remove.isPending}
              aria-label={t`Remove ${provider.name}`}
            >
              <Trans>Remove</Trans>
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function RedirectUri({ value }: { value: string }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        <Trans>Redirect URI to register:</Trans>
      </Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t`Copied` : t`Copy`}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

interface FormState {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  jit: boolean;
  groupRoles: { group: string; role: Role }[];
  passwordSignIn: boolean;
  enabled: boolean;
}

const blank: FormState = {
  name: 'Microsoft',
  issuer: '',
  clientId: '',
  clientSecret: '',
  allowedDomains: [],
  jit: false,
  groupRoles: [],
  passwordSignIn: true,
  enabled: true,
};

function ProviderModal({ provider, onClose }: { provider: IdentityProvider | null; onClose: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const save = useSaveIdentityProvider();
  const [form, setForm] = useState<FormState>(
    provider ? { ...provider, groupRoles: provider.groupRoles, clientSecret: '' } : blank,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const roleLabels: Record<Role, string> = { staff: t`Staff`, manager: t`Manager`, hq: t`Head office` };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...form, clientSecret: form.clientSecret || undefined };
    const parsed = IdentityProviderInput.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ||= issue.message;
      }
    }
    if (!provider && !form.clientSecret.trim()) found.clientSecret = t`Client secret is required`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    save.mutate(
      { id: provider?.id, input },
      {
        onSuccess: (saved) => {
          toasts.show({ color: 'green', message: t`"${saved.name}" saved` });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          setFailure(isApiError(error) ? text(error.message) : t`Failed to save the identity provider`);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={provider ? t`Edit identity provider` : t`Add identity provider`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 600}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t`Display name`}
            description={t`Shown on Sign In as "Sign in with …"`}
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name && text(errors.name)}
            required
          />
          <TextInput
            label={t`Issuer URL`}
            description={t`For Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0`}
            value={form.issuer}
            onChange={(event) => set('issuer', event.currentTarget.value)}
            error={errors.issuer && text(errors.issuer)}
            required
          />
          <TextInput
            label={t`Client ID`}
            description={t`The application (client) ID of the app registration`}
            value={form.clientId}
            onChange={(event) => set('clientId', event.currentTarget.value)}
            error={errors.clientId && text(errors.clientId)}
            required
          />
          <PasswordField
            label={t`Client secret`}
            description={
              provider?.hasSecret
                ? t`Stored and never shown. Leave blank to keep it; type a new one to replace it.`
                : t`Stored encrypted and never shown again.`
            }
            autoComplete="new-password"
            value={form.clientSecret}
            onChange={(event) => set('clientSecret', event.currentTarget.value)}
            error={errors.clientSecret && text(errors.clientSecret)}
            required={!provider}
          />
          <TagsInput
            label={t`Allowed email domains`}
            description={t`Press Enter after each domain, such as example.com`}
            value={form.allowedDomains}
            onChange={(value) => set('allowedDomains', value)}
            error={errors.allowedDomains && text(errors.allowedDomains)}
            required
          />
          <Switch
            label={t`Create an account at first sign-in (staff, no restaurant)`}
            checked={form.jit}
            onChange={(event) => set('jit', event.currentTarget.checked)}
          />
          <Switch
            label={t`Allow password sign-in for these domains`}
            checked={form.passwordSignIn}
            onChange={(event) => set('passwordSignIn', event.currentTarget.checked)}
          />
          <Switch
            label={t`Enabled (shown on Sign In)`}
            checked={form.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm">
              <Trans>Roles from groups</Trans>
            </Text>
            <Text size="xs" c="gray.7">
              <Trans>
                Optional. With a mapping, the role follows the groups the provider sends at each sign-in (the highest
                wins; staff when none matches).
              </Trans>
            </Text>
            {form.groupRoles.map((mapping, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
              <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={t`Group ID`}
                  value={mapping.group}
                  style={{ flex: 1 }}
                  onChange={(event) => {
                    const group = event.currentTarget.value;
                    set(
                      'groupRoles',
                      form.groupRoles.map((row, at) => (at === index ? { ...row, group } : row)),
                    );
                  }}
                />
                <Select
                  label={t`Role`}
                  data={ROLES.map((role) => ({ value: role, label: roleLabels[role] }))}
                  value={mapping.role}
                  allowDeselect={false}
                  w={150}
                  onChange={(role) =>
                    set(
                      'groupRoles',
                      form.groupRoles.map((row, at) =>
                        at === index ? { ...row, role: (role ?? 'staff') as Role } : row,
                      ),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t`Remove this group`}
                  onClick={() =>
                    set(
                      'groupRoles',
                      form.groupRoles.filter((_, at) => at !== index),
                    )
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.groupRoles && (
              <Text c="red.8" size="sm">
                {text(errors.groupRoles)}
              </Text>
            )}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => set('groupRoles', [...form.groupRoles, { group: '', role: 'manager' }])}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Add a group</Trans>
            </Button>
          </Stack>
          {provider && <RedirectUri value={provider.redirectUri} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
