import type { DemoEmail } from '@brigade/core/schemas/demo-emails';
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconMailOff } from '@tabler/icons-react';
import { DataList } from '../../components/data-list/data-list';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format-date';
import { useDemoEmailStatus } from './api/get-demo-email-status';
import { useDemoEmails } from './api/get-demo-emails';
import { EmailText } from './email-text';

/**
 * /demo-emails (hq, issue 35): in `npm run demo`, the emails the server caught instead
 * of sending (reset links, notifications), newest first; open one to read it and follow
 * its links. Anywhere else the page says the capture is off.
 */
export function DemoEmailsPage() {
  const { t } = useLingui();
  const status = useDemoEmailStatus();
  const on = status.data?.on === true;
  const emails = useDemoEmails({ enabled: on });

  return (
    <>
      <PageHeader
        title={t`Demo Emails`}
        subtitle={t`In the demo, emails are caught here instead of being sent. The newest comes first.`}
      />
      {status.isError ? (
        <LoadError
          message={t`Failed to load the demo emails`}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : status.data && !on ? (
        <EmptyList
          title={t`Demo emails are off`}
          description={t`Only the demo (npm run demo) catches emails, and only while SMTP_URL is not set.`}
          icon={<IconMailOff size={28} aria-hidden />}
        />
      ) : (
        <DataList
          query={emails}
          rowKey={(email) => email.id}
          renderRows={(rows) => <EmailList emails={rows} />}
          showTable={false}
          labels={{ loading: t`Loading demo emails`, loadFailed: t`Failed to load the demo emails` }}
          empty={{
            title: t`No emails yet`,
            description: t`Ask for a reset link with Forgot password? on Sign In (in another browser or a private window): it shows up here.`,
            icon: <IconMail size={28} aria-hidden />,
          }}
        />
      )}
    </>
  );
}

/** One row per email (to, subject, time); a row opens to the whole text. */
function EmailList({ emails }: { emails: readonly DemoEmail[] }) {
  const { t } = useLingui();
  return (
    <Paper withBorder>
      <Accordion aria-label={t`Caught emails`} chevronPosition="right" variant="default">
        {emails.map((email) => (
          <Accordion.Item key={email.id} value={email.id}>
            <Accordion.Control>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {email.subject || t`(no subject)`}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    <Trans>To: {email.to.join(', ')}</Trans>
                  </Text>
                  <Text size="xs" c="gray.7">
                    <time dateTime={email.receivedAt}>{formatDateTime(email.receivedAt)}</time>
                  </Text>
                </Group>
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  <Trans>From: {email.from}</Trans>
                </Text>
                <EmailText text={email.text} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Paper>
  );
}
