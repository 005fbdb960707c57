import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../errors';
import type { ServedFile, Storage, StoredFile } from './storage';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), addressed path-style. */
export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000, without a trailing slash. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put in front of every key, e.g. `uploads/`. */
  prefix: string;
}

export const STORAGE_UNAVAILABLE = 'File storage is unavailable. Please try again later.';

/** The response headers of a GET that are passed on to the browser. */
const PASSED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

/**
 * Uploaded files in an S3-compatible bucket, with requests signed (SigV4) by aws4fetch.
 * An upload is written to a temporary file first, so the size limit applies exactly as on
 * local disk and the object is sent with a known length and checksum; then it is PUT and
 * the temporary file removed. Reads forward the player's Range header, so seeking works.
 * Failures of the bucket become 502 with a plain message; details (never credentials) go
 * to the log.
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;
  private readonly tempDir: string;
  private readonly log?: FastifyBaseLogger;

  constructor(
    private readonly config: S3Config,
    options: { tempDir: string; log?: FastifyBaseLogger },
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      // A failed upload is the person's to retry; a stream body cannot be replayed anyway.
      retries: 0,
    });
    this.tempDir = options.tempDir;
    this.log = options.log;
    fs.mkdirSync(this.tempDir, { recursive: true });
  }

  async put(source: Readable, extension: string, tooLarge: () => boolean): Promise<StoredFile | null> {
    const key = `${crypto.randomUUID()}${extension}`;
    const temporary = path.join(this.tempDir, key);
    try {
      const hash = crypto.createHash('sha256');
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(temporary),
      );
      if (tooLarge()) return null;
      const { size } = await fs.promises.stat(temporary);
      const body = Readable.toWeb(fs.createReadStream(temporary)) as unknown as ReadableStream<Uint8Array>;
      const response = await this.request('PUT', key, {
        body,
        headers: {
          'content-length': String(size),
          'content-type': 'application/octet-stream',
          'x-amz-content-sha256': hash.digest('hex'),
        },
      });
      await response.body?.cancel();
      if (!response.ok) throw this.unavailable('PUT', key, response.status);
      return { key, size };
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  }

  /**
   * Deletes the object. Callers remove files after their database change has committed,
   * so a failure here is logged (the object is left behind) rather than failing the request.
   */
  async remove(key: string): Promise<void> {
    try {
      const response = await this.request('DELETE', key);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw this.unavailable('DELETE', key, response.status);
    } catch {
      this.log?.error({ key: this.objectKey(key) }, 'could not delete an object from file storage; it is left behind');
    }
  }

  async serve(request: IncomingMessage, key: string, contentType: string): Promise<ServedFile> {
    const range = request.headers.range;
    const response = await this.request('GET', key, { headers: range ? { range } : {} });
    if (response.status === 200 || response.status === 206) {
      const headers: Record<string, string> = { 'content-type': contentType, 'accept-ranges': 'bytes' };
      for (const name of PASSED_HEADERS) {
        const value = response.headers.get(name);
        if (value) headers[name] = value;
      }
      const stream = response.body
        ? Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>)
        : Readable.from([]);
      return { statusCode: response.status, headers, stream };
    }
    await response.body?.cancel();
    if (response.status === 416) {
      const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
      const contentRange = response.headers.get('content-range');
      if (contentRange) headers['content-range'] = contentRange;
      return { statusCode: 416, headers, stream: Readable.from([]) };
    }
    if (response.status === 404) throw notFound('The video file is missing from file storage.');
    throw this.unavailable('GET', key, response.status);
  }

  private objectKey(key: string) {
    return `${this.config.prefix}${path.basename(key)}`;
  }

  private objectUrl(key: string) {
    const encoded = `${this.config.bucket}/${this.objectKey(key)}`.split('/').map(encodeURIComponent).join('/');
    return `${this.config.endpoint}/${encoded}`;
  }

  /** One signed request; a network failure becomes 502 like an error answer does. */
  private async request(
    method: string,
    key: string,
    init: { body?: ReadableStream<Uint8Array>; headers?: Record<string, string> } = {},
  ) {
    try {
      return await this.client.fetch(this.objectUrl(key), {
        method,
        headers: init.headers,
        body: init.body,
        ...(init.body ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      this.log?.error({ err: error, method, key: this.objectKey(key) }, 'file storage could not be reached');
      throw new HttpError(502, STORAGE_UNAVAILABLE);
    }
  }

  private unavailable(method: string, key: string, status: number) {
    this.log?.error({ method, key: this.objectKey(key), status }, 'file storage answered with an error');
    return new HttpError(502, STORAGE_UNAVAILABLE);
  }
}
