import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { badRequest, HttpError } from '../../errors';

/** Long side of the size the viewer and the report show. */
export const DISPLAY_SIZE = 1600;
/** Long side of the thumbnail lists and galleries show. */
export const THUMB_SIZE = 320;
/**
 * The most pixels a photo may have (about 70 megapixels: a 48 MP phone photo passes, a
 * "decompression bomb" of a few KB that claims 100,000 × 100,000 px does not).
 */
export const MAX_PHOTO_PIXELS = 70_000_000;

/** The formats a photo may be in, by its bytes (never its name or declared type). */
const ACCEPTED = new Map([
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/heic', 'HEIC'],
  ['image/heif', 'HEIC'],
]);
const HEIC = new Set(['image/heic', 'image/heif']);

export const notAPhotoMessage = (what: string) =>
  `This file is not a photo: ${what}. Send a JPEG, PNG, WebP or HEIC image.`;
export const tooManyPixelsMessage = `This photo has too many pixels: at most ${Math.round(MAX_PHOTO_PIXELS / 1_000_000)} megapixels.`;

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

/**
 * Decoding a photo takes up to a few hundred MB for a large HEIC: at most two at once
 * per server, the others wait their turn.
 */
const processing = pLimit(2);

/**
 * Turns uploaded bytes into the two stored sizes: refuses anything that is not a JPEG,
 * PNG, WebP or HEIC by its signature (400) or has too many pixels (413); turns the image
 * upright by its EXIF orientation; and writes JPEGs (which every browser, the PDF report
 * and e-mail can show) with no metadata at all: sharp drops EXIF, GPS, XMP and ICC unless
 * told to keep them. HEIC (iPhone photos, HEVC inside) is decoded by libheif-js through
 * `heic-decode`, since the prebuilt sharp has no HEVC decoder; its pixels go to sharp.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const type = await fileTypeFromBuffer(bytes);
  const format = type && ACCEPTED.get(type.mime);
  if (!type || !format) {
    throw badRequest(
      notAPhotoMessage(
        type ? `its content is ${type.ext.toUpperCase()}` : 'its content is not in a known image format',
      ),
    );
  }
  return processing(async () => {
    const source = HEIC.has(type.mime) ? await heicPixels(bytes) : await checkedImage(bytes, format);
    const [display, thumb] = await Promise.all([resized(source, DISPLAY_SIZE, 82), resized(source, THUMB_SIZE, 75)]);
    return { display, thumb };
  });
}

async function checkedImage(bytes: Buffer, format: string): Promise<Sharp> {
  // The header tells the size before any pixel is decoded; the limit also guards the decoding itself.
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw badRequest(notAPhotoMessage(`it looks like ${format} but cannot be read as an image`));
  }
  if ((size.width ?? 0) * (size.height ?? 0) > MAX_PHOTO_PIXELS) throw new HttpError(413, tooManyPixelsMessage);
  return sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
}

async function heicPixels(bytes: Buffer): Promise<Sharp> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw badRequest(notAPhotoMessage('it looks like HEIC but cannot be read as an image'));
  }
  try {
    const [primary] = images;
    if (!primary) throw badRequest(notAPhotoMessage('the HEIC file holds no image'));
    if (primary.width * primary.height > MAX_PHOTO_PIXELS) throw new HttpError(413, tooManyPixelsMessage);
    const decoded = await primary.decode().catch(() => {
      throw badRequest(notAPhotoMessage('it looks like HEIC but cannot be read as an image'));
    });
    // libheif has applied the HEIC's own rotation and mirroring: the pixels are upright.
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

async function resized(source: Sharp, size: number, quality: number): Promise<ProcessedImage> {
  try {
    const { data, info } = await source
      .clone()
      .autoOrient()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      // Transparent PNG/WebP areas become white, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw badRequest(notAPhotoMessage('its image data is damaged'));
  }
}
