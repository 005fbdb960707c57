import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@brigade/core/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingCategories, trainingVideoProgress } from '../src/db/schema/trainings';
import { uploads } from '../src/db/schema/uploads';
import { notAVideoContent } from '../src/modules/uploads/service';
import { startTestApp } from './harness';
import { tinyVideo, videoBytes } from './video-bytes';

const t = await startTestApp({ uploadMaxBytes: 64 * 1024 });
const home = await t.buildRestaurant();
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

const [safety, service] = await t.db
  .insert(trainingCategories)
  .values([{ name: 'Safety' }, { name: 'Service' }])
  .returning();
if (!safety || !service) throw new Error('no categories');

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----brigade-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Files under DATA_DIR/uploads (incoming ones too). */
function filesOnDisk(dir = path.join(t.dataDir, 'uploads')): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

async function upload(cookie: string, fileName = 'clip.mp4', contentType = 'video/mp4', size = 4096) {
  const body = multipart(fileName, contentType, videoBytes(size));
  return t.request(cookie, { method: 'POST', url: '/api/uploads', ...body });
}

async function training(payload: Json = {}) {
  const response = await call(hq.cookie, 'POST', '/api/trainings', {
    title: 'Fryer safety',
    description: 'Hot oil, handled right.',
    categoryIds: [safety?.id],
    videos: [{ url: 'https://videos.example.com/a.mp4' }],
    ...payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('authoring trainings (hq only)', () => {
  test('title and a category are required; a whitespace-only video row is refused', async () => {
    const before = await t.tableDigests();
    const response = await call(hq.cookie, 'POST', '/api/trainings', {
      title: ' ',
      categoryIds: [],
      videos: [{ url: '   ' }],
    });
    expect(response.statusCode).toBe(400);
    expect(await t.tableDigests()).toEqual(before);
    expect(response.json().fields).toEqual({
      title: messages.titleRequired,
      categoryIds: messages.categoryRequired,
      'videos.0.url': messages.videoUrlsMustBeFilled,
    });
  });

  test('blank video rows are dropped; order follows position', async () => {
    const created = await training({
      videos: [{ url: 'https://v.example.com/1.mp4' }, { url: '' }, { url: 'https://v.example.com/2.mp4' }],
      categoryIds: [safety?.id, service?.id],
    });
    expect(created.videos.map((v: { src: string; orderNum: number }) => [v.src, v.orderNum])).toEqual([
      ['https://v.example.com/1.mp4', 0],
      ['https://v.example.com/2.mp4', 1],
    ]);
    expect(created.categories.map((c: { name: string }) => c.name)).toEqual(['Safety', 'Service']);
  });

  test('managers and staff cannot write trainings or upload', async () => {
    const existing = await training({ title: 'Existing' });
    const before = await t.tableDigests();
    const files = filesOnDisk();
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await call(cookie, 'POST', '/api/trainings', { title: 'X', categoryIds: [safety?.id] })).statusCode).toBe(
        403,
      );
      expect(
        (await call(cookie, 'PUT', `/api/trainings/${existing.id}`, { title: 'X', categoryIds: [safety?.id] }))
          .statusCode,
      ).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/trainings/${existing.id}`)).statusCode).toBe(403);
      expect((await upload(cookie)).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/training-categories', { name: 'Nope' })).statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
    expect(filesOnDisk()).toEqual(files);
    expect((await call(hq.cookie, 'GET', `/api/trainings/${existing.id}`)).json().title).toBe('Existing');
  });

  test('everyone lists trainings, searched and filtered by category', async () => {
    await training({ title: 'Greeting guests', categoryIds: [service?.id] });
    const bySearch = (await call(staff.cookie, 'GET', '/api/trainings?search=greeting')).json();
    expect(bySearch.map((x: { title: string }) => x.title)).toEqual(['Greeting guests']);
    const byCategory = (await call(staff.cookie, 'GET', `/api/trainings?categoryIds=${service?.id}`)).json();
    expect(
      byCategory.every((x: { categories: { id: string }[] }) => x.categories.some((c) => c.id === service?.id)),
    ).toBe(true);
  });

  test('a missing training is 404 with the spec text', async () => {
    const response = await call(staff.cookie, 'GET', '/api/trainings/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.trainingNotFound);
  });

  test('categories: hq adds one; a duplicate name is 409 and adds none', async () => {
    expect((await call(hq.cookie, 'POST', '/api/training-categories', { name: 'Onboarding' })).statusCode).toBe(201);
    const named = () => t.db.select().from(trainingCategories).where(eq(trainingCategories.name, 'Onboarding'));
    expect(await named()).toHaveLength(1);
    const again = await call(hq.cookie, 'POST', '/api/training-categories', { name: 'Onboarding' });
    expect(again.statusCode).toBe(409);
    expect(await named()).toHaveLength(1);
    const staffCall = await call(staff.cookie, 'POST', '/api/training-categories', { name: 'Nope' });
    expect(staffCall.statusCode).toBe(403);
    expect(await t.db.select().from(trainingCategories).where(eq(trainingCategories.name, 'Nope'))).toEqual([]);
  });
});

describe('uploaded videos', () => {
  test('are served only to signed-in people, with 206 for a range request', async () => {
    const stored = (await upload(hq.cookie)).json();
    const url = `/api/uploads/${stored.id}/content`;
    expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
    const whole = await call(staff.cookie, 'GET', url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.length).toBe(4096);
    const part = await t.request(staff.cookie, { method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/4096');
    expect(part.rawPayload.length).toBe(100);
  });

  test('a non-video file is refused and nothing is stored', async () => {
    const [rows, files] = [await t.db.$count(uploads), filesOnDisk()];
    const response = await upload(hq.cookie, 'notes.txt', 'text/plain');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.uploadNotVideo);
    expect([await t.db.$count(uploads), filesOnDisk()]).toEqual([rows, files]);
  });

  test('2 KB of random bytes named fake.mp4 and declared video/mp4 is refused by its content; nothing is stored', async () => {
    const [rows, files] = [await t.db.$count(uploads), filesOnDisk()];
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/uploads',
      ...multipart('fake.mp4', 'video/mp4', randomBytes(2048)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: notAVideoContent, fields: { file: notAVideoContent } });
    expect([await t.db.$count(uploads), filesOnDisk()]).toEqual([rows, files]);
  });

  test('a real small video is accepted whatever its name, and stored with the type of its content', async () => {
    const response = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/uploads',
      ...multipart('briefing.bin', 'video/webm', tinyVideo),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      fileName: 'briefing.bin',
      size: tinyVideo.length,
      contentType: 'video/mp4',
    });
    const played = await call(staff.cookie, 'GET', `/api/uploads/${response.json().id}/content`);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.rawPayload.equals(tinyVideo)).toBe(true);
  });

  test('a file over the limit is refused with 413 and nothing is stored', async () => {
    const [rows, files] = [await t.db.$count(uploads), filesOnDisk()];
    const response = await upload(hq.cookie, 'big.mp4', 'video/mp4', 65 * 1024);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/larger than the upload limit/);
    expect([await t.db.$count(uploads), filesOnDisk()]).toEqual([rows, files]);
  });

  test("a removed video's file is deleted once no training uses it", async () => {
    const stored = (await upload(hq.cookie)).json();
    const storedFiles = filesOnDisk();
    const created = await training({ title: 'With upload', videos: [{ uploadId: stored.id }] });
    expect(created.videos[0]).toMatchObject({
      kind: 'upload',
      src: `/api/uploads/${stored.id}/content`,
      fileName: 'clip.mp4',
    });
    const edited = await call(hq.cookie, 'PUT', `/api/trainings/${created.id}`, {
      title: 'With upload',
      categoryIds: [safety?.id],
      videos: [{ url: 'https://v.example.com/other.mp4' }],
    });
    expect(edited.statusCode).toBe(200);
    expect((await call(hq.cookie, 'GET', `/api/uploads/${stored.id}/content`)).statusCode).toBe(404);
    expect(await t.db.select().from(uploads).where(eq(uploads.id, stored.id))).toEqual([]);
    const removed = storedFiles.filter((file) => !filesOnDisk().includes(file));
    expect(removed).toHaveLength(1);
  });
});

describe('completion without a quiz: every video played to the end', () => {
  test('the last watched video completes the assignment; the viewer ticks each one', async () => {
    const created = await training({
      title: 'Two videos',
      videos: [{ url: 'https://v.example.com/1.mp4' }, { url: 'https://v.example.com/2.mp4' }],
    });
    await t.db.insert(staffTrainingAssignments).values({ staffId: staff.id, trainingId: created.id });
    const [first, second] = created.videos as { id: string }[];
    const one = await call(staff.cookie, 'POST', `/api/trainings/${created.id}/videos/${first?.id}/watched`);
    expect(one.json()).toEqual({ watched: true, trainingCompleted: false });
    const two = await call(staff.cookie, 'POST', `/api/trainings/${created.id}/videos/${second?.id}/watched`);
    expect(two.json()).toEqual({ watched: true, trainingCompleted: true });
    const detail = (await call(staff.cookie, 'GET', `/api/trainings/${created.id}`)).json();
    expect(detail.videos.map((v: { watched: boolean }) => v.watched)).toEqual([true, true]);
    expect(detail.assignment.completedAt).not.toBeNull();
  });

  test('editing the playlist keeps who watched the kept videos', async () => {
    const created = await training({ title: 'Keep progress', videos: [{ url: 'https://v.example.com/k.mp4' }] });
    const video = created.videos[0] as { id: string };
    await call(staff.cookie, 'POST', `/api/trainings/${created.id}/videos/${video.id}/watched`);
    await call(hq.cookie, 'PUT', `/api/trainings/${created.id}`, {
      title: 'Keep progress',
      categoryIds: [safety?.id],
      videos: [{ url: 'https://v.example.com/new.mp4' }, { id: video.id, url: 'https://v.example.com/k.mp4' }],
    });
    const detail = (await call(staff.cookie, 'GET', `/api/trainings/${created.id}`)).json();
    expect(detail.videos.map((v: { watched: boolean; orderNum: number }) => [v.orderNum, v.watched])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  test('a video of another training is 404', async () => {
    const one = await training({ title: 'One' });
    const other = await training({ title: 'Other' });
    const response = await call(staff.cookie, 'POST', `/api/trainings/${one.id}/videos/${other.videos[0].id}/watched`);
    expect(response.statusCode).toBe(404);
    const progress = await t.db.select().from(trainingVideoProgress).where(eq(trainingVideoProgress.staffId, staff.id));
    expect(progress.map((row) => row.videoId)).not.toContain(other.videos[0].id);
    expect((await call(staff.cookie, 'GET', `/api/trainings/${other.id}`)).json().videos[0].watched).toBe(false);
  });

  test('watching an unassigned training records progress but creates no assignment', async () => {
    const created = await training({ title: 'Unassigned' });
    const response = await call(
      manager.cookie,
      'POST',
      `/api/trainings/${created.id}/videos/${created.videos[0].id}/watched`,
    );
    expect(response.json()).toEqual({ watched: true, trainingCompleted: false });
    const rows = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(
        and(eq(staffTrainingAssignments.staffId, manager.id), eq(staffTrainingAssignments.trainingId, created.id)),
      );
    expect(rows).toHaveLength(0);
  });
});
