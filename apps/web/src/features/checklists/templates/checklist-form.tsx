import { type Checklist, ChecklistInput } from '@brigade/core/schemas/checklists';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { useLingui } from '@lingui/react/macro';
import { Divider, Group, MultiSelect, Paper, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { useFormFailure } from '../../../lib/form-failure';
import { useSaveChecklist } from './api/save-checklist';
import { useFieldProps } from './checklist-form-fields';
import { type ChecklistFormValues, initialValuesOf, toInput } from './checklist-form-values';
import { SectionFields } from './section-fields';
import { WindowFields } from './window-fields';

export const FORM_WIDTH = 760;

const validateInput = schemaResolver(ChecklistInput, { sync: true });

interface ChecklistFormProps {
  /** The stored checklist, or null for a new one. */
  checklist: Checklist | null;
  /**
   * Where the checklist belongs: a restaurant (a manager's own checklist, or one hq edits)
   * or null (a chain template, hq only); a stored checklist keeps where it was made.
   */
  restaurant: RestaurantOption | null;
  /** hq's restaurant choices for a chain template; managers have none. */
  restaurantChoices: readonly RestaurantOption[];
}

/**
 * Add or edit a checklist (issue 33): its name; for a chain template all or chosen
 * restaurants and the lock; its sections and items; its time windows. The server's field
 * messages land at their fields.
 */
export function ChecklistForm({ checklist, restaurant, restaurantChoices }: ChecklistFormProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const save = useSaveChecklist();
  const saveFailure = useFormFailure();
  const restaurantId = restaurant?.id ?? null;
  const chain = restaurantId === null;
  const form = useForm<ChecklistFormValues>({
    mode: 'controlled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(checklist),
    validate: (values) => validateInput(toInput(values, restaurantId)),
  });

  function submit(values: ChecklistFormValues) {
    save.mutate(
      { id: checklist?.id, input: toInput(values, restaurantId) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: checklist ? t`Checklist saved` : t`Checklist created` });
          void navigate('/checklist-templates');
        },
        onError: (error) =>
          saveFailure.report(
            form,
            error,
            checklist ? t`Failed to save the checklist` : t`Failed to create the checklist`,
          ),
      },
    );
  }

  const { field } = useFieldProps(form);
  const values = form.getValues();
  const restaurantName = restaurant?.name ?? '';

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(submit, () => focusFirstError())}>
        <Stack gap="lg">
          <TextInput label={t`Name`} required maxLength={200} key={form.key('name')} {...field('name')} />
          {chain ? (
            <Stack gap="sm">
              <Radio.Group
                label={t`Restaurants`}
                required
                value={values.allRestaurants ? 'all' : 'chosen'}
                onChange={(value) => form.setFieldValue('allRestaurants', value === 'all')}
              >
                <Group mt="xs">
                  <Radio value="all" label={t`All restaurants`} />
                  <Radio value="chosen" label={t`Chosen restaurants`} />
                </Group>
              </Radio.Group>
              {!values.allRestaurants && (
                <MultiSelect
                  label={t`Chosen restaurants`}
                  required
                  searchable
                  nothingFoundMessage={t`No restaurants found`}
                  data={restaurantChoices.map((choice) => ({ value: choice.id, label: choice.name }))}
                  key={form.key('restaurantIds')}
                  {...field('restaurantIds')}
                />
              )}
              <Switch
                label={t`Locked against local changes`}
                description={t`Every restaurant it is for does it: managers can neither switch it off there nor make a local copy.`}
                key={form.key('locked')}
                {...field('locked', { type: 'checkbox' })}
              />
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              {t`Only for ${restaurantName}.`}
            </Text>
          )}
          <Divider />
          <SectionFields form={form} />
          <Divider />
          <WindowFields form={form} />
          <FormActions
            failure={saveFailure.failure}
            saving={save.isPending}
            saveLabel={t`Save Checklist`}
            cancelTo="/checklist-templates"
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** The first field with a message gets focus, so a keyboard or screen-reader user lands on it. */
function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}
