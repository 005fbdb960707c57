import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { messages } from '@brigade/core/messages';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../errors';
import { type FileFacts, MissingFile, type Playback, type Storage, type StoredFile } from './storage';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), addressed path-style. */
export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000, without a trailing slash. */
  endpoint: string;
  /**
   * The endpoint as browsers reach it, for playback links (when the servers reach the
   * bucket by an internal address); the endpoint when unset.
   */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put in front of every key, e.g. `uploads/`. */
  prefix: string;
  /** Bytes per part of a multipart upload (at least 5 MiB, S3's minimum); 8 MiB unless told. */
  partSize?: number;
  /** How long a playback link works, in seconds; 300 unless told. */
  playbackUrlSeconds?: number;
}

export const STORAGE_UNAVAILABLE = 'File storage is unavailable. Please try again later.';
/** S3 refuses smaller parts (except the last), and lib-storage refuses a smaller part size. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
export const DEFAULT_PLAYBACK_URL_SECONDS = 300;
/** Parts sent at once per upload: memory held per upload is about (this + 1) × part size. */
const PARTS_IN_FLIGHT = 2;

/** The upload went past UPLOAD_MAX_BYTES: stop, and keep nothing. */
class FileTooLarge extends Error {}

/**
 * Uploaded files in an S3-compatible bucket through the AWS SDK. An upload streams
 * from the request straight to the bucket: a file up to one part is one PutObject, a
 * larger one a multipart upload with parts of `partSize`. If the upload goes over the
 * size limit, the client leaves or the body is cut off, the multipart upload is aborted
 * (lib-storage's AbortMultipartUpload), so nothing half-stored remains. Playback is a
 * redirect to a presigned GET link that works for `playbackUrlSeconds`, with the
 * video's content type and inline disposition; the browser fetches ranges from the
 * bucket itself. Failures of the bucket become 502 with a plain message; what went
 * wrong (never credentials) goes to the log.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly mediaOrigin: string;
  private readonly client: S3Client;
  /** Signs playback links for the public endpoint; it sends no requests. */
  private readonly presigner: S3Client;
  private readonly partSize: number;
  private readonly playbackUrlSeconds: number;
  private readonly log?: FastifyBaseLogger;

  constructor(
    private readonly config: S3Config,
    options: { log?: FastifyBaseLogger } = {},
  ) {
    const clientConfig = (endpoint: string) =>
      ({
        endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 requires them. Since early 2025 the SDK adds a CRC32 to
        // every PutObject/UploadPart by default, sending streams as aws-chunked bodies with
        // a checksum trailer, which many S3-compatible services (older MinIO, Ceph,
        // some R2 set-ups) refuse. Parts here are buffers of known length sent with a
        // signed SHA-256 of their payload (x-amz-content-sha256), which the bucket
        // checks anyway; and GET responses go to browsers, not through the SDK.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A bucket that does not answer fails the request instead of holding it forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }) as const;
    this.client = new S3Client(clientConfig(config.endpoint));
    this.presigner = new S3Client(clientConfig(config.publicEndpoint ?? config.endpoint));
    this.mediaOrigin = new URL(config.publicEndpoint ?? config.endpoint).origin;
    this.partSize = Math.max(config.partSize ?? DEFAULT_PART_SIZE, MIN_PART_SIZE);
    this.playbackUrlSeconds = config.playbackUrlSeconds ?? DEFAULT_PLAYBACK_URL_SECONDS;
    this.log = options.log;
  }

  async put(source: Readable, file: FileFacts, tooLarge: () => boolean): Promise<StoredFile | null> {
    const key = `${crypto.randomUUID()}${file.extension}`;
    let size = 0;
    let sourceFailure: unknown = null;
    // Counts the bytes and fails the upload (so it is aborted) once the limit is passed.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(tooLarge() ? new FileTooLarge() : null, chunk);
      },
      flush(done) {
        done(tooLarge() ? new FileTooLarge() : null);
      },
    });
    source.once('error', (error) => {
      sourceFailure = error;
      counted.destroy(error);
    });
    source.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.objectKey(key), Body: counted, ContentType: file.contentType },
      partSize: this.partSize,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return { key, size };
    } catch (error) {
      source.unpipe(counted);
      counted.destroy();
      if (sourceFailure) throw sourceFailure;
      if (error instanceof FileTooLarge) {
        // The rest of the part is read and dropped by the multipart parser.
        source.resume();
        return null;
      }
      source.resume();
      throw this.unavailable('upload', key, error);
    }
  }

  /**
   * Deletes the object. Callers remove files after their database change has committed,
   * so a failure here is logged (the object is left behind) rather than failing the request.
   */
  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      this.log?.error(
        { key: this.objectKey(key), cause: causeOf(error) },
        'could not delete an object from file storage; it is left behind',
      );
    }
  }

  /**
   * A redirect to a presigned GET of the object, once it is known to be there (a HEAD,
   * so a missing file is 404 and a bucket that is down 502 here, not a broken player).
   */
  async play(_request: IncomingMessage, key: string, file: Pick<FileFacts, 'contentType'>): Promise<Playback> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound' || statusOf(error) === 404) {
        throw notFound(messages.videoFileMissing);
      }
      throw this.unavailable('check', key, error);
    }
    const url = await getSignedUrl(
      this.presigner,
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key,
        ResponseContentType: file.contentType,
        ResponseContentDisposition: 'inline',
      }),
      { expiresIn: this.playbackUrlSeconds },
    );
    return { kind: 'redirect', url };
  }

  /**
   * The object's body as a stream (a GetObject): `MissingFile` when the bucket has no such
   * key, 502 when the bucket fails.
   */
  async open(key: string): Promise<Readable> {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      if (!Body) throw new Error('GetObject answered without a body');
      return Body as Readable;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey' || statusOf(error) === 404) throw new MissingFile(key);
      throw this.unavailable('read', key, error);
    }
  }

  private objectKey(key: string) {
    return `${this.config.prefix}${path.basename(key)}`;
  }

  private unavailable(action: string, key: string, error: unknown) {
    this.log?.error({ action, key: this.objectKey(key), cause: causeOf(error) }, 'file storage failed');
    return new HttpError(502, STORAGE_UNAVAILABLE);
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** What went wrong, for the log: the SDK's error name, code, message and HTTP status, nothing else. */
function causeOf(error: unknown) {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message : String(error),
    ...(statusOf(error) ? { status: statusOf(error) } : {}),
  };
}
