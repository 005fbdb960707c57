import { z } from 'zod';
import { idField } from './fields';

/** Largest number of photos on one audit item, and on one corrective action's fix. */
export const MAX_PHOTOS_PER_ITEM = 5;

/**
 * The most pixels a photo may have, in megapixels: a 48 MP phone photo passes, a
 * "decompression bomb" of a few KB that claims 100,000 × 100,000 px does not.
 */
export const MAX_PHOTO_MEGAPIXELS = 70;
/**
 * The most pixels a photo may have on either side (decision 018): every 4:3, 3:2 and 16:9
 * photo under the area limit fits, while a strip such as 1 × 60,000,000 px, whose decoding
 * costs by its rows rather than its pixels, is refused from its header.
 */
export const MAX_PHOTO_SIDE = 12_000;

/**
 * A stored photo as every screen shows it: a thumbnail (≤ 320 px) in lists and a display
 * size (≤ 1600 px) in the viewer, both served by the server after it has checked that the
 * caller may read the audit or action the photo belongs to.
 */
export const PhotoRef = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string(),
  displayUrl: z.string(),
});
export type PhotoRef = z.infer<typeof PhotoRef>;

export function photoUrls(id: string): Pick<PhotoRef, 'thumbUrl' | 'displayUrl'> {
  return { thumbUrl: `/api/photos/${id}/thumb`, displayUrl: `/api/photos/${id}/display` };
}

/** The words of photo evidence, shared by the server, the web app and the tests. */
export const photoMessages = {
  notFound: 'Photo not found',
  chooseFile: 'Choose a photo to upload.',
  completedAudit: 'This audit is completed: its photos can no longer be added or removed.',
  resolvedAction: 'This corrective action is resolved: its photos can no longer be added or removed.',
  tooMany: `This item already has ${MAX_PHOTOS_PER_ITEM} photos, the most it may have. Remove one to add another.`,
  tooManyOnAction: `This corrective action already has ${MAX_PHOTOS_PER_ITEM} photos, the most it may have. Remove one to add another.`,
  itemNotFound: 'Audit item not found',
  actionNotFound: 'Corrective action not found',
  tooManyPixels: `This photo has too many pixels: at most ${MAX_PHOTO_MEGAPIXELS} megapixels.`,
  sideTooLong: `This photo is too wide or too tall: at most ${MAX_PHOTO_SIDE} pixels on each side.`,
  tooSlow: 'This photo takes too long to process. Send a smaller photo, or a JPEG.',
  tooMuchMemory: 'This photo needs too much memory to process. Send a smaller photo, or a JPEG.',
  busy: 'The server is processing many photos right now. Try again in a few seconds.',
} as const;

/** Said when a photo is over the size limit (PHOTO_MAX_BYTES). */
export function photoTooLargeMessage(maxBytes: number): string {
  return `This photo is larger than the limit of ${Math.round(maxBytes / (1024 * 1024)).toLocaleString('en')} MB.`;
}

/** `/api/audits/:auditId/items/:itemId/photos` */
export const AuditItemPhotoParams = z.object({ auditId: idField, itemId: idField });
/** `/api/actions/:id/photos/:photoId` */
export const ActionPhotoParams = z.object({ id: idField, photoId: idField });
