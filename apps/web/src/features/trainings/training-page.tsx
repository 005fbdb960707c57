import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import type { TrainingDetail } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconEdit, IconListCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { useTraining } from './api/get-training';
import { VideoPlayer } from './video-player';

const PAGE_WIDTH = 960;

/** /trainings/{id} (core §2 "Trainings"): the playlist, About this Training and Take Quiz. */
export function TrainingPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const training = useTraining(id);

  if (training.isPending) return <TrainingSkeleton />;
  if (!training.data) {
    // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
    const missing = isApiError(training.error) && [400, 404].includes(training.error.status);
    return (
      <>
        <PageHeader title={t`Training`} />
        {missing ? (
          <Stack align="flex-start" maw={640}>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
              {text(messages.trainingNotFound)}
            </Alert>
            <BackToTrainings />
          </Stack>
        ) : (
          <LoadError
            message={text(messages.trainingLoadFailed)}
            onRetry={() => void training.refetch()}
            retrying={training.isFetching}
          />
        )}
      </>
    );
  }
  return <TrainingView training={training.data} />;
}

function TrainingView({ training }: { training: TrainingDetail }) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const completed = Boolean(training.assignment?.completedAt);
  const aboutId = useId();

  return (
    <Stack maw={PAGE_WIDTH} gap="lg">
      <div>
        <PageHeader
          title={training.title}
          actions={
            <Group gap="xs">
              {completed && (
                <Badge
                  size="lg"
                  variant="filled"
                  color="#277c38"
                  tt="none"
                  leftSection={<IconCircleCheck size={14} aria-hidden />}
                >
                  <Trans>Completed</Trans>
                </Badge>
              )}
              {allows(me.role, 'trainings.manage') && (
                <Button
                  component={Link}
                  to={`/trainings/${training.id}/edit`}
                  variant="default"
                  leftSection={<IconEdit size={16} aria-hidden />}
                >
                  <Trans>Edit Training</Trans>
                </Button>
              )}
            </Group>
          }
        />
        {training.categories.length > 0 && (
          <Group gap={6} mt={-8} role="list" aria-label={t`Categories`}>
            {training.categories.map((category) => (
              <Badge key={category.id} variant="light" color="indigo" c="indigo.9" tt="none" role="listitem">
                {category.name}
              </Badge>
            ))}
          </Group>
        )}
      </div>

      <VideoPlayer key={training.id} trainingId={training.id} videos={training.videos} />

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={aboutId}>
        <Title order={2} fz="lg" id={aboutId} mb="xs">
          <Trans>About this Training</Trans>
        </Title>
        {training.description ? (
          <Text style={{ whiteSpace: 'pre-line' }}>{training.description}</Text>
        ) : (
          <Text c="gray.7">
            <Trans>No description.</Trans>
          </Text>
        )}
        {training.quiz && (
          <Group mt="lg" gap="sm">
            <Button
              component={Link}
              to={`/trainings/${training.id}/take-quiz`}
              leftSection={<IconListCheck size={18} aria-hidden />}
            >
              <Trans>Take Quiz</Trans>
            </Button>
            <Text size="sm" c="gray.7">
              {training.quiz.title}
            </Text>
          </Group>
        )}
      </Paper>

      <div>
        <BackToTrainings />
      </div>
    </Stack>
  );
}

function BackToTrainings() {
  return (
    <Button component={Link} to="/trainings" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      <Trans>Back to Trainings</Trans>
    </Button>
  );
}

function TrainingSkeleton() {
  const { t } = useLingui();
  return (
    <Stack maw={PAGE_WIDTH} role="status" aria-busy="true" aria-label={t`Loading training`}>
      <Skeleton height={32} width="50%" />
      <Group gap={6}>
        <Skeleton height={20} width={90} radius="xl" />
        <Skeleton height={20} width={70} radius="xl" />
      </Group>
      <Skeleton style={{ aspectRatio: '16 / 9' }} />
      <Skeleton height={120} />
    </Stack>
  );
}
