import { assessAllItemsMessage, messages } from '@brigade/core/messages';
import { auditStatusesReadableBy } from '@brigade/core/permissions';
import type { Role } from '@brigade/core/roles';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import {
  AUDIT_STATUSES,
  type AuditDetail,
  type AuditItemsInput,
  type AuditListItem,
  type AuditListQuery,
  type AuditPage,
  type AuditSort,
  type AuditStatus,
  type CreateAudit,
} from '@brigade/core/schemas/audits';
import { type AuditMark, computeFinalScore } from '@brigade/core/scoring';
import { type AnyColumn, and, asc, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordActivity } from '../../activity/record';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import {
  auditItems,
  audits,
  auditTemplateAssignments,
  auditTemplateItems,
  auditTemplates,
} from '../../db/schema/audits';
import { auditSignOffs } from '../../db/schema/checklists';
import { photos } from '../../db/schema/photos';
import { restaurants } from '../../db/schema/restaurants';
import { trainingSuggestions } from '../../db/schema/training-suggestions';
import { trainings } from '../../db/schema/trainings';
import { users } from '../../db/schema/users';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { rowsInOrder } from '../../http/send-csv';
import type { Notifier } from '../../notify/notifier';
import { completeDueOfAudit, linkAuditToDue, reopenDueOfAudit } from '../audit-schedules/service';
import { createActionsForSubmittedAudit, itemActionsJson } from '../corrective-actions/service';
import { photoKeysOfAudit } from '../photos/service';
import { suggestTrainingsForSubmittedAudit } from '../training-suggestions/service';
import { auditEvent, emitEvent } from '../webhooks/service';

const auditId = sql`${audits}.${sql.identifier(audits.id.name)}`;
const templateNamesOf = sql<string[]>`coalesce((
  select array_agg(ata.template_name order by ata.template_name)
  from ${auditTemplateAssignments} ata where ata.audit_id = ${auditId}
), '{}')`;

/** An item's photos (alias `ai`) as PhotoRef objects, oldest first, for getAudit's one query. */
const photosOfItem = sql`coalesce((
  select json_agg(json_build_object(
    'id', p.id, 'width', p.width, 'height', p.height,
    'thumbUrl', '/api/photos/' || p.id || '/thumb', 'displayUrl', '/api/photos/' || p.id || '/display'
  ) order by p.created_at, p.id)
  from ${photos} p where p.audit_item_id = ai.id
), '[]'::json)`;

/** The training an item's finding suggested (alias `ai`), or null: the unique key allows one. */
const suggestionOfItem = sql`(
  select json_build_object('id', ts.id, 'status', ts.status, 'training', json_build_object('id', t.id, 'title', t.title))
  from ${trainingSuggestions} ts join ${trainings} t on t.id = ts.training_id
  where ts.audit_item_id = ai.id
)`;

/**
 * The audits a role may read at all, as a condition on an audit status column (the
 * rule is core's `auditStatusesReadableBy`: drafts are hq's alone). Lists, dashboards,
 * counts and the detail route all filter through it; `true` when every status is read.
 */
export function readableAudits(role: Role, status: AnyColumn | SQLWrapper = audits.status): SQL {
  const statuses = auditStatusesReadableBy[role];
  return statuses.length === AUDIT_STATUSES.length ? sql`true` : inArray(status, [...statuses]);
}

/** An audit's first template by name, as its list row names them (`audit_template_assignments_audit_name_idx`). */
const firstTemplateName = sql`(select min(ata.template_name) from ${auditTemplateAssignments} ata where ata.audit_id = ${auditId})`;

/**
 * How the audit lists sort: newest first without a choice (`audits_audited_at_idx`, or
 * `audits_restaurant_audited_at_idx` for one restaurant); by score with a draft below
 * every score (`audits_score_idx` on that expression); by restaurant and auditor name
 * through their name indexes; by the first template's name. The id breaks ties.
 */
const auditSorting: ListSorting<AuditSort> = {
  columns: {
    auditedAt: audits.auditedAt,
    restaurant: restaurants.name,
    auditor: users.name,
    template: firstTemplateName,
    score: sql`coalesce(${audits.finalScore}, -1)`,
  },
  defaultSort: 'auditedAt',
  defaultOrder: 'desc',
  tiebreak: audits.id,
};

/**
 * hq sees every audit and filters by restaurant and status. Managers and staff see the
 * completed audits of their restaurants (one, or all of them), newest first unless the
 * query names a sort. Search covers restaurant, template and auditor names. The CSV
 * export (`exportAudits`) reads the same audits in the same order.
 */
export async function listAudits(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof AuditListQuery>,
): Promise<AuditPage> {
  const where = auditListWhere(actor, query);
  const [items, [total]] = await Promise.all([
    auditRows(db, where, query),
    joinAuditList(db.select({ value: count() }).from(audits).$dynamic()).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Every audit of the list as the caller sees it, in its order, for the CSV export. */
export function exportAudits(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof AuditListQuery>,
): AsyncGenerator<AuditListItem> {
  const where = auditListWhere(actor, query);
  const ordered = joinAuditList(db.select({ id: audits.id }).from(audits).$dynamic())
    .where(where)
    .orderBy(...orderByOf(auditSorting, query));
  return rowsInOrder(ordered, (ids) => auditRows(db, inArray(audits.id, ids)));
}

/**
 * A query of the list's audits joined to the restaurant and auditor its filters, sorts
 * and rows name (a dynamic query, so the selection's types stay as written: the
 * auditor's name is nullable there).
 */
function joinAuditList<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(restaurants, eq(restaurants.id, audits.restaurantId))
    .leftJoin(users, eq(users.id, audits.auditedBy));
}

function auditListWhere(actor: SessionUser, query: z.output<typeof AuditListQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // A restaurant named in the query is one the caller reaches (the route's guard checked).
  conditions.push(
    query.restaurantId ? eq(audits.restaurantId, query.restaurantId) : inReach(actor, audits.restaurantId),
  );
  conditions.push(readableAudits(actor.role));
  // hq filters by status; for others the filter can only narrow what they read.
  if (query.status) conditions.push(eq(audits.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(
      ${restaurants.name} ilike ${pattern}
      or ${users.name} ilike ${pattern}
      or exists (select 1 from ${auditTemplateAssignments} ata where ata.audit_id = ${auditId} and ata.template_name ilike ${pattern})
    )`);
  }
  return and(...conditions);
}

/** The list's rows: one page of it in its order, or (without `page`) the rows `where` names, unordered. */
async function auditRows(
  db: Queryable,
  where: SQL | undefined,
  page?: z.output<typeof AuditListQuery>,
): Promise<AuditListItem[]> {
  const select = joinAuditList(
    db
      .select({
        id: audits.id,
        restaurantId: restaurants.id,
        restaurantName: restaurants.name,
        auditorName: sql<string | null>`${users.name}`,
        auditedAt: audits.auditedAt,
        status: audits.status,
        finalScore: audits.finalScore,
        templateNames: templateNamesOf,
      })
      .from(audits)
      .$dynamic(),
  ).where(where);
  const rows = await (page
    ? select
        .orderBy(...orderByOf(auditSorting, page))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
    : select);
  return rows.map(({ restaurantId, restaurantName, auditedAt, status, ...row }) => ({
    ...row,
    restaurant: { id: restaurantId, name: restaurantName },
    auditedAt: auditedAt.toISOString(),
    status: status as AuditStatus,
  }));
}

/** Who may be chosen as auditor: active hq users, by name (core §6). */
export async function listAuditors(db: Queryable) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'hq'), eq(users.isActive, true)))
    .orderBy(asc(users.name));
}

export async function getAudit(db: Queryable, actor: SessionUser, id: string): Promise<AuditDetail> {
  const [audit] = await db
    .select({
      id: audits.id,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      timeZone: restaurants.timeZone,
      auditorId: users.id,
      auditorName: users.name,
      auditedAt: audits.auditedAt,
      status: audits.status,
      finalScore: audits.finalScore,
      version: audits.version,
      templateNames: templateNamesOf,
      signedByName: auditSignOffs.signedByName,
      signedAt: auditSignOffs.signedAt,
      signOffComment: auditSignOffs.comment,
      reached: sql<boolean>`${inReach(actor, audits.restaurantId)}`,
      items: sql<AuditDetail['items']>`coalesce((
        select json_agg(json_build_object(
          'id', ai.id, 'templateName', ai.template_name, 'itemText', ai.item_text,
          'orderNum', ai.order_num, 'mark', ai.mark, 'comment', ai.comment,
          'photos', ${photosOfItem}, 'actions', ${itemActionsJson(sql`ai.id`)},
          'trainingSuggestion', ${suggestionOfItem}) order by ai.order_num)
        from ${auditItems} ai where ai.audit_id = ${auditId}
      ), '[]'::json)`,
    })
    .from(audits)
    .innerJoin(restaurants, eq(restaurants.id, audits.restaurantId))
    .leftJoin(users, eq(users.id, audits.auditedBy))
    .leftJoin(auditSignOffs, eq(auditSignOffs.auditId, audits.id))
    // A draft does not exist yet for those who may not read it: the same 404 as a missing id.
    .where(and(eq(audits.id, id), readableAudits(actor.role)));
  if (!audit) throw notFound(messages.auditNotFound);
  if (!audit.reached) throw forbidden(messages.restaurantForbidden);
  const {
    restaurantId,
    restaurantName,
    timeZone,
    auditorId,
    auditorName,
    auditedAt,
    status,
    signedByName,
    signedAt,
    signOffComment,
    reached: _,
    ...rest
  } = audit;
  return {
    ...rest,
    restaurant: { id: restaurantId, name: restaurantName, timeZone },
    auditor: auditorId && auditorName ? { id: auditorId, name: auditorName } : null,
    auditedAt: auditedAt.toISOString(),
    status: status as AuditStatus,
    signOff:
      signedByName !== null && signedAt !== null
        ? { name: signedByName, signedAt: signedAt.toISOString(), comment: signOffComment }
        : null,
  };
}

/**
 * A new draft with one empty item per template item (templates in the order chosen,
 * items in template order), each item's text copied in, all in one transaction.
 */
export async function createAudit(db: Database, input: z.output<typeof CreateAudit>): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [restaurant] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.id, input.restaurantId), eq(restaurants.isActive, true)));
    if (!restaurant) throw badRequest(messages.newAuditIncomplete, { restaurantId: messages.chooseActiveRestaurant });
    const [auditor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.auditorId), eq(users.role, 'hq'), eq(users.isActive, true)));
    if (!auditor) throw badRequest(messages.auditorMustBeHq, { auditorId: messages.auditorMustBeHq });
    const templateIds = [...new Set(input.templateIds)];
    const templates = await tx
      .select({ id: auditTemplates.id, name: auditTemplates.name })
      .from(auditTemplates)
      .where(inArray(auditTemplates.id, templateIds));
    if (templates.length !== templateIds.length) {
      throw badRequest(scheduleMessages.scheduleTemplateMissing, {
        templateIds: scheduleMessages.scheduleTemplateMissing,
      });
    }
    const templateItems = await tx
      .select({
        id: auditTemplateItems.id,
        templateId: auditTemplateItems.templateId,
        text: auditTemplateItems.itemText,
      })
      .from(auditTemplateItems)
      .where(inArray(auditTemplateItems.templateId, templateIds))
      .orderBy(asc(auditTemplateItems.orderNum));

    const [audit] = await tx
      .insert(audits)
      .values({ restaurantId: restaurant.id, auditedBy: auditor.id, status: 'draft' })
      .returning({ id: audits.id });
    if (!audit) throw new Error('insert returned no row');
    if (input.dueId) await linkAuditToDue(tx, input.dueId, restaurant.id, audit.id);
    const ordered = templateIds.map((templateId) => templates.find((template) => template.id === templateId));
    await tx
      .insert(auditTemplateAssignments)
      .values(
        ordered.flatMap((template) =>
          template ? [{ auditId: audit.id, templateId: template.id, templateName: template.name }] : [],
        ),
      );
    const items = ordered.flatMap((template) =>
      template
        ? templateItems
            .filter((item) => item.templateId === template.id)
            .map((item) => ({ templateItemId: item.id, templateName: template.name, itemText: item.text }))
        : [],
    );
    if (items.length) {
      await tx.insert(auditItems).values(items.map((item, index) => ({ ...item, auditId: audit.id, orderNum: index })));
    }
    return { id: audit.id };
  });
}

/**
 * Writes every item's mark and comment in one statement, if the draft is still the
 * version the editor read; otherwise the editor is told it changed (nothing is lost:
 * their values stay on their screen).
 */
async function writeItems(tx: Transaction, id: string, input: z.output<typeof AuditItemsInput>) {
  const [audit] = await tx
    .select({ status: audits.status, version: audits.version })
    .from(audits)
    .where(eq(audits.id, id))
    .for('update');
  if (!audit) throw notFound(messages.auditNotFound);
  if (audit.status === 'completed') throw conflict(messages.auditCompletedReadOnly);
  if (audit.version !== input.version) throw conflict(messages.auditChangedElsewhere);
  if (input.items.length) {
    const rows = sql.join(
      input.items.map((item) => sql`(${item.id}::uuid, ${item.mark}::text, ${item.comment}::text)`),
      sql`, `,
    );
    // Both drivers answer raw statements with `{ rows }`.
    const updated = (await tx.execute(sql`
      update ${auditItems} set mark = v.mark, comment = v.comment
      from (values ${rows}) as v(id, mark, comment)
      where ${auditItems}.id = v.id and ${auditItems}.audit_id = ${id}
      returning ${auditItems}.id`)) as { rows: unknown[] };
    if (updated.rows.length !== new Set(input.items.map((item) => item.id)).size) {
      throw badRequest(messages.itemNotOfAudit);
    }
  }
}

export async function saveDraft(db: Database, actor: SessionUser, id: string, input: z.output<typeof AuditItemsInput>) {
  await db.transaction(async (tx) => {
    await writeItems(tx, id, input);
    await tx
      .update(audits)
      .set({ version: sql`${audits.version} + 1` })
      .where(eq(audits.id, id));
  });
  return getAudit(db, actor, id);
}

/**
 * Saves and completes in one transaction. The score is the server's: the rounded
 * average of the stored marks (core §9), never a number the client sends.
 */
export async function submitAudit(
  db: Database,
  actor: SessionUser,
  id: string,
  input: z.output<typeof AuditItemsInput>,
  notifier: Notifier,
) {
  await db.transaction(async (tx) => {
    await writeItems(tx, id, input);
    const marks = await tx.select({ mark: auditItems.mark }).from(auditItems).where(eq(auditItems.auditId, id));
    const remaining = marks.filter((row) => row.mark === null).length;
    if (remaining > 0) throw badRequest(assessAllItemsMessage(remaining));
    const finalScore = computeFinalScore(marks.map((row) => row.mark as AuditMark));
    await tx
      .update(audits)
      .set({ status: 'completed', finalScore, version: sql`${audits.version} + 1` })
      .where(eq(audits.id, id));
    await emitEvent(tx, 'audit.completed', auditEvent(id));
    await recordAuditActivity(tx, 'audit.submitted', id, {
      changes: { status: { from: 'draft', to: 'completed' }, finalScore: { from: null, to: finalScore } },
    });
    await createActionsForSubmittedAudit(tx, actor, id, notifier);
    await completeDueOfAudit(tx, id);
    await suggestTrainingsForSubmittedAudit(tx, actor, notifier, id);
  });
  notifier.wake();
  return getAudit(db, actor, id);
}

/**
 * Deletes the audit (its items and their photo rows cascade; a due entry it was made
 * from is due again, or missed) and returns the photos' file keys, read in the same transaction, for the caller to remove once it committed.
 */
export async function deleteAudit(db: Database, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const photoKeys = await photoKeysOfAudit(tx, id);
    await reopenDueOfAudit(tx, id);
    // Read before it goes: the entry names what was deleted.
    const recorded = await auditActivityOf(tx, id);
    const deleted = await tx.delete(audits).where(eq(audits.id, id)).returning({ id: audits.id });
    if (deleted.length === 0 || !recorded) throw notFound(messages.auditNotFound);
    await recordActivity(tx, {
      kind: 'audit.deleted',
      ...recorded,
      details: { status: recorded.status, finalScore: recorded.finalScore },
    });
    return photoKeys;
  });
}

/** An audit as its activity log entries name it: its restaurant, and "<restaurant> · <day audited>". */
async function auditActivityOf(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      restaurantId: audits.restaurantId,
      restaurantName: restaurants.name,
      auditedAt: audits.auditedAt,
      status: audits.status,
      finalScore: audits.finalScore,
    })
    .from(audits)
    .innerJoin(restaurants, eq(restaurants.id, audits.restaurantId))
    .where(eq(audits.id, id));
  if (!row) return undefined;
  return {
    restaurantId: row.restaurantId,
    objectType: 'audit',
    objectId: id,
    objectLabel: `${row.restaurantName} · ${row.auditedAt.toISOString().slice(0, 10)}`,
    status: row.status,
    finalScore: row.finalScore,
  };
}

async function recordAuditActivity(
  tx: Transaction,
  kind: 'audit.submitted',
  id: string,
  entry: { changes?: Record<string, { from: unknown; to: unknown }> },
) {
  const audit = await auditActivityOf(tx, id);
  if (!audit) return;
  const { status: _status, finalScore: _finalScore, ...named } = audit;
  await recordActivity(tx, { kind, ...named, ...entry });
}
