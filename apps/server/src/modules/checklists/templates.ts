import { type ChecklistContent, checklistMessages, itemsOf } from '@brigade/core/checklist-items';
import { messages } from '@brigade/core/messages';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type {
  Checklist,
  ChecklistInput,
  ChecklistListQuery,
  ChecklistPage,
  ChecklistSummary,
} from '@brigade/core/schemas/checklists';
import { windowOut } from '@brigade/core/schemas/checklists';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import {
  checklistOptOuts,
  checklistRestaurants,
  checklistRuns,
  checklists,
  checklistVersions,
  checklistWindows,
} from '../../db/schema/checklists';
import { restaurants } from '../../db/schema/restaurants';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, forbidden, notFound } from '../../errors';

/**
 * Checklist templates (issue 33, decision 032): hq's chain templates and managers' local
 * checklists. The content (sections and items) lives in versions that never change: a
 * save that changes it adds a version and moves `current_version_id`, and every record
 * keeps the version it was made from. Windows are edited in place; a removed one is
 * deactivated, never deleted, so the records made from it keep their link.
 */

type ChecklistFields = z.output<typeof ChecklistInput>;
type WindowFields = ChecklistFields['windows'][number];
type ListQuery = z.output<typeof ChecklistListQuery>;
type Actor = Pick<SessionUser, 'id' | 'role' | 'restaurantIds'>;

interface StoredWindow {
  id: string;
  weekdays: number[];
  startsAt: number;
  minutes: number;
}

interface SummaryRow {
  id: string;
  name: string;
  restaurant: RestaurantOption | null;
  restaurant_count: number | null;
  windows: StoredWindow[];
  item_count: number;
  locked: boolean;
  is_active: boolean;
  version: number;
  opted_out: boolean;
  total: number;
}

/** The active windows of checklist `c`, earliest first, as JSON. */
const windowsOf = sql`coalesce((select json_agg(json_build_object('id', w.id, 'weekdays', w.weekdays,
    'startsAt', w.starts_at, 'minutes', w.minutes) order by w.starts_at, w.id)
  from ${checklistWindows} w where w.checklist_id = c.id and w.is_active), '[]'::json)`;

/**
 * "Checklist `c` is for restaurant R" in the list's sense: R's own checklists, and the
 * chain templates for all restaurants or chosen for R, whether active or switched off there.
 */
const isForRestaurant = (restaurantId: string) => sql`(c.restaurant_id = ${restaurantId}
  or (c.restaurant_id is null and (c.all_restaurants or exists (select 1 from ${checklistRestaurants} cr
    where cr.checklist_id = c.id and cr.restaurant_id = ${restaurantId}))))`;

/** A chain of a few hundred checklists at most: names walk their (name, id) index; item counts are read per row. */
const checklistSorting: ListSorting<NonNullable<ListQuery['sort']>> = {
  columns: { name: sql`c.name`, items: sql`coalesce(v.item_count, 0)` },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: sql`c.id`,
};

const presentSummary = (row: SummaryRow): ChecklistSummary => ({
  id: row.id,
  name: row.name,
  restaurant: row.restaurant,
  restaurantCount: row.restaurant_count,
  windows: row.windows.map(windowOut),
  itemCount: row.item_count,
  locked: row.locked,
  isActive: row.is_active,
  version: row.version,
  optedOut: row.opted_out,
});

async function selectSummaries(
  db: Queryable,
  options: { restaurantId?: string; id?: string; search?: string; query?: ListQuery; limit?: number; offset?: number },
): Promise<SummaryRow[]> {
  const conditions: SQL[] = [];
  if (options.id) conditions.push(sql`c.id = ${options.id}`);
  if (options.restaurantId) conditions.push(isForRestaurant(options.restaurantId));
  if (options.search) conditions.push(sql`c.name ilike ${likePattern(options.search)}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const optedOut = options.restaurantId
    ? sql`exists (select 1 from ${checklistOptOuts} o where o.checklist_id = c.id and o.restaurant_id = ${options.restaurantId})`
    : sql`false`;
  const result = (await db.execute(sql`
    select c.id, c.name, c.locked, c.is_active,
      case when r.id is null then null else json_build_object('id', r.id, 'name', r.name) end as restaurant,
      case when c.restaurant_id is null and not c.all_restaurants
        then (select count(*)::int from ${checklistRestaurants} cr where cr.checklist_id = c.id) end as restaurant_count,
      ${windowsOf} as windows,
      coalesce(v.item_count, 0) as item_count, coalesce(v.version, 0) as version,
      ${optedOut} as opted_out,
      count(*) over ()::int as total
    from ${checklists} c
    left join ${restaurants} r on r.id = c.restaurant_id
    left join ${checklistVersions} v on v.id = c.current_version_id
    ${where}
    order by ${sql.join(orderByOf(checklistSorting, options.query ?? {}), sql`, `)}
    ${options.limit ? sql`limit ${options.limit} offset ${options.offset ?? 0}` : sql``}`)) as unknown as {
    rows: SummaryRow[];
  };
  return result.rows.map((row) => ({ ...row, total: Number(row.total) }));
}

/**
 * One page of checklists, sorted and searched by name. hq: every checklist, or those for
 * `restaurantId`; a manager: those for their selected restaurant (the guard checked they
 * reach it), each chain template saying whether it is switched off there.
 */
export async function listChecklists(db: Queryable, actor: Actor, query: ListQuery): Promise<ChecklistPage> {
  if (actor.role !== 'hq' && !query.restaurantId) {
    throw badRequest(messages.selectRestaurant, { restaurantId: messages.selectRestaurant });
  }
  const options = { restaurantId: query.restaurantId, search: query.search, query };
  const rows = await selectSummaries(db, {
    ...options,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  // Past the last page no row carries the total: count without the page.
  const total = rows[0]?.total ?? (query.page === 1 ? 0 : (await selectSummaries(db, options)).length);
  return { items: rows.map(presentSummary), total, page: query.page, pageSize: query.pageSize };
}

interface StoredChecklist {
  id: string;
  restaurantId: string | null;
  locked: boolean;
  currentVersionId: string | null;
  /** Whether the caller reaches it: its restaurant, or (a chain template) one of the restaurants it is for. */
  reached: boolean;
}

/** The checklist, locked for the save when `forUpdate`; 404 when there is none. */
async function findChecklist(db: Queryable, actor: Actor, id: string, forUpdate = false): Promise<StoredChecklist> {
  const result = (await db.execute(sql`
    select c.id, c.restaurant_id, c.locked, c.current_version_id,
      case when c.restaurant_id is not null then ${inReach(actor, sql`c.restaurant_id`)}
        else c.all_restaurants or exists (select 1 from ${checklistRestaurants} cr
          where cr.checklist_id = c.id and ${inReach(actor, sql`cr.restaurant_id`)}) end as reached
    from ${checklists} c where c.id = ${id}
    ${forUpdate ? sql`for update of c` : sql``}`)) as unknown as {
    rows: {
      id: string;
      restaurant_id: string | null;
      locked: boolean;
      current_version_id: string | null;
      reached: boolean;
    }[];
  };
  const [row] = result.rows;
  if (!row) throw notFound(checklistMessages.checklistNotFound);
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    locked: row.locked,
    currentVersionId: row.current_version_id,
    reached: Boolean(row.reached),
  };
}

/** hq reads every checklist; a manager those of their restaurants and the chain templates for them. */
function assertMayRead(actor: Actor, checklist: StoredChecklist) {
  if (actor.role !== 'hq' && !checklist.reached) throw forbidden(messages.restaurantForbidden);
}

/** hq changes every checklist; a manager only the local checklists of their restaurants. */
function assertMayChange(actor: Actor, checklist: StoredChecklist) {
  if (actor.role === 'hq') return;
  if (checklist.restaurantId === null) throw forbidden(checklistMessages.notYourChecklist);
  if (!checklist.reached) throw forbidden(messages.restaurantForbidden);
}

interface DetailRow {
  id: string;
  name: string;
  restaurant: RestaurantOption | null;
  all_restaurants: boolean;
  restaurants: RestaurantOption[];
  locked: boolean;
  is_active: boolean;
  version: number | null;
  content: ChecklistContent | null;
  windows: StoredWindow[];
  copied_from_id: string | null;
  updated_at: string | Date;
}

async function selectChecklist(db: Queryable, id: string): Promise<Checklist> {
  const result = (await db.execute(sql`
    select c.id, c.name, c.all_restaurants, c.locked, c.is_active, c.copied_from_id, c.updated_at,
      case when r.id is null then null else json_build_object('id', r.id, 'name', r.name) end as restaurant,
      coalesce((select json_agg(json_build_object('id', cr_r.id, 'name', cr_r.name) order by cr_r.name, cr_r.id)
        from ${checklistRestaurants} cr join ${restaurants} cr_r on cr_r.id = cr.restaurant_id
        where cr.checklist_id = c.id), '[]'::json) as restaurants,
      v.version, v.content, ${windowsOf} as windows
    from ${checklists} c
    left join ${restaurants} r on r.id = c.restaurant_id
    left join ${checklistVersions} v on v.id = c.current_version_id
    where c.id = ${id}`)) as unknown as { rows: DetailRow[] };
  const [row] = result.rows;
  if (!row) throw notFound(checklistMessages.checklistNotFound);
  return {
    id: row.id,
    name: row.name,
    restaurant: row.restaurant,
    allRestaurants: row.restaurant === null && row.all_restaurants,
    restaurants: row.restaurant === null && !row.all_restaurants ? row.restaurants : [],
    locked: row.locked,
    isActive: row.is_active,
    version: row.version ?? 0,
    content: row.content ?? { sections: [] },
    windows: row.windows.map(windowOut),
    copiedFromId: row.copied_from_id,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getChecklist(db: Queryable, actor: Actor, id: string): Promise<Checklist> {
  assertMayRead(actor, await findChecklist(db, actor, id));
  return selectChecklist(db, id);
}

/** Each section and each item has an id of its own: records and corrections name items by it (400 at the repeat). */
function assertUniqueIds(content: ChecklistContent) {
  const fields: Record<string, string> = {};
  const sectionIds = new Set<string>();
  const itemIds = new Set<string>();
  content.sections.forEach((section, sectionIndex) => {
    if (sectionIds.has(section.id)) fields[`content.sections.${sectionIndex}.id`] = checklistMessages.duplicateId;
    sectionIds.add(section.id);
    section.items.forEach((item, itemIndex) => {
      if (itemIds.has(item.id)) {
        fields[`content.sections.${sectionIndex}.items.${itemIndex}.id`] = checklistMessages.duplicateId;
      }
      itemIds.add(item.id);
    });
  });
  if (Object.keys(fields).length) throw badRequest(checklistMessages.duplicateId, fields);
}

/** Every restaurant named exists (400 on the field otherwise). */
async function assertRestaurantsExist(db: Queryable, ids: string[], field: string) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, wanted));
  if (found.length !== wanted.length) {
    throw badRequest(messages.selectedRestaurantMissing, { [field]: messages.selectedRestaurantMissing });
  }
}

/** Where a new checklist belongs: a chain template (hq only) for all or chosen restaurants, or one restaurant's own. */
async function scopeOf(db: Queryable, actor: Actor, input: ChecklistFields) {
  if (input.restaurantId === null) {
    if (actor.role !== 'hq') throw forbidden(checklistMessages.notYourChecklist);
    return { restaurantId: null, allRestaurants: input.allRestaurants, locked: input.locked };
  }
  await assertRestaurantsExist(db, [input.restaurantId], 'restaurantId');
  return { restaurantId: input.restaurantId, allRestaurants: false, locked: false };
}

/** A chain template for chosen restaurants names at least one, and each exists. */
async function assertChosenRestaurants(db: Queryable, allRestaurants: boolean, restaurantIds: string[]) {
  if (allRestaurants) return;
  if (restaurantIds.length === 0) {
    throw badRequest(scheduleMessages.scheduleNeedsRestaurant, {
      restaurantIds: scheduleMessages.scheduleNeedsRestaurant,
    });
  }
  await assertRestaurantsExist(db, restaurantIds, 'restaurantIds');
}

async function writeChosenRestaurants(tx: Transaction, checklistId: string, restaurantIds: string[] | null) {
  await tx.delete(checklistRestaurants).where(eq(checklistRestaurants.checklistId, checklistId));
  const chosen = [...new Set(restaurantIds ?? [])];
  if (chosen.length) {
    await tx.insert(checklistRestaurants).values(chosen.map((restaurantId) => ({ checklistId, restaurantId })));
  }
}

/** Adds the next version of the content and makes it current. */
async function addVersion(tx: Transaction, actor: Actor, checklistId: string, content: ChecklistContent) {
  const [version] = await tx
    .insert(checklistVersions)
    .values({
      checklistId,
      version: sql`(select coalesce(max(${checklistVersions.version}), 0) + 1 from ${checklistVersions}
        where ${checklistVersions.checklistId} = ${checklistId})`,
      content,
      itemCount: itemsOf(content).length,
      createdBy: actor.id,
    })
    .returning({ id: checklistVersions.id });
  if (!version) throw new Error('insert returned no row');
  await tx
    .update(checklists)
    .set({ currentVersionId: version.id, updatedAt: new Date() })
    .where(eq(checklists.id, checklistId));
}

/**
 * The windows as sent: kept ones (with the id of one of this checklist's windows) are
 * changed in place, new ones added, and the checklist's other windows deactivated.
 */
async function writeWindows(tx: Transaction, checklistId: string, windows: WindowFields[]) {
  const stored = await tx
    .select({ id: checklistWindows.id })
    .from(checklistWindows)
    .where(eq(checklistWindows.checklistId, checklistId));
  const storedIds = new Set(stored.map((window) => window.id));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  windows.forEach((window, index) => {
    if (!window.id) return;
    if (!storedIds.has(window.id)) fields[`windows.${index}.id`] = checklistMessages.windowNotFound;
    else if (seen.has(window.id)) fields[`windows.${index}.id`] = checklistMessages.duplicateId;
    seen.add(window.id);
  });
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);

  const kept = windows.filter((window): window is WindowFields & { id: string } => Boolean(window.id));
  if (kept.length) {
    const rows = sql.join(
      kept.map(
        (window) =>
          sql`(${window.id}::uuid, ${`{${window.weekdays.join(',')}}`}::smallint[], ${window.startsAt}::int, ${window.minutes}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${checklistWindows} set weekdays = v.weekdays, starts_at = v.starts_at, minutes = v.minutes, is_active = true
      from (values ${rows}) as v(id, weekdays, starts_at, minutes)
      where ${checklistWindows}.id = v.id`);
  }
  await tx
    .update(checklistWindows)
    .set({ isActive: false })
    .where(
      and(
        eq(checklistWindows.checklistId, checklistId),
        kept.length
          ? sql`${checklistWindows.id} not in (${sql.join(
              kept.map((window) => sql`${window.id}::uuid`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  const added = windows.filter((window) => !window.id);
  if (added.length) {
    await tx.insert(checklistWindows).values(
      added.map((window) => ({
        checklistId,
        weekdays: window.weekdays,
        startsAt: window.startsAt,
        minutes: window.minutes,
      })),
    );
  }
}

/**
 * hq makes a chain template (`restaurantId` null) or any restaurant's checklist; a manager
 * a checklist of a restaurant they reach (checked by the route's guard). Its first
 * version, windows and chosen restaurants are written in one transaction.
 */
export async function createChecklist(db: Database, actor: Actor, input: ChecklistFields): Promise<Checklist> {
  assertUniqueIds(input.content);
  const scope = await scopeOf(db, actor, input);
  if (scope.restaurantId === null) await assertChosenRestaurants(db, scope.allRestaurants, input.restaurantIds);
  const id = await db.transaction(async (tx) => {
    const [checklist] = await tx
      .insert(checklists)
      .values({ name: input.name, ...scope, createdBy: actor.id })
      .returning({ id: checklists.id });
    if (!checklist) throw new Error('insert returned no row');
    if (scope.restaurantId === null && !scope.allRestaurants) {
      await writeChosenRestaurants(tx, checklist.id, input.restaurantIds);
    }
    await addVersion(tx, actor, checklist.id, input.content);
    await writeWindows(tx, checklist.id, input.windows);
    return checklist.id;
  });
  return selectChecklist(db, id);
}

/**
 * Saves a checklist. Where it belongs (chain or which restaurant) stays as it was made;
 * a chain template's restaurants and lock change with hq's save (locking it switches it
 * back on wherever a manager had switched it off). A content change adds a version
 * (records keep theirs); the same content adds none.
 */
export async function updateChecklist(
  db: Database,
  actor: Actor,
  id: string,
  input: ChecklistFields,
): Promise<Checklist> {
  assertUniqueIds(input.content);
  await db.transaction(async (tx) => {
    const checklist = await findChecklist(tx, actor, id, true);
    assertMayChange(actor, checklist);
    const chain = checklist.restaurantId === null;
    if (chain) await assertChosenRestaurants(tx, input.allRestaurants, input.restaurantIds);
    await tx
      .update(checklists)
      .set({
        name: input.name,
        ...(chain ? { allRestaurants: input.allRestaurants, locked: input.locked } : {}),
        updatedAt: new Date(),
      })
      .where(eq(checklists.id, id));
    if (chain) await writeChosenRestaurants(tx, id, input.allRestaurants ? null : input.restaurantIds);
    // Locking makes it run at every restaurant it is for: no restaurant keeps it switched off.
    if (chain && input.locked && !checklist.locked) {
      await tx.delete(checklistOptOuts).where(eq(checklistOptOuts.checklistId, id));
    }
    if (!(await sameContent(tx, checklist.currentVersionId, input.content))) {
      await addVersion(tx, actor, id, input.content);
    }
    await writeWindows(tx, id, input.windows);
  });
  return selectChecklist(db, id);
}

/** Whether the current version already holds this content (jsonb equality: key order does not count). */
async function sameContent(db: Queryable, versionId: string | null, content: ChecklistContent): Promise<boolean> {
  if (!versionId) return false;
  const result = (await db.execute(sql`
    select content = ${JSON.stringify(content)}::jsonb as same from ${checklistVersions} where id = ${versionId}`)) as unknown as {
    rows: { same: boolean }[];
  };
  return Boolean(result.rows[0]?.same);
}

export async function setChecklistActive(db: Database, actor: Actor, id: string, isActive: boolean) {
  await db.transaction(async (tx) => {
    assertMayChange(actor, await findChecklist(tx, actor, id, true));
    await tx.update(checklists).set({ isActive, updatedAt: new Date() }).where(eq(checklists.id, id));
  });
  return selectChecklist(db, id);
}

/**
 * Deletes a checklist that has no records yet, with its open (not yet filled) records. A
 * submitted or missed record is history an inspector may ask for: then 409, deactivate
 * it instead. Open records go first, so a record submitted meanwhile is seen (and kept).
 */
export async function deleteChecklist(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    assertMayChange(actor, await findChecklist(tx, actor, id, true));
    await tx.delete(checklistRuns).where(and(eq(checklistRuns.checklistId, id), eq(checklistRuns.status, 'open')));
    const [kept] = await tx
      .select({ id: checklistRuns.id })
      .from(checklistRuns)
      .where(eq(checklistRuns.checklistId, id))
      .limit(1);
    if (kept) throw conflict(checklistMessages.hasRecords);
    await tx.delete(checklists).where(eq(checklists.id, id));
  });
}

/**
 * A chain template at one restaurant: it must be one (not a local checklist), be for that
 * restaurant, and (for a manager) not be locked by hq.
 */
async function chainTemplateAt(tx: Transaction, actor: Actor, id: string, restaurantId: string) {
  const checklist = await findChecklist(tx, actor, id, true);
  assertMayRead(actor, checklist);
  if (checklist.restaurantId !== null) throw badRequest(checklistMessages.notChainTemplate);
  if (actor.role !== 'hq' && checklist.locked) throw forbidden(checklistMessages.lockedChecklist);
  const [forIt] = await selectSummaries(tx, { id, restaurantId });
  if (!forIt) {
    throw badRequest(checklistMessages.notForRestaurant, { restaurantId: checklistMessages.notForRestaurant });
  }
  return checklist;
}

async function optOut(tx: Transaction, actor: Actor, checklistId: string, restaurantId: string, optedOut: boolean) {
  if (optedOut) {
    await tx
      .insert(checklistOptOuts)
      .values({ checklistId, restaurantId, createdBy: actor.id })
      .onConflictDoNothing({ target: [checklistOptOuts.checklistId, checklistOptOuts.restaurantId] });
  } else {
    await tx
      .delete(checklistOptOuts)
      .where(and(eq(checklistOptOuts.checklistId, checklistId), eq(checklistOptOuts.restaurantId, restaurantId)));
  }
}

/** Switches an unlocked chain template off (or on again) at one restaurant; answers it as that restaurant lists it. */
export async function setOptedOut(
  db: Database,
  actor: Actor,
  id: string,
  input: { restaurantId: string; optedOut: boolean },
): Promise<ChecklistSummary> {
  return db.transaction(async (tx) => {
    await chainTemplateAt(tx, actor, id, input.restaurantId);
    await optOut(tx, actor, id, input.restaurantId, input.optedOut);
    const [summary] = await selectSummaries(tx, { id, restaurantId: input.restaurantId });
    if (!summary) throw notFound(checklistMessages.checklistNotFound);
    return presentSummary(summary);
  });
}

/**
 * A local copy of an unlocked chain template at one restaurant: its current content
 * (item ids kept) and active windows, its name, `copied_from_id`; the template is switched
 * off there in the same transaction, so the restaurant does not get both.
 */
export async function copyChecklist(
  db: Database,
  actor: Actor,
  id: string,
  input: { restaurantId: string },
): Promise<Checklist> {
  const copyId = await db.transaction(async (tx) => {
    await chainTemplateAt(tx, actor, id, input.restaurantId);
    const source = await selectChecklist(tx, id);
    const [copy] = await tx
      .insert(checklists)
      .values({
        name: source.name,
        restaurantId: input.restaurantId,
        allRestaurants: false,
        locked: false,
        isActive: true,
        copiedFromId: id,
        createdBy: actor.id,
      })
      .returning({ id: checklists.id });
    if (!copy) throw new Error('insert returned no row');
    await addVersion(tx, actor, copy.id, source.content);
    if (source.windows.length) {
      await tx.insert(checklistWindows).values(
        source.windows.map((window) => ({
          checklistId: copy.id,
          weekdays: window.weekdays,
          startsAt: window.startsAt,
          minutes: window.minutes,
        })),
      );
    }
    await optOut(tx, actor, id, input.restaurantId, true);
    return copy.id;
  });
  return selectChecklist(db, copyId);
}
