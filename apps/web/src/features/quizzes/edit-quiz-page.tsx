import { messages } from '@brigade/core/messages';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useQuiz } from './api/get-quiz';
import { FORM_WIDTH, QuizForm } from './quiz-form';

const QUIZ_NOT_FOUND = 'Quiz not found';

/** /quiz-management/{id}/edit (hq): the form, starting from the stored quiz. */
export function EditQuizPage() {
  const { id = '' } = useParams();
  const quiz = useQuiz(id);
  // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
  const missing = isApiError(quiz.error) && [400, 404].includes(quiz.error.status);

  return (
    <>
      <PageHeader title="Edit Quiz" />
      {quiz.isPending ? (
        <FormSkeleton />
      ) : quiz.data ? (
        <QuizForm key={quiz.data.id} quiz={quiz.data} />
      ) : missing ? (
        <Stack align="flex-start" maw={FORM_WIDTH}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {QUIZ_NOT_FOUND}
          </Alert>
          <Button
            component={Link}
            to="/quiz-management"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Quizzes
          </Button>
        </Stack>
      ) : (
        <LoadError message={messages.quizLoadFailed} onRetry={() => void quiz.refetch()} retrying={quiz.isFetching} />
      )}
    </>
  );
}

function FormSkeleton() {
  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH} role="status" aria-busy="true" aria-label="Loading quiz">
      <Stack>
        {[0, 1, 2, 3].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width={90} />
            <Skeleton height={36} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
