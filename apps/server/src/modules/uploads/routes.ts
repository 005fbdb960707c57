import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { Upload } from '@brigade/core/schemas/trainings';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { sendPlayback } from '../../http/send-playback';
import { findUpload, storeVideo } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply, 502: ErrorReply };
const tags = ['uploads'];

export async function uploadRoutes(
  app: App,
  { database, guard, storage, uploadMaxBytes }: Pick<AppContext, 'database' | 'guard' | 'storage' | 'uploadMaxBytes'>,
) {
  app.post(
    '/api/uploads',
    {
      schema: {
        tags,
        summary: 'Upload a training video (multipart/form-data, field "file", video/* only)',
        consumes: ['multipart/form-data'],
        response: { 201: Upload, ...errors },
      },
      onRequest: guard('uploads.create'),
    },
    async (request, reply) => {
      const file = await request.file({ limits: { fileSize: uploadMaxBytes, files: 1 } });
      const upload = await storeVideo(database.db, storage, callerOf(request), file, uploadMaxBytes);
      return reply.status(201).send(upload);
    },
  );

  app.get(
    '/api/uploads/:id/content',
    {
      schema: {
        tags,
        summary:
          'Play an uploaded video: streamed with Range support from local disk, or a 302 to a short-lived link to the bucket (S3)',
        params: IdParams,
      },
      onRequest: guard('videos.stream'),
    },
    async (request, reply) => {
      const upload = await findUpload(database.db, request.params.id);
      const playback = await storage.play(request.raw, upload.storageKey, { contentType: upload.contentType });
      return sendPlayback(reply, playback, 3600);
    },
  );
}
