import http from 'node:http';
import os from 'node:os';
import { messages } from '@brigade/core/messages';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { announcements } from '../src/db/schema/announcements';
import { sessions } from '../src/db/schema/users';
import { AUTH_SECRET, PASSWORD, sessionCookieOf, startTestApp } from './harness';

/**
 * Issue 15, point 10: with PUBLIC_URL unset the demo is opened at http://127.0.0.1:3000,
 * or from a phone at the machine's LAN address, as well as at http://localhost:3000. A
 * request whose Origin is the address it was sent to (its Host) is then same-site, for
 * sign-in, sign-out and every write; any other Origin is still refused. With PUBLIC_URL
 * set, only its origin is ours.
 */

const unset = await startTestApp({ publicUrlSet: false });
const strict = await startTestApp();

type TestApp = typeof unset;
/** Headers of a browser on `origin` talking to the server at that same address, unless `host` says otherwise. */
const from = (origin: string, host = new URL(origin).host) => ({ origin, host });

async function signInFrom(app: TestApp, email: string, headers: Record<string, string>) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: PASSWORD },
    headers,
  });
  return { response, cookie: sessionCookieOf(response.headers['set-cookie']) };
}

function as(app: TestApp, cookie: string | undefined, headers: Record<string, string>, options: InjectOptions) {
  return app.app.inject({ ...options, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

const announcementCount = async (app: TestApp) => (await app.db.select({ n: count() }).from(announcements))[0]?.n;
const post = {
  method: 'POST',
  url: '/api/announcements',
  payload: { title: 'Hello', description: 'From here' },
} as const;

describe('PUBLIC_URL unset: the address a request was sent to is same-site', () => {
  for (const address of [
    'http://127.0.0.1:3000',
    'http://192.168.1.23:3000',
    'http://[::1]:3000',
    'http://brigade.lan',
  ]) {
    test(`${address}: sign-in, a write and sign-out work`, async () => {
      const user = await unset.buildUser('hq');
      const headers = from(address);
      const { response, cookie } = await signInFrom(unset, user.email, headers);
      expect(response.statusCode, response.body).toBe(200);
      // Over http the cookie is neither Secure nor __Secure- prefixed, so the browser keeps it.
      const setCookie = [response.headers['set-cookie']].flat().find((line) => line?.includes('session_token='));
      expect(setCookie).toMatch(/^better-auth\.session_token=/);
      expect(setCookie).not.toMatch(/;\s*Secure/i);
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      expect(setCookie).not.toMatch(/;\s*Domain=/i);

      expect((await as(unset, cookie, headers, post)).statusCode).toBe(201);
      expect((await as(unset, cookie, headers, { method: 'GET', url: '/api/me' })).json().id).toBe(user.id);
      const out = await as(unset, cookie, headers, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
      expect(out.statusCode).toBe(200);
      expect(await unset.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });
  }

  test('the default http://localhost:$PORT stays ours from any address', async () => {
    const user = await unset.buildUser('staff');
    const headers = from('http://localhost:3000', '127.0.0.1:3000');
    const { response, cookie } = await signInFrom(unset, user.email, headers);
    expect(response.statusCode).toBe(200);
    expect((await as(unset, cookie, headers, { method: 'GET', url: '/api/me' })).json().id).toBe(user.id);
  });

  test('another Origin is refused: another site, another of our addresses, another scheme or port', async () => {
    const user = await unset.buildUser('hq');
    const { cookie } = await signInFrom(unset, user.email, from('http://127.0.0.1:3000'));
    const before = await announcementCount(unset);
    const refused: [origin: string, host: string][] = [
      ['https://evil.example', '127.0.0.1:3000'],
      ['http://evil.example', '127.0.0.1:3000'],
      ['null', '127.0.0.1:3000'],
      ['http://192.168.1.23:3000', '127.0.0.1:3000'],
      ['https://127.0.0.1:3000', '127.0.0.1:3000'],
      ['http://127.0.0.1:3001', '127.0.0.1:3000'],
      ['http://127.0.0.1', '127.0.0.1:3000'],
      // A Host that is not a plain host[:port] names no origin.
      ['http://127.0.0.1:3000', 'evil.example@127.0.0.1:3000'],
      ['http://evil.example', 'evil.example/x'],
    ];
    for (const [origin, host] of refused) {
      const headers = { origin, host };
      const signIn = await signInFrom(unset, user.email, headers);
      expect(signIn.response.statusCode, `sign-in from ${origin} to ${host}`).toBe(403);
      expect(signIn.cookie).toBeUndefined();
      const write = await as(unset, cookie, headers, post);
      expect(write.statusCode, `write from ${origin} to ${host}`).toBe(403);
      expect(write.json()).toEqual({ message: messages.crossSiteRequest });
      const out = await as(unset, cookie, headers, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
      expect(out.statusCode, `sign-out from ${origin} to ${host}`).toBe(403);
    }
    expect(await announcementCount(unset)).toBe(before);
    expect((await as(unset, cookie, from('http://127.0.0.1:3000'), { method: 'GET', url: '/api/me' })).statusCode).toBe(
      200,
    );
  });

  test('X-Forwarded-Host and -Proto count only behind a trusted proxy', async () => {
    const user = await unset.buildUser('hq');
    const forwarded = {
      origin: 'https://brigade.lan:8443',
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'brigade.lan:8443',
      'x-forwarded-proto': 'https',
    };
    const direct = await signInFrom(unset, user.email, forwarded);
    expect(direct.response.statusCode).toBe(403);
    expect(direct.cookie).toBeUndefined();

    const proxied = await buildApp({
      database: unset.database,
      publicUrl: 'http://localhost:3000',
      publicUrlSet: false,
      trustProxy: ['127.0.0.1'],
      authSecret: AUTH_SECRET,
      signInRateLimit: 1000,
      sessionDays: 7,
      webRoot: null,
      dataDir: unset.dataDir,
    });
    try {
      const behindProxy = { ...unset, app: proxied } as TestApp;
      const proxiedSignIn = await signInFrom(behindProxy, user.email, forwarded);
      expect(proxiedSignIn.response.statusCode).toBe(200);
      expect(proxiedSignIn.cookie).toBeDefined();
      const spoofed = await signInFrom(behindProxy, user.email, { ...forwarded, origin: 'https://evil.example' });
      expect(spoofed.response.statusCode).toBe(403);
      expect(spoofed.cookie).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('PUBLIC_URL set: only its origin is ours', () => {
  test('sign-in and writes from http://127.0.0.1:3000 are refused although it is the Host', async () => {
    const user = await strict.buildUser('hq');
    const headers = from('http://127.0.0.1:3000');
    const signIn = await signInFrom(strict, user.email, headers);
    expect(signIn.response.statusCode).toBe(403);
    expect(signIn.cookie).toBeUndefined();
    const { cookie } = await signInFrom(strict, user.email, from('http://localhost:3000', '127.0.0.1:3000'));
    expect(cookie).toBeDefined();
    const before = await announcementCount(strict);
    expect((await as(strict, cookie, headers, post)).statusCode).toBe(403);
    expect(
      (await as(strict, cookie, headers, { method: 'POST', url: '/api/auth/sign-out', payload: {} })).statusCode,
    ).toBe(403);
    expect(await announcementCount(strict)).toBe(before);
    expect((await as(strict, cookie, headers, { method: 'GET', url: '/api/me' })).json().id).toBe(user.id);
    expect((await as(strict, cookie, from('http://localhost:3000'), post)).statusCode).toBe(201);
    expect(await announcementCount(strict)).toBe(Number(before) + 1);
  });
});

describe('a real server on every interface, PUBLIC_URL unset', async () => {
  const server = await buildApp({
    database: unset.database,
    publicUrl: 'http://localhost:3000',
    publicUrlSet: false,
    authSecret: AUTH_SECRET,
    signInRateLimit: 1000,
    sessionDays: 7,
    webRoot: null,
    dataDir: unset.dataDir,
  });
  await server.listen({ host: '0.0.0.0', port: 0 });
  afterAll(() => server.close());
  const port = (server.server.address() as { port: number }).port;
  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  /** One HTTP request over a real socket, as a browser on that page would send it. */
  function fetchOver(base: string, method: string, path: string, cookie?: string, body?: unknown, origin = base) {
    return new Promise<{ status: number; cookie?: string; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${base}${path}`,
        {
          method,
          headers: {
            origin,
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              cookie: sessionCookieOf(response.headers['set-cookie']),
              body: text,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  async function signInWorksAt(base: string) {
    const user = await unset.buildUser('hq');
    const signIn = await fetchOver(base, 'POST', '/api/auth/sign-in/email', undefined, {
      email: user.email,
      password: PASSWORD,
    });
    expect(signIn.status, signIn.body).toBe(200);
    expect(signIn.cookie).toBeDefined();
    expect(JSON.parse((await fetchOver(base, 'GET', '/api/me', signIn.cookie)).body).id).toBe(user.id);
    const write = await fetchOver(base, 'POST', '/api/announcements', signIn.cookie, { title: 'Hi', description: 'x' });
    expect(write.status, write.body).toBe(201);
    const forged = await fetchOver(
      base,
      'POST',
      '/api/announcements',
      signIn.cookie,
      { title: 'x', description: 'x' },
      'http://evil.example',
    );
    expect(forged.status).toBe(403);
    expect((await fetchOver(base, 'POST', '/api/auth/sign-out', signIn.cookie, {})).status).toBe(200);
    expect((await fetchOver(base, 'GET', '/api/me', signIn.cookie)).status).toBe(401);
  }

  test('signs in, writes and signs out over http://127.0.0.1', async () => {
    await signInWorksAt(`http://127.0.0.1:${port}`);
  });

  test.skipIf(!lanAddress)(
    `signs in, writes and signs out over the machine's LAN address (${lanAddress ?? 'none: skipped'})`,
    async () => {
      await signInWorksAt(`http://${lanAddress}:${port}`);
    },
  );
});
