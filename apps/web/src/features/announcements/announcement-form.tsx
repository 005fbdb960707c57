import { messages } from '@brigade/core/messages';
import { type Announcement, AnnouncementInput } from '@brigade/core/schemas/announcements';
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useRef } from 'react';
import { isApiError } from '../../lib/api-client';
import { useCreateAnnouncement } from './api/create-announcement';
import { useUpdateAnnouncement } from './api/update-announcement';

interface AnnouncementFormProps {
  /** The announcement being edited; absent for a new one. */
  announcement?: Announcement;
  onDone: () => void;
}

type Values = { title: string; description: string };

/**
 * The inline form of the management screen (core §4 "Inline forms"): title and a
 * multi-line description, both required (core §5). It closes on save or cancel.
 */
export function AnnouncementForm({ announcement, onDone }: AnnouncementFormProps) {
  const headingId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const create = useCreateAnnouncement({
    onSuccess: () => notifications.show({ color: 'green', message: messages.announcementCreated }),
    onError: (error) => failed(error, messages.announcementCreateFailed),
  });
  const update = useUpdateAnnouncement({
    onSuccess: () => notifications.show({ color: 'green', message: messages.announcementUpdated }),
    onError: (error) => failed(error, messages.announcementSaveFailed),
  });
  const saving = create.isPending || update.isPending;
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { title: announcement?.title ?? '', description: announcement?.description ?? '' },
    validate: schemaResolver(AnnouncementInput, { sync: true }),
  });

  // Opening the form puts the cursor in its first field.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  function failed(error: Error, fallback: string) {
    // An expired session (401) signs the person out; say why the save did not happen.
    if (isApiError(error) && error.status === 401) {
      notifications.show({ color: 'red', message: messages.authenticationError });
      return;
    }
    // Field messages go under their fields, and only there (one message, in one place).
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      form.setErrors(error.fields);
      return;
    }
    notifications.show({ color: 'red', message: fallback });
  }

  function save(values: Values) {
    if (announcement) update.mutate({ id: announcement.id, input: values }, { onSuccess: onDone });
    else create.mutate(values, { onSuccess: onDone });
  }

  return (
    <Paper withBorder p="md" shadow="xs">
      <form noValidate onSubmit={form.onSubmit(save)} aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {announcement ? 'Edit Announcement' : 'New Announcement'}
          </Title>
          <TextInput
            ref={titleRef}
            label="Title"
            required
            maxLength={200}
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={4}
            maxRows={14}
            maxLength={10_000}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {announcement ? 'Save Changes' : 'Publish Announcement'}
            </Button>
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
