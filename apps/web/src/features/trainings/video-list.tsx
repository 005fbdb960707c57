import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, FileButton, Group, Input, Progress, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconLink, IconMovie, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { RowOrderControls } from '../../components/row-order-controls';
import { useCoreText } from '../../lib/i18n';
import { newUrlRow, type TrainingFormValues, type VideoRowValue } from './training-form-values';
import { type PendingUpload, type PendingUploads, useVideoUpload } from './use-video-upload';
import classes from './video-list.module.css';

interface VideoListProps {
  form: UseFormReturnType<TrainingFormValues>;
  uploads: PendingUploads;
  onUploadsChange: (update: (current: PendingUploads) => PendingUploads) => void;
}

type FocusTarget = { key: string; control: 'up' | 'down' | 'field' };

/**
 * The training's playlist in order: URL rows and uploaded files, each movable with
 * Move up / Move down and removable. "Upload video" sends a file at once
 * (`useVideoUpload`), with a progress bar in its row; a refused file shows the server's
 * reason.
 */
export function VideoList({ form, uploads, onUploadsChange }: VideoListProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const rows = form.values.videos;
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const upload = useVideoUpload({ form, onUploadsChange, announce: setAnnouncement });
  const failedFile = upload.error?.fileName;

  // After a move, an add or a remove, focus follows the row (it was re-rendered elsewhere).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !listRef.current) return;
    pendingFocus.current = null;
    const row = listRef.current.querySelector(`[data-row-key="${CSS.escape(target.key)}"]`);
    if (!row) return;
    const wanted = row.querySelector<HTMLElement>(`[data-control="${target.control}"]:not(:disabled)`);
    const fallback = row.querySelector<HTMLElement>('[data-control]:not(:disabled)');
    (wanted ?? fallback)?.focus();
  });

  function revalidateIfShowingErrors() {
    // List moves shift Mantine's errors by position only; validating again puts them right.
    if (Object.keys(form.errors).length > 0) queueMicrotask(() => form.validate());
  }

  function move(from: number, to: number, control: FocusTarget['control']) {
    const row = rows[from];
    if (!row || to < 0 || to >= rows.length) return;
    form.reorderListItem('videos', { from, to });
    revalidateIfShowingErrors();
    pendingFocus.current = { key: row.key, control };
    const position = to + 1;
    const count = rows.length;
    setAnnouncement(t`Video moved to position ${position} of ${count}`);
  }

  function remove(index: number) {
    const row = rows[index];
    if (!row) return;
    upload.cancel(row.key);
    form.removeListItem('videos', index);
    revalidateIfShowingErrors();
    const next = rows[index + 1] ?? rows[index - 1];
    if (next) pendingFocus.current = { key: next.key, control: 'field' };
    const number = index + 1;
    setAnnouncement(t`Video ${number} removed`);
  }

  function addUrl() {
    const row = newUrlRow();
    form.insertListItem('videos', row);
    pendingFocus.current = { key: row.key, control: 'field' };
    const number = rows.length + 1;
    setAnnouncement(t`Video ${number} added`);
  }

  return (
    <Input.Wrapper
      labelElement="div"
      label={
        <Text component="span" id={headingId} fw="var(--mantine-font-weight-medium)" size="sm">
          <Trans>Videos</Trans>
        </Text>
      }
      description={t`Paste a direct video URL or upload a file. Use the arrow buttons to change the order; empty rows are left out.`}
    >
      {rows.length > 0 ? (
        <ol ref={listRef} className={classes.list} aria-labelledby={headingId} style={{ marginTop: 8 }}>
          {rows.map((row, index) => {
            const number = index + 1;
            return (
              <li key={row.key} data-row-key={row.key} className={classes.row}>
                <div className={classes.field}>
                  <VideoRowField form={form} row={row} index={index} pending={uploads[row.key]} />
                </div>
                <div className={classes.controls}>
                  <RowOrderControls
                    index={index}
                    count={rows.length}
                    labels={{
                      up: t`Move video ${number} up`,
                      down: t`Move video ${number} down`,
                      remove: t`Remove video ${number}`,
                    }}
                    move={move}
                    onRemove={() => remove(index)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <Text size="sm" c="gray.7" mt={8}>
          <Trans>No videos yet.</Trans>
        </Text>
      )}
      {upload.error && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          mt="sm"
          title={t`Could not upload ${failedFile}`}
          withCloseButton
          closeButtonLabel={t`Dismiss upload error`}
          onClose={upload.dismissError}
        >
          {text(upload.error.message)}
        </Alert>
      )}
      <Group mt="sm" gap="xs">
        <Button variant="light" leftSection={<IconLink size={18} aria-hidden />} onClick={addUrl}>
          <Trans>Add Video URL</Trans>
        </Button>
        <FileButton onChange={upload.start} accept="video/*">
          {(props) => (
            <Button variant="light" leftSection={<IconUpload size={18} aria-hidden />} {...props}>
              <Trans>Upload video</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Input.Wrapper>
  );
}

interface VideoRowFieldProps {
  form: UseFormReturnType<TrainingFormValues>;
  row: VideoRowValue;
  index: number;
  pending: PendingUpload | undefined;
}

function VideoRowField({ form, row, index, pending }: VideoRowFieldProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const number = index + 1;
  if (pending) {
    const percent = Math.round(pending.progress * 100);
    const fileName = pending.fileName;
    return (
      <Input.Wrapper label={t`Video ${number}`} description={t`Uploading ${fileName}... ${percent}%`}>
        <Progress mt={8} value={percent} animated={percent < 100} aria-label={t`Uploading ${fileName}`} />
      </Input.Wrapper>
    );
  }
  if (row.uploadId) {
    return (
      <TextInput
        label={t`Video ${number} file`}
        value={row.fileName ?? t`Uploaded video`}
        readOnly
        leftSection={<IconMovie size={16} aria-hidden />}
        data-control="field"
      />
    );
  }
  // The field's message (core's, from the form's checks or the server) in the person's language.
  const input = form.getInputProps(`videos.${index}.url`);
  return (
    <TextInput
      label={t`Video ${number} URL`}
      type="url"
      inputMode="url"
      placeholder="https://example.com/video.mp4"
      maxLength={2000}
      data-control="field"
      {...input}
      error={typeof input.error === 'string' ? text(input.error) : input.error}
    />
  );
}
