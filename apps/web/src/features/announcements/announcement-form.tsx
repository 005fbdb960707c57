import { ackMessages, messages } from '@brigade/core/messages';
import { ROLES } from '@brigade/core/roles';
import {
  type AnnouncementDetail,
  AnnouncementInput,
  type AnnouncementUpdate,
} from '@brigade/core/schemas/announcements';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useCreateAnnouncement } from './api/create-announcement';
import { useAnnouncement } from './api/get-announcement';
import { useUpdateAnnouncement } from './api/update-announcement';

interface AnnouncementFormProps {
  /** The announcement being edited (its id); absent for a new one. */
  announcementId?: string;
  onDone: () => void;
}

type Values = {
  title: string;
  description: string;
  requiresAck: boolean;
  audienceRoles: (typeof ROLES)[number][];
  restaurantIds: string[];
};

const ROLE_LABELS = { staff: msg`Staff`, manager: msg`Managers`, hq: msg`hq` } as const;

/**
 * The inline form of the management screen (core §4 "Inline forms"): title and a
 * multi-line description, both required (core §5), and "Requires acknowledgement" with
 * its audience (issue 20). Editing loads the announcement first, for its restaurants.
 */
export function AnnouncementForm({ announcementId, onDone }: AnnouncementFormProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const detail = useAnnouncement(announcementId ?? '', { enabled: Boolean(announcementId) });
  if (!announcementId) return <LoadedAnnouncementForm onDone={onDone} />;
  if (detail.isPending) {
    return (
      <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading the announcement`}>
        <Stack gap="sm">
          <Skeleton height={20} width="40%" />
          <Skeleton height={36} />
          <Skeleton height={90} />
        </Stack>
      </Paper>
    );
  }
  if (detail.isError) {
    return (
      <Paper withBorder p="md">
        <LoadError
          message={text(messages.announcementsLoadFailed)}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </Paper>
    );
  }
  return <LoadedAnnouncementForm announcement={detail.data} onDone={onDone} />;
}

function LoadedAnnouncementForm({ announcement, onDone }: { announcement?: AnnouncementDetail; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const headingId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  /** The values waiting for hq's answer: require a new acknowledgement or not. */
  const [asking, setAsking] = useState<Values | null>(null);
  const restaurantOptions = useRestaurantOptions();
  const create = useCreateAnnouncement({
    onSuccess: () => notifications.show({ color: 'green', message: text(messages.announcementCreated) }),
    onError: (error) => failed(error, text(messages.announcementCreateFailed)),
  });
  const update = useUpdateAnnouncement({
    onSuccess: () => notifications.show({ color: 'green', message: text(messages.announcementUpdated) }),
    onError: (error, variables) => {
      // The text changed and people have acknowledged it: ask hq, then save again.
      if (isApiError(error) && error.status === 409 && variables.input.reacknowledge === undefined) {
        setAsking(variables.input as Values);
        return;
      }
      failed(error, text(messages.announcementSaveFailed));
    },
  });
  const saving = create.isPending || update.isPending;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      title: announcement?.title ?? '',
      description: announcement?.description ?? '',
      requiresAck: announcement?.requiresAck ?? false,
      audienceRoles: announcement?.audienceRoles ?? [],
      restaurantIds: announcement?.restaurants.map((restaurant) => restaurant.id) ?? [],
    },
    validate: schemaResolver(AnnouncementInput, { sync: true }),
  });

  // Opening the form puts the cursor in its first field.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  function failed(error: Error, fallback: string) {
    // An expired session (401) signs the person out; say why the save did not happen.
    if (isApiError(error) && error.status === 401) {
      notifications.show({ color: 'red', message: text(messages.authenticationError) });
      return;
    }
    // Field messages go under their fields, and only there (one message, in one place).
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      form.setErrors(error.fields);
      return;
    }
    notifications.show({ color: 'red', message: fallback });
  }

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: keyof Values, options?: { type: 'checkbox' }) {
    const input = form.getInputProps(path, options);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function save(values: Values, reacknowledge?: boolean) {
    if (announcement) {
      const input: AnnouncementUpdate = reacknowledge === undefined ? values : { ...values, reacknowledge };
      update.mutate({ id: announcement.id, input }, { onSuccess: onDone });
    } else create.mutate(values, { onSuccess: onDone });
  }

  function answer(reacknowledge: boolean) {
    const values = asking;
    setAsking(null);
    if (values) save(values, reacknowledge);
  }

  // Restaurants chosen earlier but since deactivated stay choosable, by name.
  const restaurantChoices = [
    ...(restaurantOptions.data ?? []),
    ...(announcement?.restaurants ?? []).filter(
      (chosen) => !restaurantOptions.data?.some((option) => option.id === chosen.id),
    ),
  ].map((restaurant) => ({ value: restaurant.id, label: restaurant.name }));

  return (
    <Paper withBorder p="md" shadow="xs">
      <form noValidate onSubmit={form.onSubmit((values) => save(values))} aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {announcement ? <Trans>Edit Announcement</Trans> : <Trans>New Announcement</Trans>}
          </Title>
          <TextInput
            ref={titleRef}
            label={t`Title`}
            required
            maxLength={200}
            key={form.key('title')}
            {...field('title')}
          />
          <Textarea
            label={t`Description`}
            required
            autosize
            minRows={4}
            maxRows={14}
            maxLength={10_000}
            key={form.key('description')}
            {...field('description')}
          />
          <Switch
            label={text(ackMessages.requiresAckLabel)}
            description={t`Its audience sees it pinned on their dashboard with "I have read this" until they do.`}
            key={form.key('requiresAck')}
            {...field('requiresAck', { type: 'checkbox' })}
          />
          {form.values.requiresAck && (
            <Stack gap="sm" pl={{ base: 0, sm: 'md' }}>
              <Checkbox.Group
                label={t`Audience roles`}
                description={t`None chosen: every role.`}
                key={form.key('audienceRoles')}
                {...field('audienceRoles')}
              >
                <Group gap="md" mt={6}>
                  {ROLES.map((role) => (
                    <Checkbox key={role} value={role} label={i18n._(ROLE_LABELS[role])} />
                  ))}
                </Group>
              </Checkbox.Group>
              <MultiSelect
                label={t`Audience restaurants`}
                description={t`None chosen: every restaurant, and hq.`}
                searchable
                clearable
                limit={50}
                placeholder={restaurantOptions.isPending ? t`Loading restaurants...` : t`Every restaurant`}
                nothingFoundMessage={t`No active restaurants`}
                data={restaurantChoices}
                key={form.key('restaurantIds')}
                {...field('restaurantIds')}
                error={restaurantOptions.isError ? t`Failed to load restaurants` : field('restaurantIds').error}
              />
            </Stack>
          )}
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {announcement ? <Trans>Save Changes</Trans> : <Trans>Publish Announcement</Trans>}
            </Button>
            <Button variant="default" onClick={onDone} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t`Require a new acknowledgement?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="md">
          <Text size="sm">{text(ackMessages.reacknowledgeQuestion)}</Text>
          <Text size="sm" c="gray.7">
            <Trans>
              Yes: everyone in the audience must press "I have read this" again. No: the text changes and the
              acknowledgements given so far still count.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="light" onClick={() => answer(false)}>
              <Trans>No, keep acknowledgements</Trans>
            </Button>
            <Button onClick={() => answer(true)}>
              <Trans>Yes, ask again</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
