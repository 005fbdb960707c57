import { TRAINING_DUE_SOON_DAYS } from '@brigade/core/notification-kinds';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { emailStateSql } from '../../notify/notifier';
import { textsSql } from '../../notify/texts-sql';
import { actionEvents, emitEvent } from '../webhooks/service';

export interface ReminderRun {
  trainingDueSoon: number;
  trainingOverdue: number;
  actionOverdue: number;
}

const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/**
 * Makes every reminder that is due, in three set-based statements (no query per row):
 * "training due soon" for an open assignment due within TRAINING_DUE_SOON_DAYS,
 * "training overdue" for an open assignment past its due date, both to the assigned
 * person, and "corrective action overdue" to each owner of an open action past its due
 * day. The subject is the assignment's or the action's id, so the unique key
 * (notifications_once_key) with ON CONFLICT DO NOTHING makes each reminder once per
 * person, subject and kind, whichever server runs the job and however often (the
 * NOT EXISTS first skips, as an anti-join on that key, what earlier runs made, so a run
 * with nothing new is cheap; the conflict clause settles two runs at once). Each
 * statement walks a partial index of open rows by due date
 * (staff_training_assignments_overdue_idx, corrective_actions_status_due_idx).
 */
export async function makeReminders(db: Queryable, emailOn: boolean): Promise<ReminderRun> {
  const dueSoon = textsSql('trainingDueSoon', sql`t.title`, day('sta.due_at'));
  const overdue = textsSql('trainingOverdue', sql`t.title`, day('sta.due_at'));
  const trainingReminders = (kind: 'trainingDueSoon' | 'trainingOverdue', texts: typeof dueSoon, window: SQL) =>
    countOf(
      db,
      sql`
      insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
      select sta.staff_id, ${kind}, sta.id::text, ${texts.title}, ${texts.body}, ${texts.params},
        '/trainings/' || sta.training_id,
        ${emailStateSql(emailOn, kind, sql`sta.staff_id`)}
      from staff_training_assignments sta
      join trainings t on t.id = sta.training_id
      join users u on u.id = sta.staff_id and u.is_active
      where sta.completed_at is null and ${window}
        and not exists (select 1 from notifications n
          where n.user_id = sta.staff_id and n.kind = ${kind} and n.subject_key = sta.id::text)
      on conflict on constraint notifications_once_key do nothing`,
    );

  const soon = await trainingReminders(
    'trainingDueSoon',
    dueSoon,
    sql`sta.due_at >= now() and sta.due_at < now() + make_interval(days => ${TRAINING_DUE_SOON_DAYS})`,
  );
  const late = await trainingReminders('trainingOverdue', overdue, sql`sta.due_at < now()`);

  const action = textsSql('actionOverdue', sql`ca.item_text`, sql`r.name`, sql`ca.due_on::text`);
  const actions = await countOf(
    db,
    sql`
    insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
    select o.user_id, 'actionOverdue', ca.id::text, ${action.title}, ${action.body}, ${action.params},
      '/actions/' || ca.id,
      ${emailStateSql(emailOn, 'actionOverdue', sql`o.user_id`)}
    from corrective_actions ca
    join corrective_action_owners o on o.action_id = ca.id
    join users u on u.id = o.user_id and u.is_active
    join restaurants r on r.id = ca.restaurant_id
    where ca.status = 'open' and ca.due_on < (now() at time zone 'UTC')::date
      and not exists (select 1 from notifications n
        where n.user_id = o.user_id and n.kind = 'actionOverdue' and n.subject_key = ca.id::text)
    on conflict on constraint notifications_once_key do nothing`,
  );

  // The webhook event, once per action (its id is the event's once_key), whoever was told.
  await emitEvent(
    db,
    'corrective_action.overdue',
    actionEvents(
      sql`ca.status = 'open' and ca.due_on < (now() at time zone 'UTC')::date and not exists (
      select 1 from events e where e.type = 'corrective_action.overdue' and e.once_key = ca.id::text)`,
      { once: true },
    ),
  );

  return { trainingDueSoon: soon, trainingOverdue: late, actionOverdue: actions };
}

/** How many rows an INSERT made, counted in the database (not tens of thousands of rows sent back). */
async function countOf(db: Queryable, insert: SQL): Promise<number> {
  const result = (await db.execute(
    sql`with made as (${insert} returning 1) select count(*)::int as made from made`,
  )) as unknown as {
    rows: { made: number }[];
  };
  return Number(result.rows[0]?.made ?? 0);
}
