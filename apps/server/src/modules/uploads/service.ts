import path from 'node:path';
import type { Readable } from 'node:stream';
import { messages } from '@brigade/core/messages';
import type { Upload } from '@brigade/core/schemas/trainings';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { fileTypeStream } from 'file-type/node';
import type { SessionUser } from '../../auth/session-user';
import { RequestCutOff } from '../../cut-off-requests';
import type { Queryable, Transaction } from '../../db/database';
import { trainingVideos } from '../../db/schema/trainings';
import { uploads } from '../../db/schema/uploads';
import { badRequest, HttpError, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en')} MB`;

/** Said when the bytes of an upload are not a video, whatever its name or declared type. */
export const notAVideoContent = 'This file is not a video: its content is not in a known video format.';

/**
 * Stores an uploaded video; anything but video/* or over the limit is refused and nothing
 * is kept. What counts is the content: its first bytes must carry the signature of a
 * video format (`file-type`, see README "File storage"), so a file of other bytes named
 * `fake.mp4` is refused before anything is stored. The stored type and extension are the
 * detected ones, not the name's or the browser's.
 */
export async function storeVideo(
  db: Queryable,
  storage: Storage,
  actor: SessionUser,
  file: MultipartFile | undefined,
  maxBytes: number,
): Promise<Upload> {
  if (!file) throw badRequest(messages.chooseVideoFile);
  if (!file.mimetype.startsWith('video/')) {
    file.file.resume();
    throw badRequest(messages.uploadNotVideo, { file: messages.uploadNotVideo });
  }
  const content = await fileTypeStream(unlessFailed(file.file));
  const detected = content.fileType;
  if (!detected?.mime.startsWith('video/')) {
    // Read the rest of the request, so that the refusal is what the client gets.
    content.resume();
    throw badRequest(notAVideoContent, { file: notAVideoContent });
  }
  const stored = await storage.put(
    content,
    { extension: `.${detected.ext}`, contentType: detected.mime },
    () => file.file.truncated,
  );
  if (!stored) throw new HttpError(413, `The file is larger than the upload limit of ${megabytes(maxBytes)}.`);
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        storageKey: stored.key,
        fileName: path.basename(file.filename).slice(0, 255) || 'video',
        contentType: detected.mime,
        size: stored.size,
        createdBy: actor.id,
      })
      .returning({ id: uploads.id, fileName: uploads.fileName, size: uploads.size, contentType: uploads.contentType });
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    // No row, no file: a stored file nothing refers to would never be deleted.
    await storage.remove(stored.key).catch(() => {});
    throw error;
  }
}

/**
 * The file's stream, unless it has already failed. A small request can arrive whole
 * while the route still checks the session in the database; if its multipart body is
 * never closed, the parser fails the file's stream before the route reads it, and
 * `fileTypeStream`, which waits for the stream's next 'readable' or 'error', would then
 * wait forever (issue 31). The failure is thrown instead: the same cut-off 400 as when
 * the body stops while being read.
 */
function unlessFailed(stream: Readable): Readable {
  if (stream.errored) throw stream.errored;
  if (stream.destroyed) throw new RequestCutOff();
  return stream;
}

export async function findUpload(db: Queryable, id: string) {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!upload) throw notFound(messages.uploadNotFound);
  return upload;
}

/**
 * Of the given uploads, forgets those no training video uses any more and returns
 * their storage keys, for the caller to delete once its transaction has committed.
 */
export async function forgetUnusedUploads(tx: Transaction, uploadIds: string[]): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const removed = await tx
    .delete(uploads)
    .where(
      and(
        inArray(uploads.id, uploadIds),
        notExists(tx.select({ one: sql`1` }).from(trainingVideos).where(eq(trainingVideos.uploadId, uploads.id))),
      ),
    )
    .returning({ key: uploads.storageKey });
  return removed.map((row) => row.key);
}
