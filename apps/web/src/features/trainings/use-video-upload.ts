import { t } from '@lingui/core/macro';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useUploadVideo } from './api/upload-video';
import type { TrainingFormValues, VideoRowValue } from './training-form-values';

/** A file on its way to the server, by the key of the row it will fill. */
export interface PendingUpload {
  fileName: string;
  progress: number;
}

export type PendingUploads = Record<string, PendingUpload>;

interface VideoUploadOptions {
  form: UseFormReturnType<TrainingFormValues>;
  onUploadsChange: (update: (current: PendingUploads) => PendingUploads) => void;
  /** Tells screen readers what happened. */
  announce: (message: string) => void;
}

/**
 * "Upload video" for the playlist: `start` sends the file at once and adds its row, whose
 * progress goes to `onUploadsChange`; once stored, the row keeps the upload's id. A refused
 * file leaves no row and gives the server's reason as `error`. An upload stops when its row
 * is removed (`cancel`) or when the form goes away.
 */
export function useVideoUpload({ form, onUploadsChange, announce }: VideoUploadOptions) {
  const controllers = useRef(new Map<string, AbortController>());
  const [error, setError] = useState<{ fileName: string; message: string } | null>(null);
  const upload = useUploadVideo();

  // Leaving the form cancels uploads still running.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  function start(file: File | null) {
    if (!file) return;
    const key = randomId();
    const controller = new AbortController();
    controllers.current.set(key, controller);
    setError(null);
    onUploadsChange((current) => ({ ...current, [key]: { fileName: file.name, progress: 0 } }));
    form.insertListItem('videos', { key, url: '' } satisfies VideoRowValue);
    const fileName = file.name;
    announce(t`Uploading ${fileName}`);

    const finish = () => {
      controllers.current.delete(key);
      onUploadsChange(({ [key]: _done, ...rest }) => rest);
    };
    upload
      .mutateAsync({
        file,
        signal: controller.signal,
        onProgress: (progress) =>
          onUploadsChange((current) => (current[key] ? { ...current, [key]: { ...current[key], progress } } : current)),
      })
      .then((stored) => {
        finish();
        form.setFieldValue('videos', (videos) =>
          videos.map((row) =>
            row.key === key ? { ...row, url: '', uploadId: stored.id, fileName: stored.fileName } : row,
          ),
        );
        const storedName = stored.fileName;
        announce(t`${storedName} uploaded`);
      })
      .catch((failure: unknown) => {
        finish();
        if (controller.signal.aborted) return;
        form.setFieldValue('videos', (videos) => videos.filter((row) => row.key !== key));
        setError({
          fileName: file.name,
          message: isApiError(failure) ? failure.message : t`The upload failed. Please try again.`,
        });
      });
  }

  /** Stops the upload filling this row, if one is running. */
  function cancel(key: string) {
    controllers.current.get(key)?.abort();
  }

  return { start, cancel, error, dismissError: () => setError(null) };
}
