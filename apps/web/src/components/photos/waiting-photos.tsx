import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import { discard, type OutboxItem, outboxDb, outboxUser, retry } from '../../lib/offline/outbox';
import { useOnline } from '../../lib/offline/use-outbox';
import { confirmDelete } from '../confirm-delete';
import classes from './photos.module.css';

const NO_ITEMS: OutboxItem[] = [];

/**
 * The signed-in person's photos for `uploadUrl` still in the outbox under `subject`
 * (none without a subject: an uploader that sends at once, which reads no IndexedDB).
 */
export function useWaitingPhotos(subject: string | undefined, uploadUrl: string): OutboxItem[] {
  return useLiveQuery(
    () =>
      subject
        ? outboxDb.items
            .where('subject')
            .equals(subject)
            .filter(
              (item) =>
                item.userId === outboxUser() && item.url === uploadUrl && Boolean(item.photo) && item.state !== 'sent',
            )
            .sortBy('seq')
        : NO_ITEMS,
    [subject, uploadUrl],
    NO_ITEMS,
  );
}

/** A preview of a photo still on this device, from its blob (revoked when it goes). */
function useBlobUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * Photos taken for `label` that wait in the outbox (issue 34): each shows from the blob
 * on this device with what happens to it; a refused one keeps its reason, Retry and
 * Discard.
 */
export function WaitingPhotos({ items, label }: { items: readonly OutboxItem[]; label: string }) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" className={classes.thumbs} aria-label={t`Photos of ${label} waiting to be sent`}>
      {items.map((item, index) => (
        <WaitingPhoto key={item.id} item={item} number={index + 1} label={label} />
      ))}
    </Stack>
  );
}

function WaitingPhoto({ item, number, label }: { item: OutboxItem; number: number; label: string }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const online = useOnline();
  const url = useBlobUrl(item.photo?.blob);
  const refused = item.state === 'failed' || item.state === 'conflict';
  const preview = url && <Image src={url} alt={t`${label}: waiting photo ${number}`} className={classes.thumb} />;
  const askDiscard = () =>
    confirmDelete({
      title: t`Discard this photo?`,
      message: t`The photo is removed from this device and never sent.`,
      confirmLabel: t`Discard`,
      onConfirm: () => void discard(item.id),
    });
  if (refused) {
    return (
      <li>
        <Alert color="red" p="xs" role="alert" title={t`Photo ${number} was not sent`}>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            {preview}
            <Stack gap={6} align="flex-start">
              {item.error && <Text size="sm">{text(item.error.message)}</Text>}
              <Group gap="xs">
                {item.state === 'failed' && (
                  <Button
                    size="xs"
                    variant="filled"
                    color="red.8"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void retry(item.id)}
                  >
                    <Trans>Retry</Trans>
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={askDiscard}
                >
                  <Trans>Discard</Trans>
                </Button>
              </Group>
            </Stack>
          </Group>
        </Alert>
      </li>
    );
  }
  return (
    <Group component="li" gap="sm" wrap="nowrap">
      {preview}
      <Text size="xs" c="gray.7" role="status">
        {item.state === 'sending' ? (
          <Trans>Sending…</Trans>
        ) : online ? (
          <Trans>Waiting to be sent.</Trans>
        ) : (
          <Trans>Will be sent when you are back online</Trans>
        )}
      </Text>
    </Group>
  );
}
