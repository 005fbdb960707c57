import { MAX_PHOTOS_PER_ITEM, PhotoRef } from '@brigade/core/schemas/photos';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconPhotoPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { deletePhoto } from '../../lib/api/delete-photo';
import { sendThroughOutbox } from '../../lib/api/send-through-outbox';
import { uploadPhoto } from '../../lib/api/upload-photo';
import { isApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { OutboxFullError, type OutboxKind, onSent } from '../../lib/offline/outbox';
import { outboxFullMessage } from '../../lib/offline/use-outbox';
import { confirmDelete } from '../confirm-delete';
import { PhotoViewer } from './photo-viewer';
import classes from './photos.module.css';
import { useWaitingPhotos, WaitingPhotos } from './waiting-photos';

interface PendingUpload {
  key: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  error: string | null;
}

export interface PhotoUploaderProps {
  /** Where a photo is POSTed (multipart, field "file"). */
  uploadUrl: string;
  /** Where a stored photo is DELETEd. */
  removeUrl: (photoId: string) => string;
  /** The photos already stored. */
  photos: readonly PhotoRef[];
  max?: number;
  disabled?: boolean;
  /** What the photos are of (an item's text), for labels and alt text. */
  label: string;
  onChange?: (photos: PhotoRef[]) => void;
  /**
   * Keep photos taken offline (or whose upload lost the connection) in the outbox (issue
   * 34): shown from the device until sent, each sent once, in order with the record's
   * other changes (`subject`). Online they upload at once, as without it.
   */
  outbox?: { kind: OutboxKind; subject: string; label: string };
}

let sequence = 0;

/**
 * Adds photos one request each: "Take photo" opens a phone's camera directly
 * (`capture="environment"`), "Choose photos" picks several files, and on a desktop files
 * can be dropped on the area. Each upload shows its progress; a failed one stays with its
 * error and a Retry button. Uploads do not touch the audit's marks and comments (they are
 * separate requests), so nothing typed is lost. Stored photos open in the viewer and can
 * be removed after a confirmation.
 */
export function PhotoUploader({
  uploadUrl,
  removeUrl,
  photos: initial,
  max = MAX_PHOTOS_PER_ITEM,
  disabled = false,
  label,
  onChange,
  outbox,
}: PhotoUploaderProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const [photos, setPhotos] = useState<PhotoRef[]>(() => [...initial]);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const changed = useRef(false);
  // The latest callback, so that a parent passing a new function each render does not re-run the effect.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (changed.current) onChangeRef.current?.(photos);
  }, [photos]);

  const waiting = useWaitingPhotos(outbox?.subject, uploadUrl);

  // A waiting photo the outbox sends (now or after a reload) joins the stored ones.
  const viaOutbox = outbox !== undefined;
  useEffect(() => {
    if (!viaOutbox) return;
    return onSent((item) => {
      if (item.url !== uploadUrl || !item.photo) return;
      const parsed = PhotoRef.safeParse(item.reply);
      if (!parsed.success) return;
      changed.current = true;
      setPhotos((current) =>
        current.some((each) => each.id === parsed.data.id) ? current : [...current, parsed.data],
      );
    });
  }, [viaOutbox, uploadUrl]);

  const stored = photos.length;
  const busy = pending.filter((upload) => !upload.error).length + waiting.length;
  const room = max - photos.length - busy;
  const full = room <= 0;

  function update(key: string, patch: Partial<PendingUpload>) {
    setPending((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  }

  function send(key: string, file: File) {
    // Offline, the photo waits in the outbox; online it goes at once, with its progress.
    if (outbox && !navigator.onLine) return queue(key, file);
    uploadPhoto(uploadUrl, file, (progress) => update(key, { progress }))
      .then((photo) => {
        changed.current = true;
        setPending((current) => current.filter((upload) => upload.key !== key));
        setPhotos((current) => [...current, photo]);
      })
      .catch((error: unknown) => {
        // The connection dropped on the way: kept in the outbox rather than lost.
        if (outbox && isApiError(error) && error.status === NETWORK_ERROR_STATUS) return queue(key, file);
        const message = isApiError(error) ? text(error.message) : t`The upload failed. Please try again.`;
        update(key, { error: message, progress: 0 });
      });
  }

  function queue(key: string, file: File) {
    if (!outbox) return;
    const name = file.name || 'photo.jpg';
    sendThroughOutbox({
      kind: outbox.kind,
      subject: outbox.subject,
      label: outbox.label,
      method: 'POST',
      url: uploadUrl,
      photo: { blob: file, name, bytes: file.size },
    })
      .then(() => setPending((current) => current.filter((upload) => upload.key !== key)))
      .catch((error: unknown) => {
        // The device's photo cap, or storage refusing the blob.
        const message = error instanceof OutboxFullError ? t(outboxFullMessage) : t`The photo could not be kept.`;
        update(key, { error: message, progress: 0 });
      });
  }

  function addFiles(list: FileList | File[] | null) {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    const taken = files.slice(0, Math.max(room, 0));
    if (taken.length < files.length) {
      const left = files.length - taken.length;
      notifications.show({ color: 'orange', message: t`At most ${max} photos: ${left} not added.` });
    }
    const uploads = taken.map((file) => ({ key: `upload-${++sequence}`, file, progress: 0, error: null }));
    setPending((current) => [...current, ...uploads]);
    for (const upload of uploads) send(upload.key, upload.file);
  }

  function retry(upload: PendingUpload) {
    update(upload.key, { error: null, progress: 0 });
    send(upload.key, upload.file);
  }

  function remove(photo: PhotoRef, index: number) {
    const number = index + 1;
    confirmDelete({
      title: t`Remove photo`,
      message: t`Remove photo ${number} of "${label}"? This cannot be undone.`,
      confirmLabel: t`Remove`,
      onConfirm: () => {
        deletePhoto(removeUrl(photo.id))
          .then(() => {
            changed.current = true;
            setPhotos((current) => current.filter((each) => each.id !== photo.id));
          })
          .catch((error: unknown) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) ? text(error.message) : t`The photo could not be removed.`,
            }),
          );
      },
    });
  }

  const onDragOver = (event: DragEvent) => {
    if (disabled || full || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    if (disabled || full) return;
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  return (
    <Stack
      gap="xs"
      className={classes.dropArea}
      data-dragging={dragging || undefined}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label={t`Photos of ${label}`}
      role="group"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          <Trans>
            Photos{' '}
            <Text span size="sm" c="gray.7" fw={400}>
              ({stored} of {max})
            </Text>
          </Trans>
        </Text>
        <Group gap="xs">
          <FileButton onChange={(file) => addFiles(file ? [file] : null)} accept="image/*" capture="environment">
            {(props) => (
              <Button
                {...props}
                size="xs"
                leftSection={<IconCamera size={16} aria-hidden />}
                disabled={disabled || full}
                aria-label={t`Take photo for ${label}`}
              >
                <Trans>Take photo</Trans>
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(files) => addFiles(files)} accept="image/*" multiple>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                disabled={disabled || full}
                aria-label={t`Choose photos for ${label}`}
              >
                <Trans>Choose photos</Trans>
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>

      {photos.length === 0 && pending.length === 0 && waiting.length === 0 && (
        // Whole sentences, one per screen size: a phone has nowhere to drop files, and a
        // sentence pieced around a hidden part read "choose files ." there (issue 31).
        <>
          <Text size="xs" c="gray.7" hiddenFrom="sm">
            <Trans>No photos yet. Take a photo or choose files.</Trans>
          </Text>
          <Text size="xs" c="gray.7" visibleFrom="sm">
            <Trans>No photos yet. Take a photo, choose files or drop them here.</Trans>
          </Text>
        </>
      )}

      {photos.length > 0 && (
        <Group gap="sm" component="ul" className={classes.thumbs} aria-label={t`Stored photos of ${label}`}>
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li key={photo.id} className={classes.thumbButton}>
                <button
                  type="button"
                  className={classes.thumbButton}
                  style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
                  onClick={() => setOpen(index)}
                  aria-label={t`Open photo ${number} of ${stored}: ${label}`}
                >
                  <Image
                    src={photo.thumbUrl}
                    alt={t`${label}: photo ${number}`}
                    loading="lazy"
                    className={classes.thumb}
                  />
                </button>
                {!disabled && (
                  <ActionIcon
                    className={classes.removeButton}
                    size="sm"
                    radius="xl"
                    color="red"
                    variant="filled"
                    aria-label={t`Remove photo ${number} of ${label}`}
                    onClick={() => remove(photo, index)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                )}
              </li>
            );
          })}
        </Group>
      )}

      <WaitingPhotos items={waiting} label={label} />

      {pending.map((upload) => {
        const name = upload.file.name || t`Photo`;
        const fileName = upload.file.name || t`photo`;
        const percent = Math.round(upload.progress * 100);
        return upload.error ? (
          <Alert key={upload.key} color="red" p="xs" role="alert" title={t`${name} was not added`}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">{upload.error}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="filled"
                  color="red.8"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => retry(upload)}
                  disabled={disabled || (room <= 0 && !upload.error)}
                >
                  <Trans>Retry</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setPending((current) => current.filter((each) => each.key !== upload.key))}
                >
                  <Trans>Dismiss</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Stack key={upload.key} gap={2}>
            <Text size="xs" c="gray.7" truncate>
              <Trans>
                Uploading {fileName}… {percent}%
              </Trans>
            </Text>
            <Progress.Root size="sm">
              <Progress.Section value={percent} aria-label={t`Uploading ${fileName}`} animated />
            </Progress.Root>
          </Stack>
        );
      })}

      <PhotoViewer photos={photos} index={open} label={label} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </Stack>
  );
}
