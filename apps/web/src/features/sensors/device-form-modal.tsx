import {
  SENSOR_DEFAULT_DELAY_MINUTES,
  SENSOR_DEFAULT_RECOVERY_MINUTES,
  SENSOR_KIND_DEFAULT_LIMITS,
  SENSOR_KINDS,
  type SensorDevice,
  SensorDeviceInput,
  type SensorDeviceWithKey,
  type SensorKind,
} from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications as toasts } from '@mantine/notifications';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateSensorDevice } from './api/create-sensor-device';
import { useUpdateSensorDevice } from './api/update-sensor-device';
import { kindLabels } from './sensor-format';

export interface DeviceFormValues {
  name: string;
  restaurantId: string;
  kind: SensorKind;
  lowC: number | string;
  highC: number | string;
  delayMinutes: number | string;
  recoveryMinutes: number | string;
}

const validateDevice = schemaResolver(SensorDeviceInput, { sync: true });

/** The form's values of a device, or a new fridge's usual ones. */
export function deviceFormValues(device: SensorDevice | null, restaurantId: string | null): DeviceFormValues {
  if (device) {
    return {
      name: device.name,
      restaurantId: device.restaurant.id,
      kind: device.kind,
      lowC: device.lowC,
      highC: device.highC,
      delayMinutes: device.delayMinutes,
      recoveryMinutes: device.recoveryMinutes,
    };
  }
  return {
    name: '',
    restaurantId: restaurantId ?? '',
    kind: 'fridge',
    ...SENSOR_KIND_DEFAULT_LIMITS.fridge,
    delayMinutes: SENSOR_DEFAULT_DELAY_MINUTES,
    recoveryMinutes: SENSOR_DEFAULT_RECOVERY_MINUTES,
  };
}

interface DeviceFormModalProps {
  /** The device to edit; `null` registers a new one. */
  device: SensorDevice | null;
  /** A new device's restaurant, when hq started from one. */
  restaurantId?: string | null;
  onClose: () => void;
  /** A new device: its answer, with the key to show once. */
  onCreated: (device: SensorDeviceWithKey) => void;
}

/**
 * Register a device, or change its name, kind, limits, delay and recovery. Choosing a kind
 * for a new device fills in its usual limits (EU practice); hq can change them.
 */
export function DeviceFormModal({ device, restaurantId = null, onClose, onCreated }: DeviceFormModalProps) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const restaurants = useRestaurantOptions();
  const create = useCreateSensorDevice();
  const update = useUpdateSensorDevice();
  const saveFailure = useFormFailure();
  const form = useForm<DeviceFormValues>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: deviceFormValues(device, restaurantId),
    validate: validateDevice,
  });
  form.watch('kind', ({ value, previousValue }) => {
    if (device || value === previousValue) return;
    form.setFieldValue('lowC', SENSOR_KIND_DEFAULT_LIMITS[value].lowC);
    form.setFieldValue('highC', SENSOR_KIND_DEFAULT_LIMITS[value].highC);
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: keyof DeviceFormValues) {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function submit(values: DeviceFormValues) {
    const input = SensorDeviceInput.parse(values);
    if (device) {
      update.mutate(
        { id: device.id, input },
        {
          onSuccess: (saved) => {
            const name = saved.name;
            toasts.show({ color: 'green', message: t`"${name}" saved` });
            onClose();
          },
          onError: (error) => saveFailure.report(form, error, t`Failed to save the device`),
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => saveFailure.report(form, error, t`Failed to register the device`),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={device ? t`Edit ${device.name}` : t`Register a device`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <FormFailureAlert failure={saveFailure.failure} />
          <TextInput
            label={t`Name`}
            description={t`What it measures, as the kitchen calls it, such as "Walk-in fridge"`}
            required
            data-autofocus
            key={form.key('name')}
            {...field('name')}
          />
          <Select
            label={t`Restaurant`}
            placeholder={t`Choose a restaurant`}
            required
            searchable
            disabled={device !== null}
            data={(restaurants.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            nothingFoundMessage={restaurants.isPending ? t`Loading restaurants…` : t`No restaurant found`}
            key={form.key('restaurantId')}
            {...field('restaurantId')}
          />
          <Select
            label={t`Measures`}
            required
            allowDeselect={false}
            data={SENSOR_KINDS.map((kind) => ({ value: kind, label: i18n._(kindLabels[kind]) }))}
            key={form.key('kind')}
            {...field('kind')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t`Low limit (°C)`}
              required
              decimalScale={1}
              key={form.key('lowC')}
              {...field('lowC')}
            />
            <NumberInput
              label={t`High limit (°C)`}
              required
              decimalScale={1}
              key={form.key('highC')}
              {...field('highC')}
            />
            <NumberInput
              label={t`Delay (minutes)`}
              description={t`Out of range this long before an excursion, so a door opening is ignored`}
              required
              allowDecimal={false}
              allowNegative={false}
              key={form.key('delayMinutes')}
              {...field('delayMinutes')}
            />
            <NumberInput
              label={t`Recovery (minutes)`}
              description={t`Back in range this long before the excursion ends`}
              required
              allowDecimal={false}
              allowNegative={false}
              key={form.key('recoveryMinutes')}
              {...field('recoveryMinutes')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {device ? <Trans>Save</Trans> : <Trans>Register</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
