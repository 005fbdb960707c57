import { Readable } from 'node:stream';
import { messages } from '@brigade/core/messages';
import { mayReadAudit, reachesRestaurant } from '@brigade/core/permissions';
import type { Role } from '@brigade/core/roles';
import type { AuditStatus } from '@brigade/core/schemas/audits';
import {
  MAX_PHOTOS_PER_ITEM,
  type PhotoRef,
  photoMessages,
  photoTooLargeMessage,
  photoUrls,
} from '@brigade/core/schemas/photos';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { auditItems, audits } from '../../db/schema/audits';
import { checklistRuns } from '../../db/schema/checklists';
import { correctiveActionEvents, correctiveActions } from '../../db/schema/corrective-actions';
import { photos } from '../../db/schema/photos';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import type { OfflineTimes } from '../../http/offline-times';
import type { Storage } from '../../storage/storage';
import { itemOfRun, lockRunForFilling, writeValue } from '../checklists/service';
import { fixPhotoOfCurrentRound } from '../corrective-actions/service';
import { type ProcessedPhoto, photoProcessingLoad, processPhoto } from './process-photo';

/** For the demo loader, which attaches its shipped photos the way an upload is stored. */
/** For app.ts, which hands it to the metrics (the photo-processing series). */
export { photoProcessingLoad, processPhoto };

const JPEG = { extension: '.jpg', contentType: 'image/jpeg' } as const;

/** What leaves the server about a photo row. */
export function photoRefOf(row: { id: string; width: number; height: number }): PhotoRef {
  return { id: row.id, width: row.width, height: row.height, ...photoUrls(row.id) };
}

/**
 * Reads the uploaded file into memory, up to `maxBytes`: busboy stops passing bytes on as
 * soon as the limit is passed, and the request is refused with 413. A photo must be
 * decoded whole anyway, and the limit (15 MB by default) bounds what one request holds.
 */
export async function readPhotoUpload(file: MultipartFile | undefined, maxBytes: number): Promise<Buffer> {
  if (!file) throw badRequest(photoMessages.chooseFile, { file: photoMessages.chooseFile });
  const chunks: Buffer[] = [];
  for await (const chunk of file.file) chunks.push(chunk as Buffer);
  if (file.file.truncated) throw new HttpError(413, photoTooLargeMessage(maxBytes));
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw badRequest(photoMessages.chooseFile, { file: photoMessages.chooseFile });
  return bytes;
}

export interface StoredPhoto {
  photo: ProcessedPhoto;
  displayKey: string;
  thumbKey: string;
}

/** Stores both sizes; if the second fails, the first is removed: both or nothing. */
export async function storePhoto(storage: Storage, photo: ProcessedPhoto): Promise<StoredPhoto> {
  const display = await storage.put(Readable.from(photo.display.bytes), JPEG, () => false);
  if (!display) throw new Error('storage refused the display size');
  try {
    const thumb = await storage.put(Readable.from(photo.thumb.bytes), JPEG, () => false);
    if (!thumb) throw new Error('storage refused the thumbnail');
    return { photo, displayKey: display.key, thumbKey: thumb.key };
  } catch (error) {
    await storage.remove(display.key).catch(() => {});
    throw error;
  }
}

/**
 * Processes and stores the photo, then runs `insert` (a transaction that checks the
 * rules again under a lock and writes the row); if it fails, both files are removed, so
 * nothing half-stored remains.
 */
async function storeThenInsert(
  storage: Storage,
  bytes: Buffer,
  insert: (stored: StoredPhoto) => Promise<PhotoRef>,
): Promise<PhotoRef> {
  const stored = await storePhoto(storage, await processPhoto(bytes));
  try {
    return await insert(stored);
  } catch (error) {
    await Promise.all([storage.remove(stored.displayKey), storage.remove(stored.thumbKey)]).catch(() => {});
    throw error;
  }
}

export function photoValues(stored: StoredPhoto, actor: { id: string | null }) {
  return {
    displayKey: stored.displayKey,
    thumbKey: stored.thumbKey,
    contentType: JPEG.contentType,
    width: stored.photo.display.width,
    height: stored.photo.display.height,
    displayBytes: stored.photo.display.bytes.length,
    thumbBytes: stored.photo.thumb.bytes.length,
    createdBy: actor.id,
  };
}

/** The item of a draft, its photo count, or the refusal: 404 missing, 409 completed or full. */
async function checkAuditItem(db: Queryable, auditId: string, itemId: string, lock: boolean) {
  const audit = db.select({ status: audits.status }).from(audits).where(eq(audits.id, auditId));
  // Adds to one audit wait for each other (and for Submit, which locks the same row).
  const [row] = lock ? await audit.for('update') : await audit;
  if (!row) throw notFound(messages.auditNotFound);
  // Counted by a statement after the lock: it sees every add committed before the lock was granted.
  const [item] = await db
    .select({
      id: auditItems.id,
      photos: sql<number>`(select count(*)::int from ${photos} p where p.audit_item_id = ${itemId})`,
    })
    .from(auditItems)
    .where(and(eq(auditItems.id, itemId), eq(auditItems.auditId, auditId)));
  if (!item) throw notFound(photoMessages.itemNotFound);
  if (row.status !== 'draft') throw conflict(photoMessages.completedAudit);
  if (item.photos >= MAX_PHOTOS_PER_ITEM) throw conflict(photoMessages.tooMany);
}

/**
 * Adds a photo to an item of a draft audit (hq conducting it). The rules are checked
 * before the photo is processed (a quick refusal) and again in the transaction that
 * writes the row, under a lock on the audit, so two uploads at once cannot make a 6th.
 */
export async function addAuditItemPhoto(
  db: Database,
  storage: Storage,
  actor: SessionUser,
  target: { auditId: string; itemId: string },
  file: MultipartFile | undefined,
  maxBytes: number,
): Promise<PhotoRef> {
  try {
    await checkAuditItem(db, target.auditId, target.itemId, false);
  } catch (error) {
    // Read the rest of the request, so that the refusal is what the client gets.
    file?.file.resume();
    throw error;
  }
  const bytes = await readPhotoUpload(file, maxBytes);
  return storeThenInsert(storage, bytes, (stored) =>
    db.transaction(async (tx) => {
      await checkAuditItem(tx, target.auditId, target.itemId, true);
      const [row] = await tx
        .insert(photos)
        .values({ ...photoValues(stored, actor), auditItemId: target.itemId })
        .returning({ id: photos.id, width: photos.width, height: photos.height });
      if (!row) throw new Error('insert returned no row');
      return photoRefOf(row);
    }),
  );
}

/**
 * The action, checked: in the caller's reach (403), open (409), not full (409). With
 * `lock`, the action's row is locked first and the photos counted by a later statement,
 * which sees every add committed before the lock was granted.
 */
async function checkAction(db: Queryable, actor: SessionUser, actionId: string, lock: boolean) {
  const query = db
    .select({ restaurantId: correctiveActions.restaurantId, status: correctiveActions.status })
    .from(correctiveActions)
    .where(eq(correctiveActions.id, actionId));
  const [action] = lock ? await query.for('update') : await query;
  if (!action) throw notFound(photoMessages.actionNotFound);
  if (!reachesRestaurant(actor, action.restaurantId)) throw forbidden(messages.restaurantForbidden);
  if (action.status !== 'open') throw conflict(photoMessages.resolvedAction);
  // An earlier resolution's photos do not count: a reopened action's new fix has its own.
  const [taken] = await db
    .select({ value: count() })
    .from(photos)
    .where(
      and(eq(photos.correctiveActionId, actionId), fixPhotoOfCurrentRound(photos.createdAt, sql`${actionId}::uuid`)),
    );
  if ((taken?.value ?? 0) >= MAX_PHOTOS_PER_ITEM) throw conflict(photoMessages.tooManyOnAction);
}

/**
 * A photo of the fix on an open corrective action of a restaurant the caller reaches;
 * the action's history records it ('photo_added', by the caller's name).
 */
export async function addActionPhoto(
  db: Database,
  storage: Storage,
  actor: SessionUser,
  actionId: string,
  file: MultipartFile | undefined,
  maxBytes: number,
): Promise<PhotoRef> {
  try {
    await checkAction(db, actor, actionId, false);
  } catch (error) {
    file?.file.resume();
    throw error;
  }
  const bytes = await readPhotoUpload(file, maxBytes);
  return storeThenInsert(storage, bytes, (stored) =>
    db.transaction(async (tx) => {
      await checkAction(tx, actor, actionId, true);
      const [row] = await tx
        .insert(photos)
        .values({ ...photoValues(stored, actor), correctiveActionId: actionId })
        .returning({ id: photos.id, width: photos.width, height: photos.height });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(correctiveActionEvents).values({
        actionId,
        kind: 'photo_added',
        actorId: actor.id,
        actorName: actor.name,
      });
      return photoRefOf(row);
    }),
  );
}

/**
 * The item of a checklist record that may be filled now (404 unknown record or item, 403
 * another restaurant's, 409 not open yet, submitted or missed for good), with room for
 * one more photo (409). With `lock`, the record is locked for update first, so two adds
 * at once queue and the count sees every add committed before.
 */
async function checkChecklistItem(db: Queryable, actor: SessionUser, runId: string, itemId: string) {
  const run = await lockRunForFilling(db, actor, runId, 'update');
  const item = itemOfRun(run, itemId);
  const [taken] = await db
    .select({ value: count() })
    .from(photos)
    .where(and(eq(photos.checklistRunId, runId), eq(photos.checklistItemId, itemId)));
  if ((taken?.value ?? 0) >= MAX_PHOTOS_PER_ITEM) throw conflict(photoMessages.tooMany);
  return item;
}

/**
 * A photo of an item of a checklist record being filled (issue 33), by anyone who may
 * fill it: the evidence of a failure, or a photo item's answer (adding one answers it).
 * Checked before the photo is processed and again, under the record's lock, in the
 * transaction that writes the row. A photo item's answer taken offline keeps when it was
 * taken (`offline`, issue 34), as a value does.
 */
export async function addChecklistItemPhoto(
  db: Database,
  storage: Storage,
  actor: SessionUser,
  target: { id: string; itemId: string },
  file: MultipartFile | undefined,
  maxBytes: number,
  offline: OfflineTimes | null = null,
): Promise<PhotoRef> {
  try {
    await checkChecklistItem(db, actor, target.id, target.itemId);
  } catch (error) {
    file?.file.resume();
    throw error;
  }
  const bytes = await readPhotoUpload(file, maxBytes);
  return storeThenInsert(storage, bytes, (stored) =>
    db.transaction(async (tx) => {
      const item = await checkChecklistItem(tx, actor, target.id, target.itemId);
      const [row] = await tx
        .insert(photos)
        .values({ ...photoValues(stored, actor), checklistRunId: target.id, checklistItemId: target.itemId })
        .returning({ id: photos.id, width: photos.width, height: photos.height });
      if (!row) throw new Error('insert returned no row');
      if (item.kind === 'photo') await writeValue(tx, actor, target.id, item, true, null, offline);
      return photoRefOf(row);
    }),
  );
}

/**
 * Removes a photo of an item of a checklist record that may still be filled; a photo
 * item left without any is unanswered again. Returns the files' keys to remove once the
 * transaction committed.
 */
export async function deleteChecklistItemPhoto(
  db: Database,
  actor: SessionUser,
  target: { id: string; itemId: string; photoId: string },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const run = await lockRunForFilling(tx, actor, target.id, 'update');
    const item = itemOfRun(run, target.itemId);
    const deleted = await tx
      .delete(photos)
      .where(
        and(
          eq(photos.id, target.photoId),
          eq(photos.checklistRunId, target.id),
          eq(photos.checklistItemId, target.itemId),
        ),
      )
      .returning({ displayKey: photos.displayKey, thumbKey: photos.thumbKey });
    if (deleted.length === 0) throw notFound(photoMessages.notFound);
    if (item.kind === 'photo') {
      const [left] = await tx
        .select({ value: count() })
        .from(photos)
        .where(and(eq(photos.checklistRunId, target.id), eq(photos.checklistItemId, target.itemId)));
      if ((left?.value ?? 0) === 0) await writeValue(tx, actor, target.id, item, null, null);
    }
    return deleted.flatMap((row) => [row.displayKey, row.thumbKey]);
  });
}

/** A photo and what decides who may see or change it. */
async function findPhoto(db: Queryable, id: string) {
  const [photo] = await db
    .select({
      id: photos.id,
      displayKey: photos.displayKey,
      thumbKey: photos.thumbKey,
      contentType: photos.contentType,
      auditId: audits.id,
      auditStatus: audits.status,
      auditRestaurantId: audits.restaurantId,
      actionId: photos.correctiveActionId,
      actionStatus: correctiveActions.status,
      actionRestaurantId: correctiveActions.restaurantId,
      runRestaurantId: checklistRuns.restaurantId,
    })
    .from(photos)
    .leftJoin(auditItems, eq(auditItems.id, photos.auditItemId))
    .leftJoin(audits, eq(audits.id, auditItems.auditId))
    .leftJoin(correctiveActions, eq(correctiveActions.id, photos.correctiveActionId))
    .leftJoin(checklistRuns, eq(checklistRuns.id, photos.checklistRunId))
    .where(eq(photos.id, id));
  return photo;
}

/**
 * The stored file of a photo, for a caller who may read it: a photo of an audit item
 * follows GET /api/audits/:id (a draft's is 404 to all but hq; another restaurant's is
 * 403); a fix photo follows its corrective action (its restaurant); a checklist record's
 * photo follows its record (its restaurant, issue 33).
 */
export async function photoForReading(db: Queryable, actor: Pick<SessionUser, 'role' | 'restaurantIds'>, id: string) {
  const photo = await findPhoto(db, id);
  if (!photo) throw notFound(photoMessages.notFound);
  if (photo.auditStatus) {
    if (!mayReadAudit(actor.role as Role, photo.auditStatus as AuditStatus)) throw notFound(photoMessages.notFound);
    if (!photo.auditRestaurantId || !reachesRestaurant(actor, photo.auditRestaurantId)) {
      throw forbidden(messages.restaurantForbidden);
    }
  } else {
    const restaurantId = photo.actionRestaurantId ?? photo.runRestaurantId;
    if (!restaurantId || !reachesRestaurant(actor, restaurantId)) throw forbidden(messages.restaurantForbidden);
  }
  return photo;
}

/** Deletes the files of deleted photo rows, after the transaction committed; a failure is logged, never the caller's. */
export async function removePhotoFiles(
  storage: Storage,
  log: FastifyBaseLogger,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a photo file')),
    ),
  );
}

/** Removes a photo of a draft's item (hq conducting it): 409 once the audit is completed. */
export async function deleteAuditItemPhoto(db: Database, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const photo = await findPhoto(tx, id);
    if (!photo?.auditId) throw notFound(photoMessages.notFound);
    // Under the audit's lock, as Submit takes it: a photo cannot go while the audit completes.
    const [audit] = await tx
      .select({ status: audits.status })
      .from(audits)
      .where(eq(audits.id, photo.auditId))
      .for('update');
    if (audit?.status !== 'draft') throw conflict(photoMessages.completedAudit);
    const deleted = await tx
      .delete(photos)
      .where(eq(photos.id, id))
      .returning({ displayKey: photos.displayKey, thumbKey: photos.thumbKey });
    return deleted.flatMap((row) => [row.displayKey, row.thumbKey]);
  });
}

/** Removes a fix photo of an open action of a restaurant the caller reaches. */
export async function deleteActionPhoto(
  db: Database,
  actor: SessionUser,
  actionId: string,
  id: string,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(
        and(
          eq(photos.id, id),
          eq(photos.correctiveActionId, actionId),
          // An earlier resolution's photo is not this fix's to remove.
          fixPhotoOfCurrentRound(photos.createdAt, sql`${actionId}::uuid`),
        ),
      );
    if (!photo) throw notFound(photoMessages.notFound);
    // Counting does not matter for a removal; the rest of the checks do.
    await checkActionForRemoval(tx, actor, actionId);
    const deleted = await tx
      .delete(photos)
      .where(eq(photos.id, id))
      .returning({ displayKey: photos.displayKey, thumbKey: photos.thumbKey });
    return deleted.flatMap((row) => [row.displayKey, row.thumbKey]);
  });
}

async function checkActionForRemoval(tx: Transaction, actor: SessionUser, actionId: string) {
  const [action] = await tx
    .select({ restaurantId: correctiveActions.restaurantId, status: correctiveActions.status })
    .from(correctiveActions)
    .where(eq(correctiveActions.id, actionId))
    .for('update');
  if (!action) throw notFound(photoMessages.actionNotFound);
  if (!reachesRestaurant(actor, action.restaurantId)) throw forbidden(messages.restaurantForbidden);
  if (action.status !== 'open') throw conflict(photoMessages.resolvedAction);
}

/**
 * The file keys of every photo of an audit's items, for a transaction that deletes the
 * audit (its rows cascade) to remove once it has committed.
 */
export async function photoKeysOfAudit(tx: Queryable, auditId: string): Promise<string[]> {
  const rows = await tx
    .select({ displayKey: photos.displayKey, thumbKey: photos.thumbKey })
    .from(photos)
    .innerJoin(auditItems, eq(auditItems.id, photos.auditItemId))
    .where(eq(auditItems.auditId, auditId));
  return rows.flatMap((row) => [row.displayKey, row.thumbKey]);
}
