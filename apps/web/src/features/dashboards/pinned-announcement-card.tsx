import { ackMessages } from '@brigade/core/messages';
import type { PinnedAnnouncement } from '@brigade/core/schemas/announcements';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPinFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { useAcknowledgeAnnouncement, useWaitingAcknowledgement } from '../../lib/api/acknowledge-announcement';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';

/**
 * One pinned announcement with "I have read this" (issue 20). Acknowledging goes through
 * the outbox (Dexie), so this card is a chunk of its own that the dashboards load only when
 * there is something to acknowledge, not before they draw (decision 053).
 */
export function PinnedAnnouncementCard({ announcement }: { announcement: PinnedAnnouncement }) {
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
