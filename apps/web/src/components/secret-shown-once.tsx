import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A secret Brigade keeps only a fingerprint of (a SCIM or API token), in the one answer
 * that carries it: a warning, the secret selected on focus, Copy and Done.
 */
export function SecretShownOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
        <Trans>This is the only time the token is shown. Brigade keeps only a fingerprint of it.</Trans>
      </Alert>
      <TextInput label={label} value={secret} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t`Copied` : t`Copy token`}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
