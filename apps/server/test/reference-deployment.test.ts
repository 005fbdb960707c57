/**
 * Issue 35, point 3: deploy/compose.yaml's topology without containers. Two real server
 * processes on one PostgreSQL database, the fake S3 bucket in MinIO's place, the SMTP sink
 * in Mailpit's, behind Debian's caddy running deploy/Caddyfile itself (HTTPS with its local
 * authority, round robin), all given the settings compose gives its containers; a second
 * part reads compose.yaml and checks that the two set the same variables.
 *
 * PostgreSQL: TEST_DATABASE_URL, else the local server CI runs (postgres@127.0.0.1:5432),
 * on either API leg; skipped only when none answers. Caddy must be installed
 * (`apt-get install caddy`, as .ci/run does).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import webPush from 'web-push';
import { parse as parseYaml } from 'yaml';
import { ACCOUNT_SIGN_IN_LIMIT } from '../src/auth/account-sign-in-limit';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { insertChecklist, insertRun, minutesFromNow, photoChecklistContent } from './checklist-run-fixtures';
import { type FakeS3, startFakeS3 } from './fakes/s3-server';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { sessionCookieOf } from './harness';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { freePort, ServerProcess } from './server-process';

const root = path.resolve(import.meta.dirname, '../../..');
const CADDYFILE = path.join(root, 'deploy/Caddyfile');
const COMPOSE_FILE = path.join(root, 'deploy/compose.yaml');

const PASSWORD = 'reference-deployment-1';
const METRICS_TOKEN = 'reference-metrics-token-0123456789abcdef';
/** Where the test's browser connects from, and an attacker's address: loopback, but not the proxy's. */
const RESTAURANT = '127.0.0.3';
const ATTACKER = '127.0.0.2';
/** A 1×1 PNG: the photo a phone took. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Twin {
  httpsPort: number;
  databaseUrl: string;
  s3: { url: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  smtpUrl: string;
  vapid: { publicKey: string; privateKey: string };
}

/**
 * What the twin's servers are given, variable for variable what compose.yaml's
 * `x-brigade-environment` gives its containers (the second describe checks it): Caddy
 * connects to them from 127.0.0.1 here, from 172.28.0.10 there.
 */
function brigadeEnvironment(twin: Twin): Record<string, string> {
  return {
    DATABASE_URL: twin.databaseUrl,
    BETTER_AUTH_SECRET: 'reference-deployment-secret-reference-deployment',
    PUBLIC_URL: `https://localhost:${twin.httpsPort}`,
    TRUST_PROXY: '127.0.0.1',
    S3_ENDPOINT: twin.s3.url,
    S3_PUBLIC_ENDPOINT: `https://s3.localhost:${twin.httpsPort}`,
    S3_BUCKET: twin.s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: twin.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: twin.s3.secretAccessKey,
    SMTP_URL: twin.smtpUrl,
    MAIL_FROM: 'Brigade <brigade@localhost>',
    VAPID_PUBLIC_KEY: twin.vapid.publicKey,
    VAPID_PRIVATE_KEY: twin.vapid.privateKey,
    METRICS_TOKEN,
  };
}

/** What deploy/Caddyfile's `{$NAME}` placeholders are given in the twin (compose sets the ports, the rest are defaults there). */
function caddyEnvironment(ports: { http: number; https: number; admin: number }, upstreams: string[], s3: string) {
  return {
    CADDY_ADMIN: `127.0.0.1:${ports.admin}`,
    CADDY_HTTP_PORT: String(ports.http),
    CADDY_HTTPS_PORT: String(ports.https),
    BRIGADE_UPSTREAM_1: upstreams[0] ?? '',
    BRIGADE_UPSTREAM_2: upstreams[1] ?? '',
    S3_UPSTREAM: s3,
  };
}

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
// Like the other multi-server tests, on the PostgreSQL leg only: the twin is the same there
// on either leg, and two server starts behind Caddy cost CI a minute or more each time.
const onPostgres = process.env.BRIGADE_TEST_DRIVER === 'postgres' && !!adminUrl;

/** Debian's caddy, or a clear failure: CI installs it (.ci/run). */
function caddyBinary(): string {
  const found = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error('caddy is not installed: `apt-get install -y caddy` (Debian), as .ci/run does');
  }
  return 'caddy';
}

/** `caddy run` on deploy/Caddyfile with its state in a temporary directory; its output kept. */
class CaddyProcess {
  readonly home = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-caddy-'));
  readonly child: ChildProcess;
  private text = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(caddyBinary(), ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      cwd: this.home,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: this.home,
        XDG_DATA_HOME: path.join(this.home, 'data'),
        XDG_CONFIG_HOME: path.join(this.home, 'config'),
        ...env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.text += chunk.toString();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
  }

  /** The root certificate of Caddy's local authority (`tls internal`), made at its first start. */
  rootCertificate(): Buffer | undefined {
    const file = path.join(this.home, 'data/caddy/pki/authorities/local/root.crt');
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  }

  output() {
    return this.text;
  }

  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.on('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

interface ProxyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route answers
  json: any;
  requestId: string;
}

describe.skipIf(!onPostgres)('the reference deployment without containers: two servers behind Caddy', () => {
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let s3: FakeS3;
  let sink: SmtpSink;
  let caddy: CaddyProcess;
  let servers: [ServerProcess, ServerProcess];
  let httpsPort = 0;
  let httpPort = 0;
  let publicUrl = '';
  let hqCookie = '';
  let restaurantId = '';

  /**
   * One HTTPS request to Caddy as a browser at `from` sends it: to 127.0.0.1 with the
   * site's name (SNI and Host), trusting only Caddy's local authority.
   */
  function viaCaddy(
    method: string,
    url: string,
    options: {
      site?: string;
      cookie?: string;
      body?: Buffer | object;
      contentType?: string;
      from?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ProxyAnswer> {
    const site = options.site ?? 'localhost';
    const json = options.body !== undefined && !Buffer.isBuffer(options.body);
    const payload = json ? Buffer.from(JSON.stringify(options.body)) : (options.body as Buffer | undefined);
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: site,
          localAddress: options.from ?? RESTAURANT,
          ca: caddy.rootCertificate(),
          agent: false,
          method,
          path: url,
          headers: {
            host: `${site}:${httpsPort}`,
            origin: publicUrl,
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...(json ? { 'content-type': 'application/json' } : {}),
            ...(options.contentType ? { 'content-type': options.contentType } : {}),
            ...(payload ? { 'content-length': String(payload.length) } : {}),
            ...options.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const isJson = String(response.headers['content-type']).startsWith('application/json');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              json: isJson && body.length ? JSON.parse(body.toString()) : null,
              requestId: String(response.headers['x-request-id'] ?? ''),
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  async function signIn(email: string, password: string, from = RESTAURANT) {
    const answer = await viaCaddy('POST', '/api/auth/sign-in/email', { body: { email, password }, from });
    const setCookie = answer.headers['set-cookie'];
    return { ...answer, cookie: sessionCookieOf(setCookie) };
  }

  /** Which server (0 or 1) logged the request: its log lines carry the id Caddy gave it. */
  async function servedBy(requestId: string): Promise<number> {
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    for (let tries = 0; tries < 50; tries++) {
      const found = servers.findIndex((server) => server.output().includes(`"reqId":"${requestId}"`));
      if (found !== -1) return found;
      await sleep(100);
    }
    throw new Error(`no server logged request ${requestId}`);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl, 'brigade_reference');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    s3 = await startFakeS3({
      bucket: 'brigade',
      accessKeyId: 'AKIAREFERENCE',
      secretAccessKey: 'reference-secret-0123456789',
    });
    sink = await startSmtpSink({ closeTimeout: 1000 });
    httpsPort = await freePort();
    httpPort = await freePort();
    publicUrl = `https://localhost:${httpsPort}`;
    const env = brigadeEnvironment({
      httpsPort,
      databaseUrl: scratch.url,
      s3: {
        url: s3.url,
        bucket: s3.bucket,
        accessKeyId: 'AKIAREFERENCE',
        secretAccessKey: 'reference-secret-0123456789',
      },
      smtpUrl: sink.url,
      vapid: webPush.generateVAPIDKeys(),
    });
    // Two servers on one machine with Caddy and the fakes: on a busy 2-core machine their
    // first start (TypeScript from source) can take longer than ServerProcess's default wait.
    servers = [new ServerProcess(await freePort(), env), new ServerProcess(await freePort(), env)];
    await Promise.all(servers.map((server) => server.ready(240_000)));
    caddy = new CaddyProcess(
      caddyEnvironment(
        { http: httpPort, https: httpsPort, admin: await freePort() },
        servers.map((server) => `127.0.0.1:${server.port}`),
        new URL(s3.url).host,
      ),
    );
    // Ready once its local authority has signed localhost's certificate and both servers answer through it.
    for (let tries = 0; ; tries++) {
      const live = caddy.rootCertificate()
        ? await viaCaddy('GET', '/api/health/ready').catch(() => undefined)
        : undefined;
      if (live?.status === 200) break;
      if (tries === 150) throw new Error(`caddy did not answer over HTTPS:\n${caddy.output()}`);
      await sleep(200);
    }

    const setup = await viaCaddy('POST', '/api/setup', {
      body: { name: 'Head Office', email: 'hq@example.com', password: PASSWORD },
    });
    expect(setup.status, setup.body.toString()).toBe(201);
    const hq = await signIn('hq@example.com', PASSWORD);
    expect(hq.status, hq.body.toString()).toBe(200);
    hqCookie = hq.cookie ?? '';
    const restaurant = await viaCaddy('POST', '/api/restaurants', {
      cookie: hqCookie,
      body: { name: 'Brigade Reference', city: 'Utrecht', country: 'Netherlands', address: 'Oudegracht 3' },
    });
    expect(restaurant.status, restaurant.body.toString()).toBe(201);
    restaurantId = restaurant.json.id;
  }, 420_000);

  afterAll(async () => {
    await caddy?.stop();
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await database?.close();
    await sink?.close();
    await s3?.close();
    await scratch?.drop();
  });

  test('sign-in over HTTPS through Caddy gives a Secure session cookie, and requests reach both servers', async () => {
    const hq = await signIn('hq@example.com', PASSWORD);
    expect(hq.status).toBe(200);
    expect(hq.cookie).toMatch(/^__Secure-better-auth\.session_token=/);

    // Round robin alternates; a server its health check just missed (a busy machine) is
    // skipped for a few seconds, so ask until both have answered.
    const served = new Set<number>();
    for (let tries = 0; tries < 30 && served.size < 2; tries++) {
      // A request id the client makes up is replaced by Caddy's own.
      const answer = await viaCaddy('GET', '/api/restaurants', {
        cookie: hq.cookie,
        headers: { 'x-request-id': 'chosen-by-client' },
      });
      expect(answer.status).toBe(200);
      expect(answer.requestId).not.toBe('chosen-by-client');
      served.add(await servedBy(answer.requestId));
      if (served.size < 2) await sleep(250);
    }
    expect(served).toEqual(new Set([0, 1]));
  });

  test("metrics are each server's own, read from the server with the token, never through Caddy", async () => {
    /** The server's count of answered GET /api/restaurants (200). */
    const restaurantReads = async (server: ServerProcess, authorization = `Bearer ${METRICS_TOKEN}`) => {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization } });
      const text = await response.text();
      if (response.status !== 200) return response.status;
      const line = text
        .split('\n')
        .find(
          (candidate) =>
            candidate.startsWith('brigade_http_request_duration_seconds_count{') &&
            ['method="GET"', 'route="/api/restaurants"', 'status_code="200"'].every((label) =>
              candidate.includes(label),
            ),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await Promise.all(servers.map((server) => restaurantReads(server)));
    for (let n = 0; n < 6; n++) {
      expect((await viaCaddy('GET', '/api/restaurants', { cookie: hqCookie })).status).toBe(200);
    }
    const after = await Promise.all(servers.map((server) => restaurantReads(server)));
    expect(Number(after[0]) - Number(before[0]) + (Number(after[1]) - Number(before[1]))).toBe(6);

    expect((await viaCaddy('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(
      404,
    );
    expect(await restaurantReads(servers[0], 'Bearer wrong-token-wrong-token-wrong-token')).toBe(401);
  });

  test('plain HTTP is sent to the HTTPS address', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request(
          { host: '127.0.0.1', port: httpPort, path: '/sign-in', headers: { host: `localhost:${httpPort}` } },
          resolve,
        )
        .on('error', reject)
        .end();
    });
    answer.resume();
    expect(answer.statusCode).toBe(308);
    expect(answer.headers.location).toBe(`${publicUrl}/sign-in`);
  });

  test('a photo uploaded through one server is read through the other, from the bucket through Caddy', async () => {
    const checklist = await insertChecklist(database.db, {
      name: 'Reference closing check',
      restaurantId,
      windows: [],
      content: photoChecklistContent(),
    });
    const runId = await insertRun(database.db, checklist, restaurantId, {
      opensAt: minutesFromNow(-10),
      windowId: null,
    });

    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'shelf.png');
    const multipart = new Response(form);
    const uploaded = await viaCaddy('POST', `/api/checklist-runs/${runId}/items/shelf/photos`, {
      cookie: hqCookie,
      body: Buffer.from(await multipart.arrayBuffer()),
      contentType: multipart.headers.get('content-type') ?? '',
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const uploadedBy = await servedBy(uploaded.requestId);

    // Round robin: within a few requests the other server answers.
    let read: ProxyAnswer | undefined;
    for (let tries = 0; tries < 30 && !read; tries++) {
      const answer = await viaCaddy('GET', uploaded.json.thumbUrl, { cookie: hqCookie });
      if ((await servedBy(answer.requestId)) !== uploadedBy) read = answer;
      else await sleep(250);
    }
    expect(read?.status).toBe(302);
    const link = new URL(String(read?.headers.location));
    expect(link.origin).toBe(`https://s3.localhost:${httpsPort}`);

    // The browser follows the short-lived link to the bucket's own name on Caddy.
    const photo = await viaCaddy('GET', `${link.pathname}${link.search}`, { site: 's3.localhost' });
    expect(photo.status, photo.body.toString()).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect([...photo.body.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  test('a password-reset email arrives with a link to the public address, and the link works', async () => {
    const made = await viaCaddy('POST', '/api/users', {
      cookie: hqCookie,
      body: {
        name: 'Reset Manager',
        email: 'reset@example.com',
        password: PASSWORD,
        role: 'manager',
        selectedRestaurants: [restaurantId],
      },
    });
    expect(made.status, made.body.toString()).toBeLessThan(300);

    const asked = await viaCaddy('POST', '/api/auth/request-password-reset', { body: { email: 'reset@example.com' } });
    expect(asked.status, asked.body.toString()).toBe(200);
    const mail = await sink.waitFor((received) => received.to.includes('reset@example.com'), 30_000);
    const link = new RegExp(`${publicUrl}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();

    const reset = await viaCaddy('POST', '/api/auth/reset-password', {
      body: { token: link?.[1], newPassword: 'reference-new-password-2' },
    });
    expect(reset.status, reset.body.toString()).toBe(200);
    expect((await signIn('reset@example.com', 'reference-new-password-2')).status).toBe(200);
  });

  test('sign-in limits see the address the client connected to Caddy from, not the proxy nor a forged X-Forwarded-For', async () => {
    const { maxFailures } = ACCOUNT_SIGN_IN_LIMIT.perAddress;
    const made = await viaCaddy('POST', '/api/users', {
      cookie: hqCookie,
      body: {
        name: 'Limited Staff',
        email: 'limited@example.com',
        password: PASSWORD,
        role: 'staff',
        selectedRestaurants: [restaurantId],
      },
    });
    expect(made.status, made.body.toString()).toBeLessThan(300);

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= maxFailures + 2; attempt++) {
      // A fresh forged address each time: Caddy replaces it with the one it saw.
      const guess = await viaCaddy('POST', '/api/auth/sign-in/email', {
        from: ATTACKER,
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        body: { email: 'limited@example.com', password: `guess-${attempt}` },
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([...Array(maxFailures).fill(401), 429, 429]);

    // The person, behind the same proxy at the restaurant's address, is not locked out.
    expect((await signIn('limited@example.com', PASSWORD, RESTAURANT)).status).toBe(200);

    const { rows } = (await database.db.execute(
      sql`select address, failures from sign_in_address_attempts where email = 'limited@example.com' order by address`,
    )) as unknown as { rows: { address: string; failures: number }[] };
    expect(rows).toEqual([
      { address: ATTACKER, failures: maxFailures },
      { address: RESTAURANT, failures: 0 },
    ]);
  });
});

/** compose.yaml's `${NAME:-default}` as compose fills it with nothing set; `${NAME:?…}` (required) as `<NAME>`. */
function withComposeDefaults(value: unknown): string {
  return String(value)
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback)
    .replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => `<${name}>`)
    .replace(/\$\$/g, '$');
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
}

describe('the twin starts what deploy/compose.yaml starts', () => {
  const compose = parseYaml(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;
  const environmentOf = (service: ComposeService | undefined) =>
    Object.fromEntries(
      Object.entries(service?.environment ?? {}).map(([name, value]) => [name, withComposeDefaults(value)]),
    );
  const brigadeServices = Object.entries(services).filter(([, service]) => service.build !== undefined);
  const composeBrigade = environmentOf(brigadeServices[0]?.[1]);
  const composeCaddy = environmentOf(services.caddy);
  const composeHttpsPort = Number(composeCaddy.CADDY_HTTPS_PORT);

  const twinHttpsPort = 8443;
  const twin = brigadeEnvironment({
    httpsPort: twinHttpsPort,
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/brigade_reference',
    s3: { url: 'http://127.0.0.1:9000', bucket: 'brigade', accessKeyId: 'key', secretAccessKey: 'secret' },
    smtpUrl: 'smtp://127.0.0.1:1025',
    vapid: { publicKey: 'public', privateKey: 'private' },
  });

  test('two Brigade servers built from the root Dockerfile, given the same settings', () => {
    expect(brigadeServices.map(([name]) => name)).toEqual(['brigade-1', 'brigade-2']);
    expect(brigadeServices[0]?.[1].build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    expect(environmentOf(brigadeServices[1]?.[1])).toEqual(composeBrigade);
  });

  test('the twin sets exactly the Brigade variables compose sets', () => {
    expect(Object.keys(twin).sort()).toEqual(Object.keys(composeBrigade).sort());
  });

  test('both give the public address and the bucket on HTTPS at Caddy, which both trust as the one proxy', () => {
    expect(composeBrigade.PUBLIC_URL).toBe(`https://localhost:${composeHttpsPort}`);
    expect(twin.PUBLIC_URL).toBe(`https://localhost:${twinHttpsPort}`);
    expect(composeBrigade.S3_PUBLIC_ENDPOINT).toBe(`https://s3.localhost:${composeHttpsPort}`);
    expect(twin.S3_PUBLIC_ENDPOINT).toBe(`https://s3.localhost:${twinHttpsPort}`);
    const caddyNetworks = services.caddy?.networks as Record<string, { ipv4_address?: string }>;
    expect(composeBrigade.TRUST_PROXY).toBe(caddyNetworks.brigade?.ipv4_address);
    // The twin's Caddy connects to the servers from loopback.
    expect(twin.TRUST_PROXY).toBe('127.0.0.1');
    for (const name of ['S3_BUCKET', 'S3_REGION', 'MAIL_FROM']) expect(twin[name], name).toBe(composeBrigade[name]);
  });

  test('Caddy runs the same Caddyfile, whose defaults name the compose services and addresses', () => {
    expect(services.caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = fs.readFileSync(CADDYFILE, 'utf8');
    const defaults = Object.fromEntries(
      [...caddyfile.matchAll(/\{\$(\w+):([^}]*)\}/g)].map(([, name, fallback]) => [name, fallback]),
    );
    // Compose sets the ports; the twin sets those and points the rest at its processes.
    const twinCaddy = caddyEnvironment({ http: 1, https: 2, admin: 3 }, ['a', 'b'], 'c');
    for (const name of Object.keys(composeCaddy)) expect(twinCaddy, name).toHaveProperty(name);
    for (const name of Object.keys(twinCaddy)) expect(defaults, name).toHaveProperty(name);

    expect(defaults.BRIGADE_UPSTREAM_1).toBe('brigade-1:3000');
    expect(defaults.BRIGADE_UPSTREAM_2).toBe('brigade-2:3000');
    expect(`http://${defaults.S3_UPSTREAM}`).toBe(composeBrigade.S3_ENDPOINT);
    expect(defaults.BRIGADE_SITE).toBe(new URL(composeBrigade.PUBLIC_URL ?? '').hostname);
    expect(defaults.S3_SITE).toBe(new URL(composeBrigade.S3_PUBLIC_ENDPOINT ?? '').hostname);
  });

  test('the Kubernetes ConfigMap and Secret give the same variables', () => {
    const read = (file: string) =>
      parseYaml(fs.readFileSync(path.join(root, 'deploy/kubernetes', file), 'utf8')) as {
        data?: Record<string, string>;
        stringData?: Record<string, string>;
      };
    const names = [
      ...Object.keys(read('configmap.yaml').data ?? {}),
      ...Object.keys(read('secret.example.yaml').stringData ?? {}),
    ];
    expect(names.sort()).toEqual(Object.keys(composeBrigade).sort());
  });
});
