import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/http/reply-compression';
import { startTestApp, startWebApp } from './harness';
import { videoBytes } from './video-bytes';

/** Issue 18: JSON replies over 1 kB go compressed (br or gzip, as asked); nothing else does. */

const t = await startTestApp({ uploadMaxBytes: 64 * 1024 });
const hq = await t.signedIn('hq');
for (let i = 0; i < 80; i++) await t.buildRestaurant({ posId: `POS-${i}` });

const get = (url: string, acceptEncoding?: string) =>
  t.request(hq.cookie, { method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const LARGE = '/api/restaurants?pageSize=100';
/** Over 1 kB but small enough that @fastify/compress compresses it inline rather than through a stream. */
const MEDIUM = '/api/restaurants?pageSize=6';

describe('a JSON reply over 1 kB', () => {
  test('is sent as it is without Accept-Encoding, and is large enough to matter', async () => {
    const plain = await get(LARGE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD * 16);
    expect(plain.json().items).toHaveLength(80);
    const medium = await get(MEDIUM);
    expect(medium.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(medium.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD * 4);
  });

  test.each([LARGE, MEDIUM])('%s is compressed with br, or gzip, and decompresses to the same JSON', async (url) => {
    const plain = (await get(url)).json();
    const brotli = await get(url, 'br');
    expect([brotli.statusCode, brotli.headers['content-encoding'], brotli.headers.vary]).toEqual([
      200,
      'br',
      'accept-encoding',
    ]);
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain);
    expect(brotli.rawPayload.length).toBeLessThan(JSON.stringify(plain).length / 3);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain);
  });

  test('goes as br when a browser accepts everything, gzip when br is refused', async () => {
    expect((await get(LARGE, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get(LARGE, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(LARGE, '*')).headers['content-encoding']).toBe('gzip');
  });

  test('is sent as it is for identity, or an encoding we do not offer', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'compress']) {
      const reply = await get(LARGE, acceptEncoding);
      expect([acceptEncoding, reply.statusCode, reply.headers['content-encoding']]).toEqual([
        acceptEncoding,
        200,
        undefined,
      ]);
      expect(reply.json().items).toHaveLength(80);
    }
  });
});

test('a JSON reply under 1 kB is sent as it is', async () => {
  const me = await get('/api/me', 'br, gzip');
  expect(me.statusCode).toBe(200);
  expect(me.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
  expect(me.headers['content-encoding']).toBeUndefined();
  expect(me.json().email).toBe(hq.email);
});

test('an error reply is JSON like any other, compressed only when large', async () => {
  const missing = await get('/api/restaurants/00000000-0000-4000-8000-000000000000', 'br');
  expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, undefined]);
  expect(missing.json().message).toBeTruthy();
});

test('a video and its byte ranges are sent as stored, whatever the client accepts', async () => {
  const boundary = '----brigade-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const bytes = videoBytes(16 * 1024);
  const stored = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/uploads',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-encoding': 'br, gzip' },
  });
  expect(stored.statusCode).toBe(201);
  const url = `/api/uploads/${stored.json().id}/content`;

  const whole = await get(url, 'br, gzip');
  expect([whole.statusCode, whole.headers['content-encoding']]).toEqual([200, undefined]);
  expect(whole.rawPayload.equals(bytes)).toBe(true);
  const part = await t.request(hq.cookie, {
    method: 'GET',
    url,
    headers: { range: 'bytes=2000-5999', 'accept-encoding': 'br, gzip' },
  });
  expect([part.statusCode, part.headers['content-encoding'], part.headers['content-range']]).toEqual([
    206,
    undefined,
    `bytes 2000-5999/${bytes.length}`,
  ]);
  expect(part.rawPayload.equals(bytes.subarray(2000, 6000))).toBe(true);
});

test('a compressed request body is not inflated: it is not JSON, as before', async () => {
  const response = await t.request(hq.cookie, {
    method: 'PUT',
    url: '/api/profile',
    payload: gzipSync(JSON.stringify({ name: 'Renamed by a gzip body', email: hq.email })),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  expect(response.statusCode).toBe(400);
  expect((await get('/api/me')).json().name).not.toBe('Renamed by a gzip body');
});

// A built web app whose asset has no .br/.gz beside it: @fastify/static sends the file as it is.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Brigade</title>');
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
const web = await startWebApp(webRoot);

test("the web app's files are never compressed on the fly, only sent precompressed when the build wrote them", async () => {
  const asset = await web.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect([asset.statusCode, asset.headers['content-encoding']]).toEqual([200, undefined]);
  expect(asset.body).toContain('console.log');
});
