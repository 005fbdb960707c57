import { messages } from '@brigade/core/messages';
import type {
  AuditTemplateDetail,
  AuditTemplateInput,
  AuditTemplateListQuery,
  AuditTemplateSort,
  AuditTemplateSummary,
} from '@brigade/core/schemas/audit-templates';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { auditTemplateItems, auditTemplates } from '../../db/schema/audits';
import { trainings } from '../../db/schema/trainings';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, notFound } from '../../errors';

type TemplateFields = z.output<typeof AuditTemplateInput>;

const itemCountOf = sql<number>`(select count(*)::int from ${auditTemplateItems} where template_id = ${auditTemplates}.id)`;

/** A chain has a few dozen templates: each sort is computed over all of them; the id breaks ties. */
const templateSorting: ListSorting<AuditTemplateSort> = {
  columns: { name: auditTemplates.name, itemCount: itemCountOf },
  defaultSort: 'name',
  defaultOrder: 'asc',
  tiebreak: auditTemplates.id,
};

/** Every template with its item count, sorted by `?sort=&order=` (by name without a choice). */
export async function listTemplates(
  db: Queryable,
  query: z.output<typeof AuditTemplateListQuery>,
): Promise<AuditTemplateSummary[]> {
  return db
    .select({
      id: auditTemplates.id,
      name: auditTemplates.name,
      description: auditTemplates.description,
      itemCount: itemCountOf,
    })
    .from(auditTemplates)
    .orderBy(...orderByOf(templateSorting, query));
}

export async function getTemplate(db: Queryable, id: string): Promise<AuditTemplateDetail> {
  const [template] = await db
    .select({
      id: auditTemplates.id,
      name: auditTemplates.name,
      description: auditTemplates.description,
      badDueDays: auditTemplates.badDueDays,
      needsImprovementDueDays: auditTemplates.needsImprovementDueDays,
      autoAssignTraining: auditTemplates.autoAssignTraining,
    })
    .from(auditTemplates)
    .where(eq(auditTemplates.id, id));
  if (!template) throw notFound(messages.templateNotFound);
  const rows = await db
    .select({
      id: auditTemplateItems.id,
      text: auditTemplateItems.itemText,
      orderNum: auditTemplateItems.orderNum,
      trainingId: trainings.id,
      trainingTitle: trainings.title,
    })
    .from(auditTemplateItems)
    .leftJoin(trainings, eq(trainings.id, auditTemplateItems.trainingId))
    .where(eq(auditTemplateItems.templateId, id))
    .orderBy(asc(auditTemplateItems.orderNum));
  const items = rows.map(({ trainingId, trainingTitle, ...item }) => ({
    ...item,
    training: trainingId && trainingTitle !== null ? { id: trainingId, title: trainingTitle } : null,
  }));
  return { ...template, items };
}

/**
 * Every training an item names must exist: otherwise a 400 on that item's field
 * (`items.N.trainingId`), before anything is written.
 */
async function assertTrainingsExist(tx: Queryable, items: TemplateFields['items']) {
  const named = [...new Set(items.flatMap((item) => (item.trainingId ? [item.trainingId] : [])))];
  if (named.length === 0) return;
  const found = new Set(
    (await tx.select({ id: trainings.id }).from(trainings).where(inArray(trainings.id, named))).map((row) => row.id),
  );
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.trainingId && !found.has(item.trainingId)) fields[`items.${index}.trainingId`] = messages.trainingNotFound;
  });
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
}

export async function createTemplate(db: Database, actor: SessionUser, input: TemplateFields) {
  const id = await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(auditTemplates)
      .values({
        name: input.name,
        description: input.description,
        badDueDays: input.badDueDays,
        needsImprovementDueDays: input.needsImprovementDueDays,
        autoAssignTraining: input.autoAssignTraining,
        createdBy: actor.id,
      })
      .returning({ id: auditTemplates.id });
    if (!template) throw new Error('insert returned no row');
    await assertTrainingsExist(tx, input.items);
    await tx.insert(auditTemplateItems).values(
      input.items.map((item, index) => ({
        templateId: template.id,
        itemText: item.text,
        orderNum: index,
        trainingId: item.trainingId ?? null,
      })),
    );
    return template.id;
  });
  return getTemplate(db, id);
}

/**
 * Edits in place: kept items keep their ids (so audits can still point at them), order
 * follows position, new items are added and missing ones removed. Audits created from
 * the template keep their own copy of the texts, so none of this changes them.
 */
export async function updateTemplate(db: Database, id: string, input: TemplateFields) {
  await db.transaction(async (tx) => {
    const [template] = await tx
      .update(auditTemplates)
      .set({
        name: input.name,
        description: input.description,
        badDueDays: input.badDueDays,
        needsImprovementDueDays: input.needsImprovementDueDays,
        autoAssignTraining: input.autoAssignTraining,
      })
      .where(eq(auditTemplates.id, id))
      .returning({ id: auditTemplates.id });
    if (!template) throw notFound(messages.templateNotFound);
    const keptIds = input.items.flatMap((item) => (item.id ? [item.id] : []));
    await assertItemsBelong(tx, id, keptIds);
    await assertTrainingsExist(tx, input.items);
    await tx
      .delete(auditTemplateItems)
      .where(
        and(
          eq(auditTemplateItems.templateId, id),
          keptIds.length ? notInArray(auditTemplateItems.id, keptIds) : undefined,
        ),
      );
    const kept = input.items.flatMap((item, index) =>
      item.id ? [{ id: item.id, text: item.text, orderNum: index, trainingId: item.trainingId ?? null }] : [],
    );
    if (kept.length) {
      // One statement for every kept item, whatever their number.
      const rows = sql.join(
        kept.map((item) => sql`(${item.id}::uuid, ${item.text}, ${item.orderNum}::int, ${item.trainingId}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${auditTemplateItems} set item_text = v.text, order_num = v.order_num, training_id = v.training_id
        from (values ${rows}) as v(id, text, order_num, training_id)
        where ${auditTemplateItems}.id = v.id`);
    }
    const added = input.items.flatMap((item, index) =>
      item.id ? [] : [{ templateId: id, itemText: item.text, orderNum: index, trainingId: item.trainingId ?? null }],
    );
    if (added.length) await tx.insert(auditTemplateItems).values(added);
  });
  return getTemplate(db, id);
}

async function assertItemsBelong(tx: Transaction, templateId: string, itemIds: string[]) {
  if (itemIds.length === 0) return;
  const found = await tx
    .select({ id: auditTemplateItems.id })
    .from(auditTemplateItems)
    .where(and(eq(auditTemplateItems.templateId, templateId), inArray(auditTemplateItems.id, itemIds)));
  if (found.length !== new Set(itemIds).size) throw badRequest(messages.itemNotOfTemplate);
}

export async function deleteTemplate(db: Queryable, id: string) {
  const deleted = await db.delete(auditTemplates).where(eq(auditTemplates.id, id)).returning({ id: auditTemplates.id });
  if (deleted.length === 0) throw notFound(messages.templateNotFound);
}
