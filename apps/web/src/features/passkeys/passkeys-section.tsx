import { messages } from '@brigade/core/messages';
import { PASSKEY_NAME_MAX, type Passkey } from '@brigade/core/schemas/passkeys';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import { LoadError } from '../../components/load-error';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useAddPasskey } from './api/add-passkey';
import { usePasskeys } from './api/list-passkeys';
import { useRemovePasskey } from './api/remove-passkey';
import { useRenamePasskey } from './api/rename-passkey';
import { browserHasPasskeys } from './passkey-sign-in-button';

const SECTION_WIDTH = 640;

export const passkeyMessages = {
  heading: msg`Passkeys`,
  intro: msg`Sign in with your phone's or computer's screen lock, or a security key, instead of your password. A passkey works only on this site and cannot be phished.`,
  unsupported: msg`This browser cannot use passkeys.`,
  loadFailed: msg`Failed to load your passkeys`,
  cancelled: msg`No passkey was added. The browser's dialog was closed or timed out.`,
  addFailed: msg`Failed to add the passkey`,
  renameFailed: msg`Failed to rename the passkey`,
  removeFailed: msg`Failed to remove the passkey`,
};

/**
 * Profile's "Passkeys" (issue 36): my passkeys (name, added, last used), adding one with
 * a name, renaming, and removing one after a confirmation.
 */
export function PasskeysSection() {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const passkeys = usePasskeys();

  return (
    <Paper component="section" withBorder p="lg" maw={SECTION_WIDTH} mt="lg" aria-labelledby={headingId}>
      <Stack>
        <div>
          <Title order={2} size="h3" id={headingId}>
            {i18n._(passkeyMessages.heading)}
          </Title>
          <Text size="sm" c="gray.7">
            {i18n._(passkeyMessages.intro)}
          </Text>
        </div>
        {passkeys.isPending ? (
          <Skeleton height={56} role="status" aria-busy="true" aria-label={t`Loading passkeys`} />
        ) : passkeys.isError ? (
          <LoadError
            message={i18n._(passkeyMessages.loadFailed)}
            onRetry={() => void passkeys.refetch()}
            retrying={passkeys.isFetching}
          />
        ) : passkeys.data.items.length === 0 ? (
          <Text size="sm">
            <Trans>You have no passkeys yet.</Trans>
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`My passkeys`}>
            {passkeys.data.items.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </Stack>
        )}
        {browserHasPasskeys() ? (
          <AddPasskeyForm />
        ) : (
          <Alert color="gray" role="note">
            {i18n._(passkeyMessages.unsupported)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Why adding failed, in words: the browser's dialog closed is not the server's refusal. */
function useFailureText() {
  const { i18n } = useLingui();
  const { text } = useCoreText();
  return (error: unknown, fallback: (typeof passkeyMessages)[keyof typeof passkeyMessages]) => {
    if (isApiError(error)) return text(error.message) || i18n._(fallback);
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
      return i18n._(passkeyMessages.cancelled);
    if (error instanceof Error && error.name === 'InvalidStateError') return text(messages.passkeyAlreadyAdded);
    return i18n._(fallback);
  };
}

function AddPasskeyForm() {
  const { t } = useLingui();
  const add = useAddPasskey();
  const failureText = useFailureText();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t`Name the passkey, such as "Work laptop"`);
      return;
    }
    setError(null);
    add.mutate(trimmed, {
      onSuccess: (added) => {
        setName('');
        toasts.show({ color: 'green', message: t`Passkey "${added.name}" added` });
      },
      onError: (failure) => setError(failureText(failure, passkeyMessages.addFailed)),
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t`Passkey name`}
          description={t`Where it lives, so you can tell your passkeys apart`}
          placeholder={t`Work laptop`}
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" leftSection={<IconKey size={18} aria-hidden />} loading={add.isPending}>
          <Trans>Add a passkey</Trans>
        </Button>
      </Group>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useLingui();
  const remove = useRemovePasskey();
  const failureText = useFailureText();
  const [renaming, setRenaming] = useState(false);

  const askRemove = () =>
    confirmDelete({
      title: t`Remove passkey`,
      message: t`Remove the passkey "${passkey.name}"? It will no longer sign you in. You can also delete it from the device or password manager that keeps it.`,
      confirmLabel: t`Remove`,
      onConfirm: () =>
        remove.mutate(passkey.id, {
          onSuccess: () => toasts.show({ color: 'green', message: t`Passkey "${passkey.name}" removed` }),
          onError: (error) => toasts.show({ color: 'red', message: failureText(error, passkeyMessages.removeFailed) }),
        }),
    });

  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {passkey.name}
            </Text>
            {passkey.backedUp && (
              <Badge variant="light" color="gray" size="sm">
                <Trans>Synced</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            <Trans>Added {formatDateTime(passkey.createdAt)}</Trans>
            {' · '}
            {passkey.lastUsedAt ? (
              <Trans>Last used {formatDateTime(passkey.lastUsedAt)}</Trans>
            ) : (
              <Trans>Not used yet</Trans>
            )}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setRenaming(true)} aria-label={t`Rename ${passkey.name}`}>
            <Trans>Rename</Trans>
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            onClick={askRemove}
            loading={remove.isPending}
            aria-label={t`Remove ${passkey.name}`}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Group>
      {renaming && <RenameModal passkey={passkey} onClose={() => setRenaming(false)} />}
    </Paper>
  );
}

function RenameModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useLingui();
  const rename = useRenamePasskey();
  const failureText = useFailureText();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t`Name the passkey, such as "Work laptop"`);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: () => {
          toasts.show({ color: 'green', message: t`Passkey renamed` });
          onClose();
        },
        onError: (failure) => setError(failureText(failure, passkeyMessages.renameFailed)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t`Rename passkey`} centered closeButtonProps={{ 'aria-label': t`Close` }}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            label={t`Passkey name`}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            data-autofocus
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={rename.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
