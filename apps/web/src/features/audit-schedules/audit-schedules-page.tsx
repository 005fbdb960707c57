import { CADENCE_LABELS } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import {
  AUDIT_SCHEDULE_SORTS,
  type AuditSchedule,
  type AuditScheduleSort,
} from '@brigade/core/schemas/audit-schedules';
import { SORT_ORDERS } from '@brigade/core/schemas/common';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarRepeat, IconPlus } from '@tabler/icons-react';
import { parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useState } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { RowActions } from '../../components/row-action';
import { SortSelect } from '../../components/sort-select';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { formatPeriod } from '../../lib/format-period';
import { useCoreText } from '../../lib/i18n';
import { useDeleteAuditSchedule } from './api/delete-audit-schedule';
import { useAuditSchedules } from './api/get-audit-schedules';
import { useScheduleTemplateOptions } from './api/get-schedule-template-options';
import { useSetAuditScheduleActive } from './api/set-audit-schedule-active';
import { DueAuditsSection } from './due-audits-section';
import { ScheduleForm } from './schedule-form';

const PHONE_QUERY = '(max-width: 48em)';

/** What the form edits: nothing (closed), a new schedule, or one of the list. */
type Editing = null | 'new' | AuditSchedule;

const SORT_OPTIONS = [
  { value: 'status', label: msg`Status` },
  { value: 'name', label: msg`Name` },
  { value: 'cadence', label: msg`Frequency` },
  { value: 'startsOn', label: msg`Start date` },
  { value: 'restaurantCount', label: msg`Restaurants` },
] as const satisfies readonly { value: AuditScheduleSort; label: MessageDescriptor }[];

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
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const [sorting, setSorting] = useQueryStates(scheduleSortParsers, { history: 'replace' });
  const schedules = useAuditSchedules(sorting);
  const [editing, setEditing] = useState<Editing>(null);
  const phone = useMediaQuery(PHONE_QUERY, true, { getInitialValueInEffect: false });
  const data = schedules.data;

  return (
    <>
      <PageHeader
        title={t`Audit Schedules`}
        subtitle={t`Which restaurants are due for which audit, and how often`}
        actions={
          <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={18} aria-hidden />}>
            <Trans>Add Schedule</Trans>
          </Button>
        }
      />
      <Stack gap="lg">
        <section aria-labelledby="schedules-heading">
          <Title order={2} fz="lg" mb="sm" id="schedules-heading">
            <Trans>Schedules</Trans>
          </Title>
          <Stack gap="sm">
            {data && data.length > 0 && (
              <SortSelect
                options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
                sort={sorting.sort}
                order={sorting.order}
                onChange={(sort, order) => void setSorting({ sort, order })}
              />
            )}
            <DataList
              query={schedules}
              rowKey={(schedule) => schedule.id}
              card={(schedule) => <ScheduleCard schedule={schedule} onEdit={() => setEditing(schedule)} />}
              showTable={false}
              labels={{ loading: t`Loading`, loadFailed: text(scheduleMessages.schedulesLoadFailed) }}
              empty={{
                title: text(scheduleMessages.noSchedules),
                description: text(scheduleMessages.noSchedulesHint),
                icon: <IconCalendarRepeat size={28} aria-hidden />,
              }}
            />
          </Stack>
        </section>
        <DueAuditsSection />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`Add Schedule` : t`Edit Schedule`}
        fullScreen={phone}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
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
  const { text } = useCoreText();
  const templates = useScheduleTemplateOptions();
  const restaurants = useRestaurantOptions();
  if (templates.isPending || restaurants.isPending) return <FormSkeleton />;
  if (!templates.data || !restaurants.data) {
    return (
      <LoadError
        message={text(scheduleMessages.schedulesLoadFailed)}
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
  const { t } = useLingui();
  const { text } = useCoreText();
  const { name } = schedule;
  const remove = useDeleteAuditSchedule({
    onSuccess: () => notifications.show({ color: 'green', message: text(scheduleMessages.scheduleDeleted) }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: text(scheduleMessages.scheduleDeleteFailed),
        message: `${name}: ${text(error.message)}`,
      }),
  });
  const toggle = useSetAuditScheduleActive({
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: text(scheduleMessages.scheduleSaveFailed),
        message: `${name}: ${text(error.message)}`,
      }),
  });
  const count = schedule.restaurantCount;
  const period = formatPeriod(schedule.nextPeriod.start, schedule.nextPeriod.end);
  const where = schedule.allRestaurants
    ? t`All restaurants (${count})`
    : schedule.restaurants.map((restaurant) => restaurant.name).join(', ');

  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Badge variant="light" color="indigo" c="indigo.9" tt="none" style={{ flexShrink: 0 }}>
          {text(CADENCE_LABELS[schedule.cadence])}
        </Badge>
      </Group>
      <Text size="sm">{schedule.templates.map((template) => template.name).join(', ')}</Text>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {where}
      </Text>
      <Text size="sm" c="gray.7">
        {schedule.isActive ? t`Current period: ${period}` : t`Inactive: nothing becomes due`}
      </Text>
      <Group justify="space-between" mt="auto" wrap="nowrap">
        <Text size="sm" fw={600} c={schedule.isActive ? '#277c38' : 'gray.7'}>
          {schedule.isActive ? t`Active` : t`Inactive`}
        </Text>
        <RowActions
          name={name}
          isActive={schedule.isActive}
          toggling={toggle.isPending}
          onToggleActive={() => toggle.mutate({ id: schedule.id, isActive: !schedule.isActive })}
          onEdit={onEdit}
          deleting={remove.isPending}
          deleteConfirm={{
            title: t`Delete schedule`,
            message: (
              <Trans>
                Are you sure you want to delete <strong>{name}</strong>? Its due and missed entries go with it; audits
                made from them stay. This action cannot be undone.
              </Trans>
            ),
          }}
          onDelete={() => remove.mutate(schedule.id)}
        />
      </Group>
    </Stack>
  );
}

/** The form's place while its choices load. */
function FormSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading`}>
      {[0, 1].map((row) => (
        <Skeleton key={row} height={120} />
      ))}
    </Stack>
  );
}
