import { type Restaurant, RestaurantInput } from '@brigade/core/schemas/restaurants';
import { Button, Fieldset, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { useFormFailure } from '../../lib/form-failure';
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
  // On a phone the form takes the whole screen instead of scrolling inside a small box.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={restaurant ? 'Edit Restaurant' : 'Add Restaurant'}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
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
  };
}

function RestaurantForm({ restaurant, onDone }: { restaurant: Restaurant | null; onDone: () => void }) {
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
        notifications.show({ color: 'green', message: restaurant ? 'Restaurant updated' : 'Restaurant created' });
        onDone();
      },
      onError: (error: Error) =>
        saveFailure.report(form, error, restaurant ? 'Failed to update restaurant' : 'Failed to create restaurant'),
    };
    if (restaurant) update.mutate({ id: restaurant.id, input: values }, callbacks);
    else create.mutate(values, callbacks);
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <TextInput label="Address" required key={form.key('address')} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" required key={form.key('city')} {...form.getInputProps('city')} />
          <TextInput label="Country" required key={form.key('country')} {...form.getInputProps('country')} />
        </SimpleGrid>
        <TextInput label="POS ID" key={form.key('posId')} {...form.getInputProps('posId')} />
        <Fieldset legend="Delivery and listing integrations" variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Google place ID"
              key={form.key('googlePlaceId')}
              {...form.getInputProps('googlePlaceId')}
            />
            <TextInput label="Uber Eats ID" key={form.key('uberEatsId')} {...form.getInputProps('uberEatsId')} />
            <TextInput label="Takeaway ID" key={form.key('takeawayId')} {...form.getInputProps('takeawayId')} />
            <TextInput label="Deliveroo ID" key={form.key('deliverooId')} {...form.getInputProps('deliverooId')} />
          </SimpleGrid>
        </Fieldset>
        <FormFailureAlert failure={saveFailure.failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
