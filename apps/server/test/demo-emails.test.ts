import type { DemoEmailList } from '@brigade/core/schemas/demo-emails';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { startDemoMailCapture } from '../src/modules/demo-emails/service';
import { PUBLIC_URL, startTestApp } from './harness';

/**
 * Issue 35, "Demo mail you can see": with `--demo` and no SMTP_URL, the server's emails
 * go to its own SMTP capture, and hq reads them at GET /api/demo-emails. Without the
 * capture the route does not exist. (The process itself, with and without --demo:
 * demo-emails-process.test.ts.)
 */

const mailbox = await startDemoMailCapture(PUBLIC_URL);
afterAll(() => mailbox.close());
const demo = await startTestApp({ mail: mailbox.mailConfig, demoMailbox: mailbox });
const production = await startTestApp();

let addresses = 0;
function requestReset(email: string) {
  return demo.request(undefined, {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: `198.51.100.${++addresses}`,
  });
}

async function caughtEmails(cookie: string | undefined) {
  const response = await demo.request(cookie, { method: 'GET', url: '/api/demo-emails' });
  return { status: response.statusCode, emails: (response.json() as DemoEmailList).emails };
}

describe('with the demo capture', () => {
  test('a reset link asked for on Sign In is caught, and hq reads it with the link', async () => {
    const hq = await demo.signedIn('hq');
    const staff = await demo.buildUser('staff');
    expect((await requestReset(staff.email)).statusCode).toBe(200);

    const email = await vi.waitFor(
      async () => {
        const { status, emails } = await caughtEmails(hq.cookie);
        expect(status).toBe(200);
        const found = emails.find((caught) => caught.to.includes(staff.email));
        if (!found) throw new Error('not caught yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(email.subject).toBe('Reset your Brigade password');
    expect(email.from).toContain('no-reply@localhost');
    expect(email.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]+`));
    expect(Number.isNaN(Date.parse(email.receivedAt))).toBe(false);
  });

  test('the newest email comes first', async () => {
    const hq = await demo.signedIn('hq');
    const first = await demo.buildUser('staff');
    const second = await demo.buildUser('manager');
    await requestReset(first.email);
    await vi.waitFor(async () => {
      expect((await caughtEmails(hq.cookie)).emails.some((email) => email.to.includes(first.email))).toBe(true);
    });
    await requestReset(second.email);
    await vi.waitFor(async () => {
      expect((await caughtEmails(hq.cookie)).emails[0]?.to).toEqual([second.email]);
    });
  });

  test('hq is told the capture is on', async () => {
    const hq = await demo.signedIn('hq');
    const response = await demo.request(hq.cookie, { method: 'GET', url: '/api/demo-emails/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ on: true });
  });

  test('a manager may not read the caught emails (403), nor may staff', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const person = await demo.signedIn(role);
      expect((await caughtEmails(person.cookie)).status).toBe(403);
      const status = await demo.request(person.cookie, { method: 'GET', url: '/api/demo-emails/status' });
      expect(status.statusCode).toBe(403);
    }
  });

  test('signed out, the caught emails answer 401', async () => {
    const response = await demo.request(undefined, { method: 'GET', url: '/api/demo-emails' });
    expect(response.statusCode).toBe(401);
  });
});

describe('without the demo capture', () => {
  test('GET /api/demo-emails does not exist, even for hq', async () => {
    const hq = await production.signedIn('hq');
    const response = await production.request(hq.cookie, { method: 'GET', url: '/api/demo-emails' });
    expect(response.statusCode).toBe(404);
  });

  test('hq is told the capture is off', async () => {
    const hq = await production.signedIn('hq');
    const response = await production.request(hq.cookie, { method: 'GET', url: '/api/demo-emails/status' });
    expect(response.json()).toEqual({ on: false });
  });
});
