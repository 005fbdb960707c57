import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { trainingCategories } from '../src/db/schema/trainings';
import { startFakeS3 } from './fakes/s3-server';
import { startTestApp } from './harness';

const ACCESS_KEY_ID = 'AKIAFAKEBRIGADE';
const SECRET_ACCESS_KEY = 'fake-secret-never-shown-0123456789';

const s3 = await startFakeS3('brigade-videos');
afterAll(() => s3.close());

const t = await startTestApp({
  uploadMaxBytes: 64 * 1024,
  s3: {
    endpoint: s3.url,
    bucket: 'brigade-videos',
    region: 'eu-west-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    prefix: 'uploads/',
  },
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

/** 4096 bytes where byte i is i % 251, so any range can be checked exactly. */
const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

function upload(bytes = video, fileName = 'clip.mp4') {
  return t.request(hq.cookie, { method: 'POST', url: '/api/uploads', ...multipart(fileName, 'video/mp4', bytes) });
}

/** Files under the data directory, other than directories. */
function filesOnDisk(dir = t.dataDir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe('uploaded videos in an S3-compatible bucket', () => {
  test('an upload is stored in the bucket under the prefix, signed, and nothing stays on disk', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(201);
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^uploads\/[0-9a-f-]{36}\.mp4$/);
    expect(s3.objects.get(keys[0] as string)?.equals(video)).toBe(true);
    const put = s3.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/brigade-videos/${keys[0]}`);
    expect(put?.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/eu-west-1/s3/aws4_request`),
    );
    expect(filesOnDisk()).toEqual([]);
  });

  test('is served to signed-in people: 200 whole, 206 for a range with the right bytes', async () => {
    const stored = (await upload()).json();
    const url = `/api/uploads/${stored.id}/content`;
    expect((await t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);

    const whole = await t.request(staff.cookie, { method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe('4096');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await t.request(staff.cookie, { method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/4096');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const get = s3.requests.findLast((request) => request.method === 'GET');
    expect(get?.headers.range).toBe('bytes=100-199');

    const beyond = await t.request(staff.cookie, { method: 'GET', url, headers: { range: 'bytes=5000-5100' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */4096');
  });

  test("a removed video's object is deleted from the bucket once no training uses it", async () => {
    const stored = (await upload()).json();
    const before = new Set(s3.objects.keys());
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/trainings',
      payload: { title: 'With upload', categoryIds: [safety.id], videos: [{ uploadId: stored.id }] },
    });
    expect(created.statusCode).toBe(201);
    const training = created.json();
    const updated = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/trainings/${training.id}`,
      payload: { title: 'With upload', categoryIds: [safety.id], videos: [{ url: 'https://v.example.com/other.mp4' }] },
    });
    expect(updated.statusCode).toBe(200);
    const deleted = s3.requests.filter((request) => request.method === 'DELETE');
    expect(deleted).toHaveLength(1);
    const key = deleted[0]?.path.replace('/brigade-videos/', '');
    expect(before.has(key as string)).toBe(true);
    expect(s3.objects.has(key as string)).toBe(false);
    const content = await t.request(hq.cookie, { method: 'GET', url: `/api/uploads/${stored.id}/content` });
    expect(content.statusCode).toBe(404);
  });

  test('an upload over the limit is refused with 413 and nothing reaches the bucket or stays on disk', async () => {
    const puts = s3.requests.filter((request) => request.method === 'PUT').length;
    const objects = s3.objects.size;
    const response = await upload(Buffer.alloc(65 * 1024, 7), 'big.mp4');
    expect(response.statusCode).toBe(413);
    expect(s3.requests.filter((request) => request.method === 'PUT')).toHaveLength(puts);
    expect(s3.objects.size).toBe(objects);
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
      for (const body of [uploaded.body, played.body]) {
        expect(body).not.toContain(SECRET_ACCESS_KEY);
        expect(body).not.toContain(ACCESS_KEY_ID);
      }
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
    } finally {
      s3.failWith(null);
    }
  });
});
