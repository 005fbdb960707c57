import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ece from 'http_ece';

/**
 * A local push service (issue 34), as a browser vendor's (FCM, Mozilla's autopush) answers
 * a server that sends Web Push, over https with the test certificate in ./tls:
 * - `subscribe(applicationServerKey)` is what a browser's PushManager.subscribe() does:
 *   a new endpoint here, bound to that VAPID key, with the browser's keys (a P-256 pair
 *   and a 16-byte auth secret) kept to decrypt what arrives;
 * - a push must carry `Authorization: vapid t=<JWT>, k=<key>` with k the subscription's
 *   key and the JWT (ES256) signed by it, its `aud` this origin, its `exp` within 24 h,
 *   its `sub` a mailto: or https: address; else 403, as FCM answers;
 * - the body must be aes128gcm (RFC 8291) and decrypt with the browser's keys; else 400;
 * - an endpoint unsubscribed (`expire`) answers 410 Gone, an unknown one 404;
 *   `failNext(endpoint, status)` makes its next push answer `status`.
 * Every accepted push is kept in `messages`, decrypted.
 */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  message: { title: string; body: string; link: string; tag: string };
  ttl: number;
  topic: string | null;
}

interface Device {
  applicationServerKey: string;
  ecdh: crypto.ECDH;
  auth: Buffer;
  gone: boolean;
  failNext: number[];
}

const tlsDir = path.join(import.meta.dirname, 'tls');
/** The test certificate's CA, for an agent (or NODE_EXTRA_CA_CERTS) that must trust this service. */
export const PUSH_SERVICE_CA_FILE = path.join(tlsDir, 'localhost-cert.pem');

export async function startFakePushService() {
  const devices = new Map<string, Device>();
  const messages: ReceivedPush[] = [];
  /** Pushes refused, with the reason: a test that expects none looks here first. */
  const refusals: string[] = [];

  const server = https.createServer(
    { key: fs.readFileSync(path.join(tlsDir, 'localhost-key.pem')), cert: fs.readFileSync(PUSH_SERVICE_CA_FILE) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = (status: number, reason?: string) => {
          if (reason) refusals.push(`${status} ${reason}`);
          response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
        };
        const id = request.url?.match(/^\/push\/([\w-]+)$/)?.[1];
        const device = id ? devices.get(id) : undefined;
        if (request.method !== 'POST' || !id || !device) return answer(404, 'no such subscription');
        if (device.gone) return answer(410, 'the subscription has expired or was unsubscribed');
        const failure = device.failNext.shift();
        if (failure) return answer(failure, 'told to fail');
        const vapidProblem = checkVapid(request.headers.authorization, device.applicationServerKey, base);
        if (vapidProblem) return answer(403, vapidProblem);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          return answer(400, 'Content-Encoding must be aes128gcm');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header missing');
        let plain: Buffer;
        try {
          plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.auth.toString('base64url'),
          });
        } catch (error) {
          return answer(400, `the payload does not decrypt: ${(error as Error).message}`);
        }
        const topic = request.headers.topic;
        messages.push({
          endpoint: `${base}/push/${id}`,
          message: JSON.parse(plain.toString('utf8')),
          ttl,
          topic: typeof topic === 'string' ? topic : null,
        });
        answer(201);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://localhost:${(server.address() as AddressInfo).port}`;
  const deviceOf = (endpoint: string) => {
    const device = devices.get(endpoint.slice(`${base}/push/`.length));
    if (!device) throw new Error(`no subscription ${endpoint}`);
    return device;
  };

  return {
    base,
    messages,
    refusals,
    /** What PushManager.subscribe({ applicationServerKey }) hands a page. */
    subscribe(applicationServerKey: string): PushSubscriptionJson {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { applicationServerKey, ecdh, auth, gone: false, failNext: [] });
      return {
        endpoint: `${base}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** The browser dropped the subscription: pushes to it now answer 410. */
    expire(endpoint: string) {
      deviceOf(endpoint).gone = true;
    },
    failNext(endpoint: string, ...statuses: number[]) {
      deviceOf(endpoint).failNext.push(...statuses);
    },
    /** An https agent that trusts this service's certificate. */
    agent: () => new https.Agent({ ca: fs.readFileSync(PUSH_SERVICE_CA_FILE) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/** What is wrong with a push's VAPID authorization (RFC 8292), or null when it is right. */
function checkVapid(header: string | undefined, expectedKey: string, audience: string): string | null {
  const match = header?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) return 'Authorization must be "vapid t=<JWT>, k=<public key>"';
  const [, token = '', key = ''] = match;
  if (key !== expectedKey) return 'the VAPID key is not the one the subscription was made with';
  const [head = '', claims = '', signature = ''] = token.split('.');
  const publicKey = Buffer.from(key, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) return 'k is not an uncompressed P-256 point';
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: publicKey.subarray(1, 33).toString('base64url'),
    y: publicKey.subarray(33).toString('base64url'),
  };
  const verified = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: crypto.createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!verified) return 'the JWT signature does not verify with k';
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header0.alg !== 'ES256') return 'the JWT must be ES256';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) return `the JWT's aud is ${body.aud}, not ${audience}`;
  const now = Date.now() / 1000;
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 60 * 60) {
    return "the JWT's exp must be within the next 24 hours";
  }
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return "the JWT's sub must be a mailto: or https: address";
  return null;
}
