import { messages } from '@brigade/core/messages';
import { type QuizDetail, QuizInput } from '@brigade/core/schemas/quizzes';
import { DEFAULT_PASS_MARK } from '@brigade/core/scoring';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/form-actions';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateQuiz } from './api/create-quiz';
import { useUpdateQuiz } from './api/update-quiz';
import { QuestionList } from './question-list';
import { initialValuesOf, type QuizFormValues, toQuizInput } from './quiz-form-values';

export const FORM_WIDTH = 760;

/** Add and edit a quiz (core §2 "Quizzes", §5): title, description, pass mark and questions. */
export function QuizForm({ quiz }: { quiz: QuizDetail | null }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const create = useCreateQuiz();
  const update = useUpdateQuiz();
  const save = quiz ? update : create;
  const saveFailure = useFormFailure({ conflictField: 'title' });
  const form = useForm<QuizFormValues>({
    mode: 'controlled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(quiz),
    validate: schemaResolver(QuizInput, { sync: true }),
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: 'title' | 'description' | 'passMark') {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function submit(values: QuizFormValues) {
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: quiz ? t`Quiz updated` : t`Quiz created` });
        void navigate('/quiz-management');
      },
      // A taken title (409) and any refused field show under their fields, and only there.
      onError: (error: Error) =>
        saveFailure.report(form, error, text(quiz ? messages.quizSaveFailed : messages.quizCreateFailed)),
    };
    const input = toQuizInput(values);
    if (quiz) update.mutate({ id: quiz.id, input }, callbacks);
    else create.mutate(input, callbacks);
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label={t`Title`} required maxLength={200} key={form.key('title')} {...field('title')} />
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            key={form.key('description')}
            {...field('description')}
          />
          <NumberInput
            label={t`Pass mark (%)`}
            description={t`The share of correct answers needed to pass.`}
            min={0}
            max={100}
            step={5}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            w={200}
            key={form.key('passMark')}
            {...field('passMark')}
            onBlur={(event) => {
              // An emptied field goes back to the default rather than meaning 0 %.
              if (form.values.passMark === '') form.setFieldValue('passMark', DEFAULT_PASS_MARK);
              form.getInputProps('passMark').onBlur?.(event);
            }}
          />
          <QuestionList form={form} />
          <FormActions
            failure={saveFailure.failure}
            saving={save.isPending}
            saveLabel={t`Save Quiz`}
            cancelTo="/quiz-management"
          />
        </Stack>
      </form>
    </Paper>
  );
}
