import fs from 'node:fs';
import path from 'node:path';

/** A real video: one second of ffmpeg's test pattern, 64×48, H.264 in MP4 (2.8 KB). */
export const tinyVideo = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/tiny.mp4'));

/**
 * Bytes an upload accepts as a video, of the given size: the real video, then filler.
 * The server checks the content's signature (its first bytes), so what follows is free.
 */
export function videoBytes(size: number = tinyVideo.length, filler = 7): Buffer<ArrayBuffer> {
  const bytes = Buffer.alloc(size, filler);
  tinyVideo.copy(bytes, 0, 0, Math.min(size, tinyVideo.length));
  return bytes;
}
