import type { AssignmentCard } from '@brigade/core/schemas/assignments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date';
import { AssignmentStatusBadge, OverdueBadge, QuizResultBadge } from './assignment-badges';

interface AssignmentDetailsProps {
  assignment: AssignmentCard;
  titleOrder: 2 | 3;
  /** Under the facts: progress, buttons. */
  children?: ReactNode;
}

/**
 * What every list of assignments shows (core §2 "Training assignment"): the training's
 * title, status, Overdue, the latest quiz result, description, categories and dates.
 */
export function AssignmentDetails({ assignment, titleOrder, children }: AssignmentDetailsProps) {
  const { t } = useLingui();
  const { training, source } = assignment;
  const completedOn = assignment.completedAt ? formatDate(assignment.completedAt) : null;
  const assignedOn = formatDate(assignment.assignedAt);
  const dueOn = assignment.dueAt && !assignment.completedAt ? formatDate(assignment.dueAt) : null;
  return (
    <Stack gap="xs" h="100%">
      <Title order={titleOrder} fz="md" lh={1.35}>
        {training.title}
      </Title>
      <Group gap={6}>
        <AssignmentStatusBadge completed={assignment.completedAt !== null} />
        {assignment.overdue && <OverdueBadge />}
        {assignment.hasQuiz && <QuizResultBadge attempt={assignment.latestAttempt} />}
      </Group>
      {training.description && (
        <Text size="sm" c="gray.7" lineClamp={3}>
          {training.description}
        </Text>
      )}
      {training.categories.length > 0 && (
        <Group gap={6} aria-label={t`Categories`} role="list">
          {training.categories.map((category) => (
            <Badge key={category.id} variant="outline" color="indigo" c="indigo.9" tt="none" role="listitem">
              {category.name}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="xs" c="gray.7">
        {completedOn ? t`Completed ${completedOn}` : t`Assigned ${assignedOn}`}
        {dueOn ? ` · ${t`Due ${dueOn}`}` : ''}
      </Text>
      {source && (
        // The finding that caused it (issue 20: findings that train).
        <Text size="xs" c="gray.7">
          <SourceLine
            auditPath={`/audits/${source.auditId}`}
            auditedOn={formatDate(source.auditedAt)}
            restaurant={source.restaurantName}
            item={source.itemText}
          />
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** "From audit of {day} ({restaurant}): {item}", the audit a link; one sentence to translate. */
function SourceLine({
  auditPath,
  auditedOn,
  restaurant,
  item,
}: {
  auditPath: string;
  auditedOn: string;
  restaurant: string;
  item: string;
}) {
  return (
    <Trans>
      <Anchor component={Link} to={auditPath} size="xs">
        From audit of {auditedOn} ({restaurant})
      </Anchor>
      : {item}
    </Trans>
  );
}
