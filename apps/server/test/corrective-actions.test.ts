import { actionMessages, messages, selectRestaurantMessages } from '@brigade/core/messages';
import { addDays, todayUtc } from '@brigade/core/schemas/corrective-actions';
import { MAX_PHOTOS_PER_ITEM } from '@brigade/core/schemas/photos';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { auditTemplates } from '../src/db/schema/audits';
import { startTestApp } from './harness';

/**
 * Issue 19, corrective actions: one per finding on submit, the owner resolves, hq reopens,
 * reassigns and moves the due date, every change in the history, and the Actions screen,
 * dashboards and Store Performance count them, each within the caller's restaurants.
 */

let statements: string[] = [];
const t = await startTestApp({ onQuery: (query) => statements.push(query) });
const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const secondManager = await t.buildUser('manager', { restaurantIds: [mine.id], name: 'Second Manager' });
const inactiveManager = await t.buildUser('manager', { restaurantIds: [mine.id], isActive: false });
const otherManager = await t.signedIn('manager', { restaurantIds: [other.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });
const otherStaff = await t.signedIn('staff', { restaurantIds: [other.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

async function template(name: string, items: string[], dueDays: Json = {}) {
  const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
    name,
    items: items.map((text) => ({ text })),
    ...dueDays,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; badDueDays: number; needsImprovementDueDays: number };
}

type Mark = 'bad' | 'needs_improvement' | 'good' | 'excellent';
interface AuditJson {
  id: string;
  version: number;
  items: { id: string; itemText: string; actions: { id: string; status: string; dueOn: string; overdue: boolean }[] }[];
}

/** A completed audit of `restaurantId` with `marks` in item order; returns the audit as submitted. */
async function completedAudit(restaurantId: string, templateIds: string[], marks: Mark[], comments: string[] = []) {
  const created = await call(hq.cookie, 'POST', '/api/audits', { restaurantId, templateIds, auditorId: hq.id });
  expect(created.statusCode).toBe(201);
  const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.json().id}`)).json() as AuditJson;
  const submitted = await call(hq.cookie, 'POST', `/api/audits/${draft.id}/submit`, {
    version: draft.version,
    items: draft.items.map((item, index) => ({ id: item.id, mark: marks[index], comment: comments[index] ?? null })),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as AuditJson;
}

const actionsOf = (audit: AuditJson) => audit.items.flatMap((item) => item.actions);
const detail = async (id: string, cookie = hq.cookie) => (await call(cookie, 'GET', `/api/actions/${id}`)).json();

const kitchen = await template('Kitchen', ['Fridge below 7°C', 'Floors clean', 'Knives stored', 'Bins closed'], {
  badDueDays: 3,
  needsImprovementDueDays: 10,
});
const front = await template('Front', ['Greeting within 30 s', 'Tables wiped']);

describe('actions made on submit', () => {
  test('one open action per Bad or Needs improvement item, due days from the template, none for Good or Excellent', async () => {
    const audit = await completedAudit(
      mine.id,
      [kitchen.id, front.id],
      ['bad', 'needs_improvement', 'good', 'excellent', 'needs_improvement', 'good'],
      ['Fridge at 9°C', 'Sticky corner'],
    );
    const today = todayUtc();
    expect(
      audit.items.map((item) => item.actions.map((action) => [action.status, action.dueOn, action.overdue])),
    ).toEqual([
      [['open', addDays(today, 3), false]],
      [['open', addDays(today, 10), false]],
      [],
      [],
      [['open', addDays(today, 14), false]],
      [],
    ]);
    const fridge = await detail(audit.items[0]?.actions[0]?.id ?? '');
    expect(fridge).toMatchObject({
      restaurant: { id: mine.id, name: 'Brigade Mine' },
      audit: { id: audit.id },
      templateName: 'Kitchen',
      itemText: 'Fridge below 7°C',
      mark: 'bad',
      comment: 'Fridge at 9°C',
      status: 'open',
      overdue: false,
      resolution: null,
      evidencePhotos: [],
      fixPhotos: [],
      version: 1,
    });
    // Default owners: the restaurant's active managers, not the inactive one, not another restaurant's.
    expect(fridge.owners.map((owner: { id: string }) => owner.id).sort()).toEqual(
      [manager.id, secondManager.id].sort(),
    );
    expect(fridge.owners.map((owner: { id: string }) => owner.id)).not.toContain(inactiveManager.id);
    expect(fridge.events).toEqual([
      {
        id: expect.any(String),
        kind: 'created',
        actorName: expect.any(String),
        note: null,
        detail: null,
        at: expect.any(String),
      },
    ]);
  });

  test('a restaurant without an active manager: the auditor who submitted owns the action', async () => {
    const unmanaged = await t.buildRestaurant({ name: 'Unmanaged' });
    const [action] = actionsOf(await completedAudit(unmanaged.id, [front.id], ['bad', 'good']));
    expect((await detail(action?.id ?? '')).owners.map((owner: { id: string }) => owner.id)).toEqual([hq.id]);
  });

  test('the template defaults are 7 and 14 days, and stay 7 and 14 when the template is gone', async () => {
    const plain = await template('Plain', ['One', 'Two']);
    expect([plain.badDueDays, plain.needsImprovementDueDays]).toEqual([7, 14]);
    const created = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: mine.id,
      templateIds: [plain.id],
      auditorId: hq.id,
    });
    const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.json().id}`)).json() as AuditJson;
    await t.db.delete(auditTemplates).where(eq(auditTemplates.id, plain.id));
    const submitted = (
      await call(hq.cookie, 'POST', `/api/audits/${draft.id}/submit`, {
        version: draft.version,
        items: draft.items.map((item, index) => ({
          id: item.id,
          mark: index ? 'needs_improvement' : 'bad',
          comment: null,
        })),
      })
    ).json() as AuditJson;
    expect(actionsOf(submitted).map((action) => action.dueOn)).toEqual([
      addDays(todayUtc(), 7),
      addDays(todayUtc(), 14),
    ]);
  });

  test('a submit that fails makes no action', async () => {
    const created = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: mine.id,
      templateIds: [front.id],
      auditorId: hq.id,
    });
    const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.json().id}`)).json() as AuditJson;
    const before = await t.tableDigests();
    const refused = await call(hq.cookie, 'POST', `/api/audits/${draft.id}/submit`, {
      version: draft.version,
      items: [{ id: draft.items[0]?.id, mark: 'bad', comment: null }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('template due days are 1 to 365', async () => {
    const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
      name: 'Bad days',
      items: [{ text: 'X' }],
      badDueDays: 0,
      needsImprovementDueDays: 366,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['badDueDays', 'needsImprovementDueDays']);
  });
});

describe('adding an action (hq)', () => {
  test('from any item of a completed audit, with a chosen due date and owner', async () => {
    const audit = await completedAudit(mine.id, [front.id], ['good', 'excellent']);
    const response = await call(hq.cookie, 'POST', '/api/actions', {
      auditItemId: audit.items[1]?.id,
      dueOn: '2031-01-15',
      ownerIds: [secondManager.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      itemText: 'Tables wiped',
      mark: 'excellent',
      dueOn: '2031-01-15',
      owners: [{ id: secondManager.id }],
      status: 'open',
    });
    const audited = (await call(hq.cookie, 'GET', `/api/audits/${audit.id}`)).json() as AuditJson;
    expect(audited.items[1]?.actions.map((action) => action.id)).toEqual([response.json().id]);
  });

  test('defaults: due from the template, owners the restaurant managers', async () => {
    const audit = await completedAudit(mine.id, [front.id], ['good', 'good']);
    const response = await call(hq.cookie, 'POST', '/api/actions', { auditItemId: audit.items[0]?.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().dueOn).toBe(addDays(todayUtc(), 14));
    expect(response.json().owners).toHaveLength(2);
  });

  test('refused: a draft item, an unknown item, an owner who is staff or manages elsewhere, managers', async () => {
    const created = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: mine.id,
      templateIds: [front.id],
      auditorId: hq.id,
    });
    const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.json().id}`)).json() as AuditJson;
    const onDraft = await call(hq.cookie, 'POST', '/api/actions', { auditItemId: draft.items[0]?.id });
    expect([onDraft.statusCode, onDraft.json().fields]).toEqual([
      400,
      { auditItemId: actionMessages.auditNotCompleted },
    ]);
    const unknown = await call(hq.cookie, 'POST', '/api/actions', {
      auditItemId: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, unknown.json().fields]).toEqual([400, { auditItemId: actionMessages.itemNotFound }]);
    const audit = await completedAudit(mine.id, [front.id], ['good', 'good']);
    for (const ownerId of [staff.id, otherManager.id, inactiveManager.id]) {
      const response = await call(hq.cookie, 'POST', '/api/actions', {
        auditItemId: audit.items[0]?.id,
        ownerIds: [ownerId],
      });
      expect([response.statusCode, response.json().fields]).toEqual([
        400,
        { ownerIds: actionMessages.ownerNotAllowed },
      ]);
    }
    const badDate = await call(hq.cookie, 'POST', '/api/actions', {
      auditItemId: audit.items[0]?.id,
      dueOn: '2031-02-30',
    });
    expect([badDate.statusCode, Object.keys(badDate.json().fields)]).toEqual([400, ['dueOn']]);
    // Issue 31: no date past 31 December 2100.
    const farAway = await call(hq.cookie, 'POST', '/api/actions', {
      auditItemId: audit.items[0]?.id,
      dueOn: '9999-12-31',
    });
    expect([farAway.statusCode, farAway.json().fields]).toEqual([400, { dueOn: messages.dateTooLate }]);
    const byManager = await call(manager.cookie, 'POST', '/api/actions', { auditItemId: audit.items[0]?.id });
    expect(byManager.statusCode).toBe(403);
    const signedOut = await call(undefined, 'POST', '/api/actions', { auditItemId: audit.items[0]?.id });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('resolving, reopening, reassigning and moving the due date', () => {
  test('the manager resolves with a note; hq reopens with a reason; the history keeps both', async () => {
    const audit = await completedAudit(mine.id, [front.id], ['bad', 'good']);
    const [action] = actionsOf(audit);
    const id = action?.id ?? '';
    const noNote = await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, { note: '  ', version: 1 });
    expect([noNote.statusCode, noNote.json().fields]).toEqual([400, { note: actionMessages.noteRequired }]);
    const resolved = await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, {
      note: 'Greeter trained',
      version: 1,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      overdue: false,
      version: 2,
      resolution: { note: 'Greeter trained', resolvedBy: expect.any(String) },
    });
    const again = await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, { note: 'Again', version: 2 });
    expect([again.statusCode, again.json().message]).toEqual([409, actionMessages.alreadyResolved]);
    const byManager = await call(manager.cookie, 'POST', `/api/actions/${id}/reopen`, { reason: 'No', version: 2 });
    expect(byManager.statusCode).toBe(403);
    const noReason = await call(hq.cookie, 'POST', `/api/actions/${id}/reopen`, { reason: '', version: 2 });
    expect([noReason.statusCode, noReason.json().fields]).toEqual([400, { reason: actionMessages.reasonRequired }]);
    const reopened = await call(hq.cookie, 'POST', `/api/actions/${id}/reopen`, { reason: 'Still slow', version: 2 });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', resolution: null, version: 3 });
    expect(reopened.json().events.map((event: Json) => [event.kind, event.note])).toEqual([
      ['created', null],
      ['resolved', 'Greeter trained'],
      ['reopened', 'Still slow'],
    ]);
    const reopenOpen = await call(hq.cookie, 'POST', `/api/actions/${id}/reopen`, { reason: 'x', version: 3 });
    expect([reopenOpen.statusCode, reopenOpen.json().message]).toEqual([409, actionMessages.alreadyOpen]);
  });

  test('a stale version is a 409 and changes nothing', async () => {
    const [action] = actionsOf(await completedAudit(mine.id, [front.id], ['bad', 'good']));
    const id = action?.id ?? '';
    await call(hq.cookie, 'PUT', `/api/actions/${id}/due`, { dueOn: '2030-05-01', version: 1 });
    const before = await t.tableDigests();
    const stale = await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, { note: 'Done', version: 1 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, actionMessages.changedElsewhere]);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('hq reassigns owners and moves the due date; both are in the history with from and to', async () => {
    const [action] = actionsOf(await completedAudit(mine.id, [front.id], ['needs_improvement', 'good']));
    const id = action?.id ?? '';
    const refused = await call(hq.cookie, 'PUT', `/api/actions/${id}/owners`, {
      ownerIds: [otherManager.id],
      version: 1,
    });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { ownerIds: actionMessages.ownerNotAllowed }]);
    const empty = await call(hq.cookie, 'PUT', `/api/actions/${id}/owners`, { ownerIds: [], version: 1 });
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { ownerIds: actionMessages.ownersRequired }]);
    const reassigned = await call(hq.cookie, 'PUT', `/api/actions/${id}/owners`, {
      ownerIds: [hq.id, secondManager.id],
      version: 1,
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(
      reassigned
        .json()
        .owners.map((owner: Json) => owner.id)
        .sort(),
    ).toEqual([hq.id, secondManager.id].sort());
    const moved = await call(hq.cookie, 'PUT', `/api/actions/${id}/due`, { dueOn: '2020-01-01', version: 2 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ dueOn: '2020-01-01', overdue: true, version: 3 });
    const tooFar = await call(hq.cookie, 'PUT', `/api/actions/${id}/due`, { dueOn: '2101-01-01', version: 3 });
    expect([tooFar.statusCode, tooFar.json().fields]).toEqual([400, { dueOn: messages.dateTooLate }]);
    const [, reassignEvent, dueEvent] = moved.json().events;
    expect(reassignEvent).toMatchObject({
      kind: 'reassigned',
      detail: { to: expect.stringContaining('Second Manager') },
    });
    expect(dueEvent).toMatchObject({ kind: 'due_changed', detail: { from: action?.dueOn, to: '2020-01-01' } });
    for (const [url, payload] of [
      [`/api/actions/${id}/owners`, { ownerIds: [manager.id], version: 3 }],
      [`/api/actions/${id}/due`, { dueOn: '2031-01-01', version: 3 }],
    ] as const) {
      expect((await call(manager.cookie, 'PUT', url, payload)).statusCode).toBe(403);
    }
  });

  test("a manager cannot resolve another restaurant's action; staff cannot resolve at all", async () => {
    const [action] = actionsOf(await completedAudit(other.id, [front.id], ['bad', 'good']));
    const id = action?.id ?? '';
    const before = await t.tableDigests();
    const byOtherManager = await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, {
      note: 'Mine now',
      version: 1,
    });
    expect([byOtherManager.statusCode, byOtherManager.json().message]).toEqual([403, messages.restaurantForbidden]);
    const byStaff = await call(otherStaff.cookie, 'POST', `/api/actions/${id}/resolve`, { note: 'Done', version: 1 });
    expect(byStaff.statusCode).toBe(403);
    expect(await t.tableDigests()).toEqual(before);
    const byOwnManager = await call(otherManager.cookie, 'POST', `/api/actions/${id}/resolve`, {
      note: 'Done',
      version: 1,
    });
    expect(byOwnManager.statusCode).toBe(200);
  });

  test('unknown action 404, malformed id 400, signed out 401', async () => {
    const unknown = await call(hq.cookie, 'GET', '/api/actions/00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, actionMessages.notFound]);
    expect((await call(hq.cookie, 'GET', '/api/actions/nope')).statusCode).toBe(400);
    expect((await call(undefined, 'GET', '/api/actions?page=1')).statusCode).toBe(401);
    expect(
      (
        await call(undefined, 'POST', '/api/actions/00000000-0000-4000-8000-000000000000/resolve', {
          note: 'x',
          version: 1,
        })
      ).statusCode,
    ).toBe(401);
  });
});

const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2980b9' } })
  .jpeg()
  .toBuffer();

describe('fix photos of a reopened action', () => {
  const boundary = '----brigade-fix-boundary';
  const addFix = (id: string) =>
    t.request(manager.cookie, {
      method: 'POST',
      url: `/api/actions/${id}/photos`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fix.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });

  test("the new fix starts without the old resolution's photos, which stay apart and cannot be removed", async () => {
    const [action] = actionsOf(await completedAudit(mine.id, [front.id], ['bad', 'good']));
    const id = action?.id ?? '';
    const old = await addFix(id);
    expect(old.statusCode, old.body).toBe(201);
    const oldPhoto = old.json() as { id: string };
    await call(manager.cookie, 'POST', `/api/actions/${id}/resolve`, { note: 'Wiped', version: 1 });
    expect((await detail(id)).fixPhotos.map((photo: Json) => photo.id)).toEqual([oldPhoto.id]);
    const reopened = await call(hq.cookie, 'POST', `/api/actions/${id}/reopen`, { reason: 'Still sticky', version: 2 });
    expect(reopened.json()).toMatchObject({ fixPhotos: [], earlierFixPhotos: [{ id: oldPhoto.id }] });
    // The new fix has its full count of photos: the old one takes no place.
    for (let i = 0; i < MAX_PHOTOS_PER_ITEM; i++) expect((await addFix(id)).statusCode).toBe(201);
    expect((await addFix(id)).statusCode).toBe(409);
    const removeOld = await call(manager.cookie, 'DELETE', `/api/actions/${id}/photos/${oldPhoto.id}`);
    expect(removeOld.statusCode).toBe(404);
    const after = await detail(id);
    expect(after.fixPhotos).toHaveLength(MAX_PHOTOS_PER_ITEM);
    expect(after.earlierFixPhotos.map((photo: Json) => photo.id)).toEqual([oldPhoto.id]);
  });
});

describe('reading actions', () => {
  test("staff read their restaurant's actions, not another's (403), and have no Actions list", async () => {
    const [mineAction] = actionsOf(await completedAudit(mine.id, [front.id], ['bad', 'good']));
    const [otherAction] = actionsOf(await completedAudit(other.id, [front.id], ['bad', 'good']));
    expect((await call(staff.cookie, 'GET', `/api/actions/${mineAction?.id}`)).statusCode).toBe(200);
    const refused = await call(staff.cookie, 'GET', `/api/actions/${otherAction?.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, messages.restaurantForbidden]);
    expect((await call(manager.cookie, 'GET', `/api/actions/${otherAction?.id}`)).statusCode).toBe(403);
    expect((await call(staff.cookie, 'GET', `/api/actions?restaurantId=${mine.id}`)).statusCode).toBe(403);
  });

  test('managers list their selected restaurant only: another restaurant 403, none named 400', async () => {
    const refused = await call(manager.cookie, 'GET', `/api/actions?restaurantId=${other.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, messages.restaurantForbidden]);
    const unnamed = await call(manager.cookie, 'GET', '/api/actions');
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([400, selectRestaurantMessages.actions]);
    const listed = (await call(manager.cookie, 'GET', `/api/actions?restaurantId=${mine.id}&pageSize=100`)).json();
    expect(listed.items.length).toBeGreaterThan(0);
    expect(new Set(listed.items.map((item: { restaurant: { id: string } }) => item.restaurant.id))).toEqual(
      new Set([mine.id]),
    );
  });

  test('filters, search and paging in SQL; open and most overdue first', async () => {
    const searchRestaurant = await t.buildRestaurant({ name: 'Zanzibar Grill' });
    const audit = await completedAudit(
      searchRestaurant.id,
      [kitchen.id],
      ['bad', 'needs_improvement', 'bad', 'good'],
      ['', 'Mop missing'],
    );
    const [fridge, floors, knives] = actionsOf(audit);
    await call(hq.cookie, 'PUT', `/api/actions/${fridge?.id}/due`, { dueOn: '2020-03-01', version: 1 });
    await call(hq.cookie, 'POST', `/api/actions/${knives?.id}/resolve`, { note: 'Rack fitted', version: 1 });
    const list = async (query: string) =>
      (await call(hq.cookie, 'GET', `/api/actions?restaurantId=${searchRestaurant.id}&${query}`)).json() as {
        items: { id: string; status: string; overdue: boolean; ownerNames: string[]; ownerCount: number }[];
        total: number;
      };
    const all = await list('');
    expect(all.items.map((item) => item.id)).toEqual([fridge?.id, floors?.id, knives?.id]);
    expect(all.items.map((item) => [item.status, item.overdue])).toEqual([
      ['open', true],
      ['open', false],
      ['resolved', false],
    ]);
    // No manager at Zanzibar: the submitting hq auditor owns them, named in the row.
    expect(all.items[0]).toMatchObject({ ownerNames: [expect.any(String)], ownerCount: 1 });
    expect((await list('overdue=true')).items.map((item) => item.id)).toEqual([fridge?.id]);
    expect((await list('overdue=false')).total).toBe(2);
    expect((await list('status=resolved')).items.map((item) => item.id)).toEqual([knives?.id]);
    expect((await list('status=open')).total).toBe(2);
    expect((await list('search=mop')).items.map((item) => item.id)).toEqual([floors?.id]);
    expect((await list('search=Knives')).items.map((item) => item.id)).toEqual([knives?.id]);
    expect((await list('templateName=Front')).total).toBe(0);
    expect((await list('templateName=Kitchen')).total).toBe(3);
    const hqSearch = (await call(hq.cookie, 'GET', '/api/actions?search=zanzibar')).json();
    expect(hqSearch.total).toBe(3);
    const page2 = await list('pageSize=2&page=2');
    expect([page2.items.map((item) => item.id), page2.total]).toEqual([[knives?.id], 3]);
    expect((await list('page=5')).items).toEqual([]);
    const wildcard = (await call(hq.cookie, 'GET', '/api/actions?search=%25')).json();
    expect(wildcard.total).toBe(0);
    const bad = await call(hq.cookie, 'GET', '/api/actions?status=closed&overdue=maybe');
    expect([bad.statusCode, Object.keys(bad.json().fields).sort()]).toEqual([400, ['overdue', 'status']]);
  });

  test('the detail and a list page cost a bounded number of statements', async () => {
    const [action] = actionsOf(await completedAudit(mine.id, [front.id], ['bad', 'bad']));
    for (const url of [`/api/actions/${action?.id}`, '/api/actions?page=1&search=Greeting&overdue=false']) {
      statements = [];
      expect((await call(hq.cookie, 'GET', url)).statusCode).toBe(200);
      // The session check, then the action's one statement or the page and its count.
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
    }
  });
});

describe('counts on the dashboards and Store Performance', () => {
  test('open and overdue counts move with submits, resolutions and due dates', async () => {
    const place = await t.buildRestaurant({ name: 'Counted' });
    const boss = await t.signedIn('manager', { restaurantIds: [place.id] });
    const counts = async () => ({
      hq: (await call(hq.cookie, 'GET', '/api/dashboards/hq')).json().actions,
      manager: (await call(boss.cookie, 'GET', `/api/dashboards/manager?restaurantId=${place.id}`)).json().actions,
      store: (await call(hq.cookie, 'GET', `/api/store-performance/${place.id}`)).json().actions,
    });
    const before = await counts();
    expect(before.manager).toEqual({ open: 0, overdue: 0 });
    expect(before.store).toEqual({ open: 0, overdue: 0 });
    const [first, second] = actionsOf(await completedAudit(place.id, [front.id], ['bad', 'needs_improvement']));
    await call(hq.cookie, 'PUT', `/api/actions/${first?.id}/due`, { dueOn: '2021-06-01', version: 1 });
    const after = await counts();
    expect(after.manager).toEqual({ open: 2, overdue: 1 });
    expect(after.store).toEqual({ open: 2, overdue: 1 });
    expect(after.hq).toEqual({ open: before.hq.open + 2, overdue: before.hq.overdue + 1 });
    await call(boss.cookie, 'POST', `/api/actions/${first?.id}/resolve`, { note: 'Fixed', version: 2 });
    await call(boss.cookie, 'POST', `/api/actions/${second?.id}/resolve`, { note: 'Fixed', version: 1 });
    const resolved = await counts();
    expect(resolved.manager).toEqual({ open: 0, overdue: 0 });
    expect(resolved.hq).toEqual(before.hq);
  });

  test('the per-due-day counts behind the chain figures equal a recount after every kind of write', async () => {
    // Bulk and single inserts, resolutions, reopenings and moved due dates happened above;
    // a cascade (deleting the audit keeps its actions) and a bulk update follow.
    const [action] = actionsOf(await completedAudit(mine.id, [front.id], ['bad', 'bad']));
    await t.db.execute(sql`update corrective_actions set due_on = due_on + 3 where audit_id = (
      select audit_id from corrective_actions where id = ${action?.id ?? ''})`);
    await t.db.execute(sql`delete from corrective_actions where id = ${action?.id ?? ''}`);
    const { rows } = (await t.db.execute(sql`
      select coalesce(k.due_on, c.due_on)::text as due_on, k.open as kept, c.open as counted
      from open_actions_by_due_day k
      full join (select due_on, count(*)::int as open from corrective_actions where status = 'open' group by 1) c
        on c.due_on = k.due_on
      where k.open is distinct from c.open`)) as { rows: unknown[] };
    expect(rows).toEqual([]);
    const hqCounts = (await call(hq.cookie, 'GET', '/api/dashboards/hq')).json().actions;
    const { rows: recount } = (await t.db.execute(sql`select
      (select count(*)::int from corrective_actions where status = 'open') as open,
      (select count(*)::int from corrective_actions where status = 'open' and due_on < (now() at time zone 'UTC')::date) as overdue`)) as {
      rows: { open: number; overdue: number }[];
    };
    expect(hqCounts).toEqual(recount[0]);
  });
});
