import http from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, nameAndLinkViolations, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 37, webhooks: hq adds an endpoint on the Webhooks screen pointing at a receiver
 * this test starts on 127.0.0.1 (the demo server allows private addresses for it), an
 * audit is submitted, the receiver verifies the `audit.completed` request's signature
 * with the Standard Webhooks library, and the delivery shows in the endpoint's log.
 * Managers have no such screen.
 */

const DRAWN = { timeout: 30_000 };
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 4321) + 15;

interface Received {
  body: string;
  headers: Record<string, string>;
}

/** A receiver that keeps what it is sent and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        },
      });
      response.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A completed audit (every item Good, so no action opens) of a restaurant the other specs leave alone. */
async function submitAudit(request: APIRequestContext, tag: string) {
  const template = await request.post('/api/audit-templates', {
    data: { name: `Webhooks e2e ${tag}`, items: [{ text: 'Hands washed' }] },
  });
  expect(template.status()).toBe(201);
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const restaurant = restaurants.find((item) => !/Amsterdam|Utrecht/.test(item.name)) ?? restaurants[0];
  const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string }[];
  const created = await request.post('/api/audits', {
    data: { restaurantId: restaurant?.id, templateIds: [(await template.json()).id], auditorId: auditors[0]?.id },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const draft = (await (await request.get(`/api/audits/${id}`)).json()) as { version: number; items: { id: string }[] };
  const submitted = await request.post(`/api/audits/${id}/submit`, {
    data: { version: draft.version, items: draft.items.map((item) => ({ id: item.id, mark: 'good', comment: null })) },
  });
  expect(submitted.status()).toBe(200);
  return id;
}

test('hq adds a webhook, an audit is completed, the receiver verifies it, and the log shows it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signInAs(page, 'hq');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible(DRAWN);

    const name = `Warehouse ${uniqueTag()}`;
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByLabel('Endpoint URL').fill('not an address');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('Enter the full address of the endpoint, starting with https://')).toBeVisible();
    await form.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${RECEIVER_PORT}/brigade`);
    await form.getByLabel('Description').fill(name);
    await expect(form.getByRole('checkbox', { name: 'Audit completed' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('listitem', { name });
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    const auditId = await submitAudit(page.request, uniqueTag());
    const verifier = new Webhook(secret);
    await expect
      .poll(
        () =>
          receiver.received
            .map(
              (request) =>
                verifier.verify(request.body, request.headers) as { type: string; data: { audit: { id: string } } },
            )
            .find((body) => body.type === 'audit.completed' && body.data.audit.id === auditId)?.data.audit.id,
        { timeout: 45_000 },
      )
      .toBe(auditId);

    await card.getByRole('button', { name: `Deliveries of ${name}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${name}` });
    await expect(log.getByRole('listitem').filter({ hasText: 'Audit completed' }).first()).toContainText('Delivered');
    await expect(log.getByText('Response 200').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await nameAndLinkViolations(page)).toEqual([]);
    await log.getByRole('button', { name: 'Close' }).click();

    // Deleting asks first.
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete webhook' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('on a phone the Webhooks screen fits and has no serious accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'hq', '/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible(DRAWN);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager has no Webhooks entry, and the webhooks API refuses them', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  expect((await page.request.get('/api/webhooks')).status()).toBe(403);
});
