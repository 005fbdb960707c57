/**
 * Two `npm run bench:api` results side by side, as the README's before → after table:
 *
 *   node --import tsx bench/compare.ts <before.json> <after.json>
 *
 * Rows are matched by endpoint and role; a row only one run has shows "—" for the other.
 */
import fs from 'node:fs';

interface Endpoint {
  endpoint: string;
  role: string;
  roundTrips: number;
  load: { requestsPerSecond: number; p50: number; p95: number };
  ceiling: { requestsPerSecond: number } | null;
  limit?: number | null;
  bodyBytes?: number;
}

interface Results {
  driver: string;
  limit?: number;
  ceilings?: Record<string, number> | null;
  endpoints: Endpoint[];
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error('usage: bench/compare.ts <before.json> <after.json>');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Results;
const before = read(beforeFile);
const after = read(afterFile);

const key = (row: Endpoint) => `${row.endpoint} (${row.role})`;
const byKey = (results: Results) => new Map(results.endpoints.map((row) => [key(row), row]));
const beforeRows = byKey(before);
const afterRows = byKey(after);

const number = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));
const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(1));
const share = (row: Endpoint | undefined) =>
  row?.ceiling ? `${((row.load.requestsPerSecond / row.ceiling.requestsPerSecond) * 100).toFixed(0)}%` : '—';
const kb = (row: Endpoint | undefined) => (row?.bodyBytes === undefined ? '—' : (row.bodyBytes / 1000).toFixed(1));

console.log(`| endpoint | req/s | p50 ms | p95 ms | SQL round trips | req/s ÷ ceiling | JSON kB |`);
console.log('|---|---|---|---|---|---|---|');
for (const name of new Set([...beforeRows.keys(), ...afterRows.keys()])) {
  const was = beforeRows.get(name);
  const is = afterRows.get(name);
  console.log(
    `| ${name} | ${number(was?.load.requestsPerSecond)} → ${number(is?.load.requestsPerSecond)} | ${ms(was?.load.p50)} → ${ms(is?.load.p50)} | ${ms(was?.load.p95)} → ${ms(is?.load.p95)} | ${was?.roundTrips ?? '—'} → ${is?.roundTrips ?? '—'} | ${share(was)} → ${share(is)} | ${kb(was)} → ${kb(is)} |`,
  );
}
// Older results only have each row's ceiling.
const ceilingsOf = (results: Results) =>
  results.ceilings ??
  Object.fromEntries(
    results.endpoints.flatMap((row) => (row.ceiling ? [[row.role, row.ceiling.requestsPerSecond]] : [])),
  );
const ceilings = (results: Results) =>
  Object.entries(ceilingsOf(results))
    .map(([role, value]) => `${role} ${value.toFixed(0)}`)
    .join(', ') || '—';
console.log(`\nlimit: ${number(before.limit)} → ${number(after.limit)} req/s`);
console.log(`ceiling: ${ceilings(before)} → ${ceilings(after)} req/s`);
