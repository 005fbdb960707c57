import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { trainingCategories } from '../src/db/schema/trainings';
import { MIN_PART_SIZE } from '../src/storage/s3-storage';
import { startFakeS3 } from './fakes/s3-server';
import { startTestApp } from './harness';
import { tinyVideo, videoBytes } from './video-bytes';

const ACCESS_KEY_ID = 'AKIAFAKEBRIGADE';
const SECRET_ACCESS_KEY = 'fake-secret-never-shown-0123456789';
const BUCKET = 'brigade-videos';

const s3 = await startFakeS3({
  bucket: BUCKET,
  region: 'eu-west-1',
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET_ACCESS_KEY,
});
afterAll(() => s3.close());

/** Log lines of the app under test, to check that no key ever reaches them. */
const logLines: string[] = [];
const t = await startTestApp({
  // A file over one part (S3's minimum, 5 MiB) goes up in several parts.
  uploadMaxBytes: MIN_PART_SIZE + 1024 * 1024,
  s3: {
    endpoint: s3.url,
    bucket: BUCKET,
    region: 'eu-west-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    prefix: 'uploads/',
    partSize: MIN_PART_SIZE,
    playbackUrlSeconds: 300,
  },
  logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
});
const home = await t.buildRestaurant();
const hq = await t.signedIn('hq');
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });
const [safety] = await t.db
  .insert(trainingCategories)
  .values([{ name: 'Safety' }])
  .returning();
if (!safety) throw new Error('no category');

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----brigade-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A video of `length` bytes: the real one, then byte i is i % 251, so any range can be checked exactly. */
const patterned = (length: number) => {
  const bytes = Buffer.from(Array.from({ length }, (_, i) => i % 251));
  tinyVideo.copy(bytes, 0, 0, Math.min(length, tinyVideo.length));
  return bytes;
};
const video = patterned(4096);

function upload(bytes = video, fileName = 'clip.mp4') {
  return t.request(hq.cookie, { method: 'POST', url: '/api/uploads', ...multipart(fileName, 'video/mp4', bytes) });
}

/** The server's own settings it keeps in the data directory (the push key pair), not uploads. */
const SETTINGS_FILES = new Set(['vapid-keys.json']);

/** Files under the data directory, other than directories and the server's settings. */
function filesOnDisk(dir = t.dataDir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .filter((file) => !SETTINGS_FILES.has(path.basename(file)));
}

/** The requests the bucket received from `from` on, as `METHOD path?calls`. */
function callsSince(from: number) {
  return s3.requests.slice(from).map(({ method, path, query }) => {
    const calls = ['uploads', 'partNumber', 'uploadId'].filter((name) => name in query);
    return `${method} ${path}${calls.length ? `?${calls.join('&')}` : ''}`;
  });
}

async function playbackUrl(uploadId: string) {
  const response = await t.request(staff.cookie, { method: 'GET', url: `/api/uploads/${uploadId}/content` });
  expect(response.statusCode).toBe(302);
  return response;
}

describe('uploaded videos in an S3-compatible bucket', () => {
  test('a small upload is one signed PutObject under the prefix, with its content type; nothing goes to disk', async () => {
    const from = s3.requests.length;
    const response = await upload();
    expect(response.statusCode).toBe(201);
    const calls = callsSince(from);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(new RegExp(`^PUT /${BUCKET}/uploads/[0-9a-f-]{36}\\.mp4$`));
    const key = (calls[0] as string).slice(`PUT /${BUCKET}/`.length);
    expect(s3.object(key)?.equals(video)).toBe(true);
    const put = s3.requests[from];
    expect(put?.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/eu-west-1/s3/aws4_request`),
    );
    // The payload is signed (its SHA-256), not sent as aws-chunked with a checksum trailer.
    expect(put?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(put?.headers['content-type']).toBe('video/mp4');
    expect(filesOnDisk()).toEqual([]);
  });

  test('a file larger than one part goes up as a multipart upload and arrives whole', async () => {
    const big = patterned(MIN_PART_SIZE + 12_345);
    const from = s3.requests.length;
    const response = await upload(big, 'long.mp4');
    expect(response.statusCode).toBe(201);
    expect(response.json().size).toBe(big.length);
    const calls = callsSince(from);
    const key = /^POST \/brigade-videos\/(\S+)\?uploads$/.exec(calls[0] ?? '')?.[1];
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}\.mp4$/);
    expect(calls.slice(1).sort()).toEqual(
      [
        `PUT /${BUCKET}/${key}?partNumber&uploadId`,
        `PUT /${BUCKET}/${key}?partNumber&uploadId`,
        `POST /${BUCKET}/${key}?uploadId`,
      ].sort(),
    );
    expect(s3.object(key as string)?.equals(big)).toBe(true);
    expect(s3.pendingUploads()).toEqual([]);
  });

  test('playback: who may watch is checked first, then a 302 to a short-lived presigned link that is never cached', async () => {
    const stored = (await upload()).json();
    const url = `/api/uploads/${stored.id}/content`;
    const before = s3.requests.length;
    const signedOut = await t.request(undefined, { method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers.location).toBeUndefined();
    expect(s3.requests.length).toBe(before);

    const response = await playbackUrl(stored.id);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(s3.url);
    expect(location.pathname).toMatch(new RegExp(`^/${BUCKET}/uploads/[0-9a-f-]{36}\\.mp4$`));
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get('response-content-type')).toBe('video/mp4');
    expect(location.searchParams.get('response-content-disposition')).toBe('inline');
    expect(location.search).not.toContain(SECRET_ACCESS_KEY);
  });

  test('the presigned link plays from the bucket: whole, any range (206), past the end 416', async () => {
    const stored = (await upload()).json();
    const link = (await playbackUrl(stored.id)).headers.location as string;

    const whole = await fetch(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await fetch(link, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);

    const tail = await fetch(link, { headers: { range: 'bytes=4000-' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(4000))).toBe(true);

    const beyond = await fetch(link, { headers: { range: 'bytes=5000-5100' } });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();
  });

  test('the bucket refuses a presigned link that was altered, stripped of its signature, or has expired', async () => {
    const stored = (await upload()).json();
    const link = new URL((await playbackUrl(stored.id)).headers.location as string);

    const retyped = new URL(link);
    retyped.searchParams.set('response-content-type', 'text/html');
    const signature = link.searchParams.get('X-Amz-Signature') as string;
    const forged = new URL(link);
    forged.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const longer = new URL(link);
    longer.searchParams.set('X-Amz-Expires', '604000');
    const otherObject = new URL(link);
    otherObject.pathname = link.pathname.replace(/\.mp4$/, '.mov');
    for (const altered of [retyped, forged, longer, otherObject]) {
      const response = await fetch(altered);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    const bare = await fetch(`${link.origin}${link.pathname}`);
    expect(bare.status).toBe(403);
    expect(await bare.text()).toContain('<Code>AccessDenied</Code>');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    try {
      const expired = await fetch(link);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    } finally {
      vi.useRealTimers();
    }
    expect((await fetch(link)).status).toBe(200);
  });

  test("the bucket's origin is allowed as a media source, so the browser's player may follow the redirect", async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/health/live' });
    const mediaSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('media-src'));
    expect(mediaSrc).toBe(`media-src 'self' https: blob: ${s3.url}`);
  });

  test('ready says uploaded files are in the bucket', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/health/ready' });
    expect(response.json().storage).toEqual({ kind: 's3' });
  });

  test("a removed video's object is deleted from the bucket once no training uses it", async () => {
    const stored = (await upload()).json();
    const key = s3.requests.findLast((request) => request.method === 'PUT')?.path.slice(`/${BUCKET}/`.length);
    expect(s3.objectKeys()).toContain(key);
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/trainings',
      payload: { title: 'With upload', categoryIds: [safety.id], videos: [{ uploadId: stored.id }] },
    });
    expect(created.statusCode).toBe(201);
    const updated = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/trainings/${created.json().id}`,
      payload: { title: 'With upload', categoryIds: [safety.id], videos: [{ url: 'https://v.example.com/other.mp4' }] },
    });
    expect(updated.statusCode).toBe(200);
    expect(s3.requests.findLast((request) => request.method === 'DELETE')?.path).toBe(`/${BUCKET}/${key}`);
    expect(s3.objectKeys()).not.toContain(key);
    const content = await t.request(hq.cookie, { method: 'GET', url: `/api/uploads/${stored.id}/content` });
    expect(content.statusCode).toBe(404);
  });

  test('an upload over the limit is refused with 413: its multipart upload is aborted and nothing stays', async () => {
    const objects = s3.objectKeys();
    const from = s3.requests.length;
    const response = await upload(videoBytes(MIN_PART_SIZE + 2 * 1024 * 1024), 'big.mp4');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than the upload limit of 6 MB.');
    // Whether a multipart upload had started depends on timing (upload-edges.test.ts paces
    // one so it has): if it did, it was aborted, and nothing was ever completed or put.
    const calls = callsSince(from);
    if (calls.length > 0) expect(calls.at(-1)).toMatch(/^DELETE \S+\?uploadId$/);
    expect(calls.filter((call) => /^POST \S+\?uploadId$|^PUT [^?]+$/.test(call))).toEqual([]);
    expect(s3.pendingUploads()).toEqual([]);
    expect(s3.objectKeys()).toEqual(objects);
    expect(filesOnDisk()).toEqual([]);
  });

  test('when the bucket fails, uploads and playback answer 502 with a plain message and no secrets', async () => {
    const stored = (await upload()).json();
    s3.failWith(500);
    try {
      const uploaded = await upload();
      expect(uploaded.statusCode).toBe(502);
      expect(uploaded.json().message).toMatch(/^File storage is unavailable/);
      expect(filesOnDisk()).toEqual([]);

      const played = await t.request(staff.cookie, { method: 'GET', url: `/api/uploads/${stored.id}/content` });
      expect(played.statusCode).toBe(502);
      expect(played.json().message).toMatch(/^File storage is unavailable/);
      for (const body of [uploaded.body, played.body, logLines.join('\n')]) {
        expect(body).not.toContain(SECRET_ACCESS_KEY);
        expect(body).not.toContain(ACCESS_KEY_ID);
      }
      expect(logLines.some((line) => line.includes('file storage failed'))).toBe(true);
    } finally {
      s3.failWith(null);
    }
  });

  test('when the bucket cannot be reached, uploads answer 502; removing a file never fails the edit', async () => {
    const stored = (await upload()).json();
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/trainings',
      payload: { title: 'Doomed upload', categoryIds: [safety.id], videos: [{ uploadId: stored.id }] },
    });
    s3.failWith('drop');
    try {
      const uploaded = await upload();
      expect(uploaded.statusCode).toBe(502);
      expect(uploaded.json().message).toMatch(/^File storage is unavailable/);
      const updated = await t.request(hq.cookie, {
        method: 'PUT',
        url: `/api/trainings/${created.json().id}`,
        payload: { title: 'Doomed upload', categoryIds: [safety.id], videos: [{ url: 'https://v.example.com/x.mp4' }] },
      });
      expect(updated.statusCode).toBe(200);
      expect(filesOnDisk()).toEqual([]);
      expect(logLines.join('\n')).not.toContain(SECRET_ACCESS_KEY);
    } finally {
      s3.failWith(null);
    }
  });
});
