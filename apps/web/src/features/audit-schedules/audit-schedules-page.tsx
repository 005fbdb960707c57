import { CADENCE_LABELS } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import {
  AUDIT_SCHEDULE_SORTS,
  type AuditSchedule,
  type AuditScheduleSort,
} from '@brigade/core/schemas/audit-schedules';
import { SORT_ORDERS } from '@brigade/core/schemas/common';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarRepeat, IconPlus } from '@tabler/icons-react';
import { parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { RowActions } from '../../components/row-action';
import { SortSelect } from '../../components/sort-select';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { formatPeriod } from '../../lib/format-period';
import { useDeleteAuditSchedule } from './api/delete-audit-schedule';
import { useAuditSchedules } from './api/get-audit-schedules';
import { useScheduleTemplateOptions } from './api/get-schedule-template-options';
import { useSetAuditScheduleActive } from './api/set-audit-schedule-active';
import { DueAuditsSection } from './due-audits-section';
import { ScheduleForm } from './schedule-form';

const PHONE_QUERY = '(max-width: 48em)';

/** What the form edits: nothing (closed), a new schedule, or one of the list. */
type Editing = null | 'new' | AuditSchedule;

const SORT_OPTIONS: readonly { value: AuditScheduleSort; label: string }[] = [
  { value: 'status', label: 'Status' },
  { value: 'name', label: 'Name' },
  { value: 'cadence', label: 'Frequency' },
  { value: 'startsOn', label: 'Start date' },
  { value: 'restaurantCount', label: 'Restaurants' },
];

/**
 * The schedules' sort, kept in the address (`?sort=cadence&order=desc`); the default
 * (active first, by name) stays out of it. The whole list comes at once (a chain has a
 * handful of schedules), so there is no page of its own: `page` belongs to Due Audits.
 */
const scheduleSortParsers = {
  sort: parseAsStringLiteral(AUDIT_SCHEDULE_SORTS).withDefault('status'),
  order: parseAsStringLiteral(SORT_ORDERS).withDefault('asc'),
};

/** /audit-schedules (hq, issue 19): the schedules, and the audits they make due. */
export function AuditSchedulesPage() {
  const [sorting, setSorting] = useQueryStates(scheduleSortParsers, { history: 'replace' });
  const schedules = useAuditSchedules(sorting);
  const [editing, setEditing] = useState<Editing>(null);
  const phone = useMediaQuery(PHONE_QUERY, true, { getInitialValueInEffect: false });
  const data = schedules.data;

  return (
    <>
      <PageHeader
        title="Audit Schedules"
        subtitle="Which restaurants are due for which audit, and how often"
        actions={
          <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={18} aria-hidden />}>
            Add Schedule
          </Button>
        }
      />
      <Stack gap="lg">
        <section aria-labelledby="schedules-heading">
          <Title order={2} fz="lg" mb="sm" id="schedules-heading">
            Schedules
          </Title>
          {schedules.isPending ? (
            <ListSkeleton />
          ) : schedules.isError && !data ? (
            <LoadError
              message={scheduleMessages.schedulesLoadFailed}
              onRetry={() => void schedules.refetch()}
              retrying={schedules.isFetching}
            />
          ) : data && data.length === 0 ? (
            <EmptyList
              title={scheduleMessages.noSchedules}
              description={scheduleMessages.noSchedulesHint}
              icon={<IconCalendarRepeat size={28} aria-hidden />}
            />
          ) : data ? (
            <Stack gap="sm">
              <SortSelect
                options={SORT_OPTIONS}
                sort={sorting.sort}
                order={sorting.order}
                onChange={(sort, order) => void setSorting({ sort, order })}
              />
              <SimpleGrid
                component="ul"
                cols={{ base: 1, md: 2 }}
                spacing="sm"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {data.map((schedule) => (
                  <ScheduleCard key={schedule.id} schedule={schedule} onEdit={() => setEditing(schedule)} />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
        </section>
        <DueAuditsSection />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add Schedule' : 'Edit Schedule'}
        fullScreen={phone}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing !== null && (
          <ScheduleFormLoader schedule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}

/** The form once its choices (templates, active restaurants) have loaded. */
function ScheduleFormLoader({ schedule, onDone }: { schedule: AuditSchedule | null; onDone: () => void }) {
  const templates = useScheduleTemplateOptions();
  const restaurants = useRestaurantOptions();
  if (templates.isPending || restaurants.isPending) return <ListSkeleton />;
  if (!templates.data || !restaurants.data) {
    return (
      <LoadError
        message={scheduleMessages.schedulesLoadFailed}
        onRetry={() => {
          void templates.refetch();
          void restaurants.refetch();
        }}
        retrying={templates.isFetching || restaurants.isFetching}
      />
    );
  }
  return <ScheduleForm schedule={schedule} templates={templates.data} restaurants={restaurants.data} onDone={onDone} />;
}

function ScheduleCard({ schedule, onEdit }: { schedule: AuditSchedule; onEdit: () => void }) {
  const { name } = schedule;
  const remove = useDeleteAuditSchedule({
    onSuccess: () => notifications.show({ color: 'green', message: scheduleMessages.scheduleDeleted }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: scheduleMessages.scheduleDeleteFailed,
        message: `${name}: ${error.message}`,
      }),
  });
  const toggle = useSetAuditScheduleActive({
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: scheduleMessages.scheduleSaveFailed,
        message: `${name}: ${error.message}`,
      }),
  });
  const where = schedule.allRestaurants
    ? `All restaurants (${schedule.restaurantCount})`
    : schedule.restaurants.map((restaurant) => restaurant.name).join(', ');

  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge variant="light" color="indigo" c="indigo.9" tt="none" style={{ flexShrink: 0 }}>
            {CADENCE_LABELS[schedule.cadence]}
          </Badge>
        </Group>
        <Text size="sm">{schedule.templates.map((template) => template.name).join(', ')}</Text>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {where}
        </Text>
        <Text size="sm" c="gray.7">
          {schedule.isActive
            ? `Current period: ${formatPeriod(schedule.nextPeriod.start, schedule.nextPeriod.end)}`
            : 'Inactive: nothing becomes due'}
        </Text>
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Text size="sm" fw={600} c={schedule.isActive ? '#277c38' : 'gray.7'}>
            {schedule.isActive ? 'Active' : 'Inactive'}
          </Text>
          <RowActions
            name={name}
            isActive={schedule.isActive}
            toggling={toggle.isPending}
            onToggleActive={() => toggle.mutate({ id: schedule.id, isActive: !schedule.isActive })}
            onEdit={onEdit}
            deleting={remove.isPending}
            deleteConfirm={{
              title: 'Delete schedule',
              message: (
                <>
                  Are you sure you want to delete <strong>{name}</strong>? Its due and missed entries go with it; audits
                  made from them stay. This action cannot be undone.
                </>
              ),
            }}
            onDelete={() => remove.mutate(schedule.id)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
      {[0, 1].map((row) => (
        <Skeleton key={row} height={120} />
      ))}
    </Stack>
  );
}
