import type { APIRequestContext, Page } from '@playwright/test';
import { created, expect, signInAs, test, uniqueTag } from './fixtures';
import { cameraPhoto, hqApi, PHONE, reloadUnderWorker, unsentChanges, WAITING } from './offline-fixtures';

/**
 * Issue 34 on a phone, beyond the checklists: with the wifi down a manager resolves a
 * corrective action with a note and a photo and acknowledges an announcement, and hq fills
 * an audit draft with a photo and submits it. Each change waits on the device, saying so;
 * back online each reaches the server exactly once (counted through the API).
 */

test.use({ ...PHONE, serviceWorkers: 'allow' });

// Amsterdam: actions.spec counts Utrecht's open actions, so this file makes none there.
const AMSTERDAM = 'Brigade Amsterdam Centraal';
const HQ_NAME = 'Hannah Quist';

/** A two-item template and an Amsterdam draft from it, conducted by hq; answers the draft's id. */
async function amsterdamDraft(request: APIRequestContext, items: readonly [string, string]) {
  const template = await created(
    await request.post('/api/audit-templates', {
      data: { name: `Offline e2e ${items[0]}`, items: items.map((text) => ({ text })) },
    }),
  );
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string; name: string }[];
  const draft = await created(
    await request.post('/api/audits', {
      data: {
        restaurantId: restaurants.find((restaurant) => restaurant.name === AMSTERDAM)?.id,
        templateIds: [template.id],
        auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
      },
    }),
  );
  return draft.id;
}

interface StoredAudit {
  status: string;
  version: number;
  finalScore: number | null;
  items: { id: string; itemText: string; mark: string | null; photos: unknown[]; actions: { id: string }[] }[];
}

const readAudit = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/audits/${id}`)).json()) as StoredAudit;

/** A submitted Amsterdam audit whose first item is Bad: answers the corrective action it made. */
async function actionFromFinding(request: APIRequestContext, finding: string) {
  const id = await amsterdamDraft(request, [finding, `${finding}, second check`]);
  const draft = await readAudit(request, id);
  const submitted = await request.post(`/api/audits/${id}/submit`, {
    data: {
      version: draft.version,
      items: draft.items.map((item, index) => ({ id: item.id, mark: index === 0 ? 'bad' : 'good', comment: null })),
    },
  });
  expect(submitted.status()).toBe(200);
  const action = (await readAudit(request, id)).items.find((item) => item.itemText === finding)?.actions[0];
  expect(action).toBeDefined();
  return action?.id ?? '';
}

/** Opens `path` signed in, once the service worker answers the navigations; what it loaded is kept for offline. */
async function openOnline(page: Page, role: 'hq' | 'manager' | 'staff', path: string) {
  await signInAs(page, role, path);
  await reloadUnderWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The persister writes what was loaded to IndexedDB a moment after it arrives.
  await page.waitForTimeout(1500);
}

test('offline, a manager resolves an action with a note and a photo; back online both arrive once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const finding = `Grease trap emptied ${uniqueTag()}`;
  const actionId = await actionFromFinding(hq, finding);
  const note = 'Emptied the trap and logged it on the sheet by the door.';

  await openOnline(page, 'manager', `/actions/${actionId}`);
  await expect(page.getByRole('heading', { level: 1, name: finding })).toBeVisible();
  await page.context().setOffline(true);

  await page.getByLabel('What was done').fill(note);
  const photos = page.getByRole('group', { name: `Photos of Fix of ${finding}` });
  await photos.locator('input[type="file"][capture="environment"]').setInputFiles(await cameraPhoto('IMG_2201.jpg'));
  // The photo shows from the phone, waiting.
  const waitingPhoto = photos.getByRole('img', { name: `Fix of ${finding}: waiting photo 1` });
  await expect(waitingPhoto).toBeVisible();
  await expect(photos.getByText(WAITING)).toBeVisible();
  await page.getByRole('button', { name: 'Resolve Action' }).tap();
  const resolution = page.getByRole('status').filter({ hasText: 'Your resolution' });
  await expect(resolution).toContainText(WAITING);
  await expect(resolution).toContainText(note);
  await expect(page.getByRole('button', { name: 'Resolve Action' })).toHaveCount(0);
  expect(await unsentChanges(page)).toBe(2);

  // Reloaded with no connection, the app opens and still shows what waits.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: finding })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your resolution' })).toContainText(note);
  await expect(page.getByRole('img', { name: `Fix of ${finding}: waiting photo 1` })).toBeVisible();

  await page.context().setOffline(false);
  const stored = page.getByRole('region', { name: 'Resolution' });
  await expect(stored).toContainText(note, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Your resolution' })).toHaveCount(0);
  await expect.poll(() => unsentChanges(page)).toBe(0);

  const action = (await (await hq.get(`/api/actions/${actionId}`)).json()) as {
    status: string;
    resolution: { note: string } | null;
    fixPhotos: unknown[];
    events: { kind: string }[];
  };
  expect(action.status).toBe('resolved');
  expect(action.resolution?.note).toBe(note);
  expect(action.fixPhotos).toHaveLength(1);
  expect(action.events.filter((event) => event.kind === 'resolved')).toHaveLength(1);
  expect(action.events.filter((event) => event.kind === 'photo_added')).toHaveLength(1);
  await hq.dispose();
});

test('offline, a manager acknowledges an announcement read offline; back online it counts once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const title = `Allergen chart updated ${uniqueTag()}`;
  const announcement = await created(
    await hq.post('/api/announcements', {
      data: {
        title,
        description: 'The burger sauce now contains mustard.',
        requiresAck: true,
        audienceRoles: ['manager'],
        restaurantIds: [],
      },
    }),
  );
  const counts = async () =>
    (await (await hq.get(`/api/announcements/${announcement.id}/acknowledgement-counts`)).json()) as {
      acknowledged: number;
    };
  expect((await counts()).acknowledged).toBe(0);

  await openOnline(page, 'manager', `/announcements/${announcement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.context().setOffline(true);
  // Read again with no connection: the announcement loaded once opens from the device.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The burger sauce now contains mustard.')).toBeVisible();

  await page.getByRole('button', { name: 'I have read this' }).tap();
  const waiting = page.getByRole('status').filter({ hasText: 'Your acknowledgement' });
  await expect(waiting).toContainText(WAITING);
  await expect(page.getByRole('button', { name: 'I have read this' })).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(page.getByText(/You acknowledged this on /)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => unsentChanges(page)).toBe(0);
  expect((await counts()).acknowledged).toBe(1);
  await hq.dispose();
});

test('offline, hq fills an audit draft with a photo, saves and submits; back online it is submitted once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const tag = uniqueTag();
  const items = [`Fridge at or below 4 °C ${tag}`, `Floors dry and clean ${tag}`] as const;
  const auditId = await amsterdamDraft(hq, items);

  await openOnline(page, 'hq', `/audits/${auditId}`);
  await expect(page.getByRole('button', { name: 'Submit Audit' })).toBeVisible();
  await page.context().setOffline(true);

  const markGroup = (itemText: string) => page.getByRole('radiogroup', { name: itemText });
  await markGroup(items[0]).getByRole('radio', { name: 'Needs improvement', exact: true }).check();
  await page.getByRole('textbox', { name: `Comment for ${items[0]}` }).fill('Thermometer shows 6 °C');
  const photos = page.getByRole('group', { name: `Photos of ${items[0]}` });
  await photos.locator('input[type="file"][capture="environment"]').setInputFiles(await cameraPhoto('IMG_3301.jpg'));
  await expect(photos.getByRole('img', { name: `${items[0]}: waiting photo 1` })).toBeVisible();
  await page.getByRole('button', { name: 'Save Draft' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Your draft' })).toContainText(WAITING);

  await markGroup(items[1]).getByRole('radio', { name: 'Excellent', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Audit' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Your submit' })).toContainText(WAITING);
  // The submit carries the saved marks too: the waiting save went, the photo stays before the submit.
  expect(await unsentChanges(page)).toBe(2);

  // Reloaded offline: the person's marks, their photo and the waiting submit are still there.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Your submit' })).toContainText(WAITING);
  await expect(markGroup(items[1]).getByRole('radio', { name: 'Excellent', exact: true })).toBeChecked();
  await expect(page.getByRole('textbox', { name: `Comment for ${items[0]}` })).toHaveValue('Thermometer shows 6 °C');
  await expect(page.getByRole('img', { name: `${items[0]}: waiting photo 1` })).toBeVisible();

  await page.context().setOffline(false);
  // Completed: read-only, with the photo stored on the server.
  await expect(page.getByRole('button', { name: `Open photo 1 of 1: ${items[0]}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Submit Audit' })).toHaveCount(0);
  await expect.poll(() => unsentChanges(page)).toBe(0);

  const audit = await readAudit(hq, auditId);
  expect(audit.status).toBe('completed');
  // Needs improvement (50) and Excellent (100).
  expect(audit.finalScore).toBe(75);
  const [first, second] = audit.items;
  expect(first?.mark).toBe('needs_improvement');
  expect(first?.photos).toHaveLength(1);
  expect(second?.mark).toBe('excellent');
  expect(second?.photos).toHaveLength(0);
  // One submit: the draft's version moved once (created 1, submitted 2), and one action for the finding.
  expect(audit.version).toBe(2);
  expect(first?.actions).toHaveLength(1);
  await hq.dispose();
});

test('an action hq resolved while the manager was offline: what happened, the manager’s note, Discard mine', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const finding = `Extractor filters cleaned ${uniqueTag()}`;
  const actionId = await actionFromFinding(hq, finding);
  const mine = 'Cleaned both filters before service.';
  const theirs = 'Filters replaced by the contractor.';

  await openOnline(page, 'manager', `/actions/${actionId}`);
  await page.context().setOffline(true);
  await page.getByLabel('What was done').fill(mine);
  await page.getByRole('button', { name: 'Resolve Action' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Your resolution' })).toContainText(WAITING);

  // Meanwhile hq resolves it from the office.
  const stored = (await (await hq.get(`/api/actions/${actionId}`)).json()) as { version: number };
  const elsewhere = await hq.post(`/api/actions/${actionId}/resolve`, {
    data: { note: theirs, version: stored.version },
  });
  expect(elsewhere.status()).toBe(200);

  await page.context().setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'Your resolution was not sent' });
  await expect(conflict).toContainText(`Resolved by ${HQ_NAME} on`, { timeout: 30_000 });
  await expect(conflict).toContainText('while you were offline.');
  // Both versions: hq's as the action's resolution, the manager's in the conflict.
  await expect(conflict).toContainText(mine);
  await expect(page.getByRole('region', { name: 'Resolution' })).toContainText(theirs);

  await conflict.getByRole('button', { name: 'Discard mine' }).tap();
  await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).tap();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => unsentChanges(page)).toBe(0);

  const action = (await (await hq.get(`/api/actions/${actionId}`)).json()) as {
    resolution: { note: string } | null;
    events: { kind: string }[];
  };
  expect(action.resolution?.note).toBe(theirs);
  expect(action.events.filter((event) => event.kind === 'resolved')).toHaveLength(1);
  await hq.dispose();
});

test('My Trainings loaded once opens offline', async ({ page }) => {
  await openOnline(page, 'staff', '/my-trainings');
  const training = page.getByRole('link', { name: /^(Continue|Review|Start) Training/ }).first();
  await expect(training).toBeVisible();
  const name = await training.getAttribute('aria-label');
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Trainings' })).toBeVisible();
  await expect(name ? page.getByRole('link', { name }) : training).toBeVisible();
});

test('an audit submitted elsewhere while hq’s submit waited offline: the message, hq’s marks beside it, Discard mine', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const tag = uniqueTag();
  const items = [`Hand sinks stocked ${tag}`, `Bins emptied ${tag}`] as const;
  const auditId = await amsterdamDraft(hq, items);

  await openOnline(page, 'hq', `/audits/${auditId}`);
  await page.context().setOffline(true);
  const markGroup = (itemText: string) => page.getByRole('radiogroup', { name: itemText });
  await markGroup(items[0]).getByRole('radio', { name: 'Bad', exact: true }).check();
  await markGroup(items[1]).getByRole('radio', { name: 'Bad', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Audit' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Your submit' })).toContainText(WAITING);

  // Meanwhile the audit is submitted from another device, all Excellent.
  const stored = await readAudit(hq, auditId);
  const elsewhere = await hq.post(`/api/audits/${auditId}/submit`, {
    data: {
      version: stored.version,
      items: stored.items.map((item) => ({ id: item.id, mark: 'excellent', comment: null })),
    },
  });
  expect(elsewhere.status()).toBe(200);

  await page.context().setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'Your submit was not sent' });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toContainText('This audit is completed and can no longer be changed.');
  // hq's own marks stay readable in the conflict; the audit shows the stored, completed one.
  const mine = conflict.getByRole('region', { name: 'Your version' });
  await expect(mine).toContainText(`${items[0]}: Bad`);
  await expect(mine).toContainText(`${items[1]}: Bad`);
  await expect(page.getByRole('button', { name: 'Submit Audit' })).toHaveCount(0);

  await conflict.getByRole('button', { name: 'Discard mine' }).tap();
  await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).tap();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => unsentChanges(page)).toBe(0);

  const audit = await readAudit(hq, auditId);
  expect(audit.finalScore).toBe(100);
  expect(audit.items.map((item) => item.mark)).toEqual(['excellent', 'excellent']);
  await hq.dispose();
});
