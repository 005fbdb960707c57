import { messages } from '@brigade/core/messages';
import { QUIZ_SORTS, type QuizSort, type QuizSummary } from '@brigade/core/schemas/quizzes';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconListCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { FilterBar } from '../../components/filter-bar';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useDeleteQuiz } from './api/delete-quiz';
import { useQuizzes } from './api/get-quizzes';

const QUIZ_SORT: ListSortSpec<QuizSort> = {
  columns: QUIZ_SORTS,
  defaultSort: 'title',
  defaultOrder: 'asc',
  descendingFirst: ['createdAt'],
};

const SORT_OPTIONS: readonly { value: QuizSort; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'createdAt', label: 'Date added' },
  { value: 'questionCount', label: 'Questions' },
  { value: 'passMark', label: 'Pass mark' },
];

/**
 * /quiz-management (hq, core §2 "Quizzes"): every quiz with search, sort, Edit and
 * Delete; the search and sort are kept in the address.
 */
export function QuizzesPage() {
  const list = useListParams(QUIZ_SORT);
  const quizzes = useQuizzes({ search: list.query.search, sort: list.query.sort, order: list.query.order });
  const remove = useDeleteQuiz({
    onSuccess: () => notifications.show({ color: 'green', message: 'Quiz deleted' }),
    onError: () => notifications.show({ color: 'red', message: messages.quizDeleteFailed }),
  });

  function askToDelete(quiz: QuizSummary) {
    const linked =
      quiz.trainingTitles.length > 0
        ? ` It is linked to ${quiz.trainingTitles.length === 1 ? 'a training' : `${quiz.trainingTitles.length} trainings`}, which will have no quiz.`
        : '';
    confirmDelete({
      title: 'Delete quiz',
      message: `Are you sure you want to delete "${quiz.title}"?${linked} This action cannot be undone.`,
      onConfirm: () => remove.mutate(quiz.id),
    });
  }

  return (
    <>
      <PageHeader
        title="Quiz Management"
        actions={
          <Button component={Link} to="/quiz-management/add" leftSection={<IconPlus size={18} aria-hidden />}>
            Add Quiz
          </Button>
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label="Search quizzes"
            placeholder="Title or description..."
            value={list.search}
            onChange={list.setSearch}
          />
          <SortSelect options={SORT_OPTIONS} sort={list.query.sort} order={list.query.order} onChange={list.setSort} />
        </FilterBar>
        {quizzes.isPending ? (
          <ListSkeleton />
        ) : quizzes.isError && !quizzes.data ? (
          <LoadError
            message={messages.quizzesLoadFailed}
            onRetry={() => void quizzes.refetch()}
            retrying={quizzes.isFetching}
          />
        ) : quizzes.data.length === 0 ? (
          <EmptyList
            title="No quizzes found"
            description={list.query.search ? 'Try a different search term' : 'Add your first quiz to get started'}
            icon={<IconListCheck size={28} aria-hidden />}
          />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Quizzes">
            {quizzes.data.map((quiz) => (
              <QuizRow
                key={quiz.id}
                quiz={quiz}
                deleting={remove.isPending && remove.variables === quiz.id}
                onDelete={() => askToDelete(quiz)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}

interface QuizRowProps {
  quiz: QuizSummary;
  deleting: boolean;
  onDelete: () => void;
}

function QuizRow({ quiz, deleting, onDelete }: QuizRowProps) {
  const questions = quiz.questionCount === 1 ? '1 question' : `${quiz.questionCount} questions`;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={2} fz="lg">
            {quiz.title}
          </Title>
          {quiz.description && (
            <Text size="sm" c="gray.7" lineClamp={2}>
              {quiz.description}
            </Text>
          )}
          <Group gap="xs">
            <Badge variant="light" color="gray" c="dark.7" tt="none">
              {questions}
            </Badge>
            <Badge variant="light" color="gray" c="dark.7" tt="none">
              Pass mark {quiz.passMark}%
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {quiz.trainingTitles.length > 0 ? (
              <>
                <Text span size="sm" fw="var(--mantine-font-weight-medium)" c="dark.7">
                  Trainings:{' '}
                </Text>
                {quiz.trainingTitles.join(', ')}
              </>
            ) : (
              'Not linked to a training'
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/quiz-management/${quiz.id}/edit`}
            variant="default"
            size="sm"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={`Edit ${quiz.title}`}
          >
            Edit
          </Button>
          <Button
            variant="light"
            color="red"
            c="red.9"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={deleting}
            aria-label={`Delete ${quiz.title}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function ListSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading quizzes">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="md">
          <Stack gap={8}>
            <Skeleton height={20} width="40%" />
            <Skeleton height={12} width="70%" />
            <Group gap="xs">
              <Skeleton height={20} width={90} radius="xl" />
              <Skeleton height={20} width={110} radius="xl" />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
