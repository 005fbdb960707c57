import { messages, selectRestaurantMessages } from '@brigade/core/messages';
import { addDays, todayUtc } from '@brigade/core/schemas/corrective-actions';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { audits } from '../src/db/schema/audits';
import { correctiveActionOwners, correctiveActions } from '../src/db/schema/corrective-actions';
import { users } from '../src/db/schema/users';
import { CSV_BATCH_ROWS } from '../src/http/send-csv';
import { startTestApp } from './harness';

/**
 * Issue 21: the audit lists and the Actions list sort in SQL by the column the query
 * string names, in either direction, the id breaking ties so pages never skip or repeat
 * a row; filters arrive URL-encoded; a sort the list does not offer is a 400. Both
 * export the same list as CSV, with the list's guard and restaurant scope, ISO dates,
 * numbers as numbers, and a cell a spreadsheet would run as a formula written as text.
 */
const t = await startTestApp();
const home = await t.buildRestaurant({ name: 'Brigade Home' });
const away = await t.buildRestaurant({ name: 'Brigade Away' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const awayManager = await t.signedIn('manager', { restaurantIds: [away.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });
const anna = await t.buildUser('hq', { name: 'Anna Adams' });
const zoe = await t.buildUser('hq', { name: 'Zoe Zimmer' });
const gone = await t.buildUser('hq', { name: 'Gone Auditor' });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });
const get = (cookie: string | undefined, url: string) => call(cookie, 'GET', url);

/** The ids of one page of a list, in the order the server sent them. */
async function idsOf(cookie: string, url: string): Promise<string[]> {
  const response = await get(cookie, url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { id: string }[] }).items.map((row) => row.id);
}

/** Rows that tie on the sorted column follow their ids (as PostgreSQL orders uuids: as lower-case hex). */
const byId = (...ids: string[]) => [...ids].sort();
const reversed = (ids: string[]) => [...ids].reverse();
const day = (date: string) => new Date(`${date}T09:00:00.000Z`);

/** A downloaded CSV's records, header first. */
function csvOf(body: string): string[][] {
  return parse(body, { bom: true });
}

/** A CSV's records as objects keyed by its header. */
function csvRows(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true });
}

async function template(name: string, items: string[]) {
  const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
    name,
    items: items.map((text) => ({ text })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

type Mark = 'bad' | 'needs_improvement' | 'good' | 'excellent';
interface AuditJson {
  id: string;
  version: number;
  finalScore: number | null;
  items: { id: string; itemText: string; actions: { id: string }[] }[];
}

/**
 * An audit of `restaurantId` by `auditorId` from `templateIds`, dated `date`; submitted
 * with `marks` (and `comments`) in item order unless `marks` is null (a draft).
 */
async function audit(
  restaurantId: string,
  templateIds: string[],
  auditorId: string,
  date: string,
  marks: Mark[] | null,
  comments: (string | null)[] = [],
) {
  const created = await call(hq.cookie, 'POST', '/api/audits', { restaurantId, templateIds, auditorId });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  await t.db
    .update(audits)
    .set({ auditedAt: day(date) })
    .where(eq(audits.id, id));
  const draft = (await get(hq.cookie, `/api/audits/${id}`)).json() as AuditJson;
  if (!marks) return draft;
  const submitted = await call(hq.cookie, 'POST', `/api/audits/${id}/submit`, {
    version: draft.version,
    items: draft.items.map((item, index) => ({ id: item.id, mark: marks[index], comment: comments[index] ?? null })),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as AuditJson;
}

// Audits: dates, restaurants, auditors, first templates and scores that each order them
// differently. a1 and a2 tie on score (75), a1 and a4 on their first template, a3 and a4
// on restaurant; a4's auditor is deleted (no name); d1 is a draft (no score).
const bar = await template('Bar', ['Taps clean']);
const cellar = await template('Cellar', ['Kegs dated']);
const dining = await template('Dining', ['Tables wiped']);

const a1 = (await audit(home.id, [cellar], anna.id, '2026-01-03', ['good'])).id;
const a2 = (await audit(home.id, [dining, bar], zoe.id, '2026-01-01', ['good', 'good'])).id;
const a3 = (await audit(away.id, [dining], anna.id, '2026-01-02', ['bad'])).id;
const d1 = (await audit(home.id, [bar], zoe.id, '2026-01-04', null)).id;
const a4 = (await audit(away.id, [cellar], gone.id, '2026-01-05', ['excellent'])).id;
await t.db.delete(users).where(eq(users.id, gone.id));

describe('the hq audit list sorts by the column asked for', () => {
  const ascending = {
    auditedAt: [a2, a3, a1, d1, a4],
    restaurant: [...byId(a3, a4), ...byId(a1, a2, d1)],
    // A deleted auditor has no name: last going up, first going down.
    auditor: [...byId(a1, a3), ...byId(a2, d1), a4],
    // An audit's first template by name: a2 is Bar and Dining.
    template: [...byId(a2, d1), ...byId(a1, a4), a3],
    // A draft has no score yet: below every score.
    score: [d1, a3, ...byId(a1, a2), a4],
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/audits?sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/audits?sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('newest first without a sort; ascending with a sort but no order', async () => {
    expect(await idsOf(hq.cookie, '/api/audits')).toEqual(reversed(ascending.auditedAt));
    expect(await idsOf(hq.cookie, '/api/audits?sort=score')).toEqual(ascending.score);
  });

  test('pages follow one another without a row skipped or repeated, ties included', async () => {
    for (const [column, order] of Object.entries(ascending)) {
      for (const direction of ['asc', 'desc'] as const) {
        const pages: string[] = [];
        for (const page of [1, 2, 3]) {
          pages.push(
            ...(await idsOf(hq.cookie, `/api/audits?sort=${column}&order=${direction}&pageSize=2&page=${page}`)),
          );
        }
        expect(pages, `${column} ${direction}`).toEqual(direction === 'asc' ? order : reversed(order));
      }
    }
  });

  test('the search and filters arrive URL-encoded and filter the sorted list', async () => {
    expect(await idsOf(hq.cookie, '/api/audits?search=brigade%20HOME&sort=auditedAt&order=asc')).toEqual([a2, a1, d1]);
    expect(await idsOf(hq.cookie, '/api/audits?search=Anna%20Adams&sort=score&order=desc')).toEqual([a1, a3]);
    expect(await idsOf(hq.cookie, `/api/audits?restaurantId=${home.id}&status=completed&sort=template`)).toEqual([
      a2,
      a1,
    ]);
    // "%25" is a percent sign, searched for as text, not as a wildcard.
    expect(await idsOf(hq.cookie, '/api/audits?search=%25&sort=score')).toEqual([]);
  });

  test('a sort or an order the list does not offer is refused with a field message', async () => {
    const badSort = await get(hq.cookie, '/api/audits?sort=finalScore');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toEqual({
      sort: 'Sort must be one of auditedAt, restaurant, auditor, template, score',
    });
    const badOrder = await get(hq.cookie, '/api/audits?sort=score&order=up');
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fields).toEqual({ order: 'Order must be asc or desc' });
  });
});

describe('managers and staff sort the completed audits of their restaurants', () => {
  test('only completed audits of their restaurant, in the order asked for', async () => {
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect(await idsOf(cookie, `/api/audits?restaurantId=${home.id}`)).toEqual([a1, a2]);
      expect(await idsOf(cookie, `/api/audits?restaurantId=${home.id}&sort=auditedAt&order=asc`)).toEqual([a2, a1]);
      expect(await idsOf(cookie, '/api/audits?sort=score&order=desc')).toEqual(reversed(byId(a1, a2)));
      expect(await idsOf(cookie, '/api/audits?sort=template')).toEqual([a2, a1]);
    }
  });

  test("another restaurant's list is refused, whatever the sort", async () => {
    expect((await get(manager.cookie, `/api/audits?restaurantId=${away.id}&sort=score`)).statusCode).toBe(403);
    expect((await get(staff.cookie, `/api/audits?restaurantId=${away.id}&sort=auditor&order=desc`)).statusCode).toBe(
      403,
    );
  });
});

describe('the audits CSV export', () => {
  const header = ['Audit ID', 'Date', 'Restaurant', 'Restaurant ID', 'Templates', 'Auditor', 'Status', 'Score'];

  test('hq: every audit of the filtered, sorted list, with a header row, ISO dates and scores as numbers', async () => {
    const response = await get(hq.cookie, '/api/audits/export.csv?sort=auditedAt&order=asc&page=2&pageSize=1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audits-${todayUtc()}.csv"`);
    // The page is the screen's: the export is every row.
    expect(csvOf(response.body)).toEqual([
      header,
      [a2, '2026-01-01T09:00:00.000Z', 'Brigade Home', home.id, 'Bar; Dining', 'Zoe Zimmer', 'Completed', '75'],
      [a3, '2026-01-02T09:00:00.000Z', 'Brigade Away', away.id, 'Dining', 'Anna Adams', 'Completed', '25'],
      [a1, '2026-01-03T09:00:00.000Z', 'Brigade Home', home.id, 'Cellar', 'Anna Adams', 'Completed', '75'],
      [d1, '2026-01-04T09:00:00.000Z', 'Brigade Home', home.id, 'Bar', 'Zoe Zimmer', 'Draft', ''],
      [a4, '2026-01-05T09:00:00.000Z', 'Brigade Away', away.id, 'Cellar', messages.deletedUser, 'Completed', '100'],
    ]);
  });

  test('the same filters, search and sort as the list', async () => {
    const ids = async (url: string) => {
      const response = await get(hq.cookie, url);
      expect(response.statusCode, response.body).toBe(200);
      return csvRows(response.body).map((row) => row['Audit ID']);
    };
    expect(await ids('/api/audits/export.csv')).toEqual(await idsOf(hq.cookie, '/api/audits'));
    expect(await ids('/api/audits/export.csv?status=draft')).toEqual([d1]);
    expect(await ids('/api/audits/export.csv?search=Zoe%20Zimmer&sort=template&order=desc')).toEqual(
      reversed(byId(a2, d1)),
    );
    expect(await ids(`/api/audits/export.csv?restaurantId=${away.id}&sort=score`)).toEqual([a3, a4]);
    expect((await get(hq.cookie, '/api/audits/export.csv?sort=finalScore')).statusCode).toBe(400);
  });

  test("managers and staff get their restaurants' completed audits only; another restaurant is 403; signed out 401", async () => {
    for (const cookie of [manager.cookie, staff.cookie]) {
      for (const url of ['/api/audits/export.csv', `/api/audits/export.csv?restaurantId=${home.id}`]) {
        const response = await get(cookie, url);
        expect(response.statusCode, response.body).toBe(200);
        expect(csvRows(response.body).map((row) => [row['Audit ID'], row.Restaurant, row.Status])).toEqual([
          [a1, 'Brigade Home', 'Completed'],
          [a2, 'Brigade Home', 'Completed'],
        ]);
      }
      const refused = await get(cookie, `/api/audits/export.csv?restaurantId=${away.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    const awayRows = csvRows((await get(awayManager.cookie, '/api/audits/export.csv')).body);
    expect(awayRows.map((row) => row['Audit ID'])).toEqual([a4, a3]);
    expect((await get(undefined, '/api/audits/export.csv')).statusCode).toBe(401);
  });

  test('a template name a spreadsheet would run as a formula is written as text', async () => {
    const formulaPlace = await t.buildRestaurant({ name: 'Brigade Formula' });
    const hostile = await template('=HYPERLINK("http://evil.test","Click")', ['Door locked']);
    const plain = await template('-Minus first', ['Alarm set']);
    await audit(formulaPlace.id, [hostile], anna.id, '2026-01-06', ['good']);
    await audit(formulaPlace.id, [plain], anna.id, '2026-01-07', ['good']);
    const response = await get(
      hq.cookie,
      `/api/audits/export.csv?restaurantId=${formulaPlace.id}&sort=auditedAt&order=asc`,
    );
    expect(response.statusCode).toBe(200);
    expect(csvRows(response.body).map((row) => row.Templates)).toEqual([
      `'=HYPERLINK("http://evil.test","Click")`,
      `'-Minus first`,
    ]);
  });

  test('more than a batch: every row once, in the list order, ties broken by id across batches', async () => {
    const crowded = await t.buildRestaurant({ name: 'Brigade Crowded' });
    const count = CSV_BATCH_ROWS + 5;
    const inserted = await t.db
      .insert(audits)
      .values(
        Array.from({ length: count }, () => ({
          restaurantId: crowded.id,
          auditedBy: anna.id,
          status: 'completed',
          finalScore: 80,
          auditedAt: day('2026-02-01'),
        })),
      )
      .returning({ id: audits.id });
    const response = await get(hq.cookie, `/api/audits/export.csv?restaurantId=${crowded.id}`);
    expect(response.statusCode).toBe(200);
    const ids = csvRows(response.body).map((row) => row['Audit ID']);
    // Newest first, all on the same instant: the ids decide, descending.
    expect(ids).toEqual(reversed(byId(...inserted.map((row) => row.id))));
    await t.db.delete(audits).where(
      inArray(
        audits.id,
        inserted.map((row) => row.id),
      ),
    );
  });
});

// Corrective actions: made on submit for Bad and Needs improvement items. Their due days,
// creation times and one resolution are set so that each column orders them differently;
// hF and aF tie on item text, hF, hL and aF on template, hF, hL and hG on restaurant.
// Made once the audit lists' tests ran, which count every audit.
const HOSTILE_COMMENT = '=HYPERLINK("http://evil.test","x")';
const today = todayUtc();
let homeAudit: AuditJson;
let hF = '';
let hL = '';
let hG = '';
let aF = '';

async function setUpActions() {
  // a3's Bad item made an action of its own: these tests count only the ones made here.
  await t.db.delete(correctiveActions).where(eq(correctiveActions.auditId, a3));
  const kitchen = await template('Kitchen', ['Fridge', 'Floors']);
  const front = await template('Front of House & Bar', ['Greeting']);
  homeAudit = await audit(
    home.id,
    [kitchen, front],
    anna.id,
    '2026-03-01',
    ['bad', 'needs_improvement', 'bad'],
    ['Fridge at 9°C', HOSTILE_COMMENT, null],
  );
  const awayAudit = await audit(away.id, [kitchen], anna.id, '2026-03-02', ['bad', 'good']);
  [hF = '', hL = '', hG = ''] = homeAudit.items.map((item) => item.actions[0]?.id ?? '');
  aF = awayAudit.items[0]?.actions[0]?.id ?? '';
  const actionDates: [string, number, string][] = [
    [hF, -2, '2026-03-04'],
    [hL, 5, '2026-03-01'],
    [hG, 1, '2026-03-03'],
    [aF, 3, '2026-03-02'],
  ];
  for (const [id, dueIn, createdOn] of actionDates) {
    await t.db
      .update(correctiveActions)
      .set({ dueOn: addDays(today, dueIn), createdAt: day(createdOn) })
      .where(eq(correctiveActions.id, id));
  }
  const resolved = await call(manager.cookie, 'POST', `/api/actions/${hG}/resolve`, {
    note: '+1 new greeter hired',
    version: 1,
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
}

describe('corrective actions', () => {
  beforeAll(setUpActions);

  describe('the Actions list sorts by the column asked for', () => {
    /** Each column's ascending order (the actions exist once the suite's setup ran). */
    const ascending = () => ({
      // The order without a choice: open before resolved, then the earliest due.
      status: [hF, aF, hL, hG],
      dueOn: [hF, hG, aF, hL],
      item: [hL, ...byId(hF, aF), hG],
      restaurant: [aF, ...byId(hF, hL, hG)],
      template: [hG, ...byId(hF, hL, aF)],
      createdAt: [hL, aF, hG, hF],
    });
    const columns = ['status', 'dueOn', 'item', 'restaurant', 'template', 'createdAt'] as const;

    test.each(columns)('by %s, ascending and descending', async (column) => {
      const order = ascending()[column];
      expect(await idsOf(hq.cookie, `/api/actions?sort=${column}&order=asc`)).toEqual(order);
      expect(await idsOf(hq.cookie, `/api/actions?sort=${column}&order=desc`)).toEqual(reversed(order));
    });

    test("today's order without a sort: open first, then the earliest due", async () => {
      expect(await idsOf(hq.cookie, '/api/actions')).toEqual(ascending().status);
      expect(await idsOf(hq.cookie, '/api/actions?sort=item')).toEqual(ascending().item);
    });

    test('a search keeps the order asked for', async () => {
      expect(await idsOf(hq.cookie, '/api/actions?search=kitchen')).toEqual([hF, aF, hL]);
      expect(await idsOf(hq.cookie, '/api/actions?search=kitchen&sort=dueOn&order=desc')).toEqual([hL, aF, hF]);
    });

    test('pages follow one another without a row skipped or repeated, ties included', async () => {
      for (const [column, order] of Object.entries(ascending())) {
        for (const direction of ['asc', 'desc'] as const) {
          const pages: string[] = [];
          for (const page of [1, 2, 3, 4]) {
            pages.push(
              ...(await idsOf(hq.cookie, `/api/actions?sort=${column}&order=${direction}&pageSize=1&page=${page}`)),
            );
          }
          expect(pages, `${column} ${direction}`).toEqual(direction === 'asc' ? order : reversed(order));
        }
      }
    });

    test('the filters arrive URL-encoded and filter the sorted list', async () => {
      expect(await idsOf(hq.cookie, '/api/actions?templateName=Front%20of%20House%20%26%20Bar')).toEqual([hG]);
      expect(await idsOf(hq.cookie, '/api/actions?templateName=Kitchen&sort=restaurant&order=desc')).toEqual([
        ...reversed(byId(hF, hL)),
        aF,
      ]);
      expect(await idsOf(hq.cookie, '/api/actions?status=open&overdue=true')).toEqual([hF]);
      expect(await idsOf(hq.cookie, '/api/actions?status=open&overdue=false&sort=dueOn&order=desc')).toEqual([hL, aF]);
      expect(await idsOf(hq.cookie, '/api/actions?search=Fridge%20at%209%C2%B0C')).toEqual([hF]);
    });

    test("a manager sorts their restaurant's actions", async () => {
      expect(await idsOf(manager.cookie, `/api/actions?restaurantId=${home.id}&sort=createdAt`)).toEqual([hL, hG, hF]);
      expect(
        await idsOf(manager.cookie, `/api/actions?restaurantId=${home.id}&status=open&sort=dueOn&order=desc`),
      ).toEqual([hL, hF]);
    });

    test('a sort or an order the list does not offer is refused with a field message', async () => {
      const badSort = await get(hq.cookie, '/api/actions?sort=owners');
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().fields).toEqual({
        sort: 'Sort must be one of status, dueOn, item, restaurant, template, createdAt',
      });
      const badOrder = await get(hq.cookie, '/api/actions?sort=dueOn&order=down');
      expect(badOrder.statusCode).toBe(400);
      expect(badOrder.json().fields).toEqual({ order: 'Order must be asc or desc' });
    });
  });

  describe('the Actions CSV export', () => {
    const header = [
      'Action ID',
      'Audit ID',
      'Restaurant',
      'Restaurant ID',
      'Template',
      'Item',
      'Mark',
      'Comment',
      'Due',
      'Status',
      'Overdue',
      'Owners',
      'Created',
      'Resolved',
      'Resolved by',
      'Resolution note',
    ];
    const ownersOf = async (id: string) =>
      ((await get(hq.cookie, `/api/actions/${id}`)).json() as { owners: { name: string }[] }).owners
        .map((owner) => owner.name)
        .join(', ');

    test('hq: every action in the list order, with a header row, ISO dates and formulas written as text', async () => {
      const response = await get(hq.cookie, '/api/actions/export.csv?pageSize=1&page=3');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="actions-${todayUtc()}.csv"`);
      const records = csvOf(response.body);
      expect(records[0]).toEqual(header);
      const rows = csvRows(response.body);
      expect(rows.map((row) => row['Action ID'])).toEqual([hF, aF, hL, hG]);
      const resolvedAt = (await t.db.select().from(correctiveActions).where(eq(correctiveActions.id, hG)))[0]
        ?.resolvedAt;
      expect(rows).toEqual([
        {
          'Action ID': hF,
          'Audit ID': homeAudit.id,
          Restaurant: 'Brigade Home',
          'Restaurant ID': home.id,
          Template: 'Kitchen',
          Item: 'Fridge',
          Mark: 'Bad',
          Comment: 'Fridge at 9°C',
          Due: addDays(today, -2),
          Status: 'Open',
          Overdue: 'Yes',
          Owners: await ownersOf(hF),
          Created: '2026-03-04T09:00:00.000Z',
          Resolved: '',
          'Resolved by': '',
          'Resolution note': '',
        },
        expect.objectContaining({ 'Action ID': aF, Restaurant: 'Brigade Away', Owners: await ownersOf(aF) }),
        expect.objectContaining({
          'Action ID': hL,
          Mark: 'Needs improvement',
          // The comment a person typed starts with "=": a spreadsheet shows it as text.
          Comment: `'${HOSTILE_COMMENT}`,
          Due: addDays(today, 5),
          Overdue: 'No',
          Created: '2026-03-01T09:00:00.000Z',
        }),
        expect.objectContaining({
          'Action ID': hG,
          Template: 'Front of House & Bar',
          Status: 'Resolved',
          Overdue: 'No',
          Resolved: resolvedAt?.toISOString(),
          'Resolved by': expect.stringMatching(/^manager /),
          'Resolution note': `'+1 new greeter hired`,
        }),
      ]);
    });

    test("statuses and yes/no are words in the reader's language, as the staff export writes them", async () => {
      const read = async (url: string, language: string) => {
        const response = await t.request(hq.cookie, { method: 'GET', url, headers: { 'accept-language': language } });
        expect(response.statusCode, response.body).toBe(200);
        return csvOf(response.body);
      };
      const [dutchHeader, ...dutch] = await read('/api/actions/export.csv?status=open&overdue=true', 'nl');
      const column = (header: string[] | undefined, name: string) => header?.indexOf(name) ?? -1;
      const dutchRow = dutch[0] ?? [];
      expect([dutchRow[column(dutchHeader, 'Status')], dutchRow[column(dutchHeader, 'Achterstallig')]]).toEqual([
        'Open',
        'Ja',
      ]);
      const [frenchHeader, ...french] = await read('/api/actions/export.csv?status=resolved', 'fr');
      expect(french.length).toBeGreaterThan(0);
      expect(
        new Set(
          french.map((row) => `${row[column(frenchHeader, 'Statut')]} ${row[column(frenchHeader, 'En retard')]}`),
        ),
      ).toEqual(new Set(['Résolue Non']));
      const [auditHeader, ...audits] = await read('/api/audits/export.csv?sort=auditedAt&order=asc', 'fr');
      const statusOf = new Map(audits.map((row) => [row[0], row[column(auditHeader, 'Statut')]]));
      expect([a2, a3, a1, d1, a4].map((id) => statusOf.get(id))).toEqual([
        'Terminé',
        'Terminé',
        'Terminé',
        'Brouillon',
        'Terminé',
      ]);
    });

    test('the same filters, search and sort as the list', async () => {
      const ids = async (url: string) => {
        const response = await get(hq.cookie, url);
        expect(response.statusCode, response.body).toBe(200);
        return csvRows(response.body).map((row) => row['Action ID']);
      };
      expect(await ids('/api/actions/export.csv?status=open&overdue=true')).toEqual([hF]);
      expect(await ids('/api/actions/export.csv?templateName=Front%20of%20House%20%26%20Bar')).toEqual([hG]);
      expect(await ids('/api/actions/export.csv?search=kitchen&sort=createdAt&order=desc')).toEqual([hF, aF, hL]);
      expect(await ids(`/api/actions/export.csv?restaurantId=${away.id}`)).toEqual([aF]);
      expect((await get(hq.cookie, '/api/actions/export.csv?sort=owners')).statusCode).toBe(400);
    });

    test("a manager gets their restaurant's actions only, and must name it; another restaurant is 403", async () => {
      const response = await get(manager.cookie, `/api/actions/export.csv?restaurantId=${home.id}&sort=item`);
      expect(response.statusCode, response.body).toBe(200);
      expect(csvRows(response.body).map((row) => [row['Action ID'], row.Restaurant])).toEqual([
        [hL, 'Brigade Home'],
        [hF, 'Brigade Home'],
        [hG, 'Brigade Home'],
      ]);
      const unnamed = await get(manager.cookie, '/api/actions/export.csv');
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json()).toMatchObject({ message: selectRestaurantMessages.actions });
      expect((await get(manager.cookie, `/api/actions/export.csv?restaurantId=${away.id}`)).statusCode).toBe(403);
      expect((await get(awayManager.cookie, `/api/actions/export.csv?restaurantId=${home.id}`)).statusCode).toBe(403);
    });

    test('more than a batch: every action once, in the list order, with its owners', async () => {
      const crowded = await t.buildRestaurant({ name: 'Brigade Crowded Actions' });
      const count = CSV_BATCH_ROWS + 5;
      // Due days count down as the rows go in: the list (open, soonest due first) reverses them.
      const inserted = await t.db
        .insert(correctiveActions)
        .values(
          Array.from({ length: count }, (_, index) => ({
            restaurantId: crowded.id,
            templateName: 'Bulk',
            itemText: `Bulk item ${index}`,
            dueOn: addDays(today, count - index),
          })),
        )
        .returning({ id: correctiveActions.id });
      const last = inserted.at(-1)?.id ?? '';
      await t.db.insert(correctiveActionOwners).values({ actionId: last, userId: manager.id });
      const response = await get(hq.cookie, `/api/actions/export.csv?restaurantId=${crowded.id}`);
      expect(response.statusCode).toBe(200);
      const rows = csvRows(response.body);
      expect(rows.map((row) => row['Action ID'])).toEqual(inserted.map((row) => row.id).reverse());
      expect(rows[0]).toMatchObject({ 'Action ID': last, Owners: await ownersOf(last) });
      expect(rows[0]?.Owners).not.toBe('');
      await t.db.delete(correctiveActions).where(
        inArray(
          correctiveActions.id,
          inserted.map((row) => row.id),
        ),
      );
    });

    test('staff have no Actions list, so no export (403); signed out is 401', async () => {
      expect((await get(staff.cookie, `/api/actions/export.csv?restaurantId=${home.id}`)).statusCode).toBe(403);
      expect((await get(staff.cookie, `/api/actions?restaurantId=${home.id}`)).statusCode).toBe(403);
      expect((await get(undefined, '/api/actions/export.csv')).statusCode).toBe(401);
    });
  });
});
