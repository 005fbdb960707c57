import { type NotificationKind, notificationKinds } from '@brigade/core/notification-kinds';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** What it is about (an assignment id, `${announcementId}:${version}`, …): once per person, kind and subject. */
  subjectKey: string;
  title: string;
  body?: string;
  /**
   * What title and body are made from, to write them in the reader's language
   * (`notificationContent`); null shows title and body as they are, in every language.
   */
  params: readonly unknown[] | null;
  /** The app path it opens, such as /my-trainings. */
  link: string;
}

/** The job that sends pending notification emails (registered by the notifications module). */
export const NOTIFICATION_EMAILS_JOB = 'notification-emails';

/** The job that pushes new notifications to people's devices (registered by the push module, issue 34). */
export const PUSH_NOTIFICATIONS_JOB = 'push-notifications';

/**
 * How every part of the app notifies people (issue 20). `notify` inserts in one
 * statement, inside the caller's transaction when given one; a notification that
 * already exists for that person, kind and subject is skipped by the database's unique
 * key, so a retried job or a second server never makes it twice. Whether it also goes
 * by email is decided here, from the person's choice for that kind (or the kind's
 * default) and whether SMTP is configured. After the caller's transaction commits,
 * `wake()` asks a worker to send the new emails and pushes now rather than at the next
 * minute.
 */
export interface Notifier {
  readonly emailOn: boolean;
  /** Returns how many notifications were new. */
  notify(db: Queryable, rows: readonly NewNotification[]): Promise<number>;
  wake(): void;
}

/**
 * The email_state of a new notification of `kind` for the person `userId` (an SQL
 * expression, a column of the caller's SELECT): 'pending' when email is on and the
 * person's choice for the kind (or its default) is email, else 'none'. For writers that
 * insert many notifications with one INSERT … SELECT (reminders, an announcement's
 * audience) instead of through `notify`.
 */
export function emailStateSql(emailOn: boolean, kind: NotificationKind, userId: SQL): SQL<string> {
  if (!emailOn) return sql<string>`'none'`;
  return sql<string>`case when coalesce(
    (select p.email from notification_preferences p where p.user_id = ${userId} and p.kind = ${kind}),
    ${notificationKinds[kind].email}) then 'pending' else 'none' end`;
}

export function createNotifier({ emailOn, jobs }: { emailOn: boolean; jobs: () => JobQueue | null }): Notifier {
  return {
    emailOn,
    async notify(db, rows) {
      if (rows.length === 0) return 0;
      const records = rows.map((row) => ({
        user_id: row.userId,
        kind: row.kind,
        subject_key: row.subjectKey,
        title: row.title,
        body: row.body ?? '',
        params: row.params,
        link: row.link,
        email_default: notificationKinds[row.kind].email,
      }));
      const result = (await db.execute(sql`
        insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
        select r.user_id, r.kind, r.subject_key, r.title, r.body, r.params, r.link,
               case when ${emailOn} and coalesce(p.email, r.email_default) then 'pending' else 'none' end
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as r(user_id text, kind text, subject_key text, title text, body text, params jsonb, link text,
            email_default boolean)
        left join notification_preferences p on p.user_id = r.user_id and p.kind = r.kind
        on conflict on constraint notifications_once_key do nothing
        returning id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },
    wake() {
      const queue = jobs();
      if (!queue?.running) return;
      // Best effort: the minute's schedule sends whatever a lost wake-up leaves pending.
      if (emailOn) queue.send(NOTIFICATION_EMAILS_JOB).catch(() => {});
      queue.send(PUSH_NOTIFICATIONS_JOB).catch(() => {});
    },
  };
}
