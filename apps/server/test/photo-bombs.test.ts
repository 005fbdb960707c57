import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { frApp } from '@brigade/core/locales/fr-app';
import { photoMessages } from '@brigade/core/schemas/photos';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { photos } from '../src/db/schema/photos';
import { HttpError } from '../src/errors';
import { type PhotoProcessingLimits, PhotoProcessor, replacePhotoProcessor } from '../src/modules/photos/process-photo';
import { startTestApp } from './harness';

// Issue 31, probe points 2, 3 and 7: hostile photos are refused from their header (413),
// decoded in worker threads that are ended when they take too long or too much memory,
// queued up to a bound (503 with Retry-After beyond it), and the event loop keeps
// answering while they are processed.

const t = await startTestApp();

/** A real PNG: every row black, deflated, so a few KB claim any size. */
function png(width: number, height: number, { bitDepth, rowBytes }: { bitDepth: 1 | 8; rowBytes: number }) {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth; // greyscale (colour type 0), no interlace
  // Each row is its filter byte (0) and its pixels (0, black).
  const rows = zlib.deflateSync(Buffer.alloc(height * (1 + rowBytes)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF) is rewritten to claim `width` × `height`. */
async function jpegClaiming(width: number, height: number) {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  // Walks the segments after SOI: marker, then a 2-byte length that counts itself.
  let at = 2;
  while (jpeg[at + 1] !== 0xc0 && jpeg[at + 1] !== 0xc2) at += 2 + jpeg.readUInt16BE(at + 2);
  jpeg.writeUInt16BE(height, at + 5);
  jpeg.writeUInt16BE(width, at + 7);
  return jpeg;
}

/** 233 KB in the probe, 1 × 60,000,000 px: under the area limit, a minute and more to decode. */
const strip = png(1, 60_000_000, { bitDepth: 8, rowBytes: 1 });
/** 400 megapixels in a few KB. */
const square = png(20_000, 20_000, { bitDepth: 1, rowBytes: 2_500 });
const jpegBomb = await jpegClaiming(60_000, 60_000);
/** 38 KB, 8000 × 8000 px of HEVC (64 MP, under the area limit): made by fixtures/make-heic.py. */
const heicBomb = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'bomb-8000.heic'));
const ordinary = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2980b9' } })
  .jpeg()
  .toBuffer();

const hq = await t.signedIn('hq');
const restaurant = await t.buildRestaurant({ name: 'Bomb Site' });
const template = (
  await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/audit-templates',
    payload: { name: 'Hostile files', description: 'Photos', items: [{ text: 'Anything' }] },
  })
).json() as { id: string };

/** An item of a fresh draft: a place for up to five photos. */
async function freshItem() {
  const created = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/audits',
    payload: { restaurantId: restaurant.id, templateIds: [template.id], auditorId: hq.id },
  });
  const detail = await t.request(hq.cookie, { method: 'GET', url: `/api/audits/${created.json().id}` });
  const audit = detail.json() as { id: string; items: [{ id: string }] };
  return { auditId: audit.id, itemId: audit.items[0].id };
}

function upload(item: { auditId: string; itemId: string }, bytes: Buffer, language = 'en') {
  const boundary = '----brigade-bomb-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.request(hq.cookie, {
    method: 'POST',
    url: `/api/audits/${item.auditId}/items/${item.itemId}/photos`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': language },
  });
}

async function photosOf(itemId: string) {
  return t.db.select().from(photos).where(eq(photos.auditItemId, itemId));
}

/**
 * Runs `work` while asking `/api/health/live` again and again: how many answers came,
 * their times, and the longest the event loop was held (perf_hooks).
 */
async function whileProbingHealth<T>(work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const answers: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      answers.push(performance.now() - start);
      await sleep(20);
    }
  })();
  const start = performance.now();
  try {
    return { result: await work(), answers, tookMs: performance.now() - start, loopHeldMs: loop.max / 1e6 };
  } finally {
    done = true;
    await probing;
    loop.disable();
  }
}

/** Uses `processor` for the server's photos during `work`, then the usual one again. */
async function withProcessor<T>(processor: PhotoProcessor, work: () => Promise<T>) {
  const usual = replacePhotoProcessor(processor);
  try {
    return await work();
  } finally {
    replacePhotoProcessor(usual);
    await processor.close();
  }
}

function p95(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

afterAll(() => replacePhotoProcessor(undefined)?.close());

describe('size bombs are refused from their header with 413', () => {
  test.each([
    ['a PNG of 20000 × 20000 px', square, photoMessages.tooManyPixels],
    ['a JPEG whose header claims 60000 × 60000 px', jpegBomb, photoMessages.tooManyPixels],
    ['a PNG of 1 × 60,000,000 px (under the area limit, too long a side)', strip, photoMessages.sideTooLong],
  ])('%s', async (_, bomb, message) => {
    expect(bomb.length).toBeLessThan(300_000);
    const item = await freshItem();
    const response = await upload(item, bomb);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe(message);
    expect(await photosOf(item.itemId)).toHaveLength(0);
  });
});

test('while 4 bombs are processed, health answers all along and an ordinary photo is stored', async () => {
  // Two 64 MP HEICs under a time limit their decoding always passes (their workers are
  // ended: 413), the two PNG bombs (refused from their header), then an ordinary photo.
  const processor = new PhotoProcessor({ workers: 4, queue: 4, timeLimitMs: 1_000 });
  const { result, answers, tookMs, loopHeldMs } = await withProcessor(processor, () =>
    whileProbingHealth(async () => {
      const bombs = [heicBomb, heicBomb, square, strip].map(async (bomb) => upload(await freshItem(), bomb));
      await sleep(50);
      const photo = await upload(await freshItem(), ordinary);
      return { bombs: await Promise.all(bombs), photo };
    }),
  );
  expect(result.photo.statusCode, result.photo.body).toBe(201);
  expect(result.bombs.map((response) => [response.statusCode, response.json().message])).toEqual([
    [413, photoMessages.tooSlow],
    [413, photoMessages.tooSlow],
    [413, photoMessages.tooManyPixels],
    [413, photoMessages.sideTooLong],
  ]);
  // On the event loop (before issue 31), one HEIC held it for seconds and health answered
  // before and after only; in workers, health answers all along.
  expect(answers.length).toBeGreaterThan(10);
  expect(loopHeldMs).toBeLessThan(tookMs / 4);
  // The figure for the README (target: under 50 ms), not a pass mark: timings vary with the machine's load.
  console.info(
    `health p95 ${p95(answers).toFixed(1)} ms over ${answers.length} answers in ${Math.round(tookMs)} ms of bombs; event loop held at most ${loopHeldMs.toFixed(1)} ms`,
  );
  // Four workers start at once (sharp, libheif's WebAssembly, tsx each): on a 2-core machine
  // that other suites load too, that alone can take vitest's usual 30 s.
}, 90_000);

/** A processor whose worker misbehaves as the photo's bytes say (fixtures/misbehaving-photo-worker.mjs). */
function misbehaving(limits: Partial<PhotoProcessingLimits>) {
  return new PhotoProcessor({
    ...limits,
    workerUrl: new URL('./fixtures/misbehaving-photo-worker.mjs', import.meta.url),
  });
}

test('when the queue is full, a photo is refused at once with 503 and Retry-After; a worker over its time is ended: 413', async () => {
  const responses = await withProcessor(misbehaving({ workers: 1, queue: 1, timeLimitMs: 500 }), async () => {
    const items = await Promise.all(Array.from({ length: 3 }, () => freshItem()));
    return Promise.all(items.map((item) => upload(item, Buffer.from('stall'), 'fr')));
  });
  // In the reader's language, as every photo message.
  const say = (text: string) => frApp.texts[text as keyof typeof frApp.texts];
  const refusals = responses.map((response) => [response.statusCode, response.json().message]);
  expect(refusals.sort()).toEqual([
    [413, say(photoMessages.tooSlow)],
    [413, say(photoMessages.tooSlow)],
    [503, say(photoMessages.busy)],
  ]);
  expect(say(photoMessages.busy)).toMatch(/^Le serveur/);
  const busy = responses.find((response) => response.statusCode === 503);
  expect(Number(busy?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
});

test('a worker that runs out of its heap is ended, and the photo is refused with 413', async () => {
  const processor = misbehaving({ workers: 1, heapLimitMb: 16 });
  try {
    const refusal = await processor.process(Buffer.from('hoard')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 413, message: photoMessages.tooMuchMemory });
  } finally {
    await processor.close();
  }
});
