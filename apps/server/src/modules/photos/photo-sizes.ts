import type { MessagePort } from 'node:worker_threads';
import { MAX_PHOTO_MEGAPIXELS, MAX_PHOTO_SIDE, photoMessages } from '@brigade/core/schemas/photos';

/** Long side of the size the viewer and the report show. */
export const DISPLAY_SIZE = 1600;
/** Long side of the thumbnail lists and galleries show. */
export const THUMB_SIZE = 320;
/** The most pixels a photo may have (MAX_PHOTO_MEGAPIXELS). */
export const MAX_PHOTO_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;

export const notAPhotoMessage = (what: string) =>
  `This file is not a photo: ${what}. Send a JPEG, PNG, WebP or HEIC image.`;

/** Why a photo of this size is refused (413), from its header, before any pixel is decoded; undefined if it may be. */
export function sizeRefusal(width: number, height: number): string | undefined {
  if (width * height > MAX_PHOTO_PIXELS) return photoMessages.tooManyPixels;
  if (width > MAX_PHOTO_SIDE || height > MAX_PHOTO_SIDE) return photoMessages.sideTooLong;
  return undefined;
}

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** A photo as it is stored: two JPEGs without metadata; the original is not kept. */
export interface ProcessedPhoto {
  display: ProcessedImage;
  thumb: ProcessedImage;
}

/** What the main thread hands a photo worker: the upload's bytes, in a buffer of their own (transferred, not copied). */
export interface PhotoTask {
  bytes: Uint8Array;
  /** Told when the worker begins the photo: its time limit starts then, not while a worker starts up. */
  started: MessagePort;
}

/** What a photo worker hands back: both sizes, or the refusal the uploader reads. */
export type PhotoOutcome =
  | { ok: true; display: WorkerImage; thumb: WorkerImage }
  | { ok: false; status: 400 | 413; message: string };
/** A buffer crosses threads as a plain Uint8Array; the main thread makes it a Buffer again. */
type WorkerImage = Omit<ProcessedImage, 'bytes'> & { bytes: Uint8Array };
