import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages } from '@brigade/core/messages';
import { MAX_PHOTOS_PER_ITEM, type PhotoRef, photoMessages, photoTooLargeMessage } from '@brigade/core/schemas/photos';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { correctiveActionEvents, correctiveActions } from '../src/db/schema/corrective-actions';
import { photos } from '../src/db/schema/photos';
import { notAPhotoMessage } from '../src/modules/photos/process-photo';
import { startFakeS3 } from './fakes/s3-server';
import { startTestApp } from './harness';

// Issue 19, photo evidence: what the server accepts (by the bytes), what it stores (two
// JPEGs without metadata, upright), who may add, remove and load photos, and that a
// refused or deleted photo leaves no file behind, on local disk and in a bucket.

const LIMIT = 1024 * 1024;
const BUCKET = 'brigade-photos';
const S3_KEYS = { accessKeyId: 'AKIAPHOTOS', secretAccessKey: 'photos-secret-0123456789' };
const s3 = await startFakeS3({ bucket: BUCKET, ...S3_KEYS });
afterAll(() => s3.close());

const t = await startTestApp({ photoMaxBytes: LIMIT });
const inBucket = await startTestApp({
  photoMaxBytes: LIMIT,
  s3: { endpoint: s3.url, bucket: BUCKET, region: 'us-east-1', prefix: 'uploads/', ...S3_KEYS },
});

/** A JPEG of 2400 × 1200 px, a blue band on its left, stored sideways (EXIF orientation 6) with a GPS position. */
const sidewaysJpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0392b' } })
  .composite([{ input: { create: { width: 600, height: 1200, channels: 3, background: '#2980b9' } }, left: 0, top: 0 }])
  .jpeg()
  .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1' } })
  .withMetadata({ orientation: 6 })
  .toBuffer();
const pattern = () =>
  sharp({ create: { width: 500, height: 400, channels: 4, background: { r: 30, g: 140, b: 60, alpha: 1 } } });
const png = await pattern().png().toBuffer();
const webp = await pattern().webp().toBuffer();
/** A real HEIC (HEVC inside, as iPhones write), 96 × 64 px: made by fixtures/make-heic.py with libheif. */
const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'photo.heic'));
const smallJpeg = await pattern().jpeg().toBuffer();

function multipart(bytes: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') {
  const boundary = '----brigade-photo-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type AuditItem = { id: string; photos: PhotoRef[] };

async function world(app: typeof t) {
  const mine = await app.buildRestaurant({ name: 'Photo Mine' });
  const other = await app.buildRestaurant({ name: 'Photo Other' });
  const hq = await app.signedIn('hq');
  const manager = await app.signedIn('manager', { restaurantIds: [mine.id] });
  const staff = await app.signedIn('staff', { restaurantIds: [mine.id] });
  const otherManager = await app.signedIn('manager', { restaurantIds: [other.id] });
  const template = (
    await app.request(hq.cookie, {
      method: 'POST',
      url: '/api/audit-templates',
      payload: {
        name: 'Kitchen',
        description: 'Kitchen checks',
        items: [{ text: 'Fridge below 7°C' }, { text: 'Floors clean' }],
      },
    })
  ).json() as { id: string };

  async function draft(restaurantId = mine.id) {
    const created = await app.request(hq.cookie, {
      method: 'POST',
      url: '/api/audits',
      payload: { restaurantId, templateIds: [template.id], auditorId: hq.id },
    });
    const detail = await app.request(hq.cookie, { method: 'GET', url: `/api/audits/${created.json().id}` });
    // The template has two items.
    return detail.json() as { id: string; version: number; items: [AuditItem, AuditItem] };
  }
  async function submit(audit: { id: string; version: number; items: { id: string }[] }, mark = 'good') {
    const response = await app.request(hq.cookie, {
      method: 'POST',
      url: `/api/audits/${audit.id}/submit`,
      payload: { version: audit.version, items: audit.items.map((item) => ({ id: item.id, mark, comment: null })) },
    });
    expect(response.statusCode).toBe(200);
  }
  function upload(cookie: string | undefined, auditId: string, itemId: string, bytes = smallJpeg, fileName?: string) {
    return app.request(cookie, {
      method: 'POST',
      url: `/api/audits/${auditId}/items/${itemId}/photos`,
      ...multipart(bytes, fileName),
    });
  }
  async function added(auditId: string, itemId: string, bytes = smallJpeg) {
    const response = await upload(hq.cookie, auditId, itemId, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PhotoRef;
  }
  async function storedKeys(photoId: string) {
    const [row] = await app.db.select().from(photos).where(eq(photos.id, photoId));
    return row ? [row.displayKey, row.thumbKey] : [];
  }
  return { mine, other, hq, manager, staff, otherManager, draft, submit, upload, added, storedKeys };
}

const w = await world(t);

/** Files under DATA_DIR/uploads (incoming ones too). */
function filesOnDisk(dir = path.join(t.dataDir, 'uploads')): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) => (entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name)) : [entry.name]))
    : [];
}

async function load(cookie: string | undefined, url: string) {
  return t.request(cookie, { method: 'GET', url });
}

describe('accepted photos', () => {
  test('a sideways JPEG with a GPS position is stored upright, at display and thumbnail size, with no metadata', async () => {
    const before = await sharp(sidewaysJpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id, sidewaysJpeg);
    expect(photo).toEqual({
      id: expect.any(String),
      width: 800,
      height: 1600,
      thumbUrl: `/api/photos/${photo.id}/thumb`,
      displayUrl: `/api/photos/${photo.id}/display`,
    });
    for (const [url, width, height] of [
      [photo.displayUrl, 800, 1600],
      [photo.thumbUrl, 160, 320],
    ] as const) {
      const response = await load(w.hq.cookie, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('private, max-age=86400');
      const stored = await sharp(response.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width, height });
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      // Turned upright: the band that was on the left is now on top.
      const corner = await sharp(response.rawPayload)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(corner[2]).toBeGreaterThan(150); // blue
      const bottom = await sharp(response.rawPayload)
        .extract({ left: 0, top: height - 1, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(bottom[0]).toBeGreaterThan(150); // red
    }
  });

  test.each([
    ['PNG', png, 500, 400],
    ['WebP', webp, 500, 400],
    ['HEIC (HEVC)', heic, 96, 64],
  ])('%s is accepted by its bytes and stored as JPEG', async (_format, bytes, width, height) => {
    const audit = await w.draft();
    // A misleading name and type change nothing: the bytes decide.
    const response = await w.upload(w.hq.cookie, audit.id, audit.items[0].id, bytes, 'whatever.txt');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width, height });
    const display = await load(w.hq.cookie, response.json().displayUrl);
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width, height });
  });

  test('the HEIC is decoded to its real colours', async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id, heic);
    const display = await load(w.hq.cookie, photo.displayUrl);
    const pixel = async (left: number, top: number) =>
      sharp(display.rawPayload).extract({ left, top, width: 1, height: 1 }).raw().toBuffer();
    expect((await pixel(5, 2))[1]).toBeGreaterThan(140); // green band on top
    expect((await pixel(10, 50))[0]).toBeGreaterThan(170); // red left
    expect((await pixel(85, 50))[2]).toBeGreaterThan(170); // blue right
  });

  test("the audit shows each item's photos, oldest first", async () => {
    const audit = await w.draft();
    const first = await w.added(audit.id, audit.items[1].id);
    const second = await w.added(audit.id, audit.items[1].id, png);
    const detail = (await load(w.hq.cookie, `/api/audits/${audit.id}`)).json();
    expect(detail.items[0].photos).toEqual([]);
    expect(detail.items[1].photos).toEqual([first, second]);
  });
});

describe('refused photos', () => {
  test('bytes that are not an image are refused with 400, whatever the name', async () => {
    const audit = await w.draft();
    const before = filesOnDisk();
    const response = await w.upload(
      w.hq.cookie,
      audit.id,
      audit.items[0].id,
      Buffer.from('%PDF-1.7 not a photo at all'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(notAPhotoMessage('its content is PDF'));
    const text = await w.upload(
      w.hq.cookie,
      audit.id,
      audit.items[0].id,
      Buffer.from('just some text, named photo.jpg'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/^This file is not a photo: /);
    expect(filesOnDisk()).toEqual(before);
  });

  test('a GIF or a damaged JPEG is refused with 400', async () => {
    const audit = await w.draft();
    const gif = await pattern().gif().toBuffer();
    expect((await w.upload(w.hq.cookie, audit.id, audit.items[0].id, gif)).json().message).toBe(
      notAPhotoMessage('its content is GIF'),
    );
    const damaged = Buffer.concat([smallJpeg.subarray(0, 40), Buffer.alloc(2000, 7)]);
    const response = await w.upload(w.hq.cookie, audit.id, audit.items[0].id, damaged);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This file is not a photo: /);
  });

  test('a photo over PHOTO_MAX_BYTES is refused with 413 and nothing is left on disk', async () => {
    const audit = await w.draft();
    const before = filesOnDisk();
    const big = Buffer.concat([smallJpeg, Buffer.alloc(LIMIT + 1000, 1)]);
    const response = await w.upload(w.hq.cookie, audit.id, audit.items[0].id, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(photoTooLargeMessage(LIMIT));
    expect(filesOnDisk()).toEqual(before);
    expect(await t.db.select().from(photos).where(eq(photos.auditItemId, audit.items[0].id))).toEqual([]);
  });

  test('an image with too many pixels is refused with 413 before it is decoded', async () => {
    const audit = await w.draft();
    // A small PNG whose header claims 12,000 × 12,000 px (its IHDR rewritten, with its CRC).
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(12_000, 16);
    bomb.writeUInt32BE(12_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(LIMIT);
    const response = await w.upload(w.hq.cookie, audit.id, audit.items[0].id, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(photoMessages.tooManyPixels);
  });

  test(`a ${MAX_PHOTOS_PER_ITEM + 1}th photo on one item is refused with 409`, async () => {
    const audit = await w.draft();
    const item = audit.items[0].id;
    const filesOnDiskBefore = filesOnDisk();
    // Seven at once: the count is read under the audit's lock, so exactly five get in
    // (on PostgreSQL they run side by side; the refused two leave no files).
    const seven = await Promise.all(
      Array.from({ length: MAX_PHOTOS_PER_ITEM + 2 }, () => w.upload(w.hq.cookie, audit.id, item)),
    );
    expect(seven.map((response) => response.statusCode).sort()).toEqual([
      ...Array(MAX_PHOTOS_PER_ITEM).fill(201),
      409,
      409,
    ]);
    const rows = await t.db.select().from(photos).where(eq(photos.auditItemId, item));
    expect(rows).toHaveLength(MAX_PHOTOS_PER_ITEM);
    const stored = rows.flatMap((row) => [row.displayKey, row.thumbKey]);
    expect(filesOnDisk().sort()).toEqual([...filesOnDiskBefore, ...stored].sort());
    const before = filesOnDisk();
    const sixth = await w.upload(w.hq.cookie, audit.id, item);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(photoMessages.tooMany);
    expect(filesOnDisk()).toEqual(before);
    // Another item still takes photos.
    expect((await w.upload(w.hq.cookie, audit.id, audit.items[1].id)).statusCode).toBe(201);
  });

  test('no file: 400; an item of another audit or a missing audit: 404', async () => {
    const audit = await w.draft();
    const elsewhere = await w.draft();
    const empty = await t.request(w.hq.cookie, {
      method: 'POST',
      url: `/api/audits/${audit.id}/items/${audit.items[0].id}/photos`,
      ...multipart(Buffer.alloc(0)),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(photoMessages.chooseFile);
    const wrongItem = await w.upload(w.hq.cookie, audit.id, elsewhere.items[0].id);
    expect(wrongItem.statusCode).toBe(404);
    expect(wrongItem.json().message).toBe(photoMessages.itemNotFound);
    const missing = await w.upload(w.hq.cookie, '00000000-0000-4000-8000-000000000000', audit.items[0].id);
    expect(missing.statusCode).toBe(404);
    const badId = await w.upload(w.hq.cookie, 'not-an-id', audit.items[0].id);
    expect(badId.statusCode).toBe(400);
  });
});

describe('who may add, remove and load', () => {
  test('signed out: 401; a manager or staff member adding or removing: 403', async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id);
    expect((await w.upload(undefined, audit.id, audit.items[0].id)).statusCode).toBe(401);
    for (const person of [w.manager, w.staff]) {
      const response = await w.upload(person.cookie, audit.id, audit.items[0].id);
      expect(response.statusCode).toBe(403);
      expect((await t.request(person.cookie, { method: 'DELETE', url: `/api/photos/${photo.id}` })).statusCode).toBe(
        403,
      );
    }
    expect((await load(undefined, photo.thumbUrl)).statusCode).toBe(401);
  });

  test("a draft's photo is hq's alone: 404 to the restaurant's manager and staff", async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id);
    for (const person of [w.manager, w.staff]) {
      const response = await load(person.cookie, photo.thumbUrl);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(photoMessages.notFound);
    }
  });

  test("a completed audit's photo: its restaurant's people load it, another restaurant's get 403", async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id);
    await w.submit(audit);
    for (const person of [w.manager, w.staff]) {
      expect((await load(person.cookie, photo.displayUrl)).statusCode).toBe(200);
    }
    const refused = await load(w.otherManager.cookie, photo.thumbUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.restaurantForbidden);
    expect((await load(w.hq.cookie, '/api/photos/00000000-0000-4000-8000-000000000000/thumb')).statusCode).toBe(404);
  });

  test("a completed audit's photos cannot be added or removed: 409", async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id);
    await w.submit(audit);
    const add = await w.upload(w.hq.cookie, audit.id, audit.items[0].id);
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(photoMessages.completedAudit);
    const remove = await t.request(w.hq.cookie, { method: 'DELETE', url: `/api/photos/${photo.id}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(photoMessages.completedAudit);
    expect((await load(w.hq.cookie, photo.thumbUrl)).statusCode).toBe(200);
  });

  test("removing a draft's photo deletes its row and both files", async () => {
    const audit = await w.draft();
    const photo = await w.added(audit.id, audit.items[0].id);
    const keys = await w.storedKeys(photo.id);
    expect(filesOnDisk()).toEqual(expect.arrayContaining(keys));
    const response = await t.request(w.hq.cookie, { method: 'DELETE', url: `/api/photos/${photo.id}` });
    expect(response.statusCode).toBe(204);
    expect(filesOnDisk()).not.toEqual(expect.arrayContaining([keys[0]]));
    expect(filesOnDisk()).not.toEqual(expect.arrayContaining([keys[1]]));
    expect((await load(w.hq.cookie, photo.thumbUrl)).statusCode).toBe(404);
    expect((await t.request(w.hq.cookie, { method: 'DELETE', url: `/api/photos/${photo.id}` })).statusCode).toBe(404);
  });

  test("deleting an audit deletes its photos' files", async () => {
    const audit = await w.draft();
    const first = await w.added(audit.id, audit.items[0].id);
    const second = await w.added(audit.id, audit.items[1].id);
    const keys = [...(await w.storedKeys(first.id)), ...(await w.storedKeys(second.id))];
    expect(filesOnDisk()).toEqual(expect.arrayContaining(keys));
    expect((await t.request(w.hq.cookie, { method: 'DELETE', url: `/api/audits/${audit.id}` })).statusCode).toBe(204);
    expect(filesOnDisk().filter((name) => keys.includes(name))).toEqual([]);
    expect(await t.db.select().from(photos).where(eq(photos.id, first.id))).toEqual([]);
  });
});

describe('fix photos on a corrective action', () => {
  async function action(restaurantId: string, status: 'open' | 'resolved' = 'open') {
    const [row] = await t.db
      .insert(correctiveActions)
      .values({
        restaurantId,
        templateName: 'Kitchen',
        itemText: 'Floors clean',
        mark: 'bad',
        dueOn: '2026-12-01',
        status,
        resolvedAt: status === 'resolved' ? new Date() : null,
      })
      .returning({ id: correctiveActions.id });
    if (!row) throw new Error('no action');
    return row.id;
  }
  const addFix = (cookie: string | undefined, actionId: string, bytes = smallJpeg) =>
    t.request(cookie, { method: 'POST', url: `/api/actions/${actionId}/photos`, ...multipart(bytes) });

  test("the restaurant's manager adds a fix photo to an open action; its history records it", async () => {
    const id = await action(w.mine.id);
    const response = await addFix(w.manager.cookie, id);
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as PhotoRef;
    const events = await t.db.select().from(correctiveActionEvents).where(eq(correctiveActionEvents.actionId, id));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'photo_added', actorId: w.manager.id, actorName: expect.any(String) }),
    ]);
    // Everyone of the restaurant reads it (actions.read); another restaurant's manager does not.
    expect((await load(w.staff.cookie, photo.thumbUrl)).statusCode).toBe(200);
    expect((await load(w.otherManager.cookie, photo.thumbUrl)).statusCode).toBe(403);
    // And the manager may take it back while the action is open.
    const removed = await t.request(w.manager.cookie, {
      method: 'DELETE',
      url: `/api/actions/${id}/photos/${photo.id}`,
    });
    expect(removed.statusCode).toBe(204);
  });

  test("another restaurant's manager: 403; staff: 403; signed out: 401", async () => {
    const id = await action(w.mine.id);
    const other = await addFix(w.otherManager.cookie, id);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.restaurantForbidden);
    expect((await addFix(w.staff.cookie, id)).statusCode).toBe(403);
    expect((await addFix(undefined, id)).statusCode).toBe(401);
  });

  test('a resolved action takes no photos, and its photos stay: 409', async () => {
    const id = await action(w.mine.id);
    const photo = (await addFix(w.manager.cookie, id)).json() as PhotoRef;
    await t.db
      .update(correctiveActions)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(eq(correctiveActions.id, id));
    const add = await addFix(w.manager.cookie, id);
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(photoMessages.resolvedAction);
    const remove = await t.request(w.manager.cookie, {
      method: 'DELETE',
      url: `/api/actions/${id}/photos/${photo.id}`,
    });
    expect(remove.statusCode).toBe(409);
  });

  test(`at most ${MAX_PHOTOS_PER_ITEM} fix photos; a missing action is 404`, async () => {
    const id = await action(w.mine.id);
    for (let i = 0; i < MAX_PHOTOS_PER_ITEM; i++) expect((await addFix(w.hq.cookie, id)).statusCode).toBe(201);
    const sixth = await addFix(w.hq.cookie, id);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(photoMessages.tooManyOnAction);
    expect((await addFix(w.hq.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

const b = await world(inBucket);

describe('in an S3 bucket', () => {
  const objects = () => s3.objectKeys();

  test('a photo is two objects, served by a short-lived link; deleting the audit removes them', async () => {
    const audit = await b.draft();
    const before = objects();
    const photo = await b.added(audit.id, audit.items[0].id);
    const keys = await b.storedKeys(photo.id);
    expect(objects()).toEqual([...before, ...keys.map((key) => `uploads/${key}`)].sort());
    const response = await inBucket.request(b.hq.cookie, { method: 'GET', url: photo.thumbUrl });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain(`/${BUCKET}/uploads/${keys[1]}`);
    expect((await inBucket.request(b.hq.cookie, { method: 'DELETE', url: `/api/audits/${audit.id}` })).statusCode).toBe(
      204,
    );
    expect(objects()).toEqual(before);
  });

  test("the pages' CSP lets images load from the bucket's origin", async () => {
    const response = await inBucket.request(undefined, { method: 'GET', url: '/api/health' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src'));
    expect(imgSrc).toBe(`img-src 'self' data: blob: ${new URL(s3.url).origin}`);
  });

  test('an oversize photo or bad bytes leave nothing in the bucket', async () => {
    const audit = await b.draft();
    const before = objects();
    const big = await b.upload(
      b.hq.cookie,
      audit.id,
      audit.items[0].id,
      Buffer.concat([smallJpeg, Buffer.alloc(LIMIT, 1)]),
    );
    expect(big.statusCode).toBe(413);
    const bad = await b.upload(b.hq.cookie, audit.id, audit.items[0].id, Buffer.from('not an image'));
    expect(bad.statusCode).toBe(400);
    expect(objects()).toEqual(before);
  });
});
