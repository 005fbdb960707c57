import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CategoryFilter } from '../../components/category-filter';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useCurrentUser } from '../../lib/current-user';
import { useTrainings } from './api/get-trainings';
import { TrainingCard } from './training-card';

const SEARCH_DELAY_MS = 300;
const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 };

/** /trainings (core §2 "Trainings"): every training as a card, searched and filtered by category. */
export function TrainingsPage() {
  const me = useCurrentUser();
  const canManage = allows(me.role, 'trainings.manage');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const trainings = useTrainings({ search: debouncedSearch, categoryIds });
  const filtered = debouncedSearch !== '' || categoryIds.length > 0;

  return (
    <>
      <PageHeader
        title="Trainings"
        actions={
          canManage && (
            <Button component={Link} to="/trainings/add" leftSection={<IconPlus size={18} aria-hidden />}>
              Add Training
            </Button>
          )
        }
      />
      <Stack>
        <SearchInput
          label="Search trainings"
          placeholder="Title or description..."
          value={search}
          onChange={setSearch}
        />
        <CategoryFilter value={categoryIds} onChange={setCategoryIds} />

        {trainings.isPending ? (
          <CardsSkeleton />
        ) : trainings.isError && !trainings.data ? (
          <LoadError
            message={messages.trainingsLoadFailed}
            onRetry={() => void trainings.refetch()}
            retrying={trainings.isFetching}
          />
        ) : trainings.data.length === 0 ? (
          <EmptyList
            title="No trainings found"
            description={
              filtered
                ? 'Try a different search term or category'
                : canManage
                  ? 'Add your first training to get started'
                  : 'No trainings have been published yet'
            }
            icon={<IconSchool size={28} aria-hidden />}
          />
        ) : (
          <SimpleGrid cols={GRID_COLUMNS} aria-busy={trainings.isFetching || undefined}>
            {trainings.data.map((training) => (
              <TrainingCard key={training.id} training={training} canManage={canManage} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}

function CardsSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} role="status" aria-busy="true" aria-label="Loading trainings">
      {[0, 1, 2].map((card) => (
        <Card key={card} withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Skeleton height={20} width="70%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
            <Group gap={6}>
              <Skeleton height={20} width={80} radius="xl" />
              <Skeleton height={20} width={60} radius="xl" />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
