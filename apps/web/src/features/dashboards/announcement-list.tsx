import { messages } from '@brigade/core/messages';
import type { Announcement } from '@brigade/core/schemas/announcements';
import { useLingui } from '@lingui/react/macro';
import { Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyList } from '../../components/empty-list';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';

interface AnnouncementListProps {
  announcements: readonly Announcement[];
  /** The heading level of each title: one below the section's heading. */
  titleOrder?: 3 | 4;
  /** The empty state's second line; by default the spec's invitation to write one. */
  emptyHint?: string;
}

/**
 * Announcements as dashboards show them: title, the description as plain text with its
 * line breaks, who wrote it and when. React escapes the text, so markup shows as typed.
 */
export function AnnouncementList({ announcements, titleOrder = 3, emptyHint }: AnnouncementListProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  if (announcements.length === 0) {
    return (
      <EmptyList
        title={text(messages.noAnnouncements)}
        description={emptyHint ?? text(messages.noAnnouncementsHint)}
        icon={<IconSpeakerphone size={28} aria-hidden />}
      />
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {announcements.map((announcement) => (
        <li key={announcement.id} className={classes.item}>
          <Stack gap={4}>
            <Title order={titleOrder} fz="md" lh={1.35} className={classes.multiline}>
              {announcement.title}
            </Title>
            <Text size="xs" c="gray.7">
              {announcement.createdByName ?? text(messages.deletedUser)} · {formatDate(announcement.createdAt)}
            </Text>
            <Spoiler maxHeight={110} showLabel={t`Show more`} hideLabel={t`Show less`} transitionDuration={0}>
              <Text size="sm" className={classes.multiline}>
                {announcement.description}
              </Text>
            </Spoiler>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
