/**
 * Issue 37, webhooks: hq's endpoints, events written by the services that cause them,
 * Standard Webhooks signatures (checked with the `standardwebhooks` library a receiver
 * uses), backoff, turning an endpoint off after 24 hours of failures (with hq told by
 * email), the outgoing request's limits (1 KB kept, timeout, no redirect followed) and
 * the refusal of private addresses at registration and at delivery. Both drivers.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookMessages } from '@brigade/core/schemas/webhooks';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { createSecretBox } from '../src/auth/sso/secret-box';
import { completeIfDone } from '../src/modules/assignments/service';
import { runChecklistJob } from '../src/modules/checklists/checklist-job';
import { makeReminders } from '../src/modules/notifications/reminders';
import { assertUrlAllowed, isPublicAddress, RefusedAddress } from '../src/modules/webhooks/address-guard';
import {
  backoffSeconds,
  type DeliveryDeps,
  deliverDueWebhooks,
  purgeOldEvents,
  WEBHOOK_BACKOFF_CAP_SECONDS,
} from '../src/modules/webhooks/deliveries';
import { createNotifier } from '../src/notify/notifier';
import { insertChecklist, insertRun, minutesFromNow, temperatureLogContent } from './checklist-run-fixtures';
import { AUTH_SECRET, PUBLIC_URL, startTestApp } from './harness';

const t = await startTestApp({ webhooks: { allowPrivateAddresses: true, requireHttps: false } });
const strict = await startTestApp();
const hq = await t.signedIn('hq');
const strictHq = await strict.signedIn('hq');
const gent = await t.buildRestaurant({ name: 'Brigade Gent' });
const manager = await t.signedIn('manager', { restaurantIds: [gent.id] });
const staff = await t.signedIn('staff', { restaurantIds: [gent.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
  // A POST without fields sends {} as the web does (NoBody).
  t.request(cookie, { method, url, ...(payload === undefined && method !== 'POST' ? {} : { payload: payload ?? {} }) });

// ---------------------------------------------------------------------------------------
// A receiver on this machine: /ok answers 200, /fail 500, /big 5 KB, /slow after 1.5 s,
// /redirect a 302 to /after-redirect (which must never be asked for).

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path.startsWith('/fail')) return response.writeHead(500).end('broken');
    if (path.startsWith('/big')) return response.writeHead(200).end('x'.repeat(5000));
    if (path.startsWith('/redirect')) {
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/after-redirect` }).end();
    }
    if (path.startsWith('/slow')) {
      setTimeout(() => response.writeHead(200).end('late'), 1500);
      return;
    }
    response.writeHead(200).end('thanks');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const emailingNotifier = createNotifier({ emailOn: true, jobs: () => null });
function deps(overrides: Partial<DeliveryDeps> = {}): DeliveryDeps {
  return {
    db: t.db,
    secretBox: createSecretBox(AUTH_SECRET),
    policy: { allowPrivate: true, requireHttps: false },
    publicUrl: PUBLIC_URL,
    notifier: emailingNotifier,
    timeoutMs: 1000,
    ...overrides,
  };
}

async function register(payload: Json, app = t, cookie = hq.cookie) {
  const response = await app.request(cookie, { method: 'POST', url: '/api/webhooks', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string | null; url: string; enabled: boolean };
}

async function deliveries(endpointId: string) {
  const response = await call(hq.cookie, 'GET', `/api/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: {
      id: string;
      eventId: string;
      eventType: string;
      state: string;
      attempts: number;
      responseStatus: number | null;
      responseBody: string | null;
      durationMs: number | null;
      error: string | null;
    }[];
    total: number;
  };
}

/** Only this test's endpoints receive: the others are switched off first. */
beforeEach(async () => {
  await t.db.execute(sql`update webhook_endpoints set enabled = false`);
  await t.db.execute(sql`update webhook_deliveries set state = 'failed' where state in ('pending', 'sending')`);
  received.length = 0;
});

async function template(name: string, items: string[]) {
  const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
    name,
    items: items.map((text) => ({ text })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}
const kitchen = await template('Kitchen', ['Fridge below 7°C', 'Floors clean']);

/** Submits an audit of Gent with the fridge Bad: audit.completed and one corrective_action.created. */
async function submitAudit() {
  const created = await call(hq.cookie, 'POST', '/api/audits', {
    restaurantId: gent.id,
    templateIds: [kitchen.id],
    auditorId: hq.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.json().id}`)).json() as {
    id: string;
    version: number;
    items: { id: string; actions: { id: string }[] }[];
  };
  const submitted = await call(hq.cookie, 'POST', `/api/audits/${draft.id}/submit`, {
    version: draft.version,
    items: draft.items.map((item, index) => ({ id: item.id, mark: index === 0 ? 'bad' : 'good', comment: null })),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as { id: string; items: { actions: { id: string; version?: number }[] }[] };
}

const eventsOf = async (type: string) =>
  (
    (await t.db.execute(sql`select data from events where type = ${type} order by occurred_at`)) as unknown as {
      rows: { data: Record<string, Record<string, unknown>> }[];
    }
  ).rows.map((row) => row.data);

describe('hq manages endpoints', () => {
  test('a standard endpoint gets a whsec_ secret in the answer only; the list never shows it', async () => {
    const made = await register({ url: `${base}/ok`, events: ['audit.completed'], description: 'BI warehouse' });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call(hq.cookie, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().items[0]).toMatchObject({ id: made.id, kind: 'standard', enabled: true, language: 'en' });
    const sealed = (await t.db.execute(sql`select secret_sealed from webhook_endpoints where id = ${made.id}`)) as {
      rows: { secret_sealed: string }[];
    };
    expect(sealed.rows[0]?.secret_sealed).not.toContain(made.secret?.slice(6, 20));
  });

  test('managers and staff are refused (403), a signed-out caller 401', async () => {
    for (const person of [manager, staff]) {
      expect((await call(person.cookie, 'GET', '/api/webhooks')).statusCode).toBe(403);
      const refused = await call(person.cookie, 'POST', '/api/webhooks', {
        url: `${base}/ok`,
        events: ['audit.completed'],
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/webhooks')).statusCode).toBe(401);
  });

  test.each([
    [{ url: 'not a url', events: ['audit.completed'] }, 'url'],
    [{ url: 'javascript:alert(1)', events: ['audit.completed'] }, 'url'],
    [{ url: 'ftp://example.com/x', events: ['audit.completed'] }, 'url'],
    [{ url: 'https://user:pw@example.com/x', events: ['audit.completed'] }, 'url'],
    [{ url: `https://example.com/${'a'.repeat(3000)}`, events: ['audit.completed'] }, 'url'],
    [{ url: 'https://example.com/x', events: [] }, 'events'],
    [{ url: 'https://example.com/x', events: ['audit.deleted'] }, 'events.0'],
    [{ url: 'https://example.com/x', events: ['audit.completed'], kind: 'discord' }, 'kind'],
    [{ url: 'https://example.com/x', events: ['audit.completed'], language: 'de' }, 'language'],
  ])('%j is refused with a field message and stores nothing', async (payload, field) => {
    const before = await t.tableDigests();
    const response = await call(hq.cookie, 'POST', '/api/webhooks', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('an unknown endpoint is a 404 on every route', async () => {
    const unknown = crypto.randomUUID();
    expect((await call(hq.cookie, 'PATCH', `/api/webhooks/${unknown}`, { enabled: false })).statusCode).toBe(404);
    expect((await call(hq.cookie, 'DELETE', `/api/webhooks/${unknown}`)).statusCode).toBe(404);
    expect((await call(hq.cookie, 'GET', `/api/webhooks/${unknown}/deliveries`)).statusCode).toBe(404);
    expect((await call(hq.cookie, 'POST', `/api/webhooks/${unknown}/test`)).statusCode).toBe(404);
    expect(
      (await call(hq.cookie, 'POST', `/api/webhooks/${unknown}/deliveries/${crypto.randomUUID()}/resend`)).statusCode,
    ).toBe(404);
  });

  test('edit, rotate the secret and delete', async () => {
    const made = await register({ url: `${base}/ok`, events: ['audit.completed'] });
    const edited = await call(hq.cookie, 'PATCH', `/api/webhooks/${made.id}`, {
      url: `${base}/ok?v=2`,
      events: ['person.created', 'person.deactivated'],
      enabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ url: `${base}/ok?v=2`, enabled: false, disabledReason: 'hq' });
    const rotated = await call(hq.cookie, 'POST', `/api/webhooks/${made.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(made.secret);
    expect((await call(hq.cookie, 'DELETE', `/api/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await call(hq.cookie, 'GET', `/api/webhooks/${made.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('addresses a webhook may not reach', () => {
  test.each([
    'http://127.0.0.1/hook',
    'http://10.1.2.3/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://[::1]/hook',
    'http://[fc00::1]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://localhost/hook',
  ])('%s is refused at registration (400) and nothing is stored', async (url) => {
    const before = await strict.tableDigests();
    const response = await strict.request(strictHq.cookie, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url, events: ['audit.completed'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ url: webhookMessages.urlPrivate });
    expect(await strict.tableDigests()).toEqual(before);
  });

  test('a public address is allowed; only unicast ranges are public', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of ['0.0.0.0', '127.0.0.1', '172.16.0.1', '169.254.169.254', 'fe80::1', 'fd00::1', '::']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  test('in production (NODE_ENV=production) an endpoint must be https, unless private addresses are allowed', async () => {
    const production = { allowPrivate: false, requireHttps: true };
    await expect(assertUrlAllowed('http://93.184.216.34/hook', production)).rejects.toThrow(
      new RefusedAddress(webhookMessages.urlNotHttps, 'urlNotHttps'),
    );
    await expect(assertUrlAllowed('https://93.184.216.34/hook', production)).resolves.toBeUndefined();
    await expect(
      assertUrlAllowed('http://127.0.0.1/hook', { allowPrivate: true, requireHttps: true }),
    ).resolves.toBeUndefined();
  });

  test('with the setting on, a local receiver registers; a delivery there without it fails with the reason', async () => {
    const literal = await register({ url: `${base}/ok`, events: ['person.created'] });
    const named = await register({ url: `http://localhost:${port}/ok`, events: ['person.created'] });
    await t.buildUser('staff');
    expect((await call(hq.cookie, 'POST', '/api/users', person('Refused Ruth'))).statusCode).toBe(201);
    const refusing = await deliverDueWebhooks(deps({ policy: { allowPrivate: false, requireHttps: false } }));
    expect(refusing).toMatchObject({ delivered: 0, retrying: 2 });
    expect(received).toEqual([]);
    for (const endpoint of [literal, named]) {
      const [delivery] = (await deliveries(endpoint.id)).items;
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1, responseStatus: null });
      expect(delivery?.error).toContain(webhookMessages.urlPrivate);
    }
    // Allowed: both go at their next attempt.
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where state = 'pending'`);
    expect(await deliverDueWebhooks(deps())).toMatchObject({ delivered: 2 });
    expect(received.map((request) => request.path)).toEqual(['/ok', '/ok']);
  });
});

let personSequence = 0;
const person = (name: string) => ({
  name,
  email: `person${++personSequence}@example.com`,
  password: 'secret1',
  role: 'staff',
  selectedRestaurants: [gent.id],
});

describe('delivery', () => {
  test('audit.completed is signed as Standard Webhooks says, verified by its library, and sent once', async () => {
    const endpoint = await register({ url: `${base}/ok`, events: ['audit.completed', 'corrective_action.created'] });
    const audit = await submitAudit();
    const run = await deliverDueWebhooks(deps());
    expect(run).toMatchObject({ delivered: 2, retrying: 0, failed: 0 });
    expect(received).toHaveLength(2);
    const verifier = new Webhook(endpoint.secret as string);
    const bodies = received.map((request) => {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      return verifier.verify(request.body, headers) as { type: string; data: Record<string, Record<string, unknown>> };
    });
    const completed = bodies.find((body) => body.type === 'audit.completed');
    expect(completed?.data.audit).toMatchObject({
      id: audit.id,
      score: expect.any(Number),
      templates: ['Kitchen'],
      restaurant: { id: gent.id, name: 'Brigade Gent' },
      url: `${PUBLIC_URL}/audits/${audit.id}`,
    });
    expect(bodies.find((body) => body.type === 'corrective_action.created')?.data.action).toMatchObject({
      itemText: 'Fridge below 7°C',
      status: 'open',
    });
    // A tampered body is refused by the same library.
    const first = received[0] as Received;
    expect(() =>
      verifier.verify(`${first.body} `, {
        'webhook-id': String(first.headers['webhook-id']),
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      }),
    ).toThrow();
    // Nothing is sent twice.
    expect(await deliverDueWebhooks(deps())).toMatchObject({ delivered: 0 });
    expect(received).toHaveLength(2);
    const log = await deliveries(endpoint.id);
    expect(log.total).toBe(2);
    expect(log.items[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'thanks',
    });
    expect(log.items[0]?.durationMs).toEqual(expect.any(Number));
  });

  test('a failed attempt waits 30 s, then 1, 2, 4 … minutes, at most 4 hours', async () => {
    expect([1, 2, 3, 4, 5].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds(30)).toBe(WEBHOOK_BACKOFF_CAP_SECONDS);
    const endpoint = await register({ url: `${base}/fail`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Backoff Bob'))).statusCode).toBe(201);
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(await deliverDueWebhooks(deps({ now: at(1) }))).toMatchObject({ retrying: 1 });
    expect(await deliverDueWebhooks(deps({ now: at(20) }))).toMatchObject({ retrying: 0 });
    expect(await deliverDueWebhooks(deps({ now: at(32) }))).toMatchObject({ retrying: 1 });
    expect(await deliverDueWebhooks(deps({ now: at(80) }))).toMatchObject({ retrying: 0 });
    expect(await deliverDueWebhooks(deps({ now: at(93) }))).toMatchObject({ retrying: 1 });
    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({ state: 'pending', attempts: 3, responseStatus: 500, error: 'HTTP 500' });
    expect(received).toHaveLength(3);
  });

  test('after 24 hours of failures the endpoint is turned off and hq is emailed; turning it on starts afresh', async () => {
    const endpoint = await register({ url: `${base}/fail`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Failing Fay'))).statusCode).toBe(201);
    const start = new Date();
    const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);
    expect(await deliverDueWebhooks(deps({ now: hours(0) }))).toMatchObject({ retrying: 1, disabled: 0 });
    expect(await deliverDueWebhooks(deps({ now: hours(12) }))).toMatchObject({ retrying: 1, disabled: 0 });
    const last = await deliverDueWebhooks(deps({ now: hours(24.5) }));
    expect(last).toMatchObject({ failed: 1, disabled: 1 });
    const [summary] = (await call(hq.cookie, 'GET', '/api/webhooks')).json().items as {
      id: string;
      enabled: boolean;
      disabledReason: string;
    }[];
    expect(summary).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: 'failures' });
    const told = (await t.db.execute(sql`
      select n.user_id, n.email_state, n.title from notifications n
      where n.kind = 'webhookDisabled'`)) as unknown as {
      rows: { user_id: string; email_state: string; title: string }[];
    };
    expect(told.rows.map((row) => row.user_id)).toContain(hq.id);
    expect(told.rows.every((row) => row.email_state === 'pending')).toBe(true);
    expect(told.rows[0]?.title).toBe(`Webhook turned off: 127.0.0.1:${port}`);
    // Nothing more goes to it while off.
    expect((await call(hq.cookie, 'POST', '/api/users', person('Quiet Quinn'))).statusCode).toBe(201);
    expect(await deliverDueWebhooks(deps({ now: hours(25) }))).toMatchObject({ retrying: 0, delivered: 0 });
    const enabled = await call(hq.cookie, 'PATCH', `/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  test('at most 1 KB of an answer is kept', async () => {
    const endpoint = await register({ url: `${base}/big`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Big Ben'))).statusCode).toBe(201);
    await deliverDueWebhooks(deps());
    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.responseBody).toHaveLength(1024);
  });

  test('an answer slower than the timeout is a failure, retried later', async () => {
    const endpoint = await register({ url: `${base}/slow`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Slow Sam'))).statusCode).toBe(201);
    expect(await deliverDueWebhooks(deps({ timeoutMs: 200 }))).toMatchObject({ retrying: 1 });
    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({ state: 'pending', responseStatus: null, error: 'Timed out after 0.2 s' });
  });

  test('a redirect is not followed: a failure with its status and where it pointed', async () => {
    const endpoint = await register({ url: `${base}/redirect`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Redirected Rita'))).statusCode).toBe(201);
    expect(await deliverDueWebhooks(deps())).toMatchObject({ retrying: 1 });
    expect(received.map((request) => request.path)).toEqual(['/redirect']);
    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({ state: 'pending', responseStatus: 302 });
    expect(delivery?.error).toBe(`Redirect not followed (to ${base}/after-redirect)`);
  });

  test('Resend sends the same event again now; Send test event sends webhook.test', async () => {
    const endpoint = await register({ url: `${base}/ok`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Resent Rob'))).statusCode).toBe(201);
    await deliverDueWebhooks(deps());
    const [delivery] = (await deliveries(endpoint.id)).items;
    const resent = await call(hq.cookie, 'POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ state: 'delivered', attempts: 2, responseStatus: 200 });
    expect(received.map((request) => request.headers['webhook-id'])).toEqual([delivery?.eventId, delivery?.eventId]);
    const tested = await call(hq.cookie, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ eventType: 'webhook.test', state: 'delivered' });
    expect(JSON.parse(received[2]?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    // Another endpoint's delivery is not this one's.
    const other = await register({ url: `${base}/ok`, events: ['person.created'] });
    expect(
      (await call(hq.cookie, 'POST', `/api/webhooks/${other.id}/deliveries/${delivery?.id}/resend`)).statusCode,
    ).toBe(404);
  });
});

describe('Teams and Slack presets', () => {
  test('Teams gets an Adaptive Card and Slack text and blocks, in the endpoint language, unsigned', async () => {
    await register({ kind: 'teams', url: `${base}/teams`, events: ['audit.completed'], language: 'nl' });
    await register({ kind: 'slack', url: `${base}/slack`, events: ['audit.completed'], language: 'fr' });
    const list = (await call(hq.cookie, 'GET', '/api/webhooks')).json().items as { kind: string; url: string }[];
    expect(list.find((item) => item.kind === 'teams')?.url).toBe(`${base}/…`);
    const audit = await submitAudit();
    expect(await deliverDueWebhooks(deps())).toMatchObject({ delivered: 2 });
    const teams = received.find((request) => request.path === '/teams') as Received;
    const slack = received.find((request) => request.path === '/slack') as Received;
    expect(teams.headers['webhook-signature']).toBeUndefined();
    const card = JSON.parse(teams.body);
    expect(card).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: 'Audit afgerond' },
              { type: 'TextBlock', text: 'Kitchen' },
              { type: 'FactSet', facts: expect.arrayContaining([{ title: 'Restaurant', value: 'Brigade Gent' }]) },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Openen in Brigade', url: `${PUBLIC_URL}/audits/${audit.id}` }],
          },
        },
      ],
    });
    const message = JSON.parse(slack.body);
    expect(message.text).toBe('Audit terminé: Kitchen');
    expect(message.blocks.map((block: { type: string }) => block.type)).toEqual(['header', 'section', 'actions']);
    expect(message.blocks[2].elements[0]).toMatchObject({ text: { text: 'Ouvrir dans Brigade' } });
  });
});

describe('each event is written by the change that causes it', () => {
  test('corrective actions: created, resolved, reopened, overdue once', async () => {
    const audit = await submitAudit();
    const actionId = audit.items[0]?.actions[0]?.id as string;
    expect((await eventsOf('corrective_action.created')).map((data) => data.action?.id)).toContain(actionId);
    const resolved = await call(hq.cookie, 'POST', `/api/actions/${actionId}/resolve`, { note: 'Fixed', version: 1 });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const reopened = await call(hq.cookie, 'POST', `/api/actions/${actionId}/reopen`, {
      reason: 'Not yet',
      version: 2,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await eventsOf('corrective_action.resolved')).at(-1)?.action).toMatchObject({
      id: actionId,
      status: 'resolved',
    });
    expect((await eventsOf('corrective_action.reopened')).at(-1)?.action).toMatchObject({
      id: actionId,
      status: 'open',
    });
    await t.db.execute(sql`update corrective_actions set due_on = current_date - 3 where id = ${actionId}`);
    await makeReminders(t.db, false);
    await makeReminders(t.db, false);
    expect((await eventsOf('corrective_action.overdue')).filter((data) => data.action?.id === actionId)).toHaveLength(
      1,
    );
  });

  test('people: created by hq, deactivated', async () => {
    const created = await call(hq.cookie, 'POST', '/api/users', person('Event Eve'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await eventsOf('person.created')).at(-1)?.person).toMatchObject({
      id,
      name: 'Event Eve',
      role: 'staff',
      restaurants: [{ id: gent.id, name: 'Brigade Gent' }],
    });
    expect(JSON.stringify(await eventsOf('person.created'))).not.toContain('@example.com');
    const off = await t.request(hq.cookie, {
      method: 'PATCH',
      url: `/api/users/${id}/active`,
      payload: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await eventsOf('person.deactivated')).at(-1)?.person).toMatchObject({ id, active: false });
  });

  test('announcement acknowledged, once per acknowledgement', async () => {
    const posted = await call(hq.cookie, 'POST', '/api/announcements', {
      title: 'Allergen chart',
      description: 'Read it.',
      requiresAck: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    expect((await call(staff.cookie, 'POST', `/api/announcements/${id}/acknowledge`)).statusCode).toBe(200);
    expect((await call(staff.cookie, 'POST', `/api/announcements/${id}/acknowledge`)).statusCode).toBe(200);
    const acks = (await eventsOf('announcement.acknowledged')).filter((data) => data.announcement?.id === id);
    expect(acks).toHaveLength(1);
    expect(acks[0]?.person).toMatchObject({ id: staff.id });
  });

  test('training completed', async () => {
    const training = (await t.db.execute(sql`
      insert into trainings (title, description) values ('Grill basics', 'Heat') returning id`)) as unknown as {
      rows: { id: string }[];
    };
    const trainingId = training.rows[0]?.id as string;
    await t.db.execute(sql`
      insert into staff_training_assignments (staff_id, training_id) values (${staff.id}, ${trainingId})`);
    expect(await t.db.transaction((tx) => completeIfDone(tx, staff.id, trainingId))).toBe(true);
    expect(await t.db.transaction((tx) => completeIfDone(tx, staff.id, trainingId))).toBe(true);
    const done = (await eventsOf('training.completed')).filter((data) => data.training?.id === trainingId);
    expect(done).toHaveLength(1);
    expect(done[0]?.person).toMatchObject({ id: staff.id });
  });

  test('checklists: missed by the job, failed by a submit', async () => {
    // The temperature log without its photo item: this test uploads no photo.
    const content = temperatureLogContent();
    for (const section of content.sections) section.items = section.items.filter((item) => item.kind !== 'photo');
    const checklist = await insertChecklist(t.db, { name: 'Opening', content });
    const missedRun = await insertRun(t.db, checklist, gent.id, { opensAt: minutesFromNow(-120) });
    await runChecklistJob(t.db);
    expect((await eventsOf('checklist.missed')).map((data) => data.checklistRun?.id)).toContain(missedRun);
    const run = await insertRun(t.db, checklist, gent.id, { opensAt: minutesFromNow(-10) });
    // The sanitiser too weak fails (no photo or note needed); every other item passes.
    const values: Record<string, unknown> = {
      fridge: 4,
      seals: 'yes',
      chlorine: 10,
      floor: true,
      who: 'Sam',
      oil: 'Fresh',
    };
    for (const [itemId, value] of Object.entries(values)) {
      const saved = await t.request(staff.cookie, {
        method: 'PUT',
        url: `/api/checklist-runs/${run}/items/${itemId}`,
        payload: { value },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const submitted = await call(staff.cookie, 'POST', `/api/checklist-runs/${run}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const failed = (await eventsOf('checklist.failed')).find((data) => data.checklistRun?.id === run);
    expect(failed).toMatchObject({
      failedItems: ['Sanitiser strength'],
      checklistRun: { checklist: { name: 'Opening' } },
    });
    expect((await eventsOf('corrective_action.created')).some((data) => data.action?.checklistRunId === run)).toBe(
      true,
    );
  });
});

describe('retention', () => {
  test('events older than 30 days go with their deliveries, unless one is still to be sent', async () => {
    const endpoint = await register({ url: `${base}/ok`, events: ['person.created'] });
    expect((await call(hq.cookie, 'POST', '/api/users', person('Old Olga'))).statusCode).toBe(201);
    expect((await call(hq.cookie, 'POST', '/api/users', person('Waiting Walt'))).statusCode).toBe(201);
    const [waiting, old] = (await deliveries(endpoint.id)).items;
    await t.db.execute(sql`update webhook_deliveries set state = 'delivered' where id = ${old?.id as string}`);
    await t.db.execute(sql`
      update events set occurred_at = now() - interval '31 days'
      where id in (${old?.eventId as string}::uuid, ${waiting?.eventId as string}::uuid)`);
    expect(await purgeOldEvents(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await deliveries(endpoint.id)).items.map((item) => item.id);
    expect(left).toEqual([waiting?.id]);
  });
});
