import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { auditItems, audits } from '../src/db/schema/audits';
import { photos } from '../src/db/schema/photos';
import { DEMO_PASSWORD } from '../src/demo/demo-chain';
import { loadDemoChainIfEmpty } from '../src/demo/load-demo';
import { LocalStorage } from '../src/storage/local-storage';
import { startTestApp } from './harness';

// Issue 19: the demo chain shows photo evidence at once, made from the small JPEGs
// shipped in src/demo/photos through the same processing and storage as an upload.

const t = await startTestApp();
const storage = new LocalStorage(t.dataDir);
const outcome = await loadDemoChainIfEmpty(t.db, t.app.auth, storage);

test('the shipped demo photos are small JPEGs of something, not blank files', async () => {
  const dir = path.join(import.meta.dirname, '../src/demo/photos');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.jpg'));
  expect(files.length).toBeGreaterThanOrEqual(4);
  for (const name of files) {
    const bytes = fs.readFileSync(path.join(dir, name));
    expect(bytes.length, name).toBeLessThanOrEqual(30 * 1024);
    const { channels } = await sharp(bytes).stats();
    // Not one flat colour: every channel varies.
    for (const channel of channels) expect(channel.stdev, name).toBeGreaterThan(10);
  }
});

test("the demo's completed audits and a draft have photos, stored and served like uploads", async () => {
  expect(outcome.loaded).toBe(true);
  const rows = await t.db
    .select({ id: photos.id, displayKey: photos.displayKey, thumbKey: photos.thumbKey, status: audits.status })
    .from(photos)
    .innerJoin(auditItems, eq(auditItems.id, photos.auditItemId))
    .innerJoin(audits, eq(audits.id, auditItems.auditId));
  expect(rows.filter((row) => row.status === 'completed').length).toBeGreaterThanOrEqual(4);
  expect(rows.filter((row) => row.status === 'draft').length).toBeGreaterThanOrEqual(1);
  for (const row of rows) {
    expect(fs.existsSync(path.join(storage.root, row.displayKey))).toBe(true);
    expect(fs.existsSync(path.join(storage.root, row.thumbKey))).toBe(true);
  }
  const { cookie } = await t.signIn('hq@example.com', DEMO_PASSWORD);
  const completed = rows.find((row) => row.status === 'completed');
  const thumb = await t.request(cookie, { method: 'GET', url: `/api/photos/${completed?.id}/thumb` });
  expect(thumb.statusCode).toBe(200);
  expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
});
