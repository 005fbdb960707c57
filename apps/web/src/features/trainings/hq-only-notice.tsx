import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCoreText } from '../../lib/i18n';

/** What managers and staff see at /trainings/add and /trainings/{id}/edit instead of the form. */
export function HqOnlyNotice() {
  const { t } = useLingui();
  const { text } = useCoreText();
  return (
    <Stack align="flex-start" maw={640}>
      <Alert
        color="yellow"
        icon={<IconLock aria-hidden />}
        w="100%"
        role="alert"
        title={t`Not allowed`}
        // Yellow on the light yellow fill is 2:1; the title reads in the text colour (axe, issue 31).
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {text(messages.trainingsHqOnly)}
      </Alert>
      <Button component={Link} to="/trainings" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        <Trans>Back to Trainings</Trans>
      </Button>
    </Stack>
  );
}
