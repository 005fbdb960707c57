import { ChecklistRunItemParams, ChecklistRunPhotoParams } from '@brigade/core/schemas/checklists';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { ActionPhotoParams, AuditItemPhotoParams, PhotoRef } from '@brigade/core/schemas/photos';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { sendPlayback } from '../../http/send-playback';
import { PhotoProcessingBusy } from './process-photo';
import {
  addActionPhoto,
  addAuditItemPhoto,
  addChecklistItemPhoto,
  deleteActionPhoto,
  deleteAuditItemPhoto,
  deleteChecklistItemPhoto,
  photoForReading,
  removePhotoFiles,
} from './service';

const errors = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  404: ErrorReply,
  409: ErrorReply,
  413: ErrorReply,
  502: ErrorReply,
  503: ErrorReply,
};
const tags = ['photos'];
const uploadSummary = '(multipart/form-data, field "file": one JPEG, PNG, WebP or HEIC image)';

/**
 * Photo evidence on audit items, fix photos on corrective actions, and photos of a
 * checklist record's items (issue 33). An upload is one
 * photo a request, as multipart/form-data like the video upload: the browser sends a
 * FormData from a camera input as it is, the upload's progress is measurable, and the
 * multipart parser stops passing bytes on at PHOTO_MAX_BYTES.
 */
export async function photoRoutes(
  app: App,
  { database, guard, storage, photoMaxBytes }: Pick<AppContext, 'database' | 'guard' | 'storage' | 'photoMaxBytes'>,
) {
  const { db } = database;
  const fileOf = (request: FastifyRequest) => request.file({ limits: { fileSize: photoMaxBytes, files: 1 } });

  app.post(
    '/api/audits/:auditId/items/:itemId/photos',
    {
      schema: {
        tags,
        summary: `Add a photo to an item of a draft audit ${uploadSummary}`,
        consumes: ['multipart/form-data'],
        params: AuditItemPhotoParams,
        response: { 201: PhotoRef, ...errors },
      },
      onRequest: guard('audits.conduct'),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request, reply) => {
      const photo = await sayingWhenBusy(
        reply,
        addAuditItemPhoto(db, storage, callerOf(request), request.params, await fileOf(request), photoMaxBytes),
      );
      return reply.status(201).send(photo);
    },
  );

  app.delete(
    '/api/photos/:id',
    {
      schema: {
        tags,
        summary: "Remove a photo from a draft audit's item",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('audits.conduct'),
    },
    async (request, reply) => {
      const keys = await deleteAuditItemPhoto(db, request.params.id);
      await removePhotoFiles(storage, request.log, keys);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/actions/:id/photos',
    {
      schema: {
        tags,
        summary: `Add a photo of the fix to an open corrective action ${uploadSummary}`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: PhotoRef, ...errors },
      },
      onRequest: guard('actions.resolve', { restaurant: 'stored' }),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request, reply) => {
      const photo = await sayingWhenBusy(
        reply,
        addActionPhoto(db, storage, callerOf(request), request.params.id, await fileOf(request), photoMaxBytes),
      );
      return reply.status(201).send(photo);
    },
  );

  app.delete(
    '/api/actions/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Remove a photo of the fix from an open corrective action',
        params: ActionPhotoParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('actions.resolve', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      const keys = await deleteActionPhoto(db, callerOf(request), request.params.id, request.params.photoId);
      await removePhotoFiles(storage, request.log, keys);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/checklist-runs/:id/items/:itemId/photos',
    {
      schema: {
        tags,
        summary: `Add a photo to an item of a checklist record being filled ${uploadSummary}`,
        consumes: ['multipart/form-data'],
        params: ChecklistRunItemParams,
        response: { 201: PhotoRef, ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'stored' }),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request, reply) => {
      const photo = await sayingWhenBusy(
        reply,
        addChecklistItemPhoto(
          db,
          storage,
          callerOf(request),
          request.params,
          await fileOf(request),
          photoMaxBytes,
          request.offline,
        ),
      );
      return reply.status(201).send(photo);
    },
  );

  app.delete(
    '/api/checklist-runs/:id/items/:itemId/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Remove a photo from an item of a checklist record being filled',
        params: ChecklistRunPhotoParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      const keys = await deleteChecklistItemPhoto(db, callerOf(request), request.params);
      await removePhotoFiles(storage, request.log, keys);
      return reply.status(204).send(null);
    },
  );

  async function servePhoto(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    size: 'thumb' | 'display',
  ) {
    const photo = await photoForReading(db, callerOf(request), request.params.id);
    const key = size === 'thumb' ? photo.thumbKey : photo.displayKey;
    const playback = await storage.play(request.raw, key, { contentType: photo.contentType });
    // A photo's files never change (a new photo has new keys): a browser may keep them a day.
    return sendPlayback(reply, playback, 86_400);
  }

  for (const size of ['thumb', 'display'] as const) {
    app.get(
      `/api/photos/:id/${size}`,
      {
        schema: {
          tags,
          summary:
            size === 'thumb'
              ? 'A photo as a thumbnail (JPEG, ≤ 320 px), for those who may read its audit or corrective action'
              : 'A photo at display size (JPEG, ≤ 1600 px), for those who may read its audit or corrective action',
          params: IdParams,
        },
        // A fix photo is read under actions.read, whose roles are the same: the service decides.
        onRequest: guard('audits.read', { restaurant: 'stored' }),
      },
      async (request, reply) => servePhoto(request, reply, size),
    );
  }
}

/** A photo refused because too many wait (503) tells the client when to try again; the error handler answers. */
async function sayingWhenBusy<T>(reply: FastifyReply, adding: Promise<T>): Promise<T> {
  try {
    return await adding;
  } catch (error) {
    if (error instanceof PhotoProcessingBusy) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
