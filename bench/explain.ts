import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { BENCH_PASSWORD, BENCH_PUBLIC_URL, buildBenchApp } from './bench-app';
import { BENCH_PEOPLE } from './seed-chain';

const [url, role, requestPath] = process.argv.slice(2) as [string, keyof typeof BENCH_PEOPLE, string];
const captured: { query: string; params: unknown[] }[] = [];
let capturing = false;
const database = await openDatabase(
  { kind: 'postgres', url },
  { onQuery: (query, params) => capturing && captured.push({ query, params }) },
);
// A kept database may predate the newest migrations.
await database.migrate();
const app = await buildBenchApp(database);
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { origin: BENCH_PUBLIC_URL },
  payload: { email: BENCH_PEOPLE[role], password: BENCH_PASSWORD },
});
const cookie = String(signIn.headers['set-cookie']).split(';')[0];
capturing = true;
const response = await app.inject({ method: 'GET', url: requestPath, headers: { cookie } });
capturing = false;
console.log(response.statusCode, response.body.slice(0, 200));
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const { query, params } of captured) {
  const plan = await client.query(`explain (analyze, buffers) ${query}`, params);
  console.log(`\n${query}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
}
await client.end();
await app.close();
await database.close();
