import { SUGGESTED_TRAINING_DUE_DAYS } from '@brigade/core/notification-kinds';
import type { TrainingSuggestion } from '@brigade/core/schemas/training-suggestions';
import { MARK_LABELS } from '@brigade/core/scoring';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSchool } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
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
  const { t } = useLingui();
  const headingId = useId();
  const suggestions = useTrainingSuggestions(restaurantId);
  const page = suggestions.data;
  const open = page?.total ?? 0;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Suggested trainings</Trans>
        </Title>
        <Text size="sm" c="gray.7">
          {page ? t`${open} open · from audit findings` : t`Trainings that audit findings suggest for the staff`}
        </Text>
      </Stack>
      {suggestions.isError ? (
        <LoadError
          message={t`Suggested trainings could not be loaded.`}
          onRetry={() => void suggestions.refetch()}
          retrying={suggestions.isFetching}
        />
      ) : !page ? (
        <ListSkeleton rows={2} height={40} />
      ) : page.items.length === 0 ? (
        <EmptyList
          title={t`No suggested trainings`}
          description={t`When an audit finds an item Bad or Needs improvement and that item names a training, it is suggested here.`}
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
  const { t } = useLingui();
  const { text } = useCoreText();
  const assign = useAssignTrainingSuggestion();
  const dismiss = useDismissTrainingSuggestion();
  const busy = assign.isPending || dismiss.isPending;
  const title = suggestion.training.title;
  const days = SUGGESTED_TRAINING_DUE_DAYS;
  const auditedOn = formatDate(suggestion.audit.auditedAt);
  const restaurant = suggestion.restaurant.name;
  const item = suggestion.itemText;
  const auditPath = `/audits/${suggestion.audit.id}`;

  function onAssign() {
    assign.mutate(suggestion.id, {
      onSuccess: ({ created, skipped }) =>
        notifications.show({
          color: 'green',
          message: skipped
            ? t({
                message: plural(created, {
                  one: `${title} assigned to # staff member (${skipped} already had it), due in ${days} days`,
                  other: `${title} assigned to # staff members (${skipped} already had it), due in ${days} days`,
                }),
              })
            : t({
                message: plural(created, {
                  one: `${title} assigned to # staff member, due in ${days} days`,
                  other: `${title} assigned to # staff members, due in ${days} days`,
                }),
              }),
        }),
      onError: (error) => notifications.show({ color: 'red', message: text(error.message) }),
    });
  }

  function onDismiss() {
    dismiss.mutate(suggestion.id, {
      onSuccess: () => notifications.show({ message: t`Suggestion of ${title} dismissed` }),
      onError: (error) => notifications.show({ color: 'red', message: text(error.message) }),
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
            {/* The link sits in grey text of nearly its lightness (1.44:1): underlined, it is told apart by more than colour (WCAG 1.4.1). */}
            <Text size="xs" c="gray.7">
              {showRestaurant ? (
                <Trans>
                  <Anchor component={Link} to={auditPath} size="xs" underline="always">
                    Audit of {auditedOn}
                  </Anchor>{' '}
                  · {restaurant}: {item}
                </Trans>
              ) : (
                <Trans>
                  <Anchor component={Link} to={auditPath} size="xs" underline="always">
                    Audit of {auditedOn}
                  </Anchor>
                  : {item}
                </Trans>
              )}
            </Text>
          </Stack>
          <Badge
            color={suggestion.mark === 'bad' ? 'red.9' : 'yellow.4'}
            variant="filled"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {text(MARK_LABELS[suggestion.mark])}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={onAssign}
            loading={assign.isPending}
            disabled={busy}
            aria-label={t`Assign ${title} to staff`}
          >
            <Trans>Assign to staff</Trans>
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDismiss}
            loading={dismiss.isPending}
            disabled={busy}
            aria-label={t`Dismiss ${title}`}
          >
            <Trans>Dismiss</Trans>
          </Button>
        </Group>
      </Stack>
    </li>
  );
}
