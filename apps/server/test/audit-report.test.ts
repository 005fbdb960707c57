import fs from 'node:fs';
import { Readable } from 'node:stream';
import { messages } from '@brigade/core/messages';
import { localDay } from '@brigade/core/restaurant-time';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { MARK_LABELS } from '@brigade/core/scoring';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { auditSignOffs } from '../src/db/schema/checklists';
import { correctiveActionOwners, correctiveActions } from '../src/db/schema/corrective-actions';
import { photos } from '../src/db/schema/photos';
import { users } from '../src/db/schema/users';
import { coreText } from '../src/http/request-language';
import { renderAuditReportPdf, reportFileName } from '../src/modules/audit-report/report-pdf';
import { startFakeS3 } from './fakes/s3-server';
import { startTestApp } from './harness';
import { readPdf } from './pdf-reader';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A small JPEG of one colour, as the photo upload stores display sizes. */
const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 70 })
    .toBuffer();

/** Whether `text` holds `words`, whitespace aside (PDF.js splits runs and lines its own way). */
const holds = (text: string, words: string) => text.replace(/\s+/g, '').includes(words.replace(/\s+/g, ''));

/**
 * A restaurant with its manager and staff, another restaurant's staff, and a completed
 * audit of two templates with marks, comments, item photos and corrective actions
 * (one open and overdue, one resolved with a photo of the fix), all in the app `t`.
 */
async function buildWorld(t: TestApp, restaurantName: string, timeZone = 'Europe/Amsterdam') {
  const restaurant = await t.buildRestaurant({ name: restaurantName, timeZone });
  const other = await t.buildRestaurant();
  const hq = await t.signedIn('hq');
  const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
  const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
  const staffOfOther = await t.signedIn('staff', { restaurantIds: [other.id] });
  const owner = await t.buildUser('manager', { restaurantIds: [restaurant.id], name: 'Olivia Owner' });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await t.request(hq.cookie, { method, url, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }
  const kitchen = await call('POST', '/api/audit-templates', {
    name: 'Kitchen hygiene',
    items: [{ text: 'Fridge below 7 degrees' }, { text: 'Floors clean' }],
  });
  const front = await call('POST', '/api/audit-templates', {
    name: 'Front of house',
    items: [{ text: 'Greeting within 30 seconds' }],
  });

  /** A draft, or a completed audit marked Bad, Needs improvement, Excellent (`allGood`: no findings, so no actions). */
  async function audit(options: { submit: boolean; photoCount?: number; allGood?: boolean }) {
    const { id } = await call('POST', '/api/audits', {
      restaurantId: restaurant.id,
      templateIds: [kitchen.id, front.id],
      auditorId: hq.id,
    });
    const draft = (await call('GET', `/api/audits/${id}`)) as AuditDetail;
    if (!options.submit) return draft;
    const marks = options.allGood
      ? (['good', 'good', 'good'] as const)
      : (['bad', 'needs_improvement', 'excellent'] as const);
    const comments = ['Fridge at 9 degrees', null, 'Warm welcome'];
    const completed = (await call('POST', `/api/audits/${id}/submit`, {
      version: draft.version,
      items: draft.items.map((item, index) => ({ id: item.id, mark: marks[index], comment: comments[index] })),
    })) as AuditDetail;
    return completed;
  }

  /** Stores a JPEG and its photos row on an item or an action; returns the row. */
  async function photo(owner: { auditItemId: string } | { correctiveActionId: string }, bytes: Buffer) {
    const stored = await t.app.storage.put(
      Readable.from([bytes]),
      { extension: '.jpg', contentType: 'image/jpeg' },
      () => false,
    );
    if (!stored) throw new Error('photo not stored');
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const [row] = await t.db
      .insert(photos)
      .values({
        ...owner,
        displayKey: stored.key,
        thumbKey: `${stored.key}.thumb`,
        contentType: 'image/jpeg',
        width,
        height,
        displayBytes: stored.size,
        thumbBytes: 0,
        createdBy: hq.id,
      })
      .returning();
    if (!row) throw new Error('photo row not inserted');
    return row;
  }

  /** A completed audit with 3 item photos and its two actions (one with a photo of its fix). */
  async function auditWithEverything() {
    const completed = await audit({ submit: true });
    const [fridge, floors] = completed.items as [AuditDetail['items'][number], AuditDetail['items'][number]];
    const landscape = await jpeg(400, 300, '#d04040');
    const portrait = await jpeg(240, 320, '#4060d0');
    const itemPhotos = [
      await photo({ auditItemId: fridge.id }, landscape),
      await photo({ auditItemId: fridge.id }, portrait),
      await photo({ auditItemId: floors.id }, landscape),
    ];
    const [open, resolved] = await t.db
      .insert(correctiveActions)
      .values([
        {
          restaurantId: restaurant.id,
          auditId: completed.id,
          auditItemId: fridge.id,
          templateName: 'Kitchen hygiene',
          itemText: fridge.itemText,
          mark: 'bad',
          comment: 'Fridge at 9 degrees',
          dueOn: '2020-01-06',
          createdBy: hq.id,
        },
        {
          restaurantId: restaurant.id,
          auditId: completed.id,
          auditItemId: floors.id,
          templateName: 'Kitchen hygiene',
          itemText: floors.itemText,
          mark: 'needs_improvement',
          dueOn: '2099-12-31',
          status: 'resolved',
          resolutionNote: 'Floors deep cleaned by the night crew',
          resolvedAt: new Date('2026-11-20T10:00:00Z'),
          resolvedBy: manager.id,
          createdBy: hq.id,
        },
      ])
      .returning();
    if (!open || !resolved) throw new Error('actions not inserted');
    await t.db.insert(correctiveActionOwners).values([
      { actionId: open.id, userId: owner.id },
      { actionId: resolved.id, userId: manager.id },
    ]);
    const fixPhoto = await photo({ correctiveActionId: resolved.id }, portrait);
    return { audit: completed, itemPhotos, fixPhoto };
  }

  return { restaurant, hq, manager, staff, staffOfOther, audit, auditWithEverything };
}

const download = (t: TestApp, cookie: string | undefined, id: string) =>
  t.request(cookie, { method: 'GET', url: `/api/audits/${id}/report.pdf` });

/** Warnings and errors the app under test logs. */
const logLines: string[] = [];
const logger = { level: 'warn', stream: { write: (line: string) => logLines.push(line) } };

describe('audit report PDF (local disk)', async () => {
  const queries: string[] = [];
  const t = await startTestApp({ logger, onQuery: (query) => queries.push(query) });
  const world = await buildWorld(t, 'Brigade Utrecht Centraal');
  const { audit, itemPhotos } = await world.auditWithEverything();
  const auditor = audit.auditor?.name as string;
  const day = localDay(new Date(audit.auditedAt), 'Europe/Amsterdam');

  test('hq downloads it as an attachment: a PDF named after the restaurant and day, never cached', async () => {
    const response = await download(t, world.hq.cookie, audit.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit-brigade-utrecht-centraal-${day}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('it holds the header, every item with mark and comment, the score, the actions and page numbers', async () => {
    const response = await download(t, world.hq.cookie, audit.id);
    if (process.env.BRIGADE_REPORT_SAMPLE) fs.writeFileSync(process.env.BRIGADE_REPORT_SAMPLE, response.rawPayload);
    const pdf = await readPdf(response.rawPayload);
    const [managerRow] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, world.manager.id));
    const expected = [
      'AUDIT REPORT',
      'Brigade Utrecht Centraal',
      `Auditor: ${auditor}`,
      'Templates: Front of house, Kitchen hygiene',
      // (25 + 50 + 100) / 3 = 58: yellow
      `${audit.finalScore}%`,
      'Final score',
      'Score colours:',
      'below 50',
      '50 to 74',
      '75 and above',
      'Kitchen hygiene',
      'Front of house',
      'Fridge below 7 degrees',
      'Floors clean',
      'Greeting within 30 seconds',
      'Bad',
      'Needs improvement',
      'Excellent',
      'Comment: Fridge at 9 degrees',
      'Comment: Warm welcome',
      'No comment.',
      'Corrective actions',
      'Open',
      'Overdue',
      'Due 6 Jan 2020 (overdue) · Owners: Olivia Owner',
      'Resolved',
      `Due 31 Dec 2099 · Owners: ${managerRow?.name}`,
      'Resolved 20 Nov 2026: Floors deep cleaned by the night crew',
      `Page 1 of ${pdf.pages}`,
      'Made ',
    ];
    expect(expected.filter((words) => !holds(pdf.text, words))).toEqual([]);
    expect(audit.finalScore).toBe(58);
    // Items keep the screen's order: Kitchen's two, then Front's.
    const order = ['Fridge below 7 degrees', 'Floors clean', 'Greeting within 30 seconds', 'Corrective actions'];
    const positions = order.map((words) => pdf.text.replace(/\s+/g, '').indexOf(words.replace(/\s+/g, '')));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(pdf.pageTexts.every((page, index) => holds(page, `Page ${index + 1} of ${pdf.pages}`))).toBe(true);
  });

  test("in the reader's language: French when the web shows French (its cookie), English words gone", async () => {
    const french = await t.request(`${world.hq.cookie}; brigade-language=fr`, {
      method: 'GET',
      url: `/api/audits/${audit.id}/report.pdf`,
    });
    expect(french.statusCode).toBe(200);
    const pdf = await readPdf(french.rawPayload);
    const expected = [
      "RAPPORT D'AUDIT",
      'Brigade Utrecht Centraal',
      `Auditeur : ${auditor}`,
      'Score final',
      'Couleurs du score :',
      'moins de 50',
      coreText('fr', MARK_LABELS.bad),
      coreText('fr', MARK_LABELS.needs_improvement),
      'Commentaire : Fridge at 9 degrees',
      'Pas de commentaire.',
      'Actions correctives',
      'Ouverte',
      'En retard',
      'Échéance le 6 janv. 2020 (en retard) · Personnes en charge : Olivia Owner',
      'Résolue le 20 nov. 2026 : Floors deep cleaned by the night crew',
      `Page 1 sur ${pdf.pages}`,
      'Généré le ',
    ];
    expect(expected.filter((words) => !holds(pdf.text, words))).toEqual([]);
    for (const english of ['AUDIT REPORT', 'Final score', 'Corrective actions', 'No comment.', `Page 1 of`]) {
      expect(holds(pdf.text, english)).toBe(false);
    }
  });

  test('it embeds every photo: three of the items and one of a fix', async () => {
    const pdf = await readPdf((await download(t, world.hq.cookie, audit.id)).rawPayload);
    expect(pdf.images).toBe(4);
    expect(holds(pdf.text, messages.photoUnavailable)).toBe(false);
  });

  test('an audit without photos or actions says so, and is shorter', async () => {
    const plain = await world.audit({ submit: true, allGood: true });
    const pdf = await readPdf((await download(t, world.hq.cookie, plain.id)).rawPayload);
    expect(pdf.images).toBe(0);
    expect(holds(pdf.text, 'No corrective actions for this audit.')).toBe(true);
    const full = await readPdf((await download(t, world.hq.cookie, audit.id)).rawPayload);
    expect(full.pages).toBeGreaterThan(pdf.pages);
  });

  test('the report costs the same few round trips however many items, photos and actions it has', async () => {
    const plain = await world.audit({ submit: true });
    const count = async (id: string) => {
      const from = queries.length;
      expect((await download(t, world.hq.cookie, id)).statusCode).toBe(200);
      return queries.length - from;
    };
    const small = await count(plain.id);
    const large = await count(audit.id);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });

  test('texts beyond Western European letters come through (an embedded Unicode font)', async () => {
    const itemText = 'Freezer ≤ -18 °C — Łódź check, Ελληνικά, Кухня';
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request(world.hq.cookie, { method, url, payload }).then((response) => response.json());
    const template = await as('POST', '/api/audit-templates', { name: 'Café Zürich', items: [{ text: itemText }] });
    const { id } = await as('POST', '/api/audits', {
      restaurantId: world.restaurant.id,
      templateIds: [template.id],
      auditorId: world.hq.id,
    });
    const draft = (await as('GET', `/api/audits/${id}`)) as AuditDetail;
    await as('POST', `/api/audits/${id}/submit`, {
      version: draft.version,
      items: draft.items.map((item) => ({ id: item.id, mark: 'good', comment: 'Ноль ошибок ✓' })),
    });
    const pdf = await readPdf((await download(t, world.hq.cookie, id)).rawPayload);
    expect([itemText, 'Café Zürich', 'Comment: Ноль ошибок ✓'].filter((words) => !holds(pdf.text, words))).toEqual([]);
  });

  test('the manager and staff of the restaurant download it too', async () => {
    for (const cookie of [world.manager.cookie, world.staff.cookie]) {
      const response = await download(t, cookie, audit.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  test('a photo missing from storage is drawn as "Photo unavailable" and logged; the report still comes', async () => {
    const missing = itemPhotos[1] as (typeof itemPhotos)[number];
    await t.app.storage.remove(missing.displayKey);
    const from = logLines.length;
    const response = await download(t, world.hq.cookie, audit.id);
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.images).toBe(3);
    expect(holds(pdf.text, messages.photoUnavailable)).toBe(true);
    const warnings = logLines.slice(from).map((line) => JSON.parse(line));
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, photoId: missing.id, msg: expect.stringContaining('missing') }),
    );
  });

  describe('refusals, before any byte of a PDF', () => {
    test('signed out: 401', async () => {
      const response = await download(t, undefined, audit.id);
      expect([response.statusCode, response.json().message]).toEqual([401, 'Please sign in to continue.']);
    });

    test("staff of another restaurant: 403, as for the audit's page", async () => {
      const response = await download(t, world.staffOfOther.cookie, audit.id);
      expect([response.statusCode, response.json().message]).toEqual([403, messages.restaurantForbidden]);
    });

    test('a draft does not exist for a manager: 404', async () => {
      const draft = await world.audit({ submit: false });
      const response = await download(t, world.manager.cookie, draft.id);
      expect([response.statusCode, response.json().message]).toEqual([404, messages.auditNotFound]);
    });

    test('a draft has no report yet, even for hq: 409', async () => {
      const draft = await world.audit({ submit: false });
      const response = await download(t, world.hq.cookie, draft.id);
      expect([response.statusCode, response.json().message]).toEqual([409, messages.auditReportNeedsCompleted]);
    });

    test('an unknown audit: 404; an id that is not one: 400', async () => {
      const unknown = await download(t, world.hq.cookie, '00000000-0000-4000-8000-000000000000');
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.auditNotFound]);
      expect((await download(t, world.hq.cookie, 'not-an-id')).statusCode).toBe(400);
    });
  });
});

describe('audit report PDF (S3 bucket)', async () => {
  const credentials = { accessKeyId: 'AKIAFAKEREPORT', secretAccessKey: 'fake-secret-report-0123456789' };
  const s3 = await startFakeS3({ bucket: 'brigade-photos', region: 'eu-west-1', ...credentials });
  afterAll(() => s3.close());
  const t = await startTestApp({
    logger,
    s3: { endpoint: s3.url, bucket: 'brigade-photos', region: 'eu-west-1', prefix: 'uploads/', ...credentials },
  });
  const world = await buildWorld(t, 'Brigade Rotterdam');
  const { audit, itemPhotos, fixPhoto } = await world.auditWithEverything();

  test('photos are read from the bucket (GetObject) and embedded', async () => {
    const from = s3.requests.length;
    const response = await download(t, world.manager.cookie, audit.id);
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.images).toBe(4);
    const gets = s3.requests.slice(from).filter((request) => request.method === 'GET');
    expect(gets.map((request) => request.path).sort()).toEqual(
      [...itemPhotos, fixPhoto].map((photo) => `/brigade-photos/uploads/${photo.displayKey}`).sort(),
    );
  });

  test('a photo missing from the bucket is drawn as "Photo unavailable"; the report still comes', async () => {
    await t.app.storage.remove(fixPhoto.displayKey);
    const response = await download(t, world.staff.cookie, audit.id);
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.images).toBe(3);
    expect(holds(pdf.text, messages.photoUnavailable)).toBe(true);
  });

  test('a bucket that fails makes every photo a placeholder, not a failed report', async () => {
    s3.failWith(500);
    try {
      const response = await download(t, world.hq.cookie, audit.id);
      expect(response.statusCode).toBe(200);
      const pdf = await readPdf(response.rawPayload);
      expect(pdf.images).toBe(0);
      expect(holds(pdf.text, 'Fridge below 7 degrees')).toBe(true);
    } finally {
      s3.failWith(null);
    }
  });
});

// Issue 33: the report is the restaurant's, so are its days and times. At 12:30 UTC on
// 20 November it is already 01:30 on 21 November in Auckland (UTC+13 in summer).
describe("days and times in the restaurant's zone", async () => {
  const t = await startTestApp();
  const world = await buildWorld(t, 'Brigade Auckland', 'Pacific/Auckland');
  const { audit, itemPhotos, fixPhoto } = await world.auditWithEverything();
  await t.db
    .update(audits)
    .set({ auditedAt: new Date('2026-11-20T12:30:00Z') })
    .where(eq(audits.id, audit.id));
  await t.db
    .update(photos)
    .set({ createdAt: new Date('2026-11-20T12:45:00Z') })
    .where(
      inArray(
        photos.id,
        [...itemPhotos, fixPhoto].map((photo) => photo.id),
      ),
    );
  await t.db
    .update(correctiveActions)
    .set({ resolvedAt: new Date('2026-11-20T20:00:00Z') })
    .where(and(eq(correctiveActions.auditId, audit.id), eq(correctiveActions.status, 'resolved')));

  test("the audit's date and time, photos' times and resolved days are Auckland's; the file is named after its day", async () => {
    const response = await download(t, world.hq.cookie, audit.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="audit-brigade-auckland-2026-11-21.pdf"',
    );
    const pdf = await readPdf(response.rawPayload);
    const expected = [
      'Date: 21 Nov 2026, 01:30',
      "Days and times are the restaurant's (Pacific/Auckland).",
      // Under each of the four photos.
      '21 Nov 2026, 01:45',
      // Calendar days stay the days they are.
      'Due 6 Jan 2020 (overdue)',
      'Resolved 21 Nov 2026: Floors deep cleaned by the night crew',
      'Not signed off by a manager yet.',
      'Audit of Brigade Auckland, 21 Nov 2026',
    ];
    expect(expected.filter((words) => !holds(pdf.text, words))).toEqual([]);
    expect(pdf.text.split('21 Nov 2026, 01:45').length - 1).toBe(4);
    expect(holds(pdf.text, '20 Nov 2026')).toBe(false);
  });

  test('the sign-off: by whom and at what time there; the day too when signed on a later day', async () => {
    await t.db.insert(auditSignOffs).values({
      auditId: audit.id,
      signedBy: world.manager.id,
      signedByName: 'Sam Manager',
      comment: 'Fridge fixed tonight',
      signedAt: new Date('2026-11-20T13:05:00Z'),
    });
    const onTheSpot = await readPdf((await download(t, world.hq.cookie, audit.id)).rawPayload);
    expect(holds(onTheSpot.text, 'Signed off by Sam Manager at 02:05')).toBe(true);
    expect(holds(onTheSpot.text, "Manager's comment: Fridge fixed tonight")).toBe(true);
    expect(holds(onTheSpot.text, 'Not signed off')).toBe(false);

    await t.db
      .update(auditSignOffs)
      .set({ signedAt: new Date('2026-11-21T19:10:00Z') })
      .where(eq(auditSignOffs.auditId, audit.id));
    const later = await readPdf((await download(t, world.hq.cookie, audit.id)).rawPayload);
    // 08:10 on 22 November in Auckland.
    expect(holds(later.text, 'Signed off by Sam Manager at 22 Nov 2026, 08:10')).toBe(true);
    const french = await t.request(`${world.hq.cookie}; brigade-language=fr`, {
      method: 'GET',
      url: `/api/audits/${audit.id}/report.pdf`,
    });
    expect(holds((await readPdf(french.rawPayload)).text, 'Validé par Sam Manager le 22 nov. 2026, 08:10')).toBe(true);
  });

  test("an open action is overdue once its due day has passed in the restaurant's zone", async () => {
    const report = {
      audit: { ...audit, restaurant: { ...audit.restaurant }, signOff: null },
      photosByItem: new Map(),
      actions: [
        {
          id: 'action-1',
          auditItemId: null,
          templateName: 'Kitchen hygiene',
          itemText: 'Fridge below 7 degrees',
          mark: 'bad',
          comment: null,
          dueOn: '2026-11-24',
          status: 'open' as const,
          resolutionNote: null,
          resolvedAt: null,
          owners: ['Olivia Owner'],
          photos: [],
        },
      ],
    };
    const log = { warn: () => {}, error: () => {} } as unknown as Parameters<typeof renderAuditReportPdf>[1]['log'];
    const render = async (now: string) =>
      (
        await readPdf(
          Buffer.concat(
            await renderAuditReportPdf(report, {
              log,
              now: new Date(now),
              language: 'en',
              openFile: async () => Readable.from([]),
            }).toArray(),
          ),
        )
      ).text;
    // 12:00 UTC on the 24th is 01:00 on the 25th in Auckland: overdue there, though not in UTC.
    expect(holds(await render('2026-11-24T12:00:00Z'), 'Due 24 Nov 2026 (overdue)')).toBe(true);
    // 10:00 UTC on the 24th is 23:00 on the 24th there: still due today.
    const before = await render('2026-11-24T10:00:00Z');
    expect(holds(before, 'Due 24 Nov 2026 · Owners')).toBe(true);
    expect(holds(before, 'Made 24 Nov 2026, 23:00')).toBe(true);
  });
});

test('the file name keeps letters, digits and dashes only', () => {
  expect(reportFileName('Café "Zuid" / Noord', '2026-11-21T09:30:00.000Z')).toBe(
    'audit-cafe-zuid-noord-2026-11-21.pdf',
  );
  expect(reportFileName('東京', '2026-01-02T00:00:00.000Z')).toBe('audit-restaurant-2026-01-02.pdf');
  expect(reportFileName(`${'x'.repeat(100)}`, '2026-01-02T00:00:00.000Z')).toBe(
    `audit-${'x'.repeat(60)}-2026-01-02.pdf`,
  );
});

describe('the PDF is streamed with bounded memory', async () => {
  // ~0.5 MB of noise per photo: 24 of them are far more than the 2 MB the writer may run ahead.
  const noise = Buffer.from(Array.from({ length: 640 * 480 * 3 }, () => Math.floor(Math.random() * 256)));
  const photo = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  if (photo.length < 300_000) throw new Error(`the noise photo is only ${photo.length} bytes`);
  const items = Array.from({ length: 8 }, (_, index) => ({
    id: `item-${index}`,
    templateName: 'Kitchen',
    itemText: `Item ${index}`,
    orderNum: index,
    mark: 'good' as const,
    comment: null,
    photos: [],
    actions: [],
  }));
  const report = {
    audit: {
      id: 'audit-1',
      restaurant: { id: 'r', name: 'Brigade Test', timeZone: 'Europe/Amsterdam' },
      auditor: { id: 'a', name: 'Ann Auditor' },
      auditedAt: '2026-11-21T10:00:00.000Z',
      status: 'completed' as const,
      finalScore: 75,
      version: 2,
      templateNames: ['Kitchen'],
      items,
      signOff: null,
    },
    photosByItem: new Map(
      items.map((item) => [
        item.id,
        [0, 1, 2].map((n) => ({
          id: `${item.id}-${n}`,
          displayKey: `${item.id}-${n}.jpg`,
          width: 640,
          height: 480,
          takenAt: new Date('2026-11-21T10:05:00Z'),
        })),
      ]),
    ),
    actions: [],
  };
  const log = { warn: () => {}, error: () => {} } as unknown as Parameters<typeof renderAuditReportPdf>[1]['log'];

  test('photos are read one at a time, and drawing waits while the reader is behind', async () => {
    let opened = 0;
    let reading = 0;
    let mostAtOnce = 0;
    const pdf = renderAuditReportPdf(report, {
      log,
      now: new Date(),
      language: 'en',
      openFile: async () => {
        opened += 1;
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        const stream = Readable.from([photo.subarray(0, 100_000), photo.subarray(100_000)]);
        stream.once('end', () => {
          reading -= 1;
        });
        return stream;
      },
    });
    // Nobody reads yet: the writer stops after a few photos.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const whileUnread = opened;
    expect(whileUnread).toBeGreaterThan(0);
    expect(whileUnread).toBeLessThan(10);
    const bytes = Buffer.concat(await pdf.toArray());
    expect(opened).toBe(24);
    expect(mostAtOnce).toBe(1);
    expect((await readPdf(bytes)).images).toBe(24);
  });

  test('a reader that leaves (the stream destroyed) stops the drawing: no more photos are read', async () => {
    let opened = 0;
    const pdf = renderAuditReportPdf(report, {
      log,
      now: new Date(),
      language: 'en',
      openFile: async () => {
        opened += 1;
        return Readable.from([photo]);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    pdf.destroy();
    const atLeave = opened;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened).toBeLessThanOrEqual(atLeave + 1);
    expect(opened).toBeLessThan(24);
  });
});
