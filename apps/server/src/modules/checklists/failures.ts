import type { ChecklistItem, ChecklistValue } from '@brigade/core/checklist-items';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { Notifier } from '../../notify/notifier';
import { emitActionsCreated, notifyActionOwners } from '../corrective-actions/service';
import { checklistRunEvents, emitEvent } from '../webhooks/service';

/**
 * A value as a record, a corrective action and the food-safety log write it: a
 * temperature in °C ("9.5 °C"), a number with its unit ("12 ppm"), yes/no and choices as
 * chosen, a tick or a photo item as "✓", nothing as "—". Numbers keep the digits entered.
 */
export function formatChecklistValue(item: Pick<ChecklistItem, 'kind' | 'unit'>, value: ChecklistValue): string {
  if (value === null || value === '') return '—';
  switch (item.kind) {
    case 'temperature':
      return `${value} °C`;
    case 'number':
      return item.unit ? `${value} ${item.unit}` : String(value);
    case 'tick':
    case 'photo':
      return value === true ? '✓' : '—';
    default:
      return String(value);
  }
}

/** One failed item of a record, as its corrective action copies it. */
export interface FailedItem {
  item: ChecklistItem;
  value: ChecklistValue;
  note: string | null;
  /** A manager's correction: its reason (the action then says the value was corrected). */
  correctionReason?: string;
}

/**
 * What the action says about the failure: the value (temperatures in °C), the
 * instruction the person was shown, their note, and for a correction its reason. Stored
 * as the action's comment, in the words of the record (not translated: it is a record).
 */
export function failureComment({ item, value, note, correctionReason }: FailedItem): string {
  const lines = [
    correctionReason === undefined
      ? `Value: ${formatChecklistValue(item, value)}`
      : `Corrected value: ${formatChecklistValue(item, value)} (reason: ${correctionReason})`,
  ];
  if (item.failInstruction) lines.push(`Instruction shown: ${item.failInstruction}`);
  if (note) lines.push(`Note: ${note}`);
  return lines.join('\n');
}

/**
 * Opens a corrective action for each failed item of a record, in the caller's transaction
 * and one statement however many items: the restaurant's, with the checklist's name as
 * its template name, the item's text, and the value, instruction and note as its comment
 * (`failureComment`); due the restaurant's local day it was found; owned by the
 * restaurant's active managers (or by whoever submitted it when it has none, so no
 * failure is left without someone to answer for it, as audit findings are); each with
 * its 'created' event, and its owners told ("Corrective action assigned"). The item's
 * photos stay the record's (`photos.checklist_run_id`/`checklist_item_id`) and the
 * action shows them as its evidence. One action per record and item (the unique key
 * `corrective_actions_checklist_item_key`): a second failure of the same item, such as a
 * correction that fails again, adds none. Returns the new actions' ids; the caller wakes
 * the notifier after its commit.
 */
export async function openFailureActions(
  tx: Queryable,
  notifier: Pick<Notifier, 'emailOn'>,
  actor: Pick<SessionUser, 'id' | 'name'>,
  runId: string,
  failed: readonly FailedItem[],
): Promise<string[]> {
  if (failed.length === 0) return [];
  const rows = failed.map((entry) => ({
    item_id: entry.item.id,
    item_text: entry.item.label,
    comment: failureComment(entry),
  }));
  const result = (await tx.execute(sql`
    with failed as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(item_id text, item_text text, comment text)
    ), made as (
      insert into corrective_actions
        (restaurant_id, checklist_run_id, checklist_item_id, template_name, item_text, comment, due_on, created_by)
      select cr.restaurant_id, cr.id, f.item_id, c.name, f.item_text, f.comment,
        (now() at time zone r.time_zone)::date, ${actor.id}
      from failed f
      cross join checklist_runs cr
      join checklists c on c.id = cr.checklist_id
      join restaurants r on r.id = cr.restaurant_id
      where cr.id = ${runId}
      order by f.item_id
      on conflict (checklist_run_id, checklist_item_id) do nothing
      returning id, restaurant_id
    ), owned as (
      insert into corrective_action_owners (action_id, user_id)
      select made.id, sra.user_id from made
        join staff_restaurant_assignments sra on sra.restaurant_id = made.restaurant_id
        join users u on u.id = sra.user_id and u.role = 'manager' and u.is_active
      union all
      select made.id, ${actor.id}::text from made where not exists (
        select 1 from staff_restaurant_assignments sra join users u on u.id = sra.user_id
        where sra.restaurant_id = made.restaurant_id and u.role = 'manager' and u.is_active)
      on conflict do nothing
      returning 1
    ), logged as (
      insert into corrective_action_events (action_id, kind, actor_id, actor_name)
      select id, 'created', ${actor.id}, ${actor.name} from made
      returning 1
    )
    select id from made`)) as unknown as { rows: { id: string }[] };
  const made = result.rows.map((row) => row.id);
  await emitActionsCreated(tx, made);
  await emitEvent(
    tx,
    'checklist.failed',
    checklistRunEvents(
      sql`cr.id = ${runId}`,
      failed.map((entry) => entry.item.label),
    ),
  );
  await notifyActionOwners(tx, notifier, made, actor.id);
  return made;
}
