import { ChecklistContent, type ChecklistContent as Content } from '@brigade/core/checklist-items';
import { localDay, windowOf } from '@brigade/core/restaurant-time';
import { addDays, type FoodSafetyLog, foodSafetyLogMessages, mondayOf } from '@brigade/core/schemas/food-safety-log';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import {
  checklistCorrections,
  checklistRuns,
  checklists,
  checklistValues,
  checklistVersions,
  checklistWindows,
} from '../src/db/schema/checklists';
import { correctiveActions } from '../src/db/schema/corrective-actions';
import { renderFoodSafetyLogPdf } from '../src/modules/food-safety-log/log-pdf';
import { logRangeOf, logRecordsInBatches, readLogHead } from '../src/modules/food-safety-log/log-query';
import { startTestApp } from './harness';
import { readPdf } from './pdf-reader';

/**
 * The food-safety log (issue 33): a restaurant's checklist records of a local day, week
 * or month, with values, corrections, failures and their actions, and sign-offs; as JSON,
 * PDF (en, nl) and CSV. The records are written straight into the tables, in a restaurant
 * in New York (another zone than the server's) and one in Amsterdam.
 */

let statements: string[] = [];
const t = await startTestApp({ onQuery: (query) => statements.push(query) });

const manhattan = await t.buildRestaurant({ name: 'Brigade Manhattan', timeZone: 'America/New_York' });
const utrecht = await t.buildRestaurant({ name: 'Brigade Utrecht', timeZone: 'Europe/Amsterdam' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [manhattan.id] });
const managerOfUtrecht = await t.signedIn('manager', { restaurantIds: [utrecht.id] });
const staff = await t.signedIn('staff', { restaurantIds: [manhattan.id] });
const sam = await t.buildUser('staff', { restaurantIds: [manhattan.id], name: 'Sam Staff' });
const maya = await t.buildUser('manager', { restaurantIds: [manhattan.id], name: 'Maya Manager' });

const HOSTILE_REMARK = '=HYPERLINK("http://evil.test","x")';

/** A checklist with one version and one window, as the templates API stores them. */
async function insertChecklist(name: string, content: unknown, startsAt: number, minutes: number) {
  const parsed: Content = ChecklistContent.parse(content);
  const [checklist] = await t.db.insert(checklists).values({ name, createdBy: hq.id }).returning();
  if (!checklist) throw new Error('checklist not inserted');
  const [version] = await t.db
    .insert(checklistVersions)
    .values({ checklistId: checklist.id, version: 1, content: parsed, itemCount: 4 })
    .returning();
  const [window] = await t.db
    .insert(checklistWindows)
    .values({ checklistId: checklist.id, weekdays: [1, 2, 3, 4, 5, 6, 7], startsAt, minutes })
    .returning();
  if (!version || !window) throw new Error('version or window not inserted');
  await t.db.update(checklists).set({ currentVersionId: version.id }).where(eq(checklists.id, checklist.id));
  return { id: checklist.id, name, versionId: version.id, windowId: window.id, startsAt, minutes };
}

const closing = await insertChecklist(
  'Closing',
  {
    sections: [
      {
        id: 'kitchen',
        title: 'Kitchen',
        items: [
          { id: 'fryers', label: 'Fryers switched off', kind: 'tick' },
          { id: 'bins', label: 'Bins emptied', kind: 'tick' },
        ],
      },
    ],
  },
  22 * 60,
  150,
);
const temperatures = await insertChecklist(
  'Temperature log',
  {
    sections: [
      {
        id: 'cold',
        title: 'Cold storage',
        items: [
          { id: 'fridge', label: 'Walk-in fridge', kind: 'temperature', max: 7, failInstruction: 'Move the stock' },
          { id: 'freezer', label: 'Freezer', kind: 'temperature', max: -15 },
          { id: 'door', label: 'Door seals intact', kind: 'yesNo', critical: true },
          { id: 'remarks', label: 'Remarks', kind: 'text' },
        ],
      },
    ],
  },
  8 * 60,
  60,
);

type Checklist = typeof closing;
type Restaurant = typeof manhattan;

interface RunData {
  status?: 'open' | 'submitted' | 'missed';
  submittedAt?: string;
  submittedBy?: string;
  values?: {
    itemId: string;
    value: boolean | number | string;
    failed?: boolean;
    note?: string;
    by: string;
    at: string;
  }[];
  corrections?: {
    itemId: string;
    value: boolean | number | string;
    failed?: boolean;
    reason: string;
    by: string;
    at: string;
  }[];
  action?: { itemId: string; status: 'open' | 'resolved' };
}

/** A record of a window on a local day, filled and submitted (or not) as the records API would. */
async function insertRun(restaurant: Restaurant, checklist: Checklist, day: string, data: RunData = {}) {
  const { opensAt, closesAt } = windowOf(day, checklist.startsAt, checklist.minutes, restaurant.timeZone);
  const [run] = await t.db
    .insert(checklistRuns)
    .values({
      checklistId: checklist.id,
      versionId: checklist.versionId,
      windowId: checklist.windowId,
      restaurantId: restaurant.id,
      localDay: day,
      startsAt: checklist.startsAt,
      minutes: checklist.minutes,
      opensAt,
      closesAt,
    })
    .returning();
  if (!run) throw new Error('run not inserted');
  if (data.values?.length) {
    await t.db.insert(checklistValues).values(
      data.values.map((value) => ({
        runId: run.id,
        itemId: value.itemId,
        value: value.value,
        failed: value.failed ?? false,
        note: value.note ?? null,
        enteredBy: value.by,
        receivedAt: new Date(value.at),
      })),
    );
  }
  const failures = data.values?.filter((value) => value.failed).length ?? 0;
  if (data.status === 'submitted') {
    await t.db
      .update(checklistRuns)
      .set({
        status: 'submitted',
        submittedAt: new Date(data.submittedAt ?? closesAt),
        submittedBy: data.submittedBy,
        failures,
      })
      .where(eq(checklistRuns.id, run.id));
  } else if (data.status === 'missed') {
    await t.db.update(checklistRuns).set({ status: 'missed' }).where(eq(checklistRuns.id, run.id));
  }
  if (data.corrections?.length) {
    await t.db.insert(checklistCorrections).values(
      data.corrections.map((correction) => ({
        runId: run.id,
        itemId: correction.itemId,
        value: correction.value,
        failed: correction.failed ?? false,
        reason: correction.reason,
        correctedBy: correction.by,
        correctedAt: new Date(correction.at),
      })),
    );
  }
  if (data.action) {
    const resolved = data.action.status === 'resolved';
    await t.db.insert(correctiveActions).values({
      restaurantId: restaurant.id,
      checklistRunId: run.id,
      checklistItemId: data.action.itemId,
      templateName: checklist.name,
      itemText: data.action.itemId,
      dueOn: day,
      status: data.action.status,
      resolvedAt: resolved ? new Date() : null,
      resolvedBy: resolved ? maya.id : null,
      createdBy: hq.id,
    });
  }
  return run.id;
}

// Manhattan, around the start of March 2026 (US daylight saving time starts on 8 March).
// Saturday 28 February's Closing opens at 22:00 in New York: already 1 March in UTC.
const febClosing = await insertRun(manhattan, closing, '2026-02-28', {
  status: 'submitted',
  submittedAt: '2026-03-01T03:40:00Z',
  submittedBy: sam.id,
  values: [
    { itemId: 'fryers', value: true, by: sam.id, at: '2026-03-01T03:30:00Z' },
    { itemId: 'bins', value: true, by: sam.id, at: '2026-03-01T03:35:00Z' },
  ],
});
// Sunday 1 March's Closing (22:00–00:30), submitted at 01:00 on Monday: late.
const sundayClosing = await insertRun(manhattan, closing, '2026-03-01', {
  status: 'submitted',
  submittedAt: '2026-03-02T06:00:00Z',
  submittedBy: sam.id,
  values: [
    { itemId: 'fryers', value: true, by: sam.id, at: '2026-03-02T05:50:00Z' },
    { itemId: 'bins', value: true, by: sam.id, at: '2026-03-02T05:55:00Z' },
  ],
});
// Monday 2 March 08:00: the fridge at 8 °C failed (an open action), corrected to 5 °C by Maya.
const mondayTemperatures = await insertRun(manhattan, temperatures, '2026-03-02', {
  status: 'submitted',
  submittedAt: '2026-03-02T13:20:00Z',
  submittedBy: sam.id,
  values: [
    {
      itemId: 'fridge',
      value: 8,
      failed: true,
      note: 'Moved the stock to the reach-in',
      by: sam.id,
      at: '2026-03-02T13:05:00Z',
    },
    { itemId: 'freezer', value: -18.5, by: sam.id, at: '2026-03-02T13:06:00Z' },
    { itemId: 'door', value: 'yes', by: sam.id, at: '2026-03-02T13:07:00Z' },
    { itemId: 'remarks', value: HOSTILE_REMARK, by: sam.id, at: '2026-03-02T13:08:00Z' },
  ],
  corrections: [
    { itemId: 'fridge', value: 6, reason: 'Read the wrong probe', by: maya.id, at: '2026-03-02T14:00:00Z' },
    { itemId: 'fridge', value: 5, reason: 'Probe was in the door', by: maya.id, at: '2026-03-02T15:00:00Z' },
  ],
  action: { itemId: 'fridge', status: 'open' },
});
// Monday 9 March, after the clocks changed: missed, nothing entered.
const missedAfterDst = await insertRun(manhattan, temperatures, '2026-03-09', { status: 'missed' });
// The last day of March: still open in the database, long closed, so shown as missed.
const lastOfMarch = await insertRun(manhattan, temperatures, '2026-03-31', {
  values: [{ itemId: 'freezer', value: -20, by: sam.id, at: '2026-03-31T12:10:00Z' }],
});
const firstOfApril = await insertRun(manhattan, temperatures, '2026-04-01');
// Another restaurant's record on a day of the same week.
await insertRun(utrecht, temperatures, '2026-03-02', { status: 'missed' });

const get = (cookie: string | undefined, url: string, headers: Record<string, string> = {}) =>
  t.request(cookie, { method: 'GET', url, headers });
const logUrl = (restaurantId: string, period: string, from: string, kind = '') =>
  `/api/food-safety-log${kind}?restaurantId=${restaurantId}&period=${period}&from=${from}`;
async function logOf(period: string, from: string, restaurantId = manhattan.id) {
  const response = await get(manager.cookie, logUrl(restaurantId, period, from));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FoodSafetyLog;
}
const signOff = (cookie: string, body: object) =>
  t.request(cookie, { method: 'POST', url: '/api/food-safety-log/sign-offs', payload: body });

/** Whether `text` holds `words`, whitespace aside (PDF.js splits runs and lines its own way). */
const holds = (text: string, words: string) => text.replace(/\s+/g, '').includes(words.replace(/\s+/g, ''));

describe("the log's period is the restaurant's local day, week and month", () => {
  test("a day holds the records of that local day only: Saturday's closing that opened on Sunday in UTC is not Sunday's", async () => {
    const sunday = await logOf('day', '2026-03-01');
    expect(sunday).toMatchObject({
      restaurant: { id: manhattan.id, name: 'Brigade Manhattan', timeZone: 'America/New_York' },
      period: 'day',
      start: '2026-03-01',
      end: '2026-03-01',
    });
    expect(sunday.records.map((record) => record.id)).toEqual([sundayClosing]);
    expect(sunday.records[0]).toMatchObject({
      day: '2026-03-01',
      checklist: { id: closing.id, name: 'Closing' },
      start: '22:00',
      end: '00:30',
      // 22:00 in New York (UTC-5) is 03:00 the next day in UTC.
      opensAt: '2026-03-02T03:00:00.000Z',
      closesAt: '2026-03-02T05:30:00.000Z',
    });
    expect((await logOf('day', '2026-02-28')).records.map((record) => record.id)).toEqual([febClosing]);
  });

  test('a week runs from Monday to Sunday around the day asked for, a month is the calendar month', async () => {
    const weekOfSunday = await logOf('week', '2026-03-01');
    expect([weekOfSunday.start, weekOfSunday.end]).toEqual(['2026-02-23', '2026-03-01']);
    expect(weekOfSunday.records.map((record) => record.id)).toEqual([febClosing, sundayClosing]);

    const weekOfWednesday = await logOf('week', '2026-03-04');
    expect([weekOfWednesday.start, weekOfWednesday.end]).toEqual(['2026-03-02', '2026-03-08']);
    expect(weekOfWednesday.records.map((record) => record.id)).toEqual([mondayTemperatures]);

    const march = await logOf('month', '2026-03-15');
    expect([march.start, march.end]).toEqual(['2026-03-01', '2026-03-31']);
    expect(march.records.map((record) => record.id)).toEqual([
      sundayClosing,
      mondayTemperatures,
      missedAfterDst,
      lastOfMarch,
    ]);
    expect((await logOf('month', '2026-02-10')).records.map((record) => record.id)).toEqual([febClosing]);
    expect((await logOf('month', '2026-04-30')).records.map((record) => record.id)).toEqual([firstOfApril]);
    // After the clocks changed, 08:00 in New York is 12:00 UTC.
    expect(march.records.find((record) => record.id === missedAfterDst)?.opensAt).toBe('2026-03-09T12:00:00.000Z');
  });

  test("each record's state, who submitted it when, and a period without records", async () => {
    const march = await logOf('month', '2026-03-01');
    const states = Object.fromEntries(march.records.map((record) => [record.id, record.state]));
    expect(states).toEqual({
      [sundayClosing]: 'late',
      [mondayTemperatures]: 'done',
      [missedAfterDst]: 'missed',
      [lastOfMarch]: 'missed',
    });
    expect(march.records[0]).toMatchObject({
      submittedBy: { id: sam.id, name: 'Sam Staff' },
      submittedAt: '2026-03-02T06:00:00.000Z',
    });
    expect(march.records.find((record) => record.id === missedAfterDst)).toMatchObject({
      submittedBy: null,
      submittedAt: null,
      entries: [],
    });
    const empty = await logOf('week', '2026-05-06');
    expect(empty.records).toEqual([]);
    expect(empty.signOffs).toEqual([]);
  });
});

describe('every value with who entered it when, failures with their actions, corrections beside the original', () => {
  test('values in the checklist’s order with the server time each arrived; the failure’s action; both corrections, oldest first', async () => {
    const week = await logOf('week', '2026-03-02');
    const [record] = week.records;
    expect(record?.failures).toBe(1);
    expect(record?.entries.map((entry) => entry.itemId)).toEqual(['fridge', 'freezer', 'door', 'remarks']);
    expect(record?.entries[0]).toEqual({
      itemId: 'fridge',
      section: 'Cold storage',
      label: 'Walk-in fridge',
      kind: 'temperature',
      unit: '°C',
      // The original stays as it was entered.
      value: 8,
      failed: true,
      note: 'Moved the stock to the reach-in',
      enteredBy: { id: sam.id, name: 'Sam Staff' },
      receivedAt: '2026-03-02T13:05:00.000Z',
      corrections: [
        {
          id: expect.any(String),
          value: 6,
          failed: false,
          reason: 'Read the wrong probe',
          correctedBy: { id: maya.id, name: 'Maya Manager' },
          correctedAt: '2026-03-02T14:00:00.000Z',
        },
        {
          id: expect.any(String),
          value: 5,
          failed: false,
          reason: 'Probe was in the door',
          correctedBy: { id: maya.id, name: 'Maya Manager' },
          correctedAt: '2026-03-02T15:00:00.000Z',
        },
      ],
      action: { id: expect.any(String), status: 'open' },
    });
    expect(record?.entries[1]).toMatchObject({ value: -18.5, failed: false, corrections: [], action: null });
    expect(record?.entries[2]).toMatchObject({ kind: 'yesNo', value: 'yes', unit: null });
  });

  test('the log of a month is a bounded number of statements, not one per record', async () => {
    const countFor = async (period: string, from: string) => {
      statements = [];
      await logOf(period, from);
      return statements.length;
    };
    const oneRecord = await countFor('day', '2026-03-02');
    const fourRecords = await countFor('month', '2026-03-01');
    // The session check, the log's head, its records, and its temperature sensors' rows (issue 37).
    expect(fourRecords).toBe(oneRecord);
    expect(fourRecords).toBeLessThanOrEqual(4);
  });

  test('a person deleted since keeps their values, shown without a name', async () => {
    const gone = await t.buildUser('staff', { restaurantIds: [manhattan.id], name: 'Gone Soon' });
    const run = await insertRun(manhattan, temperatures, '2026-05-20', {
      values: [{ itemId: 'freezer', value: -19, by: gone.id, at: '2026-05-20T12:05:00Z' }],
    });
    await t.db.execute(`delete from users where id = '${gone.id}'`);
    const log = await logOf('day', '2026-05-20');
    expect(log.records.find((record) => record.id === run)?.entries[0]).toMatchObject({
      value: -19,
      enteredBy: null,
      receivedAt: '2026-05-20T12:05:00.000Z',
    });
  });
});

describe('PDF', () => {
  const pdfOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(manager.cookie, url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return { response, pdf: await readPdf(response.rawPayload) };
  };

  test('in English: the restaurant, the period, every record with its values, times in the restaurant’s zone, corrections and failures', async () => {
    const { response, pdf } = await pdfOf(logUrl(manhattan.id, 'month', '2026-03-10', '/pdf'), {
      'accept-language': 'en',
    });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="food-safety-log-brigade-manhattan-2026-03.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.text;
    for (const words of [
      'FOOD SAFETY LOG',
      'Brigade Manhattan',
      'March 2026',
      "Days and times are the restaurant's (America/New_York).",
      'Not signed off',
      // ICU writes "Sunday 1 March 2026" or "Sunday, 1 March 2026" by its version.
      /Sunday,? 1 March 2026/,
      'Closing · 22:00–00:30',
      'Done late',
      // Submitted at 06:00 UTC: 01:00 in New York, the next day.
      'Submitted by Sam Staff at 2 Mar 2026, 01:00',
      'Fryers switched off',
      'Temperature log · 08:00–09:00',
      'Walk-in fridge',
      '8 °C',
      // Received at 13:05 UTC: 08:05 in New York.
      'Sam Staff, 08:05',
      'Note: Moved the stock to the reach-in',
      'Failed · Corrective action: Open',
      'Correction. Reason: Read the wrong probe',
      '6 °C',
      'Correction. Reason: Probe was in the door',
      '5 °C',
      'Maya Manager, 10:00',
      '-18.5 °C',
      'Missed',
      'Nothing submitted',
      'No values entered.',
      /Tuesday,? 31 March 2026/,
      'Page 1',
    ]) {
      const found = typeof words === 'string' ? holds(text, words) : words.test(text);
      expect(found, `${words} in:\n${text}`).toBe(true);
    }
    // April's record and the other restaurant's are not in it.
    expect(text).not.toContain('1 April');
    expect(text).not.toContain('Brigade Utrecht');
  });

  test('in Dutch: its words, days and numbers', async () => {
    const { pdf } = await pdfOf(logUrl(manhattan.id, 'week', '2026-03-02', '/pdf'), { 'accept-language': 'nl' });
    for (const words of [
      'VOEDSELVEILIGHEIDSLOGBOEK',
      '2 mrt 2026 t/m 8 mrt 2026',
      'maandag 2 maart 2026',
      'Gedaan',
      'Ingediend door Sam Staff op 2 mrt 2026, 08:20',
      '-18,5 °C',
      'Afwijking · Corrigerende actie: Open',
      'Correctie. Reden: Probe was in the door',
      'Notitie: Moved the stock to the reach-in',
      'Ja',
      'Pagina 1',
    ]) {
      expect(holds(pdf.text, words), `${words} in:\n${pdf.text}`).toBe(true);
    }
  });

  test('the language cookie of the web app wins; a period without records says so', async () => {
    const { pdf } = await pdfOf(logUrl(manhattan.id, 'day', '2026-06-01', '/pdf'), {
      cookie: `${manager.cookie}; brigade-language=nl`,
    });
    expect(holds(pdf.text, 'Geen checklistrecords in deze periode.')).toBe(true);
  });

  test('records are drawn as they are read, batch after batch, each once and in order, over as many pages as they need', async () => {
    const many = await t.buildRestaurant({ name: 'Brigade Batches', timeZone: 'America/New_York' });
    for (let day = 1; day <= 28; day += 1) {
      await insertRun(many, temperatures, `2026-02-${String(day).padStart(2, '0')}`, {
        status: 'submitted',
        submittedAt: `2026-02-${String(day).padStart(2, '0')}T13:30:00Z`,
        submittedBy: sam.id,
        values: [
          { itemId: 'fridge', value: day / 10, by: sam.id, at: `2026-02-${String(day).padStart(2, '0')}T13:10:00Z` },
          { itemId: 'remarks', value: `Remark of day ${day}`, by: sam.id, at: '2026-02-01T13:10:00Z' },
        ],
      });
    }
    const now = new Date();
    const head = await readLogHead(t.db, many.id, logRangeOf('month', '2026-02-01'), now);
    statements = [];
    const pdf = renderFoodSafetyLogPdf(head, logRecordsInBatches(t.db, head, { now, batchSize: 5 }), {
      log: pino({ level: 'silent' }),
      now,
      language: 'en',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of pdf) chunks.push(chunk as Buffer);
    // 28 records, 5 at a time: 6 statements.
    expect(statements.filter((statement) => statement.includes('checklist_runs r'))).toHaveLength(6);
    const read = await readPdf(Buffer.concat(chunks));
    const order = Array.from({ length: 28 }, (_, index) => read.text.indexOf(`Remark of day ${index + 1}`));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(read.text.split('Remark of day 7 ').length - 1).toBe(1);
    expect(read.pages).toBeGreaterThan(2);
    expect(holds(read.pageTexts.at(-1) ?? '', `Page ${read.pages}`)).toBe(true);
  });
});

describe('CSV', () => {
  const csvOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(manager.cookie, url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return { response, rows: parse(response.body, { bom: true, columns: true }) as Record<string, string>[] };
  };

  test('one line per value and per correction, times in the restaurant’s zone, formulas written as text', async () => {
    const { response, rows } = await csvOf(logUrl(manhattan.id, 'month', '2026-03-01', '/csv'), {
      'accept-language': 'en',
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="food-safety-log-brigade-manhattan-2026-03.csv"',
    );
    // Closing 2 values; temperatures 4 values + 2 corrections; the missed record; the last of March's one value.
    expect(rows).toHaveLength(2 + 6 + 1 + 1);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Restaurant',
      'Date',
      'Checklist',
      'Window',
      'State',
      'Submitted by',
      'Submitted at',
      'Section',
      'Item',
      'Entry',
      'Value',
      'Unit',
      'Failed',
      'Note',
      'Reason',
      'Entered by',
      'Received at',
      'Corrective action',
      'Signed off',
    ]);
    expect(rows[0]).toMatchObject({
      Restaurant: 'Brigade Manhattan',
      Date: '2026-03-01',
      Checklist: 'Closing',
      Window: '22:00–00:30',
      State: 'Done late',
      'Submitted by': 'Sam Staff',
      'Submitted at': '2026-03-02T01:00:00-05:00',
      Item: 'Fryers switched off',
      Entry: 'Value',
      Value: 'Yes',
    });
    const fridge = rows.filter((row) => row.Item === 'Walk-in fridge');
    expect(
      fridge.map((row) => [row.Entry, row.Value, row.Failed, row.Reason, row['Entered by'], row['Received at']]),
    ).toEqual([
      ['Value', '8', 'Yes', '', 'Sam Staff', '2026-03-02T08:05:00-05:00'],
      ['Correction', '6', 'No', 'Read the wrong probe', 'Maya Manager', '2026-03-02T09:00:00-05:00'],
      ['Correction', '5', 'No', 'Probe was in the door', 'Maya Manager', '2026-03-02T10:00:00-05:00'],
    ]);
    expect(fridge[0]).toMatchObject({
      Unit: '°C',
      Note: 'Moved the stock to the reach-in',
      'Corrective action': 'Open',
    });
    // A negative number stays a number; a formula is written as text.
    expect(rows.find((row) => row.Item === 'Freezer')?.Value).toBe('-18.5');
    expect(rows.find((row) => row.Item === 'Remarks')?.Value).toBe(`'${HOSTILE_REMARK}`);
    expect(rows.find((row) => row.Item === 'Door seals intact')?.Value).toBe('Yes');
    // The missed record has a line of its own; after the clocks changed, New York is UTC-4.
    const missed = rows.find((row) => row.Date === '2026-03-09');
    expect(missed).toMatchObject({ State: 'Missed', Item: '', Entry: '', Value: '', 'Submitted at': '' });
  });

  test('headers and words in the reader’s language', async () => {
    const { rows } = await csvOf(logUrl(manhattan.id, 'day', '2026-03-02', '/csv'), { 'accept-language': 'nl' });
    expect(rows[0]).toMatchObject({
      Datum: '2026-03-02',
      Resultaat: 'Gedaan',
      Soort: 'Waarde',
      Waarde: '8',
      Afwijking: 'Ja',
    });
    expect(rows[1]).toMatchObject({ Soort: 'Correctie', Reden: 'Read the wrong probe', Afwijking: 'Nee' });
  });
});

describe('sign-offs', () => {
  test('a manager signs a day off once: their name and the time on the log, the PDF and the CSV; twice is 409', async () => {
    const first = await signOff(manager.cookie, { restaurantId: manhattan.id, period: 'day', startsOn: '2026-03-02' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      period: 'day',
      startsOn: '2026-03-02',
      signedBy: expect.stringMatching(/^manager \d+$/),
      signedAt: expect.any(String),
    });
    const again = await signOff(hq.cookie, { restaurantId: manhattan.id, period: 'day', startsOn: '2026-03-02' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(foodSafetyLogMessages.dayAlreadySignedOff);

    const log = await logOf('week', '2026-03-05');
    expect(log.signOffs).toEqual([first.json()]);
    const signedBy = first.json().signedBy as string;

    const pdf = await readPdf(
      (await get(manager.cookie, logUrl(manhattan.id, 'day', '2026-03-02', '/pdf'))).rawPayload,
    );
    expect(holds(pdf.text, `Day 2 Mar 2026: signed off by ${signedBy} at`)).toBe(true);

    const csv = parse((await get(manager.cookie, logUrl(manhattan.id, 'day', '2026-03-02', '/csv'))).body, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv[0]?.['Signed off']).toMatch(new RegExp(`^${signedBy}, 2026-\\d\\d-\\d\\dT[\\d:]+-0[45]:00 \\(day\\)$`));
  });

  test('a week is signed off from its Monday; another day is 400, and the week covers each of its days', async () => {
    const tuesday = await signOff(manager.cookie, {
      restaurantId: manhattan.id,
      period: 'week',
      startsOn: '2026-03-03',
    });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().fields).toEqual({ startsOn: foodSafetyLogMessages.weekStartsMonday });

    const week = await signOff(hq.cookie, { restaurantId: manhattan.id, period: 'week', startsOn: '2026-02-23' });
    expect(week.statusCode, week.body).toBe(201);
    const twice = await signOff(manager.cookie, { restaurantId: manhattan.id, period: 'week', startsOn: '2026-02-23' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(foodSafetyLogMessages.weekAlreadySignedOff);
    // A day sign-off of a signed-off week's day is its own.
    expect(
      (await signOff(manager.cookie, { restaurantId: manhattan.id, period: 'day', startsOn: '2026-03-01' })).statusCode,
    ).toBe(201);

    // The month of March touches the week of 23 February (through 1 March).
    const march = await logOf('month', '2026-03-20');
    expect(march.signOffs.map((signOff) => [signOff.period, signOff.startsOn])).toEqual([
      ['week', '2026-02-23'],
      ['day', '2026-03-01'],
      ['day', '2026-03-02'],
    ]);
    expect((await logOf('day', '2026-02-25')).signOffs.map((signOff) => signOff.period)).toEqual(['week']);
  });

  test("a day that has not begun in the restaurant's zone cannot be signed off; today can", async () => {
    const kiritimati = await t.buildRestaurant({ name: 'Brigade Kiritimati', timeZone: 'Pacific/Kiritimati' });
    const today = localDay(new Date(), 'Pacific/Kiritimati');
    const tomorrow = await signOff(hq.cookie, {
      restaurantId: kiritimati.id,
      period: 'day',
      startsOn: addDays(today, 1),
    });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual({
      message: foodSafetyLogMessages.signOffFuture,
      fields: { startsOn: foodSafetyLogMessages.signOffFuture },
    });
    const nextWeek = await signOff(hq.cookie, {
      restaurantId: kiritimati.id,
      period: 'week',
      startsOn: addDays(mondayOf(today), 7),
    });
    expect(nextWeek.statusCode).toBe(400);
    expect((await signOff(hq.cookie, { restaurantId: kiritimati.id, period: 'day', startsOn: today })).statusCode).toBe(
      201,
    );
    expect(
      (await signOff(hq.cookie, { restaurantId: kiritimati.id, period: 'week', startsOn: mondayOf(today) })).statusCode,
    ).toBe(201);
  });

  test('bad sign-offs are 400 with the field named', async () => {
    const cases: [object, string][] = [
      [{ restaurantId: manhattan.id, period: 'month', startsOn: '2026-03-02' }, 'period'],
      [{ restaurantId: manhattan.id, period: 'day', startsOn: '2026-02-30' }, 'startsOn'],
      [{ restaurantId: manhattan.id, period: 'day' }, 'startsOn'],
      [{ restaurantId: 'not-a-uuid', period: 'day', startsOn: '2026-03-02' }, 'restaurantId'],
    ];
    for (const [body, field] of cases) {
      const response = await signOff(manager.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
  });
});

describe('who may read and sign the log', () => {
  const urls = (restaurantId: string) =>
    ['', '/pdf', '/csv'].map((kind) => logUrl(restaurantId, 'week', '2026-03-02', kind));

  test('a manager of another restaurant, and staff, are refused (403); signed out is 401; nothing is signed', async () => {
    for (const url of urls(manhattan.id)) {
      expect((await get(managerOfUtrecht.cookie, url)).statusCode, url).toBe(403);
      expect((await get(staff.cookie, url)).statusCode, url).toBe(403);
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    }
    const body = { restaurantId: manhattan.id, period: 'day', startsOn: '2026-03-10' };
    expect((await signOff(managerOfUtrecht.cookie, body)).statusCode).toBe(403);
    expect((await signOff(staff.cookie, body)).statusCode).toBe(403);
    expect(
      (await t.request(undefined, { method: 'POST', url: '/api/food-safety-log/sign-offs', payload: body })).statusCode,
    ).toBe(401);
    expect((await logOf('day', '2026-03-10')).signOffs).toEqual([]);
  });

  test('hq reads any restaurant; an unknown restaurant is 404', async () => {
    for (const url of urls(utrecht.id)) expect((await get(hq.cookie, url)).statusCode, url).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of urls(unknown)) {
      const response = await get(hq.cookie, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Restaurant not found');
    }
    expect(
      (await signOff(hq.cookie, { restaurantId: unknown, period: 'day', startsOn: '2026-03-02' })).statusCode,
    ).toBe(404);
  });

  test('bad queries are 400 with the field named', async () => {
    const cases: [string, string][] = [
      [`/api/food-safety-log?period=day&from=2026-03-02`, 'restaurantId'],
      [`/api/food-safety-log?restaurantId=${manhattan.id}&period=year&from=2026-03-02`, 'period'],
      [`/api/food-safety-log?restaurantId=${manhattan.id}&period=day&from=2026-13-01`, 'from'],
      [`/api/food-safety-log?restaurantId=${manhattan.id}&period=day`, 'from'],
      [`/api/food-safety-log/pdf?restaurantId=${manhattan.id}&period=month&from=2101-01-01`, 'from'],
      [`/api/food-safety-log/csv?restaurantId=${manhattan.id}&period=week&from=yesterday`, 'from'],
    ];
    for (const [url, field] of cases) {
      const response = await get(hq.cookie, url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), url).toContain(field);
    }
  });
});
