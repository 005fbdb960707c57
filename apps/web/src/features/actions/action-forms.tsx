import { actionMessages } from '@brigade/core/messages';
import {
  type ActionDetail,
  ChangeActionDue,
  ReassignAction,
  ReopenAction,
  ResolveAction,
} from '@brigade/core/schemas/corrective-actions';
import { Button, Group, MultiSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PhotoUploader } from '../../components/photos/photo-uploader';
import { useFormFailure } from '../../lib/form-failure';
import { type ActionChange, useChangeAction } from './api/change-action';
import { actionQueryKey } from './api/get-action';
import { useOwnerChoices } from './api/get-owner-choices';

interface FormProps {
  action: ActionDetail;
}

/** Sends one change; a success says so, a refusal goes under its field or in the form's box. */
function useActionForm(action: ActionDetail, successMessage: string) {
  const change = useChangeAction(action.id);
  const failure = useFormFailure();
  function send(form: Parameters<typeof failure.report>[0] & { reset: () => void }, body: ActionChange) {
    change.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: successMessage });
        form.reset();
      },
      onError: (error) => failure.report(form, error, actionMessages.actionFailed),
    });
  }
  return { change, failure, send };
}

/**
 * "Resolve": what was done (required) and, optionally, photos of the fix; the owners and
 * hq, while the action is open. Each photo is stored as it is taken (its own request, so
 * the note typed so far stays); the history then shows it.
 */
export function ResolveForm({ action }: FormProps) {
  const { change, failure, send } = useActionForm(action, actionMessages.resolved);
  const queryClient = useQueryClient();
  const actionPath = `/api/actions/${encodeURIComponent(action.id)}`;
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { note: '' },
    validate: (values) => schemaResolver(ResolveAction, { sync: true })({ ...values, version: action.version }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="resolve-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          send(form, { kind: 'resolve', body: { note: values.note, version: action.version } }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="resolve-title">
            Resolve
          </Title>
          <Textarea
            label="What was done"
            required
            autosize
            minRows={3}
            maxLength={2000}
            key={form.key('note')}
            {...form.getInputProps('note')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Photos of the fix (optional)
            </Text>
            <PhotoUploader
              label={`Fix of ${action.itemText}`}
              uploadUrl={`${actionPath}/photos`}
              removeUrl={(photoId) => `${actionPath}/photos/${encodeURIComponent(photoId)}`}
              photos={action.fixPhotos}
              onChange={() => void queryClient.invalidateQueries({ queryKey: actionQueryKey(action.id) })}
            />
          </Stack>
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Resolve Action
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Reopen" (hq): a reason, and a confirmation before the resolution is set aside. */
export function ReopenForm({ action }: FormProps) {
  const { change, failure, send } = useActionForm(action, actionMessages.reopened);
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { reason: '' },
    validate: (values) => schemaResolver(ReopenAction, { sync: true })({ ...values, version: action.version }),
  });
  const confirm = (values: { reason: string }) => {
    modals.openConfirmModal({
      title: 'Reopen this action?',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">The action goes back to its owners as open; its resolution stays in the history.</Text>,
      labels: { confirm: 'Reopen', cancel: 'Cancel' },
      cancelProps: { variant: 'default' },
      onConfirm: () => send(form, { kind: 'reopen', body: { reason: values.reason, version: action.version } }),
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reopen-title">
      <form noValidate onSubmit={form.onSubmit(confirm)}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="reopen-title">
            Reopen
          </Title>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={2000}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" color="orange" loading={change.isPending}>
              Reopen Action
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** hq chooses the owners: active hq and the restaurant's active managers. */
export function ReassignForm({ action }: FormProps) {
  const { change, failure, send } = useActionForm(action, actionMessages.reassigned);
  const choices = useOwnerChoices(action.restaurant.id, true);
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { ownerIds: action.owners.map((owner) => owner.id) },
    validate: (values) => schemaResolver(ReassignAction, { sync: true })({ ...values, version: action.version }),
  });
  const data = [
    ...(choices.data ?? []),
    ...action.owners.filter((owner) => !(choices.data ?? []).some((choice) => choice.id === owner.id)),
  ].map((person) => ({ value: person.id, label: `${person.name} (${person.role})` }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reassign-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          send(
            { ...form, reset: () => {} },
            { kind: 'owners', body: { ownerIds: values.ownerIds, version: action.version } },
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="reassign-title">
            Owners
          </Title>
          <MultiSelect
            label="Owners"
            data={data}
            searchable
            error={choices.isError ? 'Failed to load the people who may own this action' : undefined}
            key={form.key('ownerIds')}
            {...form.getInputProps('ownerIds')}
          />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={change.isPending}>
              Save Owners
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** hq moves the due date. */
export function ChangeDueForm({ action }: FormProps) {
  const { change, failure, send } = useActionForm(action, actionMessages.dueChanged);
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { dueOn: action.dueOn },
    validate: (values) => schemaResolver(ChangeActionDue, { sync: true })({ ...values, version: action.version }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="due-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          send({ ...form, reset: () => {} }, { kind: 'due', body: { dueOn: values.dueOn, version: action.version } }),
        )}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="due-title">
            Due date
          </Title>
          <TextInput type="date" label="Due on" required key={form.key('dueOn')} {...form.getInputProps('dueOn')} />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={change.isPending}>
              Save Due Date
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
