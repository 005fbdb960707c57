import type { WebhookEventType } from '@brigade/core/schemas/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import { currentActivityRequest } from '../../activity/request-context';
import type { Queryable } from '../../db/database';

/**
 * The events outbox (issue 37, decision 046). A service calls `emitEvent` inside the
 * transaction of the change, so the event is committed with it or not at all; the same
 * statement makes one delivery per enabled endpoint that subscribes to the type (the
 * unique key (event, endpoint) keeps it once), which the delivery job sends.
 *
 * `source` is the event's data, or a SELECT of `data` (jsonb) and `once_key` (text or
 * null) rows, one event per row (the builders below): a job that finds many overdue
 * actions emits them in one statement. An event with a once_key already emitted for its
 * type is skipped (an action becomes overdue once).
 */
export async function emitEvent(tx: Queryable, type: WebhookEventType, source: object | SQL): Promise<void> {
  const rows = isSql(source) ? source : sql`select ${JSON.stringify(source)}::jsonb as data, null::text as once_key`;
  await tx.execute(sql`
    with made as (
      insert into events (type, data, once_key)
      select ${type}, source.data, source.once_key from (${rows}) as source
      on conflict (type, once_key) do nothing
      returning id, type
    )
    insert into webhook_deliveries (event_id, endpoint_id)
    select made.id, e.id from made join webhook_endpoints e on e.enabled and made.type = any(e.events)
    on conflict (event_id, endpoint_id) do nothing`);
  markRequestEmitted();
}

function isSql(value: object | SQL): value is SQL {
  return typeof (value as SQL).getSQL === 'function';
}

const emittedBy = new WeakSet<object>();

/** The request being served made an event: the app wakes the delivery job as it answers. */
function markRequestEmitted() {
  const request = currentActivityRequest();
  if (request) emittedBy.add(request);
}

export function requestEmittedEvents(request: object): boolean {
  return emittedBy.has(request);
}

const restaurantOf = (alias: string) => sql.raw(`jsonb_build_object('id', ${alias}.id, 'name', ${alias}.name)`);

/** `audit.completed`: the audit, its templates, restaurant and score. */
export function auditEvent(auditId: string): SQL {
  return sql`
    select jsonb_build_object('audit', jsonb_build_object(
      'id', a.id, 'status', a.status, 'score', a.final_score, 'auditedAt', a.audited_at,
      'templates', coalesce((select jsonb_agg(ta.template_name order by ta.template_name)
        from audit_template_assignments ta where ta.audit_id = a.id), '[]'::jsonb),
      'restaurant', ${restaurantOf('r')},
      'auditor', (select jsonb_build_object('id', u.id, 'name', u.name) from users u where u.id = a.audited_by),
      'path', '/audits/' || a.id)) as data, null::text as once_key
    from audits a join restaurants r on r.id = a.restaurant_id
    where a.id = ${auditId}`;
}

/** `corrective_action.*`: each action matching `where` (alias `ca`); `once` keys it by the action. */
export function actionEvents(where: SQL, { once = false } = {}): SQL {
  return sql`
    select jsonb_build_object('action', jsonb_build_object(
      'id', ca.id, 'itemText', ca.item_text, 'status', ca.status, 'dueOn', ca.due_on,
      'mark', ca.mark, 'auditId', ca.audit_id, 'checklistRunId', ca.checklist_run_id,
      'restaurant', ${restaurantOf('r')},
      'path', '/actions/' || ca.id)) as data,
      ${once ? sql`ca.id::text` : sql`null::text`} as once_key
    from corrective_actions ca join restaurants r on r.id = ca.restaurant_id
    where ${where}`;
}

/** `corrective_action.*` of a list of actions. */
export function actionEventsOf(ids: readonly string[]): SQL {
  return actionEvents(
    ids.length
      ? sql`ca.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`false`,
  );
}

/** `checklist.missed` / `checklist.failed`: the record (run) matching `where` (alias `cr`), and failed items when given. */
export function checklistRunEvents(where: SQL, failedItems: readonly string[] = []): SQL {
  return sql`
    select jsonb_build_object('checklistRun', jsonb_build_object(
      'id', cr.id, 'status', cr.status, 'localDay', cr.local_day, 'closesAt', cr.closes_at,
      'checklist', jsonb_build_object('id', c.id, 'name', c.name),
      'restaurant', ${restaurantOf('r')},
      'path', '/checklists/' || cr.id),
      'failedItems', ${JSON.stringify(failedItems)}::jsonb) as data, null::text as once_key
    from checklist_runs cr join checklists c on c.id = cr.checklist_id join restaurants r on r.id = cr.restaurant_id
    where ${where}`;
}

/** `announcement.acknowledged`: the announcement and who acknowledged it. */
export function acknowledgementEvent(announcementId: string, userId: string): SQL {
  return sql`
    select jsonb_build_object(
      'announcement', jsonb_build_object('id', a.id, 'title', a.title, 'path', '/announcements/' || a.id),
      'person', jsonb_build_object('id', u.id, 'name', u.name),
      'acknowledgedAt', aa.acknowledged_at, 'version', aa.version) as data, null::text as once_key
    from announcement_acknowledgements aa
    join announcements a on a.id = aa.announcement_id join users u on u.id = aa.user_id
    where aa.announcement_id = ${announcementId} and aa.user_id = ${userId}`;
}

/** `training.completed`: the training and who completed it. */
export function trainingCompletedEvent(assignmentId: string): SQL {
  return sql`
    select jsonb_build_object(
      'training', jsonb_build_object('id', t.id, 'title', t.title, 'path', '/trainings/' || t.id),
      'person', jsonb_build_object('id', u.id, 'name', u.name),
      'completedAt', sta.completed_at) as data, null::text as once_key
    from staff_training_assignments sta
    join trainings t on t.id = sta.training_id join users u on u.id = sta.staff_id
    where sta.id = ${assignmentId}`;
}

/** `person.created` / `person.deactivated`: the person, their role and restaurants (no email, no secret). */
export function personEvent(userId: string): SQL {
  return sql`
    select jsonb_build_object('person', jsonb_build_object(
      'id', u.id, 'name', u.name, 'role', u.role, 'active', u.is_active,
      'restaurants', coalesce((select jsonb_agg(${restaurantOf('r')} order by r.name)
        from staff_restaurant_assignments sra join restaurants r on r.id = sra.restaurant_id
        where sra.user_id = u.id), '[]'::jsonb))) as data, null::text as once_key
    from users u where u.id = ${userId}`;
}
