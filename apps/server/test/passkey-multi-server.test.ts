/**
 * Issue 36: passkeys with two real server processes on one PostgreSQL database behind one
 * PUBLIC_URL, as a load balancer spreads a person's requests. A ceremony's challenge is
 * kept in the database, so options from one server are answered at the other, and an
 * answer used at one is refused at the other (single use across servers). PostgreSQL
 * only: the embedded database is one process's.
 */

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionCookieOf } from './harness';
import { softwareAuthenticator } from './passkey-authenticator';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import type { ServerProcess } from './server-process';
import { startTwoServers } from './two-servers';

const PASSWORD = 'two-servers-1';
/** The one address people use; both servers answer for it. */
const PUBLIC_URL = 'http://localhost:3000';

describe.skipIf(!onPostgres)('passkeys with two servers on one database', () => {
  let scratch: ScratchDatabase;
  let servers: [ServerProcess, ServerProcess];

  /** A request as the browser at PUBLIC_URL sends it, to one server; its status, JSON and session cookie. */
  async function call(server: ServerProcess, url: string, body: unknown, cookie?: string) {
    const response = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text ? JSON.parse(text) : null,
      cookie: sessionCookieOf(response.headers.getSetCookie()),
    };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_passkeys');
    servers = await startTwoServers({
      DATABASE_URL: scratch.url,
      PUBLIC_URL,
      BETTER_AUTH_SECRET: 'passkey-servers-secret-passkey-servers',
      LOG_LEVEL: 'warn',
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await scratch?.drop();
  });

  test('added through one server, signed in through the other; the same answer again at the other is refused', async () => {
    const [a, b] = servers;
    const setup = await call(a, '/api/setup', { name: 'Head Office', email: 'hq@example.com', password: PASSWORD });
    expect(setup.status, JSON.stringify(setup.json)).toBe(201);
    const { cookie } = await call(b, '/api/auth/sign-in/email', { email: 'hq@example.com', password: PASSWORD });
    expect(cookie).toBeDefined();

    const authenticator = softwareAuthenticator();
    const options = await call(a, '/api/profile/passkeys/options', {}, cookie);
    expect(options.status).toBe(200);
    const added = await call(
      b,
      '/api/profile/passkeys',
      { name: 'Phone', response: authenticator.register(options.json, PUBLIC_URL) },
      cookie,
    );
    expect(added.status, JSON.stringify(added.json)).toBe(201);

    const signInOptions = await call(b, '/api/auth/passkey/sign-in-options', {});
    const answer = authenticator.authenticate(signInOptions.json, PUBLIC_URL);
    const signedIn = await call(a, '/api/auth/passkey/sign-in', { response: answer });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.cookie).toBeDefined();
    const replay = await call(b, '/api/auth/passkey/sign-in', { response: answer });
    expect(replay.status).toBe(401);
    expect(replay.cookie).toBeUndefined();
  });
});
