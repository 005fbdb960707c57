import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

/**
 * Issue 37: the README's "Use the API" commands are run as written, with curl through bash,
 * against a server listening on a port, so the README cannot drift from the API. Only the
 * variables are the test's: the server's address, a token made on hq's routes, an audit.
 */

const run = promisify(execFile);
const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');

/** The shell block of the README's "Use the API" section, as one command per entry (continuations joined). */
function curlCommandsOf(markdown: string): string[] {
  const section = markdown.split(/^### Use the API$/m)[1]?.split(/^##+ /m)[0];
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README: no ```sh block under "### Use the API"');
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '));
}

const t = await startTestApp();
let url: string;
let token: string;
let auditId: string;
let restaurantName: string;

beforeAll(async () => {
  const hq = await t.signedIn('hq');
  const restaurant = await t.buildRestaurant();
  restaurantName = restaurant.name;
  const call = async (method: 'GET' | 'POST', route: string, payload?: Record<string, unknown>) => {
    const response = await t.request(hq.cookie, { method, url: route, payload });
    expect(response.statusCode, `${method} ${route}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const template = await call('POST', '/api/audit-templates', {
    name: 'Kitchen',
    items: [{ text: 'Fridge below 7°C' }],
  });
  const audit = await call('POST', '/api/audits', {
    restaurantId: restaurant.id,
    templateIds: [template.id],
    auditorId: hq.id,
  });
  const draft = await call('GET', `/api/audits/${audit.id}`);
  await call('POST', `/api/audits/${audit.id}/submit`, {
    version: draft.version,
    items: draft.items.map((item: { id: string }) => ({ id: item.id, mark: 'good', comment: null })),
  });
  auditId = audit.id;
  const made = await call('POST', '/api/api-tokens', {
    name: 'README',
    scopes: ['restaurants:read', 'audits:read', 'announcements:write'],
    expiresInDays: 30,
  });
  token = made.token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe("the README's Use the API section", () => {
  const commands = curlCommandsOf(readme);

  test('has the three examples: list restaurants, read an audit, create with a write scope', () => {
    expect(commands).toHaveLength(3);
    expect(commands[0]).toContain('/api/restaurants');
    expect(commands[1]).toContain('/api/audits/$AUDIT_ID');
    expect(commands[2]).toContain('-X POST');
  });

  async function runCommand(command: string) {
    const { stdout } = await run('bash', ['-c', command], {
      env: { PATH: process.env.PATH, BRIGADE_URL: url, BRIGADE_TOKEN: token, AUDIT_ID: auditId },
    });
    return JSON.parse(stdout);
  }

  test('the restaurants', async () => {
    const answer = await runCommand(commands[0] ?? '');
    expect(JSON.stringify(answer)).toContain(restaurantName);
  });

  test('one audit', async () => {
    const answer = await runCommand(commands[1] ?? '');
    expect(answer).toMatchObject({ id: auditId, status: 'completed' });
  });

  test('an announcement, made with the write scope', async () => {
    const answer = await runCommand(commands[2] ?? '');
    expect(answer).toMatchObject({ title: 'Fridge check' });
  });
});
