import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** Where a stored file ended up, and how many bytes it has. */
export interface StoredFile {
  key: string;
  size: number;
}

/** A ready answer to a GET of a stored file: status (200, 206, 416...), headers and body. */
export interface ServedFile {
  statusCode: number;
  headers: Record<string, string>;
  stream: Readable;
}

/**
 * How a video is played: streamed by this server (local disk), or a redirect to a
 * short-lived link straight to the bucket (S3), after the server has checked who may watch.
 */
export type Playback = ({ kind: 'stream' } & ServedFile) | { kind: 'redirect'; url: string };

/** What is known about an upload when it is stored and played. */
export interface FileFacts {
  /** `.mp4`, or empty. */
  extension: string;
  contentType: string;
}

/** Where uploaded files live: local disk (LocalStorage) or an S3-compatible bucket (S3Storage). */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * The origin browsers load videos from besides this server's own (for the CSP's
   * media-src), or null when this server streams them itself.
   */
  readonly mediaOrigin: string | null;
  /**
   * Stores the stream under a new random key; `tooLarge()` says whether the source
   * stopped at its size limit, in which case nothing is kept and the answer is null. If
   * the source fails (the client left, the body was cut off) its error is thrown as it
   * is and nothing is kept.
   */
  put(source: Readable, file: FileFacts, tooLarge: () => boolean): Promise<StoredFile | null>;
  /** Deletes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** How to answer a GET of the file; a stream honours the request's Range header (206) so players can seek. */
  play(request: IncomingMessage, key: string, file: Pick<FileFacts, 'contentType'>): Promise<Playback>;
  /**
   * The whole file as a stream, for the server's own use (a photo drawn into a PDF).
   * A key with no file throws `MissingFile`; a store that fails throws its own error.
   */
  open(key: string): Promise<Readable>;
}

/** `open` of a key that has no file: the file was deleted, or never finished storing. */
export class MissingFile extends Error {
  constructor(readonly key: string) {
    super(`The file ${key} is missing from file storage.`);
    this.name = 'MissingFile';
  }
}

/** What `/api/health/ready` tells about file storage. */
export interface StorageStatus {
  kind: 'local' | 's3';
  note?: string;
}

export const LOCAL_DISK_NOTE =
  "Uploaded files are kept on this server's disk (DATA_DIR/uploads): run one server only, or set S3_* for several.";

export function storageStatusOf(storage: Pick<Storage, 'kind'>): StorageStatus {
  return storage.kind === 'local' ? { kind: 'local', note: LOCAL_DISK_NOTE } : { kind: 's3' };
}

/** The line the server prints at start about where uploaded files go. */
export function fileStorageLine(s3: { endpoint: string; bucket: string } | undefined, dataDir: string): string {
  if (s3) return `Uploaded files: S3 bucket "${s3.bucket}" at ${s3.endpoint}`;
  return `Uploaded files: on this server's disk (${dataDir}/uploads), for one server only; set S3_* to run several servers`;
}
