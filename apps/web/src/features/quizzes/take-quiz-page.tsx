import { messages } from '@brigade/core/messages';
import type { QuizForTaker, QuizResult } from '@brigade/core/schemas/quizzes';
import { watchEveryVideoToComplete } from '@brigade/core/training-completion';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useTrainingQuiz } from './api/get-training-quiz';
import { useSubmitQuizAttempt } from './api/submit-quiz-attempt';

const PAGE_WIDTH = 760;

/** /trainings/{id}/take-quiz (core §2, §5, §9): answer every question, then see the result. */
export function TakeQuizPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const quiz = useTrainingQuiz(id);
  const missing = isApiError(quiz.error) && [400, 404].includes(quiz.error.status);

  return (
    <>
      <PageHeader title={t`Take Quiz`} />
      {quiz.isPending ? (
        <QuizSkeleton />
      ) : quiz.data ? (
        <QuizTaker key={quiz.data.id} trainingId={id} quiz={quiz.data} />
      ) : missing ? (
        <Stack align="flex-start" maw={PAGE_WIDTH}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {text(messages.quizNotFound)}
          </Alert>
          <BackToTraining trainingId={id} />
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

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); a server reached over plain http elsewhere still gets a valid id.
 */
function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function QuizTaker({ trainingId, quiz }: { trainingId: string; quiz: QuizForTaker }) {
  const { t } = useLingui();
  const { text, catalogue } = useCoreText();
  const submit = useSubmitQuizAttempt();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One id per attempt, chosen when the quiz opens (and again on Try Again): a double
  // click or a retry after a timeout names the same attempt, which the server records once.
  const [attemptId, setAttemptId] = useState(newAttemptId);
  const remaining = quiz.questions.filter((question) => !answers[question.id]).length;

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (remaining > 0 || submit.isPending) return;
    submit.mutate(
      {
        trainingId,
        attemptId,
        answers: quiz.questions.map((question) => ({ questionId: question.id, optionId: answers[question.id] ?? '' })),
      },
      { onSuccess: setResult },
    );
  }

  function tryAgain() {
    setAnswers({});
    setChecked(false);
    setResult(null);
    submit.reset();
    setAttempt((current) => current + 1);
    setAttemptId(newAttemptId());
  }

  if (result) return <QuizResultView trainingId={trainingId} result={result} onTryAgain={tryAgain} />;

  // The server refuses an incomplete attempt with the same sentence (400); show it the same way.
  const problem =
    checked && remaining > 0
      ? catalogue.answerAllQuestionsMessage(remaining)
      : submit.isError
        ? isApiError(submit.error) && submit.error.status === 400
          ? text(submit.error.message)
          : text(messages.quizSubmitFailed)
        : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={PAGE_WIDTH}>
      <form noValidate onSubmit={onSubmit} key={attempt}>
        <Stack gap="lg">
          <div>
            <Title order={2} fz="xl">
              {quiz.title}
            </Title>
            {quiz.description && (
              <Text c="gray.7" mt={4} style={{ whiteSpace: 'pre-line' }}>
                {quiz.description}
              </Text>
            )}
          </div>
          {quiz.questions.map((question, index) => (
            <Radio.Group
              key={question.id}
              label={`${index + 1}. ${question.text}`}
              value={answers[question.id] ?? null}
              onChange={(optionId) => setAnswers((current) => ({ ...current, [question.id]: optionId }))}
              error={checked && !answers[question.id] ? t`Please choose an answer` : undefined}
              styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600, marginBottom: 8 } }}
            >
              <Stack gap="xs" mt={4}>
                {question.options.map((option) => (
                  <Radio key={option.id} value={option.id} label={option.text} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          {problem && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <BackToTraining trainingId={trainingId} />
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? <Trans>Submitting...</Trans> : <Trans>Submit Quiz</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

interface QuizResultViewProps {
  trainingId: string;
  result: QuizResult;
  onTryAgain: () => void;
}

function QuizResultView({ trainingId, result, onTryAgain }: QuizResultViewProps) {
  const { text, catalogue } = useCoreText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { bestScore } = result;
  // A retake of a completed training: the training stays completed (a pass earned it),
  // so a failed attempt is "not passed this time", not "Keep Learning!" (issue 31).
  const retakeFailed = result.trainingCompleted && !result.passed;
  // The form just vanished, leaving the page scrolled where Submit was: start at the top,
  // the page's title below the header, and move focus to the result so it is read out.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={PAGE_WIDTH}>
      <Stack align="center" gap="sm" ta="center">
        <Stack gap={4} align="center">
          <Text size="sm" fw={600} c="gray.7">
            <Trans>This attempt</Trans>
          </Text>
          <Text fz={56} fw={800} lh={1} c={result.passed ? '#277c38' : 'red.9'}>
            {Math.round(result.score)}%
          </Text>
        </Stack>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {retakeFailed ? (
            <Trans>Not passed this time</Trans>
          ) : (
            text(result.passed ? messages.quizPassed : messages.quizFailed)
          )}
        </Title>
        <Text>{catalogue.quizScoreLine(result.correctCount, result.questionCount)}</Text>
        {result.trainingCompleted && (
          <Badge
            size="lg"
            variant="filled"
            color="#277c38"
            tt="none"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
          >
            <Trans>Training completed</Trans>
          </Badge>
        )}
        {result.trainingCompleted && bestScore !== result.score && (
          <Text c="gray.8">
            <Trans>Your best score, {bestScore}%, stands: the training stays completed.</Trans>
          </Text>
        )}
        {result.passed && !result.trainingCompleted && <Text c="gray.8">{text(watchEveryVideoToComplete)}</Text>}
        <Group justify="center" mt="md">
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onTryAgain}>
            <Trans>Try Again</Trans>
          </Button>
          <Button
            component={Link}
            to={`/trainings/${trainingId}`}
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            <Trans>Back to Training</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BackToTraining({ trainingId }: { trainingId: string }) {
  return (
    <Button
      component={Link}
      to={`/trainings/${trainingId}`}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      <Trans>Back to Training</Trans>
    </Button>
  );
}

function QuizSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="lg" maw={PAGE_WIDTH} role="status" aria-busy="true" aria-label={t`Loading quiz`}>
      <Stack>
        <Skeleton height={24} width="60%" />
        <Skeleton height={14} width="80%" />
        {[0, 1, 2].map((row) => (
          <Stack key={row} gap={8}>
            <Skeleton height={16} width="70%" />
            <Skeleton height={14} width={160} />
            <Skeleton height={14} width={140} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
