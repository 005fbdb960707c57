import { actionMessages } from '@brigade/core/messages';
import {
  type ActionDetail,
  ChangeActionDue,
  ReassignAction,
  ReopenAction,
  ResolveAction,
} from '@brigade/core/schemas/corrective-actions';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, MultiSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { PhotoUploader } from '../../components/photos/photo-uploader';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import type { OutboxItem } from '../../lib/offline/outbox';
import { type ActionChange, useChangeAction } from './api/change-action';
import { actionQueryKey } from './api/get-action';
import { useOwnerChoices } from './api/get-owner-choices';
import { actionSubject, useResolveAction } from './api/resolve-action';

interface FormProps {
  action: ActionDetail;
}

/** Sends one change; a success says so, a refusal goes under its field or in the form's box. */
function useActionForm(action: ActionDetail, successMessage: string) {
  const { text } = useCoreText();
  const change = useChangeAction(action.id);
  const failure = useFormFailure();
  function send(form: Parameters<typeof failure.report>[0] & { reset: () => void }, body: ActionChange) {
    change.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: text(successMessage) });
        form.reset();
      },
      onError: (error) => failure.report(form, error, actionMessages.actionFailed),
    });
  }
  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field<Input extends { error?: unknown }>(input: Input): Input {
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }
  return { change, failure, send, field };
}

/**
 * "Resolve": what was done (required) and, optionally, photos of the fix; the owners and
 * hq, while the action is open. Both go through the outbox (issue 34), so they work
 * offline: each photo is kept as it is taken (its own change, so the note typed so far
 * stays) and sent before the resolution. While the resolution waits, the note shows with
 * "Will be sent when you are back online" instead of the form.
 */
export function ResolveForm({ action, waiting }: FormProps & { waiting: OutboxItem | undefined }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const itemText = action.itemText;
  const resolve = useResolveAction(action.id, t`Resolution · ${itemText}`, {
    onSuccess: (resolved) =>
      notifications.show(
        resolved
          ? { color: 'green', message: text(actionMessages.resolved) }
          : { color: 'blue', message: t`Resolution saved on this device. Will be sent when you are back online` },
      ),
  });
  const failure = useFormFailure();
  const queryClient = useQueryClient();
  const actionPath = `/api/actions/${encodeURIComponent(action.id)}`;
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { note: '' },
    validate: (values) => schemaResolver(ResolveAction, { sync: true })({ ...values, version: action.version }),
  });
  const submit = (values: { note: string }) =>
    resolve.mutate(
      { note: values.note, version: action.version },
      {
        onSuccess: () => form.reset(),
        onError: (error) => failure.report(form, error, actionMessages.actionFailed),
      },
    );
  const note = (waiting?.body as { note?: string } | undefined)?.note;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="resolve-title">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="resolve-title">
            <Trans>Resolve</Trans>
          </Title>
          {waiting ? (
            <OutboxItemStatus item={waiting} what={t`Your resolution`}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note}
              </Text>
            </OutboxItemStatus>
          ) : (
            <Textarea
              label={t`What was done`}
              required
              autosize
              minRows={3}
              maxLength={2000}
              key={form.key('note')}
              {...field(form.getInputProps('note'))}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Photos of the fix (optional)</Trans>
            </Text>
            <PhotoUploader
              label={t`Fix of ${itemText}`}
              uploadUrl={`${actionPath}/photos`}
              removeUrl={(photoId) => `${actionPath}/photos/${encodeURIComponent(photoId)}`}
              photos={action.fixPhotos}
              // A photo taken after the resolution would reach a resolved action: refused.
              disabled={Boolean(waiting)}
              outbox={{ kind: 'actionPhoto', subject: actionSubject(action.id), label: t`Fix photo · ${itemText}` }}
              onChange={() => void queryClient.invalidateQueries({ queryKey: actionQueryKey(action.id) })}
            />
          </Stack>
          <FormFailureAlert failure={failure.failure} />
          {!waiting && (
            <Group justify="flex-end">
              <Button type="submit" loading={resolve.isPending}>
                <Trans>Resolve Action</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );

  function field<Input extends { error?: unknown }>(input: Input): Input {
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }
}

/** "Reopen" (hq): a reason, and a confirmation before the resolution is set aside. */
export function ReopenForm({ action }: FormProps) {
  const { t } = useLingui();
  const { change, failure, send, field } = useActionForm(action, actionMessages.reopened);
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { reason: '' },
    validate: (values) => schemaResolver(ReopenAction, { sync: true })({ ...values, version: action.version }),
  });
  const confirm = (values: { reason: string }) => {
    modals.openConfirmModal({
      title: t`Reopen this action?`,
      centered: true,
      closeButtonProps: { 'aria-label': t`Close` },
      children: (
        <Text size="sm">
          <Trans>The action goes back to its owners as open; its resolution stays in the history.</Trans>
        </Text>
      ),
      labels: { confirm: t`Reopen`, cancel: t`Cancel` },
      cancelProps: { variant: 'default' },
      onConfirm: () => send(form, { kind: 'reopen', body: { reason: values.reason, version: action.version } }),
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reopen-title">
      <form noValidate onSubmit={form.onSubmit(confirm)}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="reopen-title">
            <Trans>Reopen</Trans>
          </Title>
          <Textarea
            label={t`Reason`}
            required
            autosize
            minRows={2}
            maxLength={2000}
            key={form.key('reason')}
            {...field(form.getInputProps('reason'))}
          />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" color="orange" loading={change.isPending}>
              <Trans>Reopen Action</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** hq chooses the owners: active hq and the restaurant's active managers. */
export function ReassignForm({ action }: FormProps) {
  const { t } = useLingui();
  const { change, failure, send, field } = useActionForm(action, actionMessages.reassigned);
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
            <Trans>Owners</Trans>
          </Title>
          <MultiSelect
            label={t`Owners`}
            data={data}
            searchable
            error={choices.isError ? t`Failed to load the people who may own this action` : undefined}
            key={form.key('ownerIds')}
            {...field(form.getInputProps('ownerIds'))}
          />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={change.isPending}>
              <Trans>Save Owners</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** hq moves the due date. */
export function ChangeDueForm({ action }: FormProps) {
  const { t } = useLingui();
  const { change, failure, send, field } = useActionForm(action, actionMessages.dueChanged);
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
            <Trans>Due date</Trans>
          </Title>
          <TextInput
            type="date"
            label={t`Due on`}
            required
            key={form.key('dueOn')}
            {...field(form.getInputProps('dueOn'))}
          />
          <FormFailureAlert failure={failure.failure} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={change.isPending}>
              <Trans>Save Due Date</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
