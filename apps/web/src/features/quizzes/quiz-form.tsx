import { messages } from '@brigade/core/messages';
import { type QuizDetail, QuizInput } from '@brigade/core/schemas/quizzes';
import { DEFAULT_PASS_MARK } from '@brigade/core/scoring';
import { Button, Group, NumberInput, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { useFormFailure } from '../../lib/form-failure';
import { useCreateQuiz } from './api/create-quiz';
import { useUpdateQuiz } from './api/update-quiz';
import { QuestionList } from './question-list';
import { initialValuesOf, type QuizFormValues, toQuizInput } from './quiz-form-values';

export const FORM_WIDTH = 760;

/** Add and edit a quiz (core §2 "Quizzes", §5): title, description, pass mark and questions. */
export function QuizForm({ quiz }: { quiz: QuizDetail | null }) {
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

  function submit(values: QuizFormValues) {
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: quiz ? 'Quiz updated' : 'Quiz created' });
        void navigate('/quiz-management');
      },
      // A taken title (409) and any refused field show under their fields, and only there.
      onError: (error: Error) =>
        saveFailure.report(form, error, quiz ? messages.quizSaveFailed : messages.quizCreateFailed),
    };
    const input = toQuizInput(values);
    if (quiz) update.mutate({ id: quiz.id, input }, callbacks);
    else create.mutate(input, callbacks);
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label="Title" required maxLength={200} key={form.key('title')} {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={5000}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <NumberInput
            label="Pass mark (%)"
            description="The share of correct answers needed to pass."
            min={0}
            max={100}
            step={5}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            w={200}
            key={form.key('passMark')}
            {...form.getInputProps('passMark')}
            onBlur={(event) => {
              // An emptied field goes back to the default rather than meaning 0 %.
              if (form.values.passMark === '') form.setFieldValue('passMark', DEFAULT_PASS_MARK);
              form.getInputProps('passMark').onBlur?.(event);
            }}
          />
          <QuestionList form={form} />
          <FormFailureAlert failure={saveFailure.failure} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/quiz-management">
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Quiz'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
