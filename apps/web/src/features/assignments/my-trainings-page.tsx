import { messages } from '@brigade/core/messages';
import type { AssignmentCard } from '@brigade/core/schemas/assignments';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSchool } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CategoryFilter } from '../../components/category-filter';
import { DataList } from '../../components/data-list/data-list';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useCoreText } from '../../lib/i18n';
import { type MyTrainingsStatus, useMyTrainings } from './api/get-my-trainings';
import { AssignmentDetails } from './assignment-details';

const SEARCH_DELAY_MS = 300;
const GRID_COLUMNS = { base: 1, sm: 2, xl: 3 };

const STATUS_CHOICES = [
  { value: 'all', label: msg`All` },
  { value: 'in_progress', label: msg`In Progress` },
  { value: 'completed', label: msg`Completed` },
] as const satisfies { value: MyTrainingsStatus; label: unknown }[];

/** /my-trainings (core §2 "Trainings"): the signed-in person's assignments and progress. */
export function MyTrainingsPage() {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<MyTrainingsStatus>('all');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const trainings = useMyTrainings({ search: debouncedSearch, status, categoryIds });
  const filtered = debouncedSearch !== '' || status !== 'all' || categoryIds.length > 0;
  const statusLabelId = useId();

  return (
    <>
      <PageHeader title={t`My Trainings`} subtitle={t`The trainings assigned to you and how far you are`} />
      <Stack>
        <FilterBar>
          <SearchInput
            label={t`Search my trainings`}
            placeholder={t`Title or description...`}
            value={search}
            onChange={setSearch}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={statusLabelId}>
              <Trans>Status</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby={statusLabelId}
              data={STATUS_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) }))}
              value={status}
              onChange={(value) => setStatus(value as MyTrainingsStatus)}
            />
          </Stack>
        </FilterBar>
        <CategoryFilter value={categoryIds} onChange={setCategoryIds} />

        <DataList
          query={trainings}
          rowKey={(assignment) => assignment.id}
          card={(assignment) => <MyTrainingCard assignment={assignment} />}
          cards={{ cols: GRID_COLUMNS, spacing: 'md', framed: false }}
          showTable={false}
          labels={{
            loading: t`Loading trainings`,
            loadFailed: text(messages.assignmentsLoadFailed),
            list: t`My trainings`,
          }}
          empty={{
            title: t`No trainings found`,
            description: filtered
              ? t`Try a different search, status or category`
              : t`No trainings are assigned to you yet`,
            icon: <IconSchool size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}

function MyTrainingCard({ assignment }: { assignment: AssignmentCard }) {
  const { t } = useLingui();
  const completed = assignment.completedAt !== null;
  const { watched, total } = assignment.videos;
  const title = assignment.training.title;
  const action = completed ? t`Review Training` : t`Continue Training`;
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <AssignmentDetails assignment={assignment} titleOrder={2}>
        {total > 0 && (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                <Trans>Videos watched</Trans>
              </Text>
              <Text size="sm" c="gray.7">
                <Trans>
                  {watched} of {total}
                </Trans>
              </Text>
            </Group>
            <Progress.Root size="sm">
              <Progress.Section
                value={Math.round((watched / total) * 100)}
                color={watched === total ? 'green.8' : 'indigo.8'}
                aria-label={t`${title}: ${watched} of ${total} videos watched`}
              />
            </Progress.Root>
          </Stack>
        )}
        <Group mt="auto" pt="xs">
          <Button
            component={Link}
            to={`/trainings/${encodeURIComponent(assignment.training.id)}`}
            variant={completed ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={t`${action}: ${title}`}
          >
            {action}
          </Button>
        </Group>
      </AssignmentDetails>
    </Card>
  );
}
