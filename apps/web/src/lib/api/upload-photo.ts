import type { ErrorReply } from '@brigade/core/schemas/common';
import { PhotoRef } from '@brigade/core/schemas/photos';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, networkError, notifySessionEnded } from '../api-client';

/**
 * Sends one photo as multipart/form-data (field "file") and reports the share sent so far
 * (0 to 1). XMLHttpRequest, because fetch reports no upload progress. Answers the stored
 * PhotoRef, or an ApiError with the server's message (400 not a photo, 409 full or
 * completed, 413 too large, ...).
 */
export function uploadPhoto(
  url: string,
  file: File,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<PhotoRef> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const payload = request.response as unknown;
      if (request.status === 201) {
        const parsed = PhotoRef.safeParse(payload);
        if (parsed.success) return resolve(parsed.data);
        return reject(
          new ApiError(request.status, i18n._(msg`The server answered with something that is not a photo.`)),
        );
      }
      if (request.status === 401) notifySessionEnded();
      const reply = payload && typeof (payload as ErrorReply).message === 'string' ? (payload as ErrorReply) : null;
      const status = request.status;
      reject(new ApiError(status, reply?.message ?? i18n._(msg`Upload failed (${status})`), reply?.fields ?? {}));
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name || 'photo.jpg');
    request.send(form);
  });
}
