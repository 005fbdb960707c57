import { messages } from '@brigade/core/messages';
import { type TrainingDetail, TrainingInput } from '@brigade/core/schemas/trainings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/form-actions';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateTraining } from './api/create-training';
import { useQuizOptions } from './api/get-quiz-options';
import { useUpdateTraining } from './api/update-training';
import { CategoryPicker } from './category-picker';
import { initialValuesOf, type TrainingFormValues, toTrainingInput } from './training-form-values';
import type { PendingUploads } from './use-video-upload';
import { VideoList } from './video-list';

export const FORM_WIDTH = 760;

/**
 * Add and edit a training (core §2 "Trainings", §5): title, description, categories,
 * an optional quiz and an ordered playlist of URLs and uploaded files.
 */
export function TrainingForm({ training }: { training: TrainingDetail | null }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const create = useCreateTraining();
  const update = useUpdateTraining();
  const save = training ? update : create;
  const quizzes = useQuizOptions();
  const [uploads, setUploads] = useState<PendingUploads>({});
  const [waitNotice, setWaitNotice] = useState(false);
  const uploading = Object.keys(uploads).length > 0;

  const saveFailure = useFormFailure();
  const form = useForm<TrainingFormValues>({
    mode: 'controlled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(training),
    validate: schemaResolver(TrainingInput, { sync: true }),
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: 'title' | 'description' | 'quizId') {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function submit(values: TrainingFormValues) {
    if (uploading) {
      setWaitNotice(true);
      return;
    }
    setWaitNotice(false);
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: training ? t`Training updated` : t`Training created` });
        void navigate('/trainings');
      },
      onError: (error: Error) => saveFailure.report(form, error, t`Failed to save training`),
    };
    const input = toTrainingInput(values);
    if (training) update.mutate({ id: training.id, input }, callbacks);
    else create.mutate(input, callbacks);
  }

  // Keep the linked quiz choosable while the list loads or if it cannot load.
  const quizChoices = quizzes.data
    ? quizzes.data.map((quiz) => ({ value: quiz.id, label: quiz.title }))
    : training?.quiz
      ? [{ value: training.quiz.id, label: training.quiz.title }]
      : [];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label={t`Title`} required maxLength={200} key={form.key('title')} {...field('title')} />
          <Textarea
            label={t`Description`}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={10_000}
            key={form.key('description')}
            {...field('description')}
          />
          <CategoryPicker
            value={form.values.categoryIds}
            onChange={(ids) => form.setFieldValue('categoryIds', ids)}
            error={
              typeof form.errors.categoryIds === 'string' ? text(form.errors.categoryIds) : form.errors.categoryIds
            }
          />
          <Select
            label={t`Quiz`}
            description={t`Staff take it after the videos. Optional.`}
            placeholder={quizzes.isPending ? t`Loading quizzes...` : t`No quiz`}
            data={quizChoices}
            clearable
            searchable
            nothingFoundMessage={t`No quizzes found`}
            comboboxProps={{ withinPortal: true }}
            key={form.key('quizId')}
            {...field('quizId')}
            // A schema or server message first; else why the list of quizzes is missing.
            error={field('quizId').error ?? (quizzes.isError ? text(messages.quizzesLoadFailed) : undefined)}
          />
          <VideoList form={form} uploads={uploads} onUploadsChange={setUploads} />
          {waitNotice && uploading && (
            <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
              <Trans>Please wait until the video upload has finished, then save.</Trans>
            </Alert>
          )}
          <FormActions
            failure={saveFailure.failure}
            saving={save.isPending}
            saveLabel={t`Save Training`}
            cancelTo={training ? `/trainings/${training.id}` : '/trainings'}
          />
        </Stack>
      </form>
    </Paper>
  );
}
