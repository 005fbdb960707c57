import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { CSV_BATCH_ROWS, type CsvColumn, rowsInOrder, sendCsv } from './send-csv';

interface Row {
  name: string;
  score: number;
  at: Date;
  active: boolean;
  note: string | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Score', cell: (row) => row.score },
  { header: 'Date', cell: (row) => row.at },
  { header: 'Overdue', cell: (row) => row.active },
  { header: 'Comment', cell: (row) => row.note },
];

async function exported(rows: AsyncIterable<Row>) {
  const app = Fastify();
  app.get('/export', (_request, reply) => sendCsv(reply, { fileName: 'rows-2026-11-27.csv', columns, rows }));
  const response = await app.inject('/export');
  await app.close();
  return response;
}

async function* listOf(rows: Row[]) {
  yield* rows;
}

const at = new Date('2026-11-27T08:30:00.000Z');

describe('CSV export', () => {
  test('a header row, ISO dates, quoting, a byte-order mark and the download headers', async () => {
    const response = await exported(
      listOf([
        { name: 'Anna "Kassa" de Vries, Zuid', score: 92.5, at, active: true, note: null },
        { name: 'Élodie Müller', score: -3, at, active: false, note: 'line one\nline two' },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rows-2026-11-27.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(parse(response.body, { bom: true })).toEqual([
      ['Name', 'Score', 'Date', 'Overdue', 'Comment'],
      // Yes and no as words, as a reader of the sheet says them (English without a language asked).
      ['Anna "Kassa" de Vries, Zuid', '92.5', '2026-11-27T08:30:00.000Z', 'Yes', ''],
      ['Élodie Müller', '-3', '2026-11-27T08:30:00.000Z', 'No', 'line one\nline two'],
    ]);
  });

  test('a cell a spreadsheet would run as a formula is written as text; a negative number stays a number', async () => {
    const hostile = ['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tTAB', 'safe=1'];
    const response = await exported(listOf(hostile.map((name) => ({ name, score: -1, at, active: true, note: null }))));
    const names = parse(response.body, { bom: true })
      .slice(1)
      .map((record: string[]) => [record[0], record[1]]);
    expect(names).toEqual([
      [`'=HYPERLINK("http://evil.test","x")`, '-1'],
      [`'+1+1`, '-1'],
      [`'-2+3`, '-1'],
      [`'@SUM(A1:A2)`, '-1'],
      [`'\tTAB`, '-1'],
      ['safe=1', '-1'],
    ]);
  });

  test("a list's rows come in its ids' order, read one batch of ids at a time, without those deleted meanwhile", async () => {
    const total = CSV_BATCH_ROWS * 2 + 7;
    // The list's order is the reverse of the order rows are found in; the 5th is gone.
    const ids = Array.from({ length: total }, (_, index) => ({ id: `p${total - index}` }));
    const asked: number[] = [];
    const rows = rowsInOrder(Promise.resolve(ids), async (batch) => {
      asked.push(batch.length);
      return [...batch]
        .sort()
        .filter((id) => id !== ids[4]?.id)
        .map((id) => ({ id, name: `Person ${id}`, score: 0, at, active: true, note: null }));
    });
    const records = parse((await exported(rows)).body, { bom: true }) as string[][];
    expect(records.slice(1).map((record) => record[0])).toEqual(
      ids.filter((_, index) => index !== 4).map(({ id }) => `Person ${id}`),
    );
    expect(asked).toEqual([CSV_BATCH_ROWS, CSV_BATCH_ROWS, 7]);
  });
});
