import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '@brigade/core/languages';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  WebhookInput,
  type WebhookKind,
  type WebhookSummary,
  type WebhookWithSecret,
  webhookEventTitles,
} from '@brigade/core/schemas/webhooks';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useCreateWebhook } from './api/create-webhook';
import { useUpdateWebhook } from './api/update-webhook';

export const KIND_LABELS = {
  standard: msg`Signed webhook (Standard Webhooks)`,
  teams: msg`Microsoft Teams`,
  slack: msg`Slack`,
} as const satisfies Record<WebhookKind, unknown>;

type Errors = Partial<Record<'url' | 'events' | 'form', string>>;

/**
 * Add or edit an endpoint: its kind (fixed once made), URL, events, and for Teams and
 * Slack the language their messages are written in.
 */
export function WebhookFormModal({
  editing,
  onClose,
  onCreated,
}: {
  editing: WebhookSummary | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [kind, setKind] = useState<WebhookKind>(editing?.kind ?? 'standard');
  // A preset's stored URL is never shown (it holds its secret): left empty, it is kept.
  const [url, setUrl] = useState(editing?.kind === 'standard' ? editing.url : '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<string[]>(editing?.events ?? ['audit.completed']);
  const [language, setLanguage] = useState<Language>(editing?.language ?? DEFAULT_LANGUAGE);
  const [errors, setErrors] = useState<Errors>({});

  const failed = (failure: unknown) => {
    if (!isApiError(failure)) return setErrors({ form: t`Failed to save the webhook` });
    setErrors({
      url: failure.fields.url ? text(failure.fields.url) : undefined,
      events: Object.entries(failure.fields).find(([key]) => key.startsWith('events'))?.[1],
      form: Object.keys(failure.fields).length ? undefined : text(failure.message),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keepUrl = editing !== null && editing.kind !== 'standard' && url.trim() === '';
    const parsed = WebhookInput.safeParse({
      kind,
      url: keepUrl ? 'https://kept.invalid/' : url,
      description,
      events,
      language,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const of = (field: string) => issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({
        url: of('url') ? text(of('url') as string) : undefined,
        events: of('events') ? text(of('events') as string) : undefined,
      });
      return;
    }
    setErrors({});
    if (editing) {
      update.mutate(
        { id: editing.id, url: keepUrl ? undefined : url, description, events: events as WebhookEventType[], language },
        { onSuccess: onClose, onError: failed },
      );
    } else {
      create.mutate(parsed.data, { onSuccess: onCreated, onError: failed });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t`Edit webhook` : t`Add webhook`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t`Kind`}
            data={(Object.keys(KIND_LABELS) as WebhookKind[]).map((value) => ({
              value,
              label: i18n._(KIND_LABELS[value]),
            }))}
            value={kind}
            onChange={(value) => value && setKind(value as WebhookKind)}
            allowDeselect={false}
            disabled={editing !== null}
          />
          <TextInput
            label={kind === 'standard' ? t`Endpoint URL` : t`Incoming webhook URL`}
            description={
              editing && kind !== 'standard'
                ? t`Leave empty to keep the current address.`
                : t`Where Brigade posts the events, starting with https://`
            }
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required={!editing || kind === 'standard'}
            data-autofocus
          />
          <TextInput
            label={t`Description`}
            description={t`What receives it, for the list`}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox.Group label={t`Events`} value={events} onChange={setEvents} error={errors.events} required>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={text(webhookEventTitles[type])} description={type} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {kind !== 'standard' && (
            <Select
              label={t`Language of the messages`}
              data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
              value={language}
              onChange={(value) => value && setLanguage(value as Language)}
              allowDeselect={false}
            />
          )}
          {errors.form && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {errors.form}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? <Trans>Save</Trans> : <Trans>Add webhook</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
