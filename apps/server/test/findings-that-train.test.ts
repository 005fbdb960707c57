import { messages, selectRestaurantMessages } from '@brigade/core/messages';
import { AuditTemplateDetail } from '@brigade/core/schemas/audit-templates';
import { trainingSuggestionMessages } from '@brigade/core/schemas/training-suggestions';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingSuggestions } from '../src/db/schema/training-suggestions';
import { suggestTrainingsForSubmittedAudit } from '../src/modules/training-suggestions/service';
import { createNotifier } from '../src/notify/notifier';
import { startTestApp } from './harness';

/**
 * Issue 20, findings that train: a template item names a training; a Bad or Needs
 * improvement finding on it suggests that training to the restaurant's managers, who
 * assign it to their staff in one click (or hq's template assigns it at submit); the
 * assignment records the finding.
 */

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const inactiveManager = await t.buildUser('manager', { restaurantIds: [mine.id], isActive: false });
const otherManager = await t.signedIn('manager', { restaurantIds: [other.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });
const secondStaff = await t.buildUser('staff', { restaurantIds: [mine.id] });
const inactiveStaff = await t.buildUser('staff', { restaurantIds: [mine.id], isActive: false });
const otherStaff = await t.buildUser('staff', { restaurantIds: [other.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

async function asHq<T = Json>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json): Promise<T> {
  const response = await call(hq.cookie, method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as T;
}

const category = await asHq<{ id: string }>('POST', '/api/training-categories', { name: 'Hygiene' });
async function training(title: string) {
  return asHq<{ id: string; title: string }>('POST', '/api/trainings', {
    title,
    categoryIds: [category.id],
    quizId: null,
    videos: [{ url: 'https://videos.example.com/wash.mp4' }],
  });
}
const handHygiene = await training('Hand hygiene');
const fridgeSafety = await training('Fridge safety');

type Item = { text: string; trainingId?: string | null };
interface TemplateJson {
  id: string;
  autoAssignTraining: boolean;
  items: { id: string; text: string; training: { id: string; title: string } | null }[];
}
const template = (name: string, items: Item[], autoAssignTraining = false) =>
  asHq<TemplateJson>('POST', '/api/audit-templates', { name, items, autoAssignTraining });

type Mark = 'bad' | 'needs_improvement' | 'good' | 'excellent';
interface AuditJson {
  id: string;
  items: { id: string; itemText: string; trainingSuggestion?: { id: string; status: string } | null }[];
}
async function completedAudit(restaurantId: string, templateId: string, marks: Mark[]) {
  const { id } = await asHq<{ id: string }>('POST', '/api/audits', {
    restaurantId,
    templateIds: [templateId],
    auditorId: hq.id,
  });
  const draft = await asHq<AuditJson & { version: number }>('GET', `/api/audits/${id}`);
  return asHq<AuditJson>('POST', `/api/audits/${id}/submit`, {
    version: draft.version,
    items: draft.items.map((item, index) => ({ id: item.id, mark: marks[index], comment: null })),
  });
}

const kitchen = await template('Kitchen', [
  { text: 'Hand wash stocked', trainingId: handHygiene.id },
  { text: 'Fridge below 7°C', trainingId: fridgeSafety.id },
  { text: 'Floors clean' },
  { text: 'Soap at every sink', trainingId: handHygiene.id },
]);

const suggestionsOf = (auditId: string) =>
  t.db.select().from(trainingSuggestions).where(eq(trainingSuggestions.auditId, auditId));
const list = (cookie: string | undefined, query = '') => call(cookie, 'GET', `/api/training-suggestions${query}`);

describe('templates name a training per item', () => {
  test('the template keeps each item’s training and the automatic switch', async () => {
    const read = await asHq<TemplateJson>('GET', `/api/audit-templates/${kitchen.id}`);
    // What the web's template form reads parses as the shared schema.
    expect(() => AuditTemplateDetail.parse(read)).not.toThrow();
    expect(read.autoAssignTraining).toBe(false);
    expect(read.items.map((item) => item.training?.title ?? null)).toEqual([
      'Hand hygiene',
      'Fridge safety',
      null,
      'Hand hygiene',
    ]);
    const updated = await asHq<TemplateJson>('PUT', `/api/audit-templates/${kitchen.id}`, {
      name: 'Kitchen',
      autoAssignTraining: false,
      items: read.items.map((item) => ({ id: item.id, text: item.text, trainingId: item.training?.id ?? null })),
    });
    expect(updated.items.map((item) => item.training?.id ?? null)).toEqual(
      read.items.map((i) => i.training?.id ?? null),
    );
  });

  test('a training that does not exist is a 400 on that item’s field', async () => {
    const response = await call(hq.cookie, 'POST', '/api/audit-templates', {
      name: 'Broken',
      items: [{ text: 'Fine' }, { text: 'Missing', trainingId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'items.1.trainingId': messages.trainingNotFound });
  });

  test('only hq edits templates', async () => {
    const response = await call(manager.cookie, 'POST', '/api/audit-templates', {
      name: 'Mine',
      items: [{ text: 'Hand wash stocked', trainingId: handHygiene.id }],
      autoAssignTraining: true,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('suggestions made at submit', () => {
  test('one per Bad or Needs improvement finding on a linked item, shown on the audit page, managers notified', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['bad', 'needs_improvement', 'bad', 'good']);
    const suggestions = await suggestionsOf(audit.id);
    expect(suggestions.map((row) => [row.auditItemId, row.trainingId, row.status]).sort()).toEqual(
      [
        [audit.items[0]?.id, handHygiene.id, 'open'],
        [audit.items[1]?.id, fridgeSafety.id, 'open'],
      ].sort(),
    );
    expect(audit.items.map((item) => item.trainingSuggestion?.status ?? null)).toEqual(['open', 'open', null, null]);

    const sent = await t.db
      .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'trainingSuggested'),
          inArray(
            notifications.subjectKey,
            suggestions.map((row) => row.id),
          ),
        ),
      );
    // Active managers of the restaurant only: not the inactive one, not another restaurant's.
    expect(sent.map((row) => row.userId)).toEqual([manager.id, manager.id]);
    expect(sent.map((row) => row.title).sort()).toEqual([
      'Training suggested: Fridge safety',
      'Training suggested: Hand hygiene',
    ]);
    expect(sent[0]?.link).toBe(`/audits/${audit.id}`);
    expect(sent.some((row) => row.userId === inactiveManager.id || row.userId === otherManager.id)).toBe(false);
    // Suggesting assigns nothing yet.
    const assigned = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(
        inArray(
          staffTrainingAssignments.sourceAuditItemId,
          audit.items.map((item) => item.id),
        ),
      );
    expect(assigned).toEqual([]);
  });

  test('a finding is suggested once, however often its submit is replayed', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['bad', 'good', 'good', 'good']);
    const notifier = createNotifier({ emailOn: false, jobs: () => null });
    await t.db.transaction((tx) =>
      suggestTrainingsForSubmittedAudit(tx, { ...hq, restaurantIds: [] } as never, notifier, audit.id),
    );
    expect(await suggestionsOf(audit.id)).toHaveLength(1);
    const again = await call(hq.cookie, 'POST', `/api/audits/${audit.id}/submit`, { version: 99, items: [] });
    expect(again.statusCode).toBe(409);
    expect(await suggestionsOf(audit.id)).toHaveLength(1);
  });
});

describe('the list of open suggestions', () => {
  test('a manager sees their restaurant’s, newest first; hq sees any restaurant’s or all', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['needs_improvement', 'good', 'good', 'good']);
    const elsewhere = await completedAudit(other.id, kitchen.id, ['bad', 'good', 'good', 'good']);
    const response = await list(manager.cookie, `?restaurantId=${mine.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.items[0]).toMatchObject({
      status: 'open',
      restaurant: { id: mine.id, name: 'Brigade Mine' },
      audit: { id: audit.id },
      itemText: 'Hand wash stocked',
      mark: 'needs_improvement',
      training: { id: handHygiene.id, title: 'Hand hygiene' },
    });
    expect(page.items.every((item: { restaurant: { id: string } }) => item.restaurant.id === mine.id)).toBe(true);
    expect(page.total).toBe(page.items.length);

    const all = (await list(hq.cookie)).json();
    expect(all.items.some((item: { audit: { id: string } }) => item.audit.id === elsewhere.id)).toBe(true);
    const theirs = (await list(hq.cookie, `?restaurantId=${other.id}`)).json();
    expect(theirs.items.map((item: { restaurant: { id: string } }) => item.restaurant.id)).toEqual([other.id]);
  });

  test('refused: staff, a manager of another restaurant, a manager naming no restaurant, signed out', async () => {
    expect((await list(staff.cookie, `?restaurantId=${mine.id}`)).statusCode).toBe(403);
    expect((await list(otherManager.cookie, `?restaurantId=${mine.id}`)).statusCode).toBe(403);
    const unnamed = await list(manager.cookie);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(selectRestaurantMessages.trainingAssignments);
    expect((await list(undefined, `?restaurantId=${mine.id}`)).statusCode).toBe(401);
  });
});

describe('one click assigns, or dismiss', () => {
  test('assigns the training to the restaurant’s active staff, due in 7 days, skipping those who have it, recording the finding', async () => {
    const fresh = await training('Allergen basics');
    const allergens = await template('Allergens', [{ text: 'Allergen chart posted', trainingId: fresh.id }]);
    // The staff member has it already: skipped, and their assignment keeps no source.
    await asHq('POST', '/api/training-assignments', { trainingIds: [fresh.id], staffIds: [staff.id] });
    const audit = await completedAudit(mine.id, allergens.id, ['bad']);
    const suggestionId = audit.items[0]?.trainingSuggestion?.id as string;

    const response = await call(manager.cookie, 'POST', `/api/training-suggestions/${suggestionId}/assign`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, skipped: 1, suggestion: { status: 'assigned' } });

    const rows = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(eq(staffTrainingAssignments.trainingId, fresh.id));
    const byStaff = new Map(rows.map((row) => [row.staffId, row]));
    expect([...byStaff.keys()].sort()).toEqual([staff.id, secondStaff.id].sort());
    expect(byStaff.has(inactiveStaff.id)).toBe(false);
    expect(byStaff.has(otherStaff.id)).toBe(false);
    const made = byStaff.get(secondStaff.id);
    expect(made?.sourceAuditItemId).toBe(audit.items[0]?.id);
    expect(byStaff.get(staff.id)?.sourceAuditItemId).toBeNull();
    const due = new Date();
    due.setUTCDate(due.getUTCDate() + 7);
    expect(made?.dueAt?.toISOString().slice(0, 10)).toBe(due.toISOString().slice(0, 10));

    // The overview shows the link to the finding.
    const cards = await call(
      manager.cookie,
      'GET',
      `/api/training-assignments/people/${secondStaff.id}?restaurantId=${mine.id}`,
    );
    const card = cards.json().find((c: { training: { id: string } }) => c.training.id === fresh.id);
    expect(card.source).toMatchObject({
      auditId: audit.id,
      restaurantName: 'Brigade Mine',
      itemText: 'Allergen chart posted',
    });

    // Gone from the open list; a second click is a conflict.
    const open = (await list(manager.cookie, `?restaurantId=${mine.id}`)).json();
    expect(open.items.some((item: { id: string }) => item.id === suggestionId)).toBe(false);
    const again = await call(manager.cookie, 'POST', `/api/training-suggestions/${suggestionId}/assign`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(trainingSuggestionMessages.alreadyDecided('assigned'));
    const dismissAfter = await call(manager.cookie, 'POST', `/api/training-suggestions/${suggestionId}/dismiss`);
    expect(dismissAfter.statusCode).toBe(409);
  });

  test('another due date may be given; a past one is refused', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['good', 'bad', 'good', 'good']);
    const id = audit.items[1]?.trainingSuggestion?.id as string;
    const past = await call(manager.cookie, 'POST', `/api/training-suggestions/${id}/assign`, {
      dueAt: '2020-01-01T23:59:59.000Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ dueAt: trainingSuggestionMessages.dueInPast });
    // Issue 31: nor one past 31 December 2100.
    const farAway = await call(manager.cookie, 'POST', `/api/training-suggestions/${id}/assign`, {
      dueAt: '9999-12-31T00:00:00.000Z',
    });
    expect([farAway.statusCode, farAway.json().fields]).toEqual([400, { dueAt: messages.dateTooLate }]);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const response = await call(hq.cookie, 'POST', `/api/training-suggestions/${id}/assign`, { dueAt: later });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db
      .select({ dueAt: staffTrainingAssignments.dueAt })
      .from(staffTrainingAssignments)
      .where(eq(staffTrainingAssignments.sourceAuditItemId, audit.items[1]?.id as string));
    expect(row?.dueAt?.toISOString()).toBe(later);
  });

  test('dismiss closes the suggestion without assigning; then assign is a conflict', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['good', 'good', 'good', 'needs_improvement']);
    const id = audit.items[3]?.trainingSuggestion?.id as string;
    const response = await call(manager.cookie, 'POST', `/api/training-suggestions/${id}/dismiss`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('dismissed');
    const assign = await call(manager.cookie, 'POST', `/api/training-suggestions/${id}/assign`, {});
    expect(assign.statusCode).toBe(409);
    expect(assign.json().message).toBe(trainingSuggestionMessages.alreadyDecided('dismissed'));
    const page = (await asHq<AuditJson>('GET', `/api/audits/${audit.id}`)).items[3];
    expect(page?.trainingSuggestion?.status).toBe('dismissed');
  });

  test('refused: staff, a manager of another restaurant, a missing suggestion; nothing changes', async () => {
    const audit = await completedAudit(mine.id, kitchen.id, ['bad', 'good', 'good', 'good']);
    const id = audit.items[0]?.trainingSuggestion?.id as string;
    for (const action of ['assign', 'dismiss']) {
      const url = `/api/training-suggestions/${id}/${action}`;
      expect((await call(staff.cookie, 'POST', url, {})).statusCode).toBe(403);
      expect((await call(otherManager.cookie, 'POST', url, {})).statusCode).toBe(403);
      const missing = await call(
        manager.cookie,
        'POST',
        `/api/training-suggestions/00000000-0000-4000-8000-000000000000/${action}`,
        {},
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(trainingSuggestionMessages.notFound);
    }
    const [row] = await t.db.select().from(trainingSuggestions).where(eq(trainingSuggestions.id, id));
    expect(row?.status).toBe('open');
  });
});

describe('automatic assignment', () => {
  test('with the template’s switch on, submit assigns the training to active staff and marks the suggestion assigned', async () => {
    const fresh = await training('Glove use');
    const auto = await template('Gloves', [{ text: 'Gloves worn', trainingId: fresh.id }, { text: 'Aprons' }], true);
    expect(auto.autoAssignTraining).toBe(true);
    const audit = await completedAudit(mine.id, auto.id, ['needs_improvement', 'bad']);
    const [suggestion] = await suggestionsOf(audit.id);
    expect(suggestion).toMatchObject({ status: 'assigned', decidedBy: hq.id, trainingId: fresh.id });
    const rows = await t.db
      .select({ staffId: staffTrainingAssignments.staffId, source: staffTrainingAssignments.sourceAuditItemId })
      .from(staffTrainingAssignments)
      .where(eq(staffTrainingAssignments.trainingId, fresh.id));
    expect(rows.map((row) => row.staffId).sort()).toEqual([staff.id, secondStaff.id].sort());
    expect(rows.every((row) => row.source === audit.items[0]?.id)).toBe(true);
    // Nothing is left for the manager to decide, so nothing is suggested to them.
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'trainingSuggested'), eq(notifications.subjectKey, suggestion?.id as string)));
    expect(sent).toEqual([]);
  });
});
