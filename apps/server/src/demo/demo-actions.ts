import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { auditItems, audits } from '../db/schema/audits';
import { correctiveActionEvents, correctiveActions } from '../db/schema/corrective-actions';
import { restaurants } from '../db/schema/restaurants';
import { users } from '../db/schema/users';
import { insertActions } from '../modules/corrective-actions/service';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const DAY_MS = 24 * 60 * 60 * 1000;

const RESOLUTION_NOTES = [
  'Fixed on the next shift and checked by the shift lead.',
  'Replaced the part and added it to the weekly checklist.',
  'Retrained the team at the morning briefing; checked again two days later.',
];

/**
 * The demo's corrective actions, made the way the app makes them: every completed
 * audit's Bad and Needs improvement items through `insertActions`, the code path of
 * submit, due from the audit's day; two actions hq added by hand on Amsterdam's audits
 * (so the demo manager's first restaurant has some); then, in the older audits, every
 * other action resolved by the restaurant's manager a few days later, and one of those
 * reopened by head office. Older open ones are overdue, recent ones are not, so the
 * Actions screen, dashboards and Store Performance show the whole loop at once.
 */
export async function insertDemoActions(tx: Transaction, now: Date): Promise<void> {
  const completed = await tx
    .select({
      id: audits.id,
      auditedAt: audits.auditedAt,
      restaurantName: restaurants.name,
      auditorId: users.id,
      auditorName: users.name,
    })
    .from(audits)
    .innerJoin(restaurants, eq(restaurants.id, audits.restaurantId))
    .innerJoin(users, eq(users.id, audits.auditedBy))
    .where(eq(audits.status, 'completed'))
    .orderBy(asc(audits.auditedAt));
  const day = (date: Date) => date.toISOString().slice(0, 10);

  for (const audit of completed) {
    const auditor = { id: audit.auditorId, name: audit.auditorName };
    await insertActions(tx, auditor, sql`ai.audit_id = ${audit.id} and ai.mark in ('bad', 'needs_improvement')`, {
      submittedOn: day(audit.auditedAt),
    });
    if (audit.restaurantName === AMSTERDAM) {
      // hq adds a follow-up on a Good item of each Amsterdam audit (the last item).
      const [last] = await tx
        .select({ id: auditItems.id })
        .from(auditItems)
        .where(and(eq(auditItems.auditId, audit.id), eq(auditItems.mark, 'good')))
        .orderBy(sql`${auditItems.orderNum} desc`)
        .limit(1);
      if (last) await insertActions(tx, auditor, sql`ai.id = ${last.id}`, { submittedOn: day(audit.auditedAt) });
    }
  }

  // Made when their audit was submitted, not when the demo was loaded.
  await tx.execute(sql`update ${correctiveActions} ca set created_at = a.audited_at, updated_at = a.audited_at
    from ${audits} a where a.id = ca.audit_id`);
  await tx.execute(sql`update ${correctiveActionEvents} e set created_at = ca.created_at
    from ${correctiveActions} ca where ca.id = e.action_id`);

  // Every other action of audits older than five weeks is resolved by a manager of its restaurant, five days on.
  const resolvable = await tx.execute(sql`
    select ca.id, ca.created_at, m.id as manager_id, m.name as manager_name
    from ${correctiveActions} ca
    cross join lateral (
      select u.id, u.name from staff_restaurant_assignments sra join ${users} u on u.id = sra.user_id
      where sra.restaurant_id = ca.restaurant_id and u.role = 'manager' and u.is_active
      order by u.name limit 1) m
    where ca.created_at < ${new Date(now.getTime() - 35 * DAY_MS).toISOString()}::timestamptz
    order by ca.created_at, ca.id`);
  const rows = (
    resolvable as { rows: { id: string; created_at: string | Date; manager_id: string; manager_name: string }[] }
  ).rows;
  const resolved = rows.filter((_, index) => index % 2 === 0);
  for (const [index, row] of resolved.entries()) {
    const at = new Date(new Date(row.created_at).getTime() + 5 * DAY_MS);
    const note = RESOLUTION_NOTES[index % RESOLUTION_NOTES.length] ?? 'Fixed.';
    await tx
      .update(correctiveActions)
      .set({
        status: 'resolved',
        resolutionNote: note,
        resolvedBy: row.manager_id,
        resolvedAt: at,
        updatedAt: at,
        version: 2,
      })
      .where(eq(correctiveActions.id, row.id));
    await tx.insert(correctiveActionEvents).values({
      actionId: row.id,
      kind: 'resolved',
      actorId: row.manager_id,
      actorName: row.manager_name,
      note,
      at,
    });
  }

  // Head office did not accept the first fix: reopened two days after it was resolved.
  const [first] = resolved;
  if (first) {
    const [hq] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.role, 'hq'))
      .orderBy(asc(users.email))
      .limit(1);
    if (hq) {
      const at = new Date(new Date(first.created_at).getTime() + 7 * DAY_MS);
      await tx
        .update(correctiveActions)
        .set({ status: 'open', resolutionNote: null, resolvedBy: null, resolvedAt: null, updatedAt: at, version: 3 })
        .where(eq(correctiveActions.id, first.id));
      await tx.insert(correctiveActionEvents).values({
        actionId: first.id,
        kind: 'reopened',
        actorId: hq.id,
        actorName: hq.name,
        note: 'The photo still shows the problem. Please fix it properly and send a new photo.',
        at,
      });
    }
  }
}
