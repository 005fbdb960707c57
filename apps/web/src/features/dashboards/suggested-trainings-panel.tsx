import { SUGGESTED_TRAINING_DUE_DAYS } from '@brigade/core/notification-kinds';
import type { TrainingSuggestion } from '@brigade/core/schemas/training-suggestions';
import { MARK_LABELS } from '@brigade/core/scoring';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSchool } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { formatDate } from '../../lib/format-date';
import { useAssignTrainingSuggestion } from './api/assign-training-suggestion';
import { useDismissTrainingSuggestion } from './api/dismiss-training-suggestion';
import { useTrainingSuggestions } from './api/get-training-suggestions';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

/**
 * "Suggested trainings" (issue 20: findings that train): open suggestions made by Bad or
 * Needs improvement findings on items that name a training. One click assigns the
 * training to the restaurant's staff (due in 7 days, those who have it skipped); Dismiss
 * closes it. A manager sees their selected restaurant's; hq every restaurant's.
 */
export function SuggestedTrainingsPanel({ restaurantId }: { restaurantId: string | null }) {
  const headingId = useId();
  const suggestions = useTrainingSuggestions(restaurantId);
  const page = suggestions.data;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          Suggested trainings
        </Title>
        <Text size="sm" c="gray.7">
          {page ? `${page.total} open · from audit findings` : 'Trainings that audit findings suggest for the staff'}
        </Text>
      </Stack>
      {suggestions.isError ? (
        <LoadError
          message="Suggested trainings could not be loaded."
          onRetry={() => void suggestions.refetch()}
          retrying={suggestions.isFetching}
        />
      ) : !page ? (
        <ListSkeleton rows={2} height={40} />
      ) : page.items.length === 0 ? (
        <EmptyList
          title="No suggested trainings"
          description="When an audit finds an item Bad or Needs improvement and that item names a training, it is suggested here."
          icon={<IconSchool size={28} aria-hidden />}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {page.items.map((suggestion) => (
            <SuggestionRow key={suggestion.id} suggestion={suggestion} showRestaurant={!restaurantId} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function SuggestionRow({ suggestion, showRestaurant }: { suggestion: TrainingSuggestion; showRestaurant: boolean }) {
  const assign = useAssignTrainingSuggestion();
  const dismiss = useDismissTrainingSuggestion();
  const busy = assign.isPending || dismiss.isPending;
  const title = suggestion.training.title;

  function onAssign() {
    assign.mutate(suggestion.id, {
      onSuccess: ({ created, skipped }) =>
        notifications.show({
          color: 'green',
          message: `${title} assigned to ${created} staff member${created === 1 ? '' : 's'}${skipped ? ` (${skipped} already had it)` : ''}, due in ${SUGGESTED_TRAINING_DUE_DAYS} days`,
        }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  function onDismiss() {
    dismiss.mutate(suggestion.id, {
      onSuccess: () => notifications.show({ message: `Suggestion of ${title} dismissed` }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <li className={classes.item}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {title}
            </Text>
            <Text size="xs" c="gray.7">
              <Anchor component={Link} to={`/audits/${suggestion.audit.id}`} size="xs">
                Audit of {formatDate(suggestion.audit.auditedAt)}
              </Anchor>
              {showRestaurant ? ` · ${suggestion.restaurant.name}` : ''}: {suggestion.itemText}
            </Text>
          </Stack>
          <Badge
            color={suggestion.mark === 'bad' ? 'red.9' : 'yellow.4'}
            variant="filled"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {MARK_LABELS[suggestion.mark]}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={onAssign}
            loading={assign.isPending}
            disabled={busy}
            aria-label={`Assign ${title} to staff`}
          >
            Assign to staff
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDismiss}
            loading={dismiss.isPending}
            disabled={busy}
            aria-label={`Dismiss ${title}`}
          >
            Dismiss
          </Button>
        </Group>
      </Stack>
    </li>
  );
}
