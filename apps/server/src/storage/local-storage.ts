import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import send from '@fastify/send';
import { type FileFacts, MissingFile, type Playback, type Storage, type StoredFile } from './storage';

/**
 * Uploaded files on local disk under DATA_DIR/uploads: for one server only (another
 * server cannot read them). Keys are random, so a name a person chose never becomes a
 * path. Files are written to a temporary name first and renamed when complete, so a
 * half-written file is never served and a failed upload leaves nothing behind.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly mediaOrigin = null;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
    fs.mkdirSync(path.join(this.root, 'incoming'), { recursive: true });
  }

  async put(source: Readable, file: FileFacts, tooLarge: () => boolean): Promise<StoredFile | null> {
    const key = `${crypto.randomUUID()}${file.extension}`;
    const incoming = path.join(this.root, 'incoming', key);
    try {
      await pipeline(source, fs.createWriteStream(incoming));
      if (tooLarge()) {
        await fs.promises.rm(incoming, { force: true });
        return null;
      }
      const { size } = await fs.promises.stat(incoming);
      await fs.promises.rename(incoming, path.join(this.root, key));
      return { key, size };
    } catch (error) {
      await fs.promises.rm(incoming, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(path.join(this.root, path.basename(key)), { force: true });
  }

  /** Streams a stored file, answering Range requests with 206 so players can seek. */
  async play(request: IncomingMessage, key: string, file: Pick<FileFacts, 'contentType'>): Promise<Playback> {
    const { statusCode, headers, stream } = await send(request, path.basename(key), {
      root: this.root,
      dotfiles: 'deny',
      index: false,
      acceptRanges: true,
    });
    if (statusCode !== 200 && statusCode !== 206) return { kind: 'stream', statusCode, headers, stream };
    const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
    return { kind: 'stream', statusCode, headers: { ...rest, 'content-type': file.contentType }, stream };
  }

  /** Opens the file first, so a missing one throws `MissingFile` here rather than later on the stream. */
  async open(key: string): Promise<Readable> {
    try {
      const handle = await fs.promises.open(path.join(this.root, path.basename(key)), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingFile(key);
      throw error;
    }
  }
}
