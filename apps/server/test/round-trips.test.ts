import type { Role } from '@brigade/core/roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { announcements } from '../src/db/schema/announcements';
import { audits } from '../src/db/schema/audits';
import { restaurants } from '../src/db/schema/restaurants';
import { DEMO_PASSWORD } from '../src/demo/demo-chain';
import { loadDemoChainIfEmpty } from '../src/demo/load-demo';
import { LocalStorage } from '../src/storage/local-storage';
import { startTestApp } from './harness';
import { listedEndpoints, MAX_ROUND_TRIPS, MAX_SIGN_IN_ROUND_TRIPS } from './listed-endpoints';

/**
 * Issue 10's bound on SQL round trips per request, on the demo chain. Statements are
 * counted where Drizzle sends them, so Better Auth's session lookup counts too.
 */
let statements: string[] = [];
const t = await startTestApp({ onQuery: (query) => statements.push(query) });
await loadDemoChainIfEmpty(t.db, t.app.auth, new LocalStorage(t.dataDir));

const [amsterdam] = await t.db
  .select({ id: restaurants.id, name: restaurants.name })
  .from(restaurants)
  .where(eq(restaurants.name, 'Brigade Amsterdam Centraal'));
const [audit] = await t.db
  .select({ id: audits.id })
  .from(audits)
  .where(and(eq(audits.restaurantId, amsterdam?.id ?? ''), eq(audits.status, 'completed')))
  .limit(1);
const [announcement] = await t.db
  .select({ id: announcements.id })
  .from(announcements)
  .where(eq(announcements.requiresAck, true))
  .limit(1);
if (!amsterdam || !audit || !announcement) throw new Error('demo chain not loaded');

const cookies = {} as Record<Role, string>;
for (const role of ['hq', 'manager', 'staff'] as const) {
  const { cookie, response } = await t.signIn(`${role}@example.com`, DEMO_PASSWORD);
  if (!cookie) throw new Error(`${role} could not sign in: ${response.body}`);
  cookies[role] = cookie;
}

/** The statements one request sent; a failure lists them. */
async function statementsOf(send: () => Promise<{ statusCode: number }>) {
  statements = [];
  const response = await send();
  expect(response.statusCode).toBeLessThan(300);
  return statements;
}

describe(`at most ${MAX_ROUND_TRIPS} SQL round trips per request`, () => {
  // Sign-in also counts the attempt per address and per account in the database (issue
  // 15: every server counts the same attempts), one statement each.
  test(`sign-in: at most ${MAX_SIGN_IN_ROUND_TRIPS}`, async () => {
    const sent = await statementsOf(async () => (await t.signIn('staff@example.com', DEMO_PASSWORD)).response);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MAX_SIGN_IN_ROUND_TRIPS);
  });

  const endpoints = listedEndpoints({
    restaurantId: amsterdam.id,
    restaurantSearch: 'Amsterdam',
    auditId: audit.id,
    announcementId: announcement.id,
  });
  test.each(endpoints)('$name', async ({ role, path }) => {
    const sent = await statementsOf(() => t.request(cookies[role], { method: 'GET', url: path }));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });
});

describe('an API token request (issue 37)', () => {
  test("costs a cookie request's statements and one more (the rate limit); its last use is written once a minute", async () => {
    const made = await t.request(cookies.hq, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Round trips', scopes: ['restaurants:read'], expiresInDays: 30 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const withToken = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/restaurants',
        headers: { authorization: `Bearer ${made.json().token}` },
      });
    const byCookie = await statementsOf(() => t.request(cookies.hq, { method: 'GET', url: '/api/restaurants' }));
    const first = await statementsOf(withToken);
    const next = await statementsOf(withToken);
    expect(first.length, first.join('\n')).toBe(byCookie.length + 2);
    expect(next.length, next.join('\n')).toBe(byCookie.length + 1);
  });
});
