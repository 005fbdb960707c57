/**
 * Issue 37: two real server processes on one PostgreSQL database, as a chain runs Brigade
 * behind a load balancer. A token revoked at server B is refused at server A on its very
 * next call (no server caches tokens), and the per-token rate limit counts the calls made
 * at both servers together (one row in `rate_limits`). PostgreSQL only: the embedded
 * database is one process's.
 */

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { callServer, setUpTwinChain, startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
const RATE_LIMIT = 6;

describe.skipIf(!onPostgres)('API tokens on two servers', () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];
  let hqCookie: string;

  /** A call with the token only, as a script sends it (no cookie, no Origin). */
  async function withToken(server: ServerProcess, token: string, url: string) {
    const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response;
  }

  async function makeToken(server: ServerProcess, name: string): Promise<{ id: string; token: string }> {
    const made = await callServer(server, 'POST', '/api/api-tokens', hqCookie, {
      name,
      scopes: ['restaurants:read'],
      expiresInDays: 30,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    return made.json;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_api_tokens');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'token-servers-secret-token-servers-secret-0123',
      API_TOKEN_RATE_LIMIT: String(RATE_LIMIT),
      LOG_LEVEL: 'warn',
    });
    ({ hqCookie } = await setUpTwinChain(servers[0], PASSWORD));
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await scratch?.drop();
  });

  test('a token revoked at B is refused at A at once', async () => {
    const [a, b] = servers;
    const { id, token } = await makeToken(a, 'Warehouse');
    expect((await withToken(a, token, '/api/restaurants')).status).toBe(200);
    expect((await withToken(b, token, '/api/restaurants')).status).toBe(200);
    const revoked = await callServer(b, 'POST', `/api/api-tokens/${id}/revoke`, hqCookie, {});
    expect(revoked.status, JSON.stringify(revoked.json)).toBe(200);
    expect((await withToken(a, token, '/api/restaurants')).status).toBe(401);
    expect((await withToken(b, token, '/api/restaurants')).status).toBe(401);
  });

  test(`the rate limit counts the calls at both servers: ${RATE_LIMIT} in a minute, then 429 at either`, async () => {
    const [a, b] = servers;
    const { token } = await makeToken(b, 'Dashboard');
    for (let call = 0; call < RATE_LIMIT; call += 1) {
      const response = await withToken(call % 2 === 0 ? a : b, token, '/api/restaurants');
      expect(response.status, `call ${call + 1}`).toBe(200);
    }
    for (const server of [a, b]) {
      const refused = await withToken(server, token, '/api/restaurants');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });
});
