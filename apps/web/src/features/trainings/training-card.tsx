import type { TrainingSummary } from '@brigade/core/schemas/trainings';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconListCheck, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './training-card.module.css';

interface TrainingCardProps {
  training: TrainingSummary;
  /** hq: Edit Training and the take-quiz shortcut. */
  canManage: boolean;
}

/**
 * One training in the list: the title is a link to /trainings/{id} that covers the whole
 * card, so a click anywhere (or Enter on the focused title) opens it.
 */
export function TrainingCard({ training, canManage }: TrainingCardProps) {
  const { t } = useLingui();
  const { title, videoCount } = training;
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card}>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Title order={2} fz="lg" lh={1.3}>
          <Link to={`/trainings/${training.id}`} className={classes.titleLink}>
            {training.title}
          </Link>
        </Title>
        {training.description && (
          <Text size="sm" c="gray.7" lineClamp={3}>
            {training.description}
          </Text>
        )}
        {training.categories.length > 0 && (
          <Group gap={6} aria-label={t`Categories`} role="list">
            {training.categories.map((category) => (
              <Badge key={category.id} variant="light" color="indigo" c="indigo.9" tt="none" role="listitem">
                {category.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="sm" mt="auto">
          <Group gap={4} c="gray.7">
            <IconVideo size={16} aria-hidden />
            <Text size="sm">
              <Plural value={videoCount} one="# video" other="# videos" />
            </Text>
          </Group>
          {training.quizId && (
            <Badge
              variant="outline"
              color="teal.9"
              c="teal.9"
              tt="none"
              leftSection={<IconListCheck size={12} aria-hidden />}
            >
              <Trans>Quiz</Trans>
            </Badge>
          )}
        </Group>
        {canManage && (
          <Group gap="xs" className={classes.actions}>
            <Button
              component={Link}
              to={`/trainings/${training.id}/edit`}
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              aria-label={t`Edit Training ${title}`}
            >
              <Trans>Edit Training</Trans>
            </Button>
            {training.quizId && (
              <Button
                component={Link}
                to={`/trainings/${training.id}/take-quiz`}
                size="xs"
                variant="light"
                leftSection={<IconListCheck size={14} aria-hidden />}
                aria-label={t`Take Quiz ${title}`}
              >
                <Trans>Take Quiz</Trans>
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
