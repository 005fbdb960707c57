import type { TodayEntry } from '@brigade/core/schemas/checklists';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ChecklistStateBadge } from '../../components/checklist-state-badge';
import { LoadError } from '../../components/load-error';
import { useChecklistToday } from '../../lib/api/get-checklist-today';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';

/**
 * The top of the staff and manager dashboards (issue 33): the selected restaurant's
 * checklists that are open now or missed today, each linking to its record, and a link
 * to Today. Nothing is drawn while there are none (or while they load).
 */
export function ChecklistsToDoPanel() {
  const { t } = useLingui();
  const headingId = useId();
  const { selectedRestaurant } = useSelectedRestaurant();
  const today = useChecklistToday(selectedRestaurant?.id ?? null);
  if (!selectedRestaurant || today.isPending) return null;
  if (today.isError) {
    return (
      <Box mb="md">
        <LoadError
          message={t`Today's checklists could not be loaded.`}
          onRetry={() => void today.refetch()}
          retrying={today.isFetching}
        />
      </Box>
    );
  }
  const entries = today.data.entries.filter((entry) => entry.state === 'open' || entry.state === 'missed');
  if (entries.length === 0) return null;
  const open = entries.filter((entry) => entry.state === 'open');
  const missed = entries.filter((entry) => entry.state === 'missed');
  return (
    <Paper component="section" withBorder p="md" mb="md" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Checklists to do</Trans>
        </Title>
        <Anchor component={Link} to="/today" size="sm" fw={600}>
          <Group gap={4} wrap="nowrap" component="span">
            <Trans>All of today</Trans>
            <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {[...open, ...missed].map((entry) => (
          <ToDoRow key={entry.runId} entry={entry} />
        ))}
      </Stack>
    </Paper>
  );
}

function ToDoRow({ entry }: { entry: TodayEntry }) {
  const answered = entry.answered;
  const total = entry.itemCount;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/checklists/${entry.runId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {entry.checklist.name}
        </Anchor>
        <Text size="sm" c="gray.7">
          {entry.start}–{entry.end} ·{' '}
          <Trans>
            {answered} of {total}
          </Trans>
        </Text>
      </Stack>
      <ChecklistStateBadge state={entry.state} size="sm" />
    </Group>
  );
}
