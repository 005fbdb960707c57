import { messages } from '@brigade/core/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditItems, audits } from '../src/db/schema/audits';
import { startTestApp } from './harness';

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

async function template(name: string, items: string[]) {
  const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
    name,
    description: `${name} checks`,
    items: items.map((text) => ({ text })),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; items: { id: string; text: string }[] };
}

async function draft(restaurantId: string, templateIds: string[]) {
  const response = await call(hq.cookie, 'POST', '/api/audits', { restaurantId, templateIds, auditorId: hq.id });
  expect(response.statusCode).toBe(201);
  const detail = await call(hq.cookie, 'GET', `/api/audits/${response.json().id}`);
  return detail.json() as {
    id: string;
    version: number;
    items: { id: string; itemText: string; templateName: string }[];
  };
}

const kitchen = await template('Kitchen', ['Fridge below 7°C', 'Floors clean', 'Knives stored']);
const front = await template('Front', ['Greeting within 30 s', 'Tables wiped']);

describe('templates (hq)', () => {
  test('list shows name, description and item count', async () => {
    const list = (await call(hq.cookie, 'GET', '/api/audit-templates')).json();
    expect(list).toEqual(
      expect.arrayContaining([{ id: kitchen.id, name: 'Kitchen', description: 'Kitchen checks', itemCount: 3 }]),
    );
  });

  test('name and item texts are required; at least one item stays', async () => {
    const response = await call(hq.cookie, 'POST', '/api/audit-templates', { name: '', items: [{ text: ' ' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.templateNameRequired,
      'items.0.text': messages.templateItemsNeedText,
    });
    const empty = await call(hq.cookie, 'POST', '/api/audit-templates', { name: 'Empty', items: [] });
    expect(empty.json().fields).toEqual({ items: messages.templateNeedsItem });
  });

  test('editing reorders, renames, adds and removes items; order_num follows position', async () => {
    const t1 = await template('Reorder', ['A', 'B', 'C']);
    const [a, b, c] = t1.items;
    const response = await call(hq.cookie, 'PUT', `/api/audit-templates/${t1.id}`, {
      name: 'Reordered',
      description: '',
      items: [{ id: c?.id, text: 'C' }, { text: 'New' }, { id: a?.id, text: 'A renamed' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { text: string; orderNum: number }) => [item.text, item.orderNum])).toEqual(
      [
        ['C', 0],
        ['New', 1],
        ['A renamed', 2],
      ],
    );
    expect(response.json().items.map((item: { id: string }) => item.id)).not.toContain(b?.id);
  });

  test('editing or deleting a template never changes an audit made from it', async () => {
    const source = await template('Temporary', ['Original text']);
    const audit = await draft(mine.id, [source.id]);
    await call(hq.cookie, 'PUT', `/api/audit-templates/${source.id}`, {
      name: 'Renamed',
      items: [{ id: source.items[0]?.id, text: 'Changed text' }],
    });
    expect((await call(hq.cookie, 'DELETE', `/api/audit-templates/${source.id}`)).statusCode).toBe(204);
    const after = (await call(hq.cookie, 'GET', `/api/audits/${audit.id}`)).json();
    expect(after.templateNames).toEqual(['Temporary']);
    expect(after.items.map((item: { itemText: string }) => item.itemText)).toEqual(['Original text']);
  });

  test('managers and staff cannot see or change templates', async () => {
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      const list = await call(cookie, 'GET', '/api/audit-templates');
      expect([list.statusCode, list.json()]).toEqual([403, { message: expect.any(String) }]);
      expect(
        (await call(cookie, 'POST', '/api/audit-templates', { name: 'X', items: [{ text: 'Y' }] })).statusCode,
      ).toBe(403);
      expect(
        (await call(cookie, 'PUT', `/api/audit-templates/${kitchen.id}`, { name: 'X', items: [{ text: 'Y' }] }))
          .statusCode,
      ).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/audit-templates/${kitchen.id}`)).statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
    const list = (await call(hq.cookie, 'GET', '/api/audit-templates')).json();
    expect(list).toContainEqual({ id: kitchen.id, name: 'Kitchen', description: 'Kitchen checks', itemCount: 3 });
  });
});

describe('creating an audit (hq)', () => {
  test('one empty item per template item, templates in the order chosen', async () => {
    const audit = await draft(mine.id, [front.id, kitchen.id]);
    expect(audit.items.map((item) => `${item.templateName}: ${item.itemText}`)).toEqual([
      'Front: Greeting within 30 s',
      'Front: Tables wiped',
      'Kitchen: Fridge below 7°C',
      'Kitchen: Floors clean',
      'Kitchen: Knives stored',
    ]);
    const detail = (await call(hq.cookie, 'GET', `/api/audits/${audit.id}`)).json();
    expect(detail).toMatchObject({
      status: 'draft',
      finalScore: null,
      auditor: { id: hq.id },
      restaurant: { id: mine.id },
    });
    expect(
      detail.items.every((item: { mark: unknown; comment: unknown }) => item.mark === null && item.comment === null),
    ).toBe(true);
  });

  test('missing choices get the one spec message', async () => {
    const response = await call(hq.cookie, 'POST', '/api/audits', { restaurantId: '', templateIds: [], auditorId: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.newAuditIncomplete);
  });

  test('the auditor must be an active hq user', async () => {
    const before = await t.db.$count(audits);
    const response = await call(hq.cookie, 'POST', '/api/audits', {
      restaurantId: mine.id,
      templateIds: [kitchen.id],
      auditorId: manager.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.auditorMustBeHq);
    expect(await t.db.$count(audits)).toBe(before);
  });

  test('managers and staff cannot create audits', async () => {
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      const response = await call(cookie, 'POST', '/api/audits', {
        restaurantId: mine.id,
        templateIds: [kitchen.id],
        auditorId: hq.id,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
  });

  test('auditors are active hq users', async () => {
    const auditors = (await call(hq.cookie, 'GET', '/api/audits/auditors')).json();
    expect(auditors.map((a: { id: string }) => a.id)).toEqual([hq.id]);
  });
});

describe('conducting: save, submit, score', () => {
  test('a draft saves marks and comments in one go; the version moves on', async () => {
    const audit = await draft(mine.id, [kitchen.id]);
    const response = await call(hq.cookie, 'PUT', `/api/audits/${audit.id}/draft`, {
      version: audit.version,
      items: [{ id: audit.items[0]?.id ?? '', mark: 'good', comment: '  Slightly warm  ' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(audit.version + 1);
    expect(response.json().items[0]).toMatchObject({ mark: 'good', comment: 'Slightly warm' });
    expect(response.json().status).toBe('draft');
  });

  test('a stale save is refused and overwrites nothing', async () => {
    const audit = await draft(mine.id, [front.id]);
    const first = audit.items[0]?.id ?? '';
    await call(hq.cookie, 'PUT', `/api/audits/${audit.id}/draft`, {
      version: audit.version,
      items: [{ id: first, mark: 'excellent', comment: null }],
    });
    const stale = await call(hq.cookie, 'PUT', `/api/audits/${audit.id}/draft`, {
      version: audit.version,
      items: [{ id: first, mark: 'bad', comment: 'other editor' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(messages.auditChangedElsewhere);
    const [row] = await t.db.select().from(auditItems).where(eq(auditItems.id, first));
    expect(row?.mark).toBe('excellent');
  });

  test('submit with unmarked items names how many remain and completes nothing', async () => {
    const audit = await draft(mine.id, [kitchen.id]);
    const response = await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, {
      version: audit.version,
      items: [
        { id: audit.items[0]?.id ?? '', mark: 'good', comment: null },
        { id: audit.items[1]?.id ?? '', mark: 'good', comment: null },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please assess all items (1 remaining)');
    const [row] = await t.db.select().from(audits).where(eq(audits.id, audit.id));
    expect(row).toMatchObject({ status: 'draft', finalScore: null, version: audit.version });
  });

  test('the server computes the score from the marks, whatever the client sends', async () => {
    const audit = await draft(mine.id, [kitchen.id]);
    const marks = ['good', 'excellent', 'bad'] as const;
    const response = await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, {
      version: audit.version,
      finalScore: 100,
      status: 'completed',
      items: audit.items.map((item, index) => ({ id: item.id, mark: marks[index] ?? null, comment: null })),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', finalScore: 67 });
  });

  test('a completed audit is read-only', async () => {
    const audit = await draft(mine.id, [front.id]);
    const items = audit.items.map((item) => ({ id: item.id, mark: 'excellent' as const, comment: null }));
    const submitted = await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, {
      version: audit.version,
      items,
    });
    expect(submitted.json()).toMatchObject({ status: 'completed', finalScore: 100 });
    const completed = await t.tableDigests();
    const changes = items.map((item) => ({ ...item, mark: 'bad' as const, comment: 'changed afterwards' }));
    for (const version of [audit.version + 1, submitted.json().version]) {
      const draftSave = await call(hq.cookie, 'PUT', `/api/audits/${audit.id}/draft`, { version, items: changes });
      expect(draftSave.statusCode).toBe(409);
      expect(draftSave.json().message).toBe(messages.auditCompletedReadOnly);
      const resubmit = await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, { version, items: changes });
      expect(resubmit.statusCode).toBe(409);
    }
    expect(await t.tableDigests()).toEqual(completed);
  });

  test('an item of another audit is refused', async () => {
    const one = await draft(mine.id, [front.id]);
    const two = await draft(mine.id, [front.id]);
    const before = await t.tableDigests();
    const response = await call(hq.cookie, 'PUT', `/api/audits/${one.id}/draft`, {
      version: one.version,
      items: [{ id: two.items[0]?.id ?? '', mark: 'bad', comment: null }],
    });
    expect(response.statusCode).toBe(400);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('managers and staff cannot write audits', async () => {
    const audit = await draft(mine.id, [front.id]);
    const items = audit.items.map((item) => ({ id: item.id, mark: 'good' as const, comment: 'not theirs' }));
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      const response = await call(cookie, 'PUT', `/api/audits/${audit.id}/draft`, { version: audit.version, items });
      expect(response.statusCode).toBe(403);
      expect(
        (await call(cookie, 'POST', `/api/audits/${audit.id}/submit`, { version: audit.version, items })).statusCode,
      ).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/audits/${audit.id}`)).statusCode).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
  });
});

describe('reading and listing', () => {
  const completeOne = async (restaurantId: string) => {
    const audit = await draft(restaurantId, [front.id]);
    const items = audit.items.map((item) => ({ id: item.id, mark: 'good' as const, comment: null }));
    await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, { version: audit.version, items });
    return audit.id;
  };

  test('a manager reads their restaurant’s audits, not another’s', async () => {
    const own = await completeOne(mine.id);
    const foreign = await completeOne(other.id);
    const opened = await call(manager.cookie, 'GET', `/api/audits/${own}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: own,
      status: 'completed',
      restaurant: { id: mine.id },
      items: [{ mark: 'good' }, { mark: 'good' }],
    });
    for (const cookie of [manager.cookie, staff.cookie]) {
      const refused = await call(cookie, 'GET', `/api/audits/${foreign}`);
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: expect.any(String) }]);
    }
  });

  test('managers list completed audits of their restaurant only, searchable by auditor name', async () => {
    await completeOne(mine.id);
    await completeOne(other.id);
    const page = (await call(manager.cookie, 'GET', `/api/audits?restaurantId=${mine.id}`)).json();
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      page.items.every(
        (a: { status: string; restaurant: { id: string } }) => a.status === 'completed' && a.restaurant.id === mine.id,
      ),
    ).toBe(true);
    const hqName = (await call(hq.cookie, 'GET', '/api/me')).json().name as string;
    const byAuditor = (
      await call(manager.cookie, 'GET', `/api/audits?restaurantId=${mine.id}&search=${encodeURIComponent(hqName)}`)
    ).json();
    expect(byAuditor.total).toBe(page.total);
    const byTemplate = (await call(manager.cookie, 'GET', `/api/audits?restaurantId=${mine.id}&search=front`)).json();
    expect(byTemplate.total).toBeGreaterThan(0);
    expect((await call(manager.cookie, 'GET', `/api/audits?restaurantId=${other.id}`)).statusCode).toBe(403);
  });

  test('hq lists everything and filters by status and restaurant', async () => {
    const drafts = (
      await call(hq.cookie, 'GET', `/api/audits?status=draft&restaurantId=${mine.id}&pageSize=100`)
    ).json();
    expect(drafts.items.every((a: { status: string }) => a.status === 'draft')).toBe(true);
    expect(drafts.total).toBeGreaterThan(0);
  });

  test('a draft is hq’s alone: managers and staff get 404 by id and never list it; hq lists and opens it', async () => {
    const own = await draft(mine.id, [front.id]);
    const foreign = await draft(other.id, [front.id]);
    for (const cookie of [manager.cookie, staff.cookie]) {
      for (const id of [own.id, foreign.id]) {
        const response = await call(cookie, 'GET', `/api/audits/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: messages.auditNotFound });
      }
      for (const query of [`restaurantId=${mine.id}&pageSize=100`, 'pageSize=100', 'status=draft&pageSize=100']) {
        const page = (await call(cookie, 'GET', `/api/audits?${query}`)).json();
        expect(page.items.map((a: { id: string }) => a.id)).not.toContain(own.id);
        expect(page.items.every((a: { status: string }) => a.status === 'completed')).toBe(true);
      }
      expect((await call(cookie, 'GET', `/api/audits?status=draft&restaurantId=${mine.id}`)).json().total).toBe(0);
    }
    const opened = await call(hq.cookie, 'GET', `/api/audits/${own.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'draft', items: [{}, {}] });
    const drafts = (
      await call(hq.cookie, 'GET', `/api/audits?status=draft&restaurantId=${mine.id}&pageSize=100`)
    ).json();
    expect(drafts.items.map((a: { id: string }) => a.id)).toContain(own.id);
  });

  test('a missing audit is 404 with the spec text', async () => {
    const response = await call(hq.cookie, 'GET', '/api/audits/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.auditNotFound);
  });
});

describe('deleting', () => {
  test('hq deletes an audit with its items', async () => {
    const audit = await draft(mine.id, [front.id]);
    expect(await t.db.select().from(auditItems).where(eq(auditItems.auditId, audit.id))).toHaveLength(2);
    expect((await call(hq.cookie, 'DELETE', `/api/audits/${audit.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(audits).where(eq(audits.id, audit.id))).toHaveLength(0);
    expect(await t.db.select().from(auditItems).where(eq(auditItems.auditId, audit.id))).toHaveLength(0);
  });

  test('others cannot delete (403) and the audit stays', async () => {
    const audit = await draft(mine.id, [front.id]);
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await call(cookie, 'DELETE', `/api/audits/${audit.id}`)).statusCode).toBe(403);
    }
    expect((await call(undefined, 'DELETE', `/api/audits/${audit.id}`)).statusCode).toBe(401);
    expect(await t.db.select().from(audits).where(eq(audits.id, audit.id))).toHaveLength(1);
    expect(await t.tableDigests()).toEqual(before);
  });
});
