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

/** Where uploaded files live: local disk (LocalStorage) or an S3-compatible bucket (S3Storage). */
export interface Storage {
  /**
   * Stores the stream under a new random key; `tooLarge()` says whether the source
   * stopped at its size limit, in which case nothing is kept and the answer is null.
   */
  put(source: Readable, extension: string, tooLarge: () => boolean): Promise<StoredFile | null>;
  /** Deletes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Answers a GET for the file, honouring the request's Range header (206) so players can seek. */
  serve(request: IncomingMessage, key: string, contentType: string): Promise<ServedFile>;
}
