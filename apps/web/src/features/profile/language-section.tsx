import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LanguageSelect } from '../../components/language-select';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { useUpdateLanguage } from './api/update-language';

/**
 * Profile's language (issue 22): saved as soon as it is chosen, and the whole app
 * switches at once; "Same as my browser" follows the browser's languages.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const update = useUpdateLanguage();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-language-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-language-title">
          <Trans>Language</Trans>
        </Title>
        <Text size="sm" c="gray.8">
          <Trans>Brigade's screens and messages are shown in this language.</Trans>
        </Text>
        <LanguageSelect
          browserChoice
          value={me.language}
          disabled={update.isPending}
          onChange={(language) =>
            update.mutate(language, {
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: t`Failed to save your language`,
                  message: text(error.message),
                }),
            })
          }
        />
      </Stack>
    </Paper>
  );
}
