import { ackMessages } from '@brigade/core/messages';
import { Trans } from '@lingui/react/macro';
import { Alert, Box, Button, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useCoreText } from '../../lib/i18n';
import { usePinnedAnnouncements } from './api/get-pinned-announcements';

/** The cards, with the outbox behind their button: loaded once there is a card to draw (decision 053). */
const PinnedCard = lazy(() =>
  import('./pinned-announcement-card').then((module) => ({ default: module.PinnedAnnouncementCard })),
);

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
    // The section shows with its cards, not its heading alone while their code comes.
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
