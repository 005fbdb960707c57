import { messages } from '@brigade/core/messages';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { auditItems } from '../../db/schema/audits';
import { correctiveActionOwners, correctiveActions } from '../../db/schema/corrective-actions';
import { photos } from '../../db/schema/photos';
import { users } from '../../db/schema/users';
import { conflict } from '../../errors';
import { getAudit } from '../audits/service';

// Qualified: inside a subquery drizzle writes a bare "id", which would be the user's.
const actionId = sql`${correctiveActions}.${sql.identifier(correctiveActions.id.name)}`;

/** A stored photo as the report draws it: its display-size JPEG, read from file storage. */
export interface ReportPhoto {
  id: string;
  displayKey: string;
  width: number;
  height: number;
  /** When it was taken (stored), printed under it in the restaurant's zone. */
  takenAt: Date;
}

export interface ReportAction {
  id: string;
  auditItemId: string | null;
  templateName: string;
  itemText: string;
  mark: string | null;
  comment: string | null;
  /** yyyy-mm-dd */
  dueOn: string;
  status: 'open' | 'resolved';
  resolutionNote: string | null;
  resolvedAt: Date | null;
  /** Names of the people who answer for it, by name. */
  owners: string[];
  /** Photos of the fix. */
  photos: ReportPhoto[];
}

/** Everything the report shows: the audit as its page shows it, each item's photos, and the audit's corrective actions. */
export interface AuditReport {
  audit: AuditDetail;
  photosByItem: Map<string, ReportPhoto[]>;
  actions: ReportAction[];
}

/**
 * Reads a completed audit's report in three round trips whatever its size: the audit
 * (through `getAudit`, so the report has exactly the detail page's read rules: a draft
 * is 404 to all but hq, another restaurant's audit 403), then side by side its photos
 * (of items and of its actions' fixes) and its actions with their owners' names. A
 * draft has no report yet: 409.
 */
export async function readAuditReport(db: Queryable, actor: SessionUser, id: string): Promise<AuditReport> {
  const audit = await getAudit(db, actor, id);
  if (audit.status !== 'completed') throw conflict(messages.auditReportNeedsCompleted);

  const itemsOfAudit = db.select({ id: auditItems.id }).from(auditItems).where(eq(auditItems.auditId, id));
  const actionsOfAudit = db
    .select({ id: correctiveActions.id })
    .from(correctiveActions)
    .where(eq(correctiveActions.auditId, id));
  const [photoRows, actionRows] = await Promise.all([
    db
      .select({
        id: photos.id,
        auditItemId: photos.auditItemId,
        correctiveActionId: photos.correctiveActionId,
        displayKey: photos.displayKey,
        width: photos.width,
        height: photos.height,
        takenAt: photos.createdAt,
      })
      .from(photos)
      .where(or(inArray(photos.auditItemId, itemsOfAudit), inArray(photos.correctiveActionId, actionsOfAudit)))
      .orderBy(asc(photos.createdAt), asc(photos.id)),
    db
      .select({
        id: correctiveActions.id,
        auditItemId: correctiveActions.auditItemId,
        templateName: correctiveActions.templateName,
        itemText: correctiveActions.itemText,
        mark: correctiveActions.mark,
        comment: correctiveActions.comment,
        dueOn: correctiveActions.dueOn,
        status: correctiveActions.status,
        resolutionNote: correctiveActions.resolutionNote,
        resolvedAt: correctiveActions.resolvedAt,
        owners: sql<string[]>`coalesce((
          select array_agg(u.name order by u.name)
          from ${correctiveActionOwners} o join ${users} u on u.id = o.user_id
          where o.action_id = ${actionId}
        ), '{}')`,
      })
      .from(correctiveActions)
      .where(eq(correctiveActions.auditId, id))
      .orderBy(asc(correctiveActions.dueOn), asc(correctiveActions.createdAt), asc(correctiveActions.id)),
  ]);

  const photosByItem = new Map<string, ReportPhoto[]>();
  const photosByAction = new Map<string, ReportPhoto[]>();
  for (const { auditItemId, correctiveActionId, ...photo } of photoRows) {
    const [map, owner] = auditItemId ? [photosByItem, auditItemId] : [photosByAction, correctiveActionId as string];
    map.set(owner, [...(map.get(owner) ?? []), photo]);
  }
  const actions = actionRows.map((row) => ({
    ...row,
    status: row.status === 'resolved' ? ('resolved' as const) : ('open' as const),
    photos: photosByAction.get(row.id) ?? [],
  }));
  return { audit, photosByItem, actions };
}
