import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import {
  DISPLAY_SIZE,
  MAX_PHOTO_PIXELS,
  notAPhotoMessage,
  type PhotoOutcome,
  type PhotoTask,
  sizeRefusal,
  THUMB_SIZE,
} from './photo-sizes';

// Runs in a worker thread of the photo pool (process-photo.ts), never on the server's
// event loop: everything that reads an upload's bytes is here, the container parse of a
// HEIC included, so a hostile file can cost a worker its time or memory but never stall
// a request that has nothing to do with photos. A photo's time limit starts once what it
// needs is loaded (libheif's WebAssembly for a HEIC, at a worker's first HEIC).

/** The formats a photo may be in, by its bytes (never its name or declared type). */
const ACCEPTED = new Map([
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/heic', 'HEIC'],
  ['image/heif', 'HEIC'],
]);
const HEIC = new Set(['image/heic', 'image/heif']);

type HeicDecoder = typeof import('heic-decode')['default'];

/** A refusal the uploader reads; anything else thrown here is the server's fault (500). */
class Refusal extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns uploaded bytes into the two stored sizes: refuses anything that is not a JPEG,
 * PNG, WebP or HEIC by its signature (400) or whose header declares too many pixels or
 * too long a side (413); turns the image upright by its EXIF orientation; and writes
 * JPEGs (which every browser, the PDF report and e-mail can show) with no metadata at
 * all: sharp drops EXIF, GPS, XMP and ICC unless told to keep them. HEIC (iPhone photos,
 * HEVC inside) is decoded by libheif-js through `heic-decode`, since the prebuilt sharp
 * has no HEVC decoder; its pixels go to sharp.
 */
export default async function processPhotoInWorker({ bytes, started }: PhotoTask): Promise<PhotoOutcome> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // The signature is in the first few KB: read before the time limit starts.
    const type = await fileTypeFromBuffer(buffer);
    const format = type && ACCEPTED.get(type.mime);
    if (!type || !format) {
      throw new Refusal(
        400,
        notAPhotoMessage(
          type ? `its content is ${type.ext.toUpperCase()}` : 'its content is not in a known image format',
        ),
      );
    }
    const heic = HEIC.has(type.mime) ? (await import('heic-decode')).default : undefined;
    started.postMessage(null);
    const source = heic ? await heicPixels(heic, buffer) : await checkedImage(buffer, format);
    const { display, thumb } = await resized(source);
    return { ok: true, display: imageOf(display), thumb: imageOf(thumb) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, message: error.message };
    throw error;
  } finally {
    started.close();
  }
}

async function checkedImage(bytes: Buffer, format: string): Promise<Sharp> {
  // The header tells the size before any pixel is decoded. sharp's own pixel limit would
  // refuse a bomb's header as unreadable (400): lifted for the header alone, the bomb is
  // refused for its size (413), and the limit guards the decoding itself.
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new Refusal(400, notAPhotoMessage(`it looks like ${format} but cannot be read as an image`));
  }
  refuseBySize(size.width ?? 0, size.height ?? 0);
  return sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
}

async function heicPixels(decodeHeic: HeicDecoder, bytes: Buffer): Promise<Sharp> {
  let images: Awaited<ReturnType<HeicDecoder['all']>>;
  try {
    // Parses the container only: width and height are known before anything is decoded.
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw new Refusal(400, notAPhotoMessage('it looks like HEIC but cannot be read as an image'));
  }
  try {
    const [primary] = images;
    if (!primary) throw new Refusal(400, notAPhotoMessage('the HEIC file holds no image'));
    refuseBySize(primary.width, primary.height);
    const decoded = await primary.decode().catch(() => {
      throw new Refusal(400, notAPhotoMessage('it looks like HEIC but cannot be read as an image'));
    });
    // libheif has applied the HEIC's own rotation and mirroring: the pixels are upright.
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

function refuseBySize(width: number, height: number) {
  const refusal = sizeRefusal(width, height);
  if (refusal) throw new Refusal(413, refusal);
}

/**
 * The display size from the photo, then the thumbnail from the display size's pixels:
 * one pass over the full photo rather than two, and one sharp pipeline at a time, so a
 * worker holds one of libuv's four threads (which the event loop's file and crypto work
 * share), never two.
 */
async function resized(source: Sharp) {
  try {
    const { data, info } = await source
      .autoOrient()
      .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
      // Transparent PNG/WebP areas become white, not black.
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const display = await pixels().jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    const thumb = await pixels()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { display, thumb };
  } catch {
    throw new Refusal(400, notAPhotoMessage('its image data is damaged'));
  }
}

// The JPEGs are copied to the main thread (a few hundred KB at most), not transferred:
// piscina transfers only a task's whole result.
function imageOf({ data, info }: { data: Buffer; info: OutputInfo }) {
  return { bytes: data, width: info.width, height: info.height };
}
