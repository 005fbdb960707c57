import { AUDIT_CADENCES, CADENCE_LABELS, calendarDay } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import { type AuditSchedule, AuditScheduleInput } from '@brigade/core/schemas/audit-schedules';
import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FormActions } from '../../components/form-actions';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateAuditSchedule } from './api/create-audit-schedule';
import { useUpdateAuditSchedule } from './api/update-audit-schedule';

interface Choice {
  id: string;
  name: string;
}

interface ScheduleFormValues {
  name: string;
  templateIds: string[];
  allRestaurants: boolean;
  restaurantIds: string[];
  cadence: string;
  startsOn: string;
  isActive: boolean;
}

function initialValuesOf(schedule: AuditSchedule | null): ScheduleFormValues {
  if (!schedule) {
    return {
      name: '',
      templateIds: [],
      allRestaurants: true,
      restaurantIds: [],
      cadence: 'weekly',
      startsOn: calendarDay(new Date()),
      isActive: true,
    };
  }
  return {
    name: schedule.name,
    templateIds: schedule.templates.map((template) => template.id),
    allRestaurants: schedule.allRestaurants,
    restaurantIds: schedule.restaurants.map((restaurant) => restaurant.id),
    cadence: schedule.cadence,
    startsOn: schedule.startsOn,
    isActive: schedule.isActive,
  };
}

interface ScheduleFormProps {
  schedule: AuditSchedule | null;
  templates: readonly Choice[];
  restaurants: readonly Choice[];
  onDone: () => void;
}

/** Add or edit a schedule: name, templates, all or chosen restaurants, cadence and the first period's start. */
export function ScheduleForm({ schedule, templates, restaurants, onDone }: ScheduleFormProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const create = useCreateAuditSchedule();
  const update = useUpdateAuditSchedule();
  const save = schedule ? update : create;
  const saveFailure = useFormFailure();
  const form = useForm<ScheduleFormValues>({
    mode: 'controlled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(schedule),
    validate: schemaResolver(AuditScheduleInput, { sync: true }),
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: keyof ScheduleFormValues, options?: { type: 'checkbox' }) {
    const input = form.getInputProps(path, options);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function submit(values: ScheduleFormValues) {
    const input = { ...values, cadence: values.cadence as AuditScheduleInput['cadence'] };
    const callbacks = {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: text(schedule ? scheduleMessages.scheduleUpdated : scheduleMessages.scheduleCreated),
        });
        onDone();
      },
      onError: (error: Error) => saveFailure.report(form, error, text(scheduleMessages.scheduleSaveFailed)),
    };
    if (schedule) update.mutate({ id: schedule.id, input }, callbacks);
    else create.mutate(input, callbacks);
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <TextInput label={t`Name`} required maxLength={200} key={form.key('name')} {...field('name')} />
        <MultiSelect
          label={t`Templates`}
          description={t`The audit covers these templates.`}
          required
          searchable
          nothingFoundMessage={t`No templates found`}
          data={templates.map((template) => ({ value: template.id, label: template.name }))}
          key={form.key('templateIds')}
          {...field('templateIds')}
        />
        <Radio.Group
          label={t`Restaurants`}
          required
          value={form.getValues().allRestaurants ? 'all' : 'chosen'}
          onChange={(value) => form.setFieldValue('allRestaurants', value === 'all')}
        >
          <Group mt="xs">
            <Radio value="all" label={t`All restaurants`} />
            <Radio value="chosen" label={t`Chosen restaurants`} />
          </Group>
        </Radio.Group>
        {!form.getValues().allRestaurants && (
          <MultiSelect
            label={t`Chosen restaurants`}
            required
            searchable
            nothingFoundMessage={t`No restaurants found`}
            data={restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            key={form.key('restaurantIds')}
            {...field('restaurantIds')}
          />
        )}
        <Select
          label={t`How often`}
          required
          allowDeselect={false}
          data={AUDIT_CADENCES.map((cadence) => ({ value: cadence, label: text(CADENCE_LABELS[cadence]) }))}
          key={form.key('cadence')}
          {...field('cadence')}
        />
        <TextInput
          type="date"
          label={t`First period starts on`}
          description={t`Each period runs from this day on: a week, two weeks, a month or a quarter.`}
          required
          key={form.key('startsOn')}
          {...field('startsOn')}
        />
        <Switch label={t`Active`} key={form.key('isActive')} {...field('isActive', { type: 'checkbox' })} />
        <FormActions
          failure={saveFailure.failure}
          saving={save.isPending}
          saveLabel={t`Save Schedule`}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
