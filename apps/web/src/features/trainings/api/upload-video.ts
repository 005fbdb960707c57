import { ErrorReply } from '@brigade/core/schemas/common';
import { Upload } from '@brigade/core/schemas/trainings';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { ApiError, networkError, notifySessionEnded } from '../../../lib/api-client';

export interface UploadVideoVariables {
  file: File;
  /** Called as bytes leave the browser, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one video file (hq) as multipart/form-data, field "file". XMLHttpRequest rather
 * than fetch, because only it reports upload progress. Fails with an ApiError carrying
 * the server's message (not a video, larger than the limit).
 */
export function uploadVideo({ file, onProgress, signal }: UploadVideoVariables): Promise<Upload> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const payload = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const upload = Upload.safeParse(payload);
        if (upload.success) {
          onProgress?.(1);
          resolve(upload.data);
        } else {
          reject(new ApiError(request.status, i18n._(msg`The server answered the upload in an unexpected way.`)));
        }
        return;
      }
      if (request.status === 401) notifySessionEnded();
      const reply = ErrorReply.safeParse(payload);
      const status = request.status;
      reject(
        new ApiError(
          status,
          reply.success ? reply.data.message : i18n._(msg`Upload failed (${status})`),
          reply.success ? (reply.data.fields ?? {}) : {},
        ),
      );
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function useUploadVideo() {
  return useMutation({ mutationFn: uploadVideo });
}
