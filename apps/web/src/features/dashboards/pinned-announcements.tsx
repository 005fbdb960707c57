import { ackMessages } from '@brigade/core/messages';
import type { PinnedAnnouncement } from '@brigade/core/schemas/announcements';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPinFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { useAcknowledgeAnnouncement, useWaitingAcknowledgement } from '../../lib/api/acknowledge-announcement';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { usePinnedAnnouncements } from './api/get-pinned-announcements';
import classes from './dashboard-card.module.css';

/**
 * Every dashboard's pinned cards (issue 20): the announcements addressed to the signed-in
 * person that ask for an acknowledgement they have not given (for the current version),
 * each with "I have read this". Nothing is drawn while there are none.
 */
export function PinnedAnnouncements() {
  const { text } = useCoreText();
  const headingId = useId();
  const pinned = usePinnedAnnouncements();
  if (pinned.isPending) return null;
  if (pinned.isError) {
    return (
      <Alert color="red" role="alert" title={text(ackMessages.pinnedLoadFailed)} mb="md">
        <Button size="xs" variant="default" onClick={() => void pinned.refetch()} loading={pinned.isFetching}>
          <Trans>Retry</Trans>
        </Button>
      </Alert>
    );
  }
  if (pinned.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} mb="md">
      <Title order={2} fz="lg" id={headingId} mb="xs">
        <Trans>Please acknowledge</Trans>
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {pinned.data.map((announcement) => (
          <PinnedCard key={`${announcement.id}:${announcement.ackVersion}`} announcement={announcement} />
        ))}
      </Stack>
    </Box>
  );
}

function PinnedCard({ announcement }: { announcement: PinnedAnnouncement }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const titleId = useId();
  const waiting = useWaitingAcknowledgement(announcement.id);
  const acknowledge = useAcknowledgeAnnouncement({
    onSuccess: (acknowledgement) => {
      // Offline it waits in the outbox, and the card says so instead of the button.
      if (acknowledgement) notifications.show({ color: 'green', message: text(ackMessages.acknowledged) });
    },
    onError: () => notifications.show({ color: 'red', message: text(ackMessages.acknowledgeFailed) }),
  });
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={titleId} bg="yellow.0">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconPinFilled size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Title order={3} fz="md" lh={1.35} id={titleId} className={classes.multiline}>
            <Anchor component={Link} to={`/announcements/${announcement.id}`} inherit c="inherit">
              {announcement.title}
            </Anchor>
          </Title>
          {announcement.ackVersion > 1 && (
            <Badge variant="dot" color="orange.7" c="dark.7" tt="none" style={{ flexShrink: 0 }}>
              <Trans>Updated</Trans>
            </Badge>
          )}
        </Group>
        <Text size="xs" c="gray.7">
          {formatDate(announcement.createdAt)}
        </Text>
        <Spoiler maxHeight={110} showLabel={t`Show more`} hideLabel={t`Show less`} transitionDuration={0}>
          <Text size="sm" className={classes.multiline}>
            {announcement.description}
          </Text>
        </Spoiler>
        {waiting ? (
          <OutboxItemStatus item={waiting} what={t`Your acknowledgement`} />
        ) : (
          <Group>
            <Button
              size="sm"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={acknowledge.isPending}
              onClick={() => acknowledge.mutate({ id: announcement.id, title: announcement.title })}
              aria-describedby={titleId}
            >
              {text(ackMessages.iHaveReadThis)}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
