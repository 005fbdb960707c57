import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import type { TrainingDetail } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { FormPage } from '../../components/form-page';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { useDeleteTraining } from './api/delete-training';
import { useTraining } from './api/get-training';
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
  return (
    <FormPage
      title={t`Edit Training`}
      actions={(stored) => <DeleteTrainingButton training={stored} />}
      load={training}
      width={FORM_WIDTH}
      loadingLabel={t`Loading training`}
      skeletonRows={5}
      loadFailed={text(messages.trainingLoadFailed)}
      notFound={{ message: text(messages.trainingNotFound), backTo: '/trainings', backLabel: t`Back to Trainings` }}
    >
      {(stored) => <TrainingForm key={stored.id} training={stored} />}
    </FormPage>
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
