import { messages } from '@brigade/core/messages';
import { QUIZ_SORTS, type QuizSort, type QuizSummary } from '@brigade/core/schemas/quizzes';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconListCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { DataList } from '../../components/data-list/data-list';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useDeleteQuiz } from './api/delete-quiz';
import { useQuizzes } from './api/get-quizzes';

const QUIZ_SORT: ListSortSpec<QuizSort> = {
  columns: QUIZ_SORTS,
  defaultSort: 'title',
  defaultOrder: 'asc',
  descendingFirst: ['createdAt'],
};

const SORT_OPTIONS = [
  { value: 'title', label: msg`Title` },
  { value: 'createdAt', label: msg`Date added` },
  { value: 'questionCount', label: msg`Questions` },
  { value: 'passMark', label: msg`Pass mark` },
] as const satisfies readonly { value: QuizSort; label: MessageDescriptor }[];

/**
 * /quiz-management (hq, core §2 "Quizzes"): every quiz with search, sort, Edit and
 * Delete; the search and sort are kept in the address.
 */
export function QuizzesPage() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const list = useListParams(QUIZ_SORT);
  const quizzes = useQuizzes({ search: list.query.search, sort: list.query.sort, order: list.query.order });
  const remove = useDeleteQuiz({
    onSuccess: () => notifications.show({ color: 'green', message: t`Quiz deleted` }),
    onError: () => notifications.show({ color: 'red', message: text(messages.quizDeleteFailed) }),
  });

  function askToDelete(quiz: QuizSummary) {
    const title = quiz.title;
    const linked = quiz.trainingTitles.length;
    confirmDelete({
      title: t`Delete quiz`,
      message:
        linked > 0
          ? t({
              message: plural(linked, {
                one: `Are you sure you want to delete "${title}"? It is linked to a training, which will have no quiz. This action cannot be undone.`,
                other: `Are you sure you want to delete "${title}"? It is linked to # trainings, which will have no quiz. This action cannot be undone.`,
              }),
            })
          : t`Are you sure you want to delete "${title}"? This action cannot be undone.`,
      onConfirm: () => remove.mutate(quiz.id),
    });
  }

  return (
    <>
      <PageHeader
        title={t`Quiz Management`}
        actions={
          <Button component={Link} to="/quiz-management/add" leftSection={<IconPlus size={18} aria-hidden />}>
            <Trans>Add Quiz</Trans>
          </Button>
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label={t`Search quizzes`}
            placeholder={t`Title or description...`}
            value={list.search}
            onChange={list.setSearch}
          />
          <SortSelect
            options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            sort={list.query.sort}
            order={list.query.order}
            onChange={list.setSort}
          />
        </FilterBar>
        <DataList
          query={quizzes}
          rowKey={(quiz) => quiz.id}
          card={(quiz) => (
            <QuizCard
              quiz={quiz}
              deleting={remove.isPending && remove.variables === quiz.id}
              onDelete={() => askToDelete(quiz)}
            />
          )}
          showTable={false}
          cards={{ cols: 1 }}
          labels={{ loading: t`Loading quizzes`, loadFailed: text(messages.quizzesLoadFailed), list: t`Quizzes` }}
          empty={{
            title: t`No quizzes found`,
            description: list.query.search ? t`Try a different search term` : t`Add your first quiz to get started`,
            icon: <IconListCheck size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}

interface QuizCardProps {
  quiz: QuizSummary;
  deleting: boolean;
  onDelete: () => void;
}

/** One quiz: its title, description, counts and trainings, with Edit and Delete beside them. */
function QuizCard({ quiz, deleting, onDelete }: QuizCardProps) {
  const { t } = useLingui();
  const { title, passMark, questionCount } = quiz;
  return (
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
            <Plural value={questionCount} one="# question" other="# questions" />
          </Badge>
          <Badge variant="light" color="gray" c="dark.7" tt="none">
            <Trans>Pass mark {passMark}%</Trans>
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {quiz.trainingTitles.length > 0 ? (
            <>
              <Text span size="sm" fw="var(--mantine-font-weight-medium)" c="dark.7">
                <Trans>Trainings:</Trans>{' '}
              </Text>
              {quiz.trainingTitles.join(', ')}
            </>
          ) : (
            t`Not linked to a training`
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
          aria-label={t`Edit ${title}`}
        >
          <Trans>Edit</Trans>
        </Button>
        <Button
          variant="light"
          color="red"
          c="red.9"
          size="sm"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={deleting}
          aria-label={t`Delete ${title}`}
          onClick={onDelete}
        >
          <Trans>Delete</Trans>
        </Button>
      </Group>
    </Group>
  );
}
