import { z } from 'zod';

/** Largest number of photos on one audit item, and on one corrective action's fix. */
export const MAX_PHOTOS_PER_ITEM = 5;

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
