import { timeZones } from '@brigade/core/restaurant-time';
import { type Restaurant, RestaurantInput } from '@brigade/core/schemas/restaurants';
import { useLingui } from '@lingui/react/macro';
import { Fieldset, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { FormActions } from '../../components/form-actions';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateRestaurant } from './api/create-restaurant';
import { useUpdateRestaurant } from './api/update-restaurant';

const PHONE_QUERY = '(max-width: 36em)';

interface RestaurantFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The restaurant being edited; `null` adds a new one. */
  restaurant: Restaurant | null;
  /** Changes each time the modal opens, so the form starts from fresh values. */
  formKey: number;
}

/** Add Restaurant / Edit Restaurant (core-operations §2 "Restaurants (hq)", §5). */
export function RestaurantFormModal({ opened, onClose, restaurant, formKey }: RestaurantFormModalProps) {
  const { t } = useLingui();
  // On a phone the form takes the whole screen instead of scrolling inside a small box.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={restaurant ? t`Edit Restaurant` : t`Add Restaurant`}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t`Close` }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <RestaurantForm key={formKey} restaurant={restaurant} onDone={onClose} />
    </Modal>
  );
}

type RestaurantFormValues = {
  [Field in keyof Required<RestaurantInput>]: string;
};

function initialValuesOf(restaurant: Restaurant | null): RestaurantFormValues {
  return {
    name: restaurant?.name ?? '',
    city: restaurant?.city ?? '',
    country: restaurant?.country ?? '',
    address: restaurant?.address ?? '',
    email: restaurant?.email ?? '',
    posId: restaurant?.posId ?? '',
    googlePlaceId: restaurant?.googlePlaceId ?? '',
    uberEatsId: restaurant?.uberEatsId ?? '',
    takeawayId: restaurant?.takeawayId ?? '',
    deliverooId: restaurant?.deliverooId ?? '',
    timeZone: restaurant?.timeZone ?? '',
  };
}

function RestaurantForm({ restaurant, onDone }: { restaurant: Restaurant | null; onDone: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const create = useCreateRestaurant();
  const update = useUpdateRestaurant();
  const save = restaurant ? update : create;
  const saveFailure = useFormFailure();
  const form = useForm<RestaurantFormValues>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(restaurant),
    validate: schemaResolver(RestaurantInput, { sync: true }),
  });

  function submit(values: RestaurantFormValues) {
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: restaurant ? t`Restaurant updated` : t`Restaurant created` });
        onDone();
      },
      onError: (error: Error) =>
        saveFailure.report(form, error, restaurant ? t`Failed to update restaurant` : t`Failed to create restaurant`),
    };
    if (restaurant) update.mutate({ id: restaurant.id, input: values }, callbacks);
    else create.mutate(values, callbacks);
  }

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: keyof RestaurantFormValues) {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Name`} required data-autofocus key={form.key('name')} {...field('name')} />
          <TextInput label={t`Email`} type="email" autoComplete="off" key={form.key('email')} {...field('email')} />
        </SimpleGrid>
        <TextInput label={t`Address`} required key={form.key('address')} {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`City`} required key={form.key('city')} {...field('city')} />
          <TextInput label={t`Country`} required key={form.key('country')} {...field('country')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`POS ID`} key={form.key('posId')} {...field('posId')} />
          <Select
            label={t`Time zone`}
            description={t`Checklist windows and days follow this zone`}
            placeholder={t`The server's default`}
            data={timeZones()}
            searchable
            clearable
            nothingFoundMessage={t`No time zone found`}
            key={form.key('timeZone')}
            {...field('timeZone')}
          />
        </SimpleGrid>
        <Fieldset legend={t`Delivery and listing integrations`} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Google place ID`} key={form.key('googlePlaceId')} {...field('googlePlaceId')} />
            <TextInput label={t`Uber Eats ID`} key={form.key('uberEatsId')} {...field('uberEatsId')} />
            <TextInput label={t`Takeaway ID`} key={form.key('takeawayId')} {...field('takeawayId')} />
            <TextInput label={t`Deliveroo ID`} key={form.key('deliverooId')} {...field('deliverooId')} />
          </SimpleGrid>
        </Fieldset>
        <FormActions failure={saveFailure.failure} saving={save.isPending} saveLabel={t`Save`} onCancel={onDone} />
      </Stack>
    </form>
  );
}
