import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A local stand-in for an S3-compatible bucket that speaks the protocol the AWS SDK
 * uses, addressed path-style (`/<bucket>/<key>`): PutObject, GetObject (with Range and
 * the response-content-type / response-content-disposition overrides), HeadObject,
 * DeleteObject and the multipart calls (CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, AbortMultipartUpload), answering in S3's XML.
 *
 * Like a private S3 bucket it refuses every request that is not signed with SigV4 by the
 * configured key: the `Authorization` header or a presigned query string
 * (`X-Amz-Signature`), recomputed here from the canonical request. An altered URL or
 * header gets 403 SignatureDoesNotMatch, a presigned URL past `X-Amz-Expires` 403
 * AccessDenied "Request has expired", a header-signed request more than 15 minutes off
 * 403 RequestTimeTooSkewed. A body whose `x-amz-content-sha256` or `x-amz-checksum-*`
 * does not match is refused as S3 refuses it. aws-chunked bodies (`STREAMING-...`) are
 * not decoded: they answer 501, so a client that starts sending them is noticed (Brigade's
 * client sends plain bodies, see s3-storage.ts).
 *
 * Objects live in memory. `failWith(500)` makes every request answer that status,
 * `failWith('drop')` hangs up on each. Run it as its own process with serve-s3.ts.
 */
export interface FakeS3Options {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The region requests must be signed for; us-east-1 unless told. */
  region?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RecordedRequest {
  method: string;
  /** Decoded path, e.g. `/brigade-videos/uploads/abc.mp4`. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The status the fake answered (0 when it hung up). */
  status: number;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  /** Keys of the stored objects, sorted. */
  objectKeys(): string[];
  /** A stored object's bytes, or undefined. */
  object(key: string): Buffer | undefined;
  /** Multipart uploads created and neither completed nor aborted. */
  pendingUploads(): { key: string; uploadId: string; parts: number }[];
  /** Every request received, oldest first (the last 1,000). */
  requests: RecordedRequest[];
  failWith(failure: number | 'drop' | null): void;
  close(): Promise<void>;
}

/** S3 refuses parts smaller than this, except the last one. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const MAX_SKEW_MS = 15 * 60 * 1000;

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 3986 encoding, as SigV4 canonicalises paths and query strings. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const md5 = (data: Buffer) => crypto.createHash('md5').update(data).digest();
const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** `20261123T101500Z` as a Date, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const { bucket, accessKeyId, secretAccessKey } = options;
  const region = options.region ?? 'us-east-1';
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  const requests: RecordedRequest[] = [];
  let failure: number | 'drop' | null = null;

  /** Recomputes the SigV4 signature of a request and throws S3's error when it does not match. */
  function authenticate(method: string, rawPath: string, query: [string, string][], headers: http.IncomingHttpHeaders) {
    const authorization = headers.authorization;
    const presigned = query.some(([name]) => name === 'X-Amz-Signature');
    if (authorization && presigned) {
      throw new S3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed.');
    }
    let credential: string;
    let signedHeaders: string[];
    let signature: string;
    let amzDate: string | undefined;
    let payloadHash: string;
    const now = Date.now();
    if (authorization) {
      const match =
        /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
          authorization,
        );
      if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
      [, credential, , signature] = match as unknown as [string, string, string, string];
      signedHeaders = (match[2] as string).split(';');
      amzDate = headers['x-amz-date'] as string | undefined;
      const date = parseAmzDate(amzDate);
      if (!date) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid x-amz-date header.');
      if (Math.abs(now - date.getTime()) > MAX_SKEW_MS) {
        throw new S3Error(
          403,
          'RequestTimeTooSkewed',
          'The difference between the request time and the current time is too large.',
        );
      }
      const declared = headers['x-amz-content-sha256'];
      if (typeof declared !== 'string') {
        throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
      }
      payloadHash = declared;
    } else if (presigned) {
      const get = (name: string) => query.find(([key]) => key === name)?.[1];
      if (get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".',
        );
      }
      const expires = Number(get('X-Amz-Expires'));
      const date = parseAmzDate(get('X-Amz-Date'));
      if (
        !get('X-Amz-Credential') ||
        !get('X-Amz-SignedHeaders') ||
        !date ||
        !Number.isInteger(expires) ||
        expires < 0
      ) {
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'Query-string authentication is incomplete.');
      }
      if (expires > MAX_PRESIGNED_SECONDS) {
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be less than a week.');
      }
      if (now > date.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
      if (date.getTime() - now > MAX_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
      credential = get('X-Amz-Credential') as string;
      signedHeaders = (get('X-Amz-SignedHeaders') as string).split(';');
      signature = get('X-Amz-Signature') as string;
      amzDate = get('X-Amz-Date');
      payloadHash = get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    } else {
      throw new S3Error(403, 'AccessDenied', 'Access Denied');
    }

    const [keyId, day, scopeRegion, service, terminator] = credential.split('/');
    if (keyId !== accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request' || day !== amzDate?.slice(0, 8)) {
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The credential scope is wrong; expecting region '${region}'.`,
      );
    }
    if (!signedHeaders.includes('host')) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The host header must be signed.');
    }

    const canonicalUri = rawPath
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = query
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [
      method,
      canonicalUri,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day as string), region), 's3'), 'aws4_request');
    const expected = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, Buffer.from(expected))) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    return { payloadHash };
  }

  /** Refuses a body whose declared hash or checksum is not the body's. */
  function verifyPayload(payloadHash: string, headers: http.IncomingHttpHeaders, body: Buffer) {
    if (payloadHash.startsWith('STREAMING-')) {
      throw new S3Error(
        501,
        'NotImplemented',
        'This fake does not decode aws-chunked bodies; configure the client with requestChecksumCalculation: WHEN_REQUIRED.',
      );
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const declaredLength = headers['content-length'];
    if (declaredLength !== undefined && Number(declaredLength) !== body.length) {
      throw new S3Error(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
      );
    }
    const checksums: Record<string, () => string> = {
      'x-amz-checksum-crc32': () => {
        const value = Buffer.alloc(4);
        value.writeUInt32BE(zlib.crc32(body));
        return value.toString('base64');
      },
      'x-amz-checksum-sha1': () => crypto.createHash('sha1').update(body).digest('base64'),
      'x-amz-checksum-sha256': () => crypto.createHash('sha256').update(body).digest('base64'),
    };
    for (const name of Object.keys(headers).filter((header) => header.startsWith('x-amz-checksum-'))) {
      if (name === 'x-amz-checksum-algorithm' || name === 'x-amz-checksum-type') continue;
      const compute = checksums[name];
      if (!compute) throw new S3Error(501, 'NotImplemented', `This fake does not compute ${name}.`);
      if (headers[name] !== compute()) {
        throw new S3Error(
          400,
          'BadDigest',
          `The ${name.slice('x-amz-checksum-'.length)} you specified did not match the calculated checksum.`,
        );
      }
    }
  }

  function sendXml(response: http.ServerResponse, status: number, xml: string, headers: http.OutgoingHttpHeaders = {}) {
    const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
    response.writeHead(status, { ...headers, 'content-type': 'application/xml', 'content-length': body.length });
    response.end(body);
  }

  function sendError(response: http.ServerResponse, method: string, error: S3Error, requestId: string) {
    if (method === 'HEAD') {
      response.writeHead(error.status, { 'x-amz-request-id': requestId });
      return response.end();
    }
    sendXml(
      response,
      error.status,
      `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message><RequestId>${requestId}</RequestId></Error>`,
      { 'x-amz-request-id': requestId },
    );
  }

  function objectHeaders(object: StoredObject, query: Record<string, string>) {
    return {
      'accept-ranges': 'bytes',
      'content-type': query['response-content-type'] ?? object.contentType,
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      ...(query['response-content-disposition']
        ? { 'content-disposition': query['response-content-disposition'] }
        : {}),
      ...(query['response-cache-control'] ? { 'cache-control': query['response-cache-control'] } : {}),
    };
  }

  /** Answers GET and HEAD of an object, with one `Range: bytes=...` as S3 does. */
  function sendObject(
    response: http.ServerResponse,
    method: string,
    object: StoredObject,
    range: string | undefined,
    query: Record<string, string>,
  ) {
    const size = object.body.length;
    const headers = objectHeaders(object, query);
    const match = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
    if (!match || (match[1] === '' && match[2] === '')) {
      response.writeHead(200, { ...headers, 'content-length': size });
      return response.end(method === 'HEAD' ? undefined : object.body);
    }
    let start: number;
    let end: number;
    if (match[1] === '') {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
    if (start >= size || start > end) {
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
    }
    response.writeHead(206, {
      ...headers,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    response.end(method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
  }

  function handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    recorded: RecordedRequest,
    requestId: string,
  ) {
    const method = request.method ?? 'GET';
    const rawUrl = request.url ?? '/';
    const questionMark = rawUrl.indexOf('?');
    const rawPath = questionMark === -1 ? rawUrl : rawUrl.slice(0, questionMark);
    const pairs = [...new URLSearchParams(questionMark === -1 ? '' : rawUrl.slice(questionMark + 1))];
    const query = Object.fromEntries(pairs);

    const { payloadHash } = authenticate(method, rawPath, pairs, request.headers);
    if (failure !== null && failure !== 'drop')
      throw new S3Error(failure, 'InternalError', 'We encountered an internal error. Please try again.');
    if (!recorded.path.startsWith(`/${bucket}/`) || recorded.path.length === bucket.length + 2) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const key = recorded.path.slice(bucket.length + 2);
    const contentType = (request.headers['content-type'] as string | undefined) ?? 'binary/octet-stream';
    const uploadId = query.uploadId;
    const multipart = uploadId === undefined ? undefined : uploads.get(uploadId);
    if (uploadId !== undefined && (!multipart || multipart.key !== key)) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    }

    if (method === 'PUT' && multipart) {
      verifyPayload(payloadHash, request.headers, body);
      const partNumber = Number(query.partNumber);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      }
      const etag = `"${md5(body).toString('hex')}"`;
      multipart.parts.set(partNumber, { body, etag });
      response.writeHead(200, { etag, 'x-amz-request-id': requestId });
      return response.end();
    }
    if (method === 'PUT') {
      verifyPayload(payloadHash, request.headers, body);
      const etag = `"${md5(body).toString('hex')}"`;
      objects.set(key, { body, contentType, etag, lastModified: new Date() });
      response.writeHead(200, { etag, 'x-amz-request-id': requestId });
      return response.end();
    }
    if (method === 'POST' && 'uploads' in query) {
      const id = crypto.randomBytes(24).toString('base64url');
      uploads.set(id, { key, contentType, parts: new Map() });
      return sendXml(
        response,
        200,
        `<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (method === 'POST' && multipart && uploadId) {
      verifyPayload(payloadHash, request.headers, body);
      const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
        partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part ?? '')?.[1]),
        etag: (/<ETag>([^<]*)<\/ETag>/.exec(part ?? '')?.[1] ?? '').replaceAll('&quot;', '"'),
      }));
      if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
      const chosen = listed.map(({ partNumber, etag }, index) => {
        const part = multipart.parts.get(partNumber);
        if (!part || part.etag !== etag) {
          throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        }
        if (index > 0 && partNumber <= (listed[index - 1]?.partNumber ?? 0)) {
          throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
        }
        if (index < listed.length - 1 && part.body.length < MIN_PART_SIZE) {
          throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
        }
        return part;
      });
      const whole = Buffer.concat(chosen.map((part) => part.body));
      const etag = `"${md5(Buffer.concat(chosen.map((part) => Buffer.from(part.etag.slice(1, -1), 'hex')))).toString('hex')}-${chosen.length}"`;
      objects.set(key, { body: whole, contentType: multipart.contentType, etag, lastModified: new Date() });
      uploads.delete(uploadId);
      return sendXml(
        response,
        200,
        `<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Location>${escapeXml(`http://${request.headers.host}/${bucket}/${key}`)}</Location><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (method === 'DELETE' && multipart && uploadId) {
      uploads.delete(uploadId);
      response.writeHead(204, { 'x-amz-request-id': requestId });
      return response.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204, { 'x-amz-request-id': requestId });
      return response.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      return sendObject(response, method, object, request.headers.range, query);
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = http.createServer((request, response) => {
    const requestId = crypto.randomBytes(8).toString('hex').toUpperCase();
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: (() => {
        try {
          return decodeURIComponent(new URL(request.url ?? '/', 'http://fake-s3').pathname);
        } catch {
          return request.url ?? '/';
        }
      })(),
      query: Object.fromEntries(new URL(request.url ?? '/', 'http://fake-s3').searchParams),
      headers: request.headers,
      status: 0,
    };
    requests.push(recorded);
    if (requests.length > 1000) requests.shift();
    response.on('finish', () => {
      recorded.status = response.statusCode;
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client that gives up mid-body: nothing to answer.
    request.on('error', () => {});
    request.on('end', () => {
      if (failure === 'drop') return request.socket.destroy();
      try {
        handle(request, response, Buffer.concat(chunks), recorded, requestId);
      } catch (error) {
        if (!(error instanceof S3Error)) throw error;
        sendError(response, request.method ?? 'GET', error, requestId);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    bucket,
    region,
    objectKeys: () => [...objects.keys()].sort(),
    object: (key) => objects.get(key)?.body,
    pendingUploads: () =>
      [...uploads.entries()].map(([uploadId, upload]) => ({ key: upload.key, uploadId, parts: upload.parts.size })),
    requests,
    failWith(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
