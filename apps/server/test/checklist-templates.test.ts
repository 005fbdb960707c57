import { randomUUID } from 'node:crypto';
import { checklistMessages } from '@brigade/core/checklist-items';
import { messages } from '@brigade/core/messages';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { Checklist, ChecklistPage, ChecklistSummary } from '@brigade/core/schemas/checklists';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checklistOptOuts, checklistRuns, checklistVersions, checklistWindows } from '../src/db/schema/checklists';
import { startTestApp } from './harness';

const t = await startTestApp();
const north = await t.buildRestaurant({ name: 'Brigade North' });
const south = await t.buildRestaurant({ name: 'Brigade South' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [north.id] });
const staff = await t.signedIn('staff', { restaurantIds: [north.id] });

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

let sequence = 0;
const unique = (word: string) => `${word} ${++sequence}`;

/** One section with a temperature item and a yes/no item, their ids made here as the web makes them. */
function contentOf(label = 'Fridge') {
  return {
    sections: [
      {
        id: randomUUID(),
        title: 'Cold storage',
        items: [
          {
            id: randomUUID(),
            label: `${label} temperature`,
            kind: 'temperature',
            min: 0,
            max: 7,
            failInstruction: 'Move the food to another fridge and call the engineer',
            failNeedsPhoto: true,
          },
          { id: randomUUID(), label: 'Door seals clean', kind: 'yesNo', critical: true },
        ],
      },
    ],
  };
}

/** Opening 06:00–09:00 every day, and Closing 22:00–00:30 on Friday and Saturday (crossing midnight). */
const twoWindows = () => [
  { weekdays: [1, 2, 3, 4, 5, 6, 7], start: '06:00', end: '09:00' },
  { weekdays: [6, 5], start: '22:00', end: '00:30' },
];

function checklistBody(overrides: Json = {}): Json {
  return {
    name: unique('Fridge check'),
    restaurantId: null,
    allRestaurants: true,
    restaurantIds: [],
    locked: false,
    content: contentOf(),
    windows: twoWindows(),
    ...overrides,
  };
}

async function create(overrides: Json = {}, cookie = hq.cookie) {
  const response = await call(cookie, 'POST', '/api/checklists', checklistBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Checklist;
}

/** The body that saves `checklist` as it is, with `changes` on top. */
function bodyOf(checklist: Checklist, changes: Json = {}): Json {
  return {
    name: checklist.name,
    restaurantId: checklist.restaurant?.id ?? null,
    allRestaurants: checklist.allRestaurants,
    restaurantIds: checklist.restaurants.map((restaurant) => restaurant.id),
    locked: checklist.locked,
    content: checklist.content,
    windows: checklist.windows.map(({ id, weekdays, start, end }) => ({ id, weekdays, start, end })),
    ...changes,
  };
}

async function save(checklist: Checklist, changes: Json = {}, cookie = hq.cookie) {
  const response = await call(cookie, 'PUT', `/api/checklists/${checklist.id}`, bodyOf(checklist, changes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Checklist;
}

async function listOf(cookie: string, query = '') {
  const response = await call(cookie, 'GET', `/api/checklists?pageSize=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChecklistPage;
}

const versionsOf = (checklistId: string) =>
  t.db
    .select({ id: checklistVersions.id, version: checklistVersions.version })
    .from(checklistVersions)
    .where(eq(checklistVersions.checklistId, checklistId))
    .orderBy(checklistVersions.version);

const windowsOf = (checklistId: string) =>
  t.db.select().from(checklistWindows).where(eq(checklistWindows.checklistId, checklistId));

/** A record of the checklist's first window at `restaurantId`, made as the records part makes them, submitted unless told. */
async function recordOf(checklist: Checklist, restaurantId: string, status: 'open' | 'submitted' = 'submitted') {
  const [version] = await t.db
    .select({ id: checklistVersions.id })
    .from(checklistVersions)
    .where(and(eq(checklistVersions.checklistId, checklist.id), eq(checklistVersions.version, checklist.version)));
  const window = checklist.windows[0];
  if (!version || !window) throw new Error('checklist without version or window');
  const opensAt = new Date('2026-03-02T05:00:00Z');
  const closesAt = new Date(opensAt.getTime() + window.minutes * 60_000);
  const [run] = await t.db
    .insert(checklistRuns)
    .values({
      checklistId: checklist.id,
      versionId: version.id,
      windowId: window.id,
      restaurantId,
      localDay: '2026-03-02',
      startsAt: window.startsAt,
      minutes: window.minutes,
      opensAt,
      closesAt,
      status,
      submittedAt: status === 'submitted' ? opensAt : null,
      submittedBy: status === 'submitted' ? staff.id : null,
    })
    .returning();
  if (!run) throw new Error('record not inserted');
  return run;
}

describe('hq makes chain templates', () => {
  test('a template for all restaurants: version 1, its windows as times (one crossing midnight), the ids sent kept', async () => {
    const body = checklistBody({ name: 'Opening and closing' });
    const response = await call(hq.cookie, 'POST', '/api/checklists', body);
    expect(response.statusCode, response.body).toBe(201);
    const checklist = response.json() as Checklist;
    expect(checklist).toMatchObject({
      name: 'Opening and closing',
      restaurant: null,
      allRestaurants: true,
      restaurants: [],
      locked: false,
      isActive: true,
      version: 1,
      copiedFromId: null,
    });
    expect(checklist.windows).toEqual([
      expect.objectContaining({
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start: '06:00',
        end: '09:00',
        startsAt: 360,
        minutes: 180,
      }),
      expect.objectContaining({ weekdays: [5, 6], start: '22:00', end: '00:30', startsAt: 1320, minutes: 150 }),
    ]);
    const sent = body.content as ReturnType<typeof contentOf>;
    expect(checklist.content.sections[0]?.id).toBe(sent.sections[0]?.id);
    expect(checklist.content.sections[0]?.items.map((item) => item.id)).toEqual(
      sent.sections[0]?.items.map((item) => item.id),
    );
    expect(checklist.content.sections[0]?.items[0]).toMatchObject({
      kind: 'temperature',
      min: 0,
      max: 7,
      failInstruction: 'Move the food to another fridge and call the engineer',
      failNeedsPhoto: true,
      failNeedsNote: false,
    });
    expect((await call(hq.cookie, 'GET', `/api/checklists/${checklist.id}`)).json()).toEqual(checklist);
  });

  test('a locked template for chosen restaurants lists them; none chosen or an unknown one is a 400 on restaurantIds', async () => {
    const chosen = await create({ allRestaurants: false, restaurantIds: [south.id, north.id], locked: true });
    expect(chosen).toMatchObject({ allRestaurants: false, locked: true });
    expect(chosen.restaurants).toEqual([
      { id: north.id, name: 'Brigade North' },
      { id: south.id, name: 'Brigade South' },
    ]);
    const none = await call(hq.cookie, 'POST', '/api/checklists', checklistBody({ allRestaurants: false }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ restaurantIds: scheduleMessages.scheduleNeedsRestaurant });
    const unknown = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({ allRestaurants: false, restaurantIds: [randomUUID()] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ restaurantIds: messages.selectedRestaurantMissing });
    const unknownLocal = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({ restaurantId: randomUUID() }),
    );
    expect(unknownLocal.statusCode).toBe(400);
    expect(unknownLocal.json().fields).toEqual({ restaurantId: messages.selectedRestaurantMissing });
  });

  test('bad input is a 400 naming each field', async () => {
    const bad = await call(hq.cookie, 'POST', '/api/checklists', {
      name: ' ',
      content: {
        sections: [
          {
            id: 's1',
            title: '',
            items: [
              { id: 'a', label: 'Oil', kind: 'number', min: 5, max: 1 },
              { id: 'b', label: 'Sauce', kind: 'choice', choices: ['Fresh'] },
              { id: 'c', label: '', kind: 'laser' },
            ],
          },
        ],
      },
      windows: [{ weekdays: [], start: '25:00', end: '9am' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: checklistMessages.nameRequired,
      'content.sections.0.title': checklistMessages.sectionTitleRequired,
      'content.sections.0.items.0.unit': checklistMessages.unitRequired,
      'content.sections.0.items.0.max': checklistMessages.rangeOrder,
      'content.sections.0.items.1.choices': checklistMessages.needsChoices,
      'content.sections.0.items.2.label': checklistMessages.labelRequired,
      'content.sections.0.items.2.kind': 'Choose a kind',
      'windows.0.weekdays': checklistMessages.needsWeekday,
      'windows.0.start': checklistMessages.invalidTime,
      'windows.0.end': checklistMessages.invalidTime,
    });
    const noWindows = await call(hq.cookie, 'POST', '/api/checklists', checklistBody({ windows: [] }));
    expect(noWindows.json().fields).toEqual({ windows: checklistMessages.needsWindow });
    const tooShort = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({ windows: [{ weekdays: [1], start: '08:00', end: '08:02' }] }),
    );
    expect(tooShort.json().fields).toEqual({ 'windows.0.end': checklistMessages.invalidLength });
    const noItems = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({ content: { sections: [{ id: 's', title: 'Empty', items: [] }] } }),
    );
    expect(noItems.json().fields).toEqual({ 'content.sections': checklistMessages.needsItem });
    const outOfRange = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({
        content: {
          sections: [
            {
              id: 's',
              title: 'T',
              items: [
                { id: 'i', label: 'Probe', kind: 'temperature', min: 'cold' },
                { id: 'j', label: 'Oven', kind: 'temperature', max: 10_000 },
                { id: 'k', label: 'Oil', kind: 'number', unit: 'ppm', max: 1e9 },
              ],
            },
          ],
        },
      }),
    );
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fields).toEqual({
      'content.sections.0.items.0.min': checklistMessages.notANumber,
      'content.sections.0.items.1.max': checklistMessages.outOfLimits,
      'content.sections.0.items.2.max': checklistMessages.outOfLimits,
    });
  });

  test('a repeated section or item id is a 400 at the repeat', async () => {
    const item = { id: 'same', label: 'Floor clean', kind: 'tick' };
    const response = await call(
      hq.cookie,
      'POST',
      '/api/checklists',
      checklistBody({
        content: {
          sections: [
            { id: 'one', title: 'Kitchen', items: [item] },
            { id: 'one', title: 'Bar', items: [{ ...item, label: 'Bar clean' }] },
          ],
        },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'content.sections.1.id': checklistMessages.duplicateId,
      'content.sections.1.items.0.id': checklistMessages.duplicateId,
    });
  });

  test('an unknown checklist is a 404, a mistyped id a 400', async () => {
    const id = randomUUID();
    expect((await call(hq.cookie, 'GET', `/api/checklists/${id}`)).statusCode).toBe(404);
    expect((await call(hq.cookie, 'PUT', `/api/checklists/${id}`, checklistBody())).statusCode).toBe(404);
    expect((await call(hq.cookie, 'PUT', `/api/checklists/${id}/active`, { isActive: false })).statusCode).toBe(404);
    expect((await call(hq.cookie, 'DELETE', `/api/checklists/${id}`)).statusCode).toBe(404);
    const optOut = await call(hq.cookie, 'PUT', `/api/checklists/${id}/opt-out`, {
      restaurantId: north.id,
      optedOut: true,
    });
    expect(optOut.statusCode).toBe(404);
    expect((await call(hq.cookie, 'POST', `/api/checklists/${id}/copy`, { restaurantId: north.id })).statusCode).toBe(
      404,
    );
    expect((await call(hq.cookie, 'GET', '/api/checklists/not-a-checklist')).statusCode).toBe(400);
  });
});

describe('versions: editing never changes a record', () => {
  test('a save without a content change adds no version; a content change adds one, keeping item ids', async () => {
    const checklist = await create();
    const renamed = await save(checklist, { name: unique('Renamed') });
    expect(renamed.version).toBe(1);
    // The same content with its keys in another order is the same content.
    const reordered = {
      sections: checklist.content.sections.map(({ items, title, id }) => ({
        items: items.map((item) => Object.fromEntries(Object.entries(item).reverse())),
        title,
        id,
      })),
    };
    expect((await save(renamed, { content: reordered })).version).toBe(1);
    expect(await versionsOf(checklist.id)).toHaveLength(1);

    const [section] = checklist.content.sections;
    if (!section) throw new Error('no section');
    const added = { id: randomUUID(), label: 'Probe cleaned', kind: 'tick' };
    const edited = await save(renamed, {
      content: { sections: [{ ...section, items: [...section.items, added] }] },
    });
    expect(edited.version).toBe(2);
    expect(edited.content.sections[0]?.items.map((item) => item.id)).toEqual([
      ...section.items.map((item) => item.id),
      added.id,
    ]);
    expect((await versionsOf(checklist.id)).map((row) => row.version)).toEqual([1, 2]);
  });

  test('a record keeps the version it was filled from when the checklist is edited after it', async () => {
    const checklist = await create();
    const record = await recordOf(checklist, north.id);
    const [first] = await versionsOf(checklist.id);
    expect(record.versionId).toBe(first?.id);

    const [section] = checklist.content.sections;
    if (!section) throw new Error('no section');
    const edited = await save(checklist, {
      content: { sections: [{ ...section, items: section.items.map((item) => ({ ...item, max: 5 })) }] },
    });
    expect(edited.version).toBe(2);
    const [stored] = await t.db.select().from(checklistRuns).where(eq(checklistRuns.id, record.id));
    expect(stored?.versionId).toBe(first?.id);
    const [oldVersion] = await t.db.select().from(checklistVersions).where(eq(checklistVersions.id, record.versionId));
    expect(oldVersion?.content.sections[0]?.items[0]).toMatchObject({ max: 7 });
  });

  test('windows are edited in place; a removed window is deactivated, never deleted, and its record keeps it', async () => {
    const checklist = await create();
    const [opening, closing] = checklist.windows;
    if (!opening || !closing) throw new Error('two windows expected');
    const record = await recordOf({ ...checklist, windows: [closing] }, north.id);
    const edited = await save(checklist, {
      windows: [
        { id: opening.id, weekdays: [1, 2, 3, 4, 5], start: '05:30', end: '08:30' },
        { weekdays: [7], start: '12:00', end: '13:00' },
      ],
    });
    expect(edited.version).toBe(1);
    expect(edited.windows).toEqual([
      { id: opening.id, weekdays: [1, 2, 3, 4, 5], start: '05:30', end: '08:30', startsAt: 330, minutes: 180 },
      expect.objectContaining({ weekdays: [7], start: '12:00', end: '13:00' }),
    ]);
    const stored = await windowsOf(checklist.id);
    expect(stored).toHaveLength(3);
    expect(stored.find((window) => window.id === closing.id)).toMatchObject({ isActive: false, startsAt: 1320 });
    const [kept] = await t.db.select().from(checklistRuns).where(eq(checklistRuns.id, record.id));
    expect(kept?.windowId).toBe(closing.id);
  });

  test('a save refused part way changes nothing (one transaction)', async () => {
    const checklist = await create();
    const [section] = checklist.content.sections;
    if (!section) throw new Error('no section');
    const refused = await call(
      hq.cookie,
      'PUT',
      `/api/checklists/${checklist.id}`,
      bodyOf(checklist, {
        name: 'Never saved',
        content: { sections: [{ ...section, title: 'Changed' }] },
        windows: [{ id: randomUUID(), weekdays: [1], start: '10:00', end: '11:00' }],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'windows.0.id': checklistMessages.windowNotFound });
    expect((await call(hq.cookie, 'GET', `/api/checklists/${checklist.id}`)).json()).toEqual(checklist);
    expect(await versionsOf(checklist.id)).toHaveLength(1);
    expect((await windowsOf(checklist.id)).every((window) => window.isActive)).toBe(true);
  });
});

describe('the list', () => {
  test('hq sees every checklist, or those for one restaurant; a manager those for their restaurant only', async () => {
    const chain = await create({ name: unique('Chain all') });
    const forSouth = await create({ name: unique('Chain south'), allRestaurants: false, restaurantIds: [south.id] });
    const localNorth = await create({ name: unique('Local north'), restaurantId: north.id }, manager.cookie);
    const localSouth = await create({ name: unique('Local south'), restaurantId: south.id });

    const all = (await listOf(hq.cookie)).items.map((row) => row.id);
    expect(all).toEqual(expect.arrayContaining([chain.id, forSouth.id, localNorth.id, localSouth.id]));

    for (const cookie of [hq.cookie, manager.cookie]) {
      const ids = (await listOf(cookie, `&restaurantId=${north.id}`)).items.map((row) => row.id);
      expect(ids).toEqual(expect.arrayContaining([chain.id, localNorth.id]));
      expect(ids).not.toContain(forSouth.id);
      expect(ids).not.toContain(localSouth.id);
    }
    const rows = (await listOf(manager.cookie, `&restaurantId=${north.id}`)).items;
    expect(rows.find((row) => row.id === localNorth.id)).toMatchObject({
      restaurant: { id: north.id, name: 'Brigade North' },
      restaurantCount: null,
      itemCount: 2,
      locked: false,
      optedOut: false,
    });
    expect(rows.find((row) => row.id === chain.id)?.windows.map((window) => `${window.start}–${window.end}`)).toEqual([
      '06:00–09:00',
      '22:00–00:30',
    ]);
    const southRow = (await listOf(hq.cookie)).items.find((row) => row.id === forSouth.id);
    expect(southRow).toMatchObject({ restaurant: null, restaurantCount: 1 });
  });

  test('a manager must name a restaurant they reach', async () => {
    const missing = await call(manager.cookie, 'GET', '/api/checklists');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ restaurantId: messages.selectRestaurant });
    expect((await call(manager.cookie, 'GET', `/api/checklists?restaurantId=${south.id}`)).statusCode).toBe(403);
  });

  test('sorted in SQL by name or items, either way; searched by name; paged with the total', async () => {
    const word = unique('Sortable').replace(' ', '');
    const item = (id: string) => ({ id, label: `Item ${id}`, kind: 'tick' });
    const content = (count: number) => ({
      sections: [{ id: 's', title: 'Only', items: Array.from({ length: count }, (_, index) => item(`i${index}`)) }],
    });
    await create({ name: `${word} b`, content: content(1) });
    await create({ name: `${word} a`, content: content(3) });
    await create({ name: `${word} c`, content: content(2) });
    const names = async (query: string) =>
      (await listOf(hq.cookie, `&search=${word}${query}`)).items.map((row) => row.name.slice(-1));
    expect(await names('')).toEqual(['a', 'b', 'c']);
    expect(await names('&sort=name&order=desc')).toEqual(['c', 'b', 'a']);
    expect(await names('&sort=items')).toEqual(['b', 'c', 'a']);
    expect(await names('&sort=items&order=desc')).toEqual(['a', 'c', 'b']);

    const page2 = (await call(hq.cookie, 'GET', `/api/checklists?search=${word}&pageSize=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((row: ChecklistSummary) => row.name.slice(-1))).toEqual(['c']);
    const beyond = (await call(hq.cookie, 'GET', `/api/checklists?search=${word}&pageSize=2&page=5`)).json();
    expect(beyond).toMatchObject({ items: [], total: 3 });
    expect((await call(hq.cookie, 'GET', '/api/checklists?sort=restaurant')).statusCode).toBe(400);
  });
});

describe("managers: their restaurants' own checklists", () => {
  test('a manager makes a local checklist of their restaurant; lock and all restaurants are ignored', async () => {
    const local = await create({ restaurantId: north.id, locked: true, allRestaurants: true }, manager.cookie);
    expect(local).toMatchObject({
      restaurant: { id: north.id, name: 'Brigade North' },
      allRestaurants: false,
      restaurants: [],
      locked: false,
      version: 1,
    });
    const edited = await save(local, { name: unique('Fryer check') }, manager.cookie);
    expect(edited.name).toMatch(/^Fryer check/);
    const off = await call(manager.cookie, 'PUT', `/api/checklists/${local.id}/active`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await call(manager.cookie, 'DELETE', `/api/checklists/${local.id}`)).statusCode).toBe(204);
    expect((await call(manager.cookie, 'GET', `/api/checklists/${local.id}`)).statusCode).toBe(404);
  });

  test("a manager may not make or change another restaurant's checklist (403)", async () => {
    const created = await call(manager.cookie, 'POST', '/api/checklists', checklistBody({ restaurantId: south.id }));
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(messages.restaurantForbidden);
    const southLocal = await create({ restaurantId: south.id });
    const url = `/api/checklists/${southLocal.id}`;
    expect((await call(manager.cookie, 'GET', url)).statusCode).toBe(403);
    expect((await call(manager.cookie, 'PUT', url, bodyOf(southLocal))).statusCode).toBe(403);
    expect((await call(manager.cookie, 'PUT', `${url}/active`, { isActive: false })).statusCode).toBe(403);
    expect((await call(manager.cookie, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(hq.cookie, 'GET', url)).json()).toEqual(southLocal);
  });

  test('a manager may read a chain template for their restaurant but never change it (403 notYourChecklist)', async () => {
    const chain = await create();
    const url = `/api/checklists/${chain.id}`;
    expect((await call(manager.cookie, 'GET', url)).json()).toEqual(chain);
    for (const [method, path, body] of [
      ['PUT', url, bodyOf(chain, { name: 'Taken over' })],
      ['PUT', `${url}/active`, { isActive: false }],
      ['DELETE', url, undefined],
    ] as const) {
      const refused = await call(manager.cookie, method, path, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(checklistMessages.notYourChecklist);
    }
    const newChain = await call(manager.cookie, 'POST', '/api/checklists', checklistBody());
    expect(newChain.statusCode).toBe(403);
    expect(newChain.json().message).toBe(checklistMessages.notYourChecklist);
    expect((await call(hq.cookie, 'GET', url)).json()).toEqual(chain);

    const forSouth = await create({ allRestaurants: false, restaurantIds: [south.id] });
    expect((await call(manager.cookie, 'GET', `/api/checklists/${forSouth.id}`)).statusCode).toBe(403);
  });

  test('hq edits a manager’s local checklist too', async () => {
    const local = await create({ restaurantId: north.id }, manager.cookie);
    expect((await save(local, { name: 'Edited by hq' })).name).toBe('Edited by hq');
  });
});

describe('switching a chain template off here, or copying it', () => {
  test('a manager switches an unlocked template off at their restaurant and on again', async () => {
    const chain = await create();
    const url = `/api/checklists/${chain.id}/opt-out`;
    const off = await call(manager.cookie, 'PUT', url, { restaurantId: north.id, optedOut: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: chain.id, optedOut: true });
    const listed = (await listOf(manager.cookie, `&restaurantId=${north.id}`)).items.find((row) => row.id === chain.id);
    expect(listed?.optedOut).toBe(true);
    // Only at that restaurant.
    expect(
      (await listOf(hq.cookie, `&restaurantId=${south.id}`)).items.find((row) => row.id === chain.id)?.optedOut,
    ).toBe(false);
    // Twice is the same.
    expect((await call(manager.cookie, 'PUT', url, { restaurantId: north.id, optedOut: true })).statusCode).toBe(200);
    const on = await call(manager.cookie, 'PUT', url, { restaurantId: north.id, optedOut: false });
    expect(on.json().optedOut).toBe(false);
    expect(await t.db.select().from(checklistOptOuts).where(eq(checklistOptOuts.checklistId, chain.id))).toEqual([]);
  });

  test('locking a template switches it back on where a manager had switched it off', async () => {
    const chain = await create();
    const off = await call(manager.cookie, 'PUT', `/api/checklists/${chain.id}/opt-out`, {
      restaurantId: north.id,
      optedOut: true,
    });
    expect(off.json().optedOut).toBe(true);
    // Saving it unlocked keeps the restaurant's choice.
    await save(chain, { name: unique('Still unlocked') });
    const listed = async () =>
      (await listOf(manager.cookie, `&restaurantId=${north.id}`)).items.find((row) => row.id === chain.id);
    expect((await listed())?.optedOut).toBe(true);
    await save(chain, { locked: true });
    expect(await listed()).toMatchObject({ locked: true, optedOut: false });
  });

  test('a locked template may neither be switched off nor copied by a manager (403 lockedChecklist)', async () => {
    const locked = await create({ locked: true });
    const off = await call(manager.cookie, 'PUT', `/api/checklists/${locked.id}/opt-out`, {
      restaurantId: north.id,
      optedOut: true,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(checklistMessages.lockedChecklist);
    const copy = await call(manager.cookie, 'POST', `/api/checklists/${locked.id}/copy`, { restaurantId: north.id });
    expect(copy.statusCode).toBe(403);
    expect(copy.json().message).toBe(checklistMessages.lockedChecklist);
    expect(await t.db.select().from(checklistOptOuts).where(eq(checklistOptOuts.checklistId, locked.id))).toEqual([]);
  });

  test('not at another restaurant (403), not a local checklist (400), not a template that is not for the restaurant (400)', async () => {
    const chain = await create();
    const atSouth = await call(manager.cookie, 'PUT', `/api/checklists/${chain.id}/opt-out`, {
      restaurantId: south.id,
      optedOut: true,
    });
    expect(atSouth.statusCode).toBe(403);
    expect(
      (await call(manager.cookie, 'POST', `/api/checklists/${chain.id}/copy`, { restaurantId: south.id })).statusCode,
    ).toBe(403);
    const local = await create({ restaurantId: north.id }, manager.cookie);
    const ofLocal = await call(manager.cookie, 'PUT', `/api/checklists/${local.id}/opt-out`, {
      restaurantId: north.id,
      optedOut: true,
    });
    expect(ofLocal.statusCode).toBe(400);
    expect(ofLocal.json().message).toBe(checklistMessages.notChainTemplate);
    const forSouth = await create({ allRestaurants: false, restaurantIds: [south.id] });
    const notFor = await call(hq.cookie, 'POST', `/api/checklists/${forSouth.id}/copy`, { restaurantId: north.id });
    expect(notFor.statusCode).toBe(400);
    expect(notFor.json().fields).toEqual({ restaurantId: checklistMessages.notForRestaurant });
  });

  test('a local copy has the template’s content and windows, is editable by the manager, and switches the template off there', async () => {
    const chain = await create({ allRestaurants: false, restaurantIds: [north.id, south.id] });
    const response = await call(manager.cookie, 'POST', `/api/checklists/${chain.id}/copy`, { restaurantId: north.id });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json() as Checklist;
    expect(copy).toMatchObject({
      name: chain.name,
      restaurant: { id: north.id, name: 'Brigade North' },
      locked: false,
      copiedFromId: chain.id,
      version: 1,
      content: chain.content,
    });
    expect(copy.id).not.toBe(chain.id);
    expect(copy.windows.map(({ weekdays, start, end }) => ({ weekdays, start, end }))).toEqual(
      chain.windows.map(({ weekdays, start, end }) => ({ weekdays, start, end })),
    );
    expect(copy.windows.map((window) => window.id)).not.toEqual(chain.windows.map((window) => window.id));
    const rows = (await listOf(manager.cookie, `&restaurantId=${north.id}`)).items;
    expect(rows.find((row) => row.id === chain.id)?.optedOut).toBe(true);
    expect(rows.find((row) => row.id === copy.id)?.optedOut).toBe(false);
    expect((await save(copy, { name: 'Our own fridge check' }, manager.cookie)).name).toBe('Our own fridge check');
    // The template itself is unchanged.
    expect((await call(hq.cookie, 'GET', `/api/checklists/${chain.id}`)).json()).toEqual(chain);
  });
});

describe('deleting and deactivating', () => {
  test('a checklist without records is deleted with its open records', async () => {
    const checklist = await create();
    const open = await recordOf(checklist, north.id, 'open');
    expect((await call(hq.cookie, 'DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    expect((await call(hq.cookie, 'GET', `/api/checklists/${checklist.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(checklistRuns).where(eq(checklistRuns.id, open.id))).toEqual([]);
  });

  test('one with a submitted record is refused (409: deactivate instead) and stays whole; deactivating works', async () => {
    const checklist = await create();
    const open = await recordOf(checklist, south.id, 'open');
    const submitted = await recordOf(checklist, north.id);
    const refused = await call(hq.cookie, 'DELETE', `/api/checklists/${checklist.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(checklistMessages.hasRecords);
    expect((await call(hq.cookie, 'GET', `/api/checklists/${checklist.id}`)).json()).toEqual(checklist);
    const runs = await t.db.select().from(checklistRuns).where(eq(checklistRuns.checklistId, checklist.id));
    expect(runs.map((run) => run.id).sort()).toEqual([open.id, submitted.id].sort());

    const off = await call(hq.cookie, 'PUT', `/api/checklists/${checklist.id}/active`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: checklist.id, isActive: false });
    const listed = (await listOf(hq.cookie)).items.find((row) => row.id === checklist.id);
    expect(listed?.isActive).toBe(false);
    const on = await call(hq.cookie, 'PUT', `/api/checklists/${checklist.id}/active`, { isActive: true });
    expect(on.json().isActive).toBe(true);
  });
});

describe('staff and signed-out callers', () => {
  test('staff are refused (403) on every checklist template route, signed-out callers 401; nothing changes', async () => {
    const chain = await create();
    const local = await create({ restaurantId: north.id });
    const before = await t.tableDigests();
    const calls: [Method, string, Json | undefined][] = [
      ['GET', `/api/checklists?restaurantId=${north.id}`, undefined],
      ['GET', `/api/checklists/${local.id}`, undefined],
      ['POST', '/api/checklists', checklistBody({ restaurantId: north.id })],
      ['PUT', `/api/checklists/${local.id}`, bodyOf(local)],
      ['PUT', `/api/checklists/${local.id}/active`, { isActive: false }],
      ['DELETE', `/api/checklists/${local.id}`, undefined],
      ['PUT', `/api/checklists/${chain.id}/opt-out`, { restaurantId: north.id, optedOut: true }],
      ['POST', `/api/checklists/${chain.id}/copy`, { restaurantId: north.id }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(staff.cookie, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.tableDigests()).toEqual(before);
  });
});
