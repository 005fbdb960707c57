import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import type { TrainingDetail } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { useDeleteTraining } from './api/delete-training';
import { useTraining } from './api/get-training';
import { FormSkeleton } from './form-skeleton';
import { HqOnlyNotice } from './hq-only-notice';
import { FORM_WIDTH, TrainingForm } from './training-form';

/** /trainings/{id}/edit (hq): the form from the stored training, and Delete Training. */
export function EditTrainingPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  if (!allows(me.role, 'trainings.manage')) {
    return (
      <>
        <PageHeader title={t`Edit Training`} />
        <HqOnlyNotice />
      </>
    );
  }
  return <EditTraining />;
}

function EditTraining() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const training = useTraining(id);
  // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
  const missing = isApiError(training.error) && [400, 404].includes(training.error.status);

  return (
    <>
      <PageHeader
        title={t`Edit Training`}
        actions={training.data ? <DeleteTrainingButton training={training.data} /> : undefined}
      />
      {training.isPending ? (
        <FormSkeleton />
      ) : training.data ? (
        <TrainingForm key={training.data.id} training={training.data} />
      ) : missing ? (
        <Stack align="flex-start" maw={FORM_WIDTH}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {text(messages.trainingNotFound)}
          </Alert>
          <Button
            component={Link}
            to="/trainings"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            <Trans>Back to Trainings</Trans>
          </Button>
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

function DeleteTrainingButton({ training }: { training: TrainingDetail }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const remove = useDeleteTraining({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Training deleted` });
      void navigate('/trainings');
    },
    onError: () => notifications.show({ color: 'red', message: text(messages.trainingDeleteFailed) }),
  });

  return (
    <Button
      color="red.9"
      leftSection={<IconTrash size={18} aria-hidden />}
      loading={remove.isPending}
      onClick={() => {
        const title = training.title;
        confirmDelete({
          title: t`Delete training`,
          message: t`Are you sure you want to delete "${title}"? Its videos and everyone's progress go with it. This action cannot be undone.`,
          confirmLabel: t`Delete Training`,
          onConfirm: () => remove.mutate(training.id),
        });
      }}
    >
      <Trans>Delete Training</Trans>
    </Button>
  );
}
