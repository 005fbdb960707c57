import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useQuiz } from './api/get-quiz';
import { FORM_WIDTH, QuizForm } from './quiz-form';

/** /quiz-management/{id}/edit (hq): the form, starting from the stored quiz. */
export function EditQuizPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const quiz = useQuiz(id);
  // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
  const missing = isApiError(quiz.error) && [400, 404].includes(quiz.error.status);

  return (
    <>
      <PageHeader title={t`Edit Quiz`} />
      {quiz.isPending ? (
        <FormSkeleton />
      ) : quiz.data ? (
        <QuizForm key={quiz.data.id} quiz={quiz.data} />
      ) : missing ? (
        <Stack align="flex-start" maw={FORM_WIDTH}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            <Trans>Quiz not found</Trans>
          </Alert>
          <Button
            component={Link}
            to="/quiz-management"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            <Trans>Back to Quizzes</Trans>
          </Button>
        </Stack>
      ) : (
        <LoadError
          message={text(messages.quizLoadFailed)}
          onRetry={() => void quiz.refetch()}
          retrying={quiz.isFetching}
        />
      )}
    </>
  );
}

function FormSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH} role="status" aria-busy="true" aria-label={t`Loading quiz`}>
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
