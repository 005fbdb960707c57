import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/job-queue';
import { NOTIFICATION_EMAILS_JOB } from '../../notify/notifier';
import { makeWeeklyDigests } from './digest';
import { sendPendingEmails } from './emails';
import { makeReminders } from './reminders';

export const NOTIFICATION_REMINDERS_JOB = 'notification-reminders';
export const WEEKLY_DIGEST_JOB = 'notification-weekly-digest';

/**
 * The notification jobs (decision 022), on the app's one queue:
 * - emails, every minute and whenever `notifier.wake()` asks (only with SMTP_URL: without
 *   it no email is ever pending): the one outbox's run (mail/outbox.ts), reset links and
 *   notification emails, retried for 24 hours;
 * - reminders (training due soon or overdue, corrective action overdue), every 15
 *   minutes and as the queue starts;
 * - the managers' weekly digest, Mondays at 07:00 UTC.
 * pg-boss keeps each cron schedule in the database, so with several servers each fire
 * runs once; the unique key of notifications makes a repeated run harmless anyway.
 */
export function registerNotificationJobs(
  queue: JobQueue,
  { database, mailer, notifier, publicUrl }: Pick<AppContext, 'database' | 'mailer' | 'notifier' | 'publicUrl'>,
) {
  const { db } = database;
  if (mailer.configured) {
    queue.register(
      NOTIFICATION_EMAILS_JOB,
      async () => {
        await sendPendingEmails(db, mailer, publicUrl);
      },
      { cron: '* * * * *' },
    );
  }
  queue.register(
    NOTIFICATION_REMINDERS_JOB,
    async () => {
      await makeReminders(db, notifier.emailOn);
      notifier.wake();
    },
    { cron: '*/15 * * * *', runOnStart: true },
  );
  queue.register(
    WEEKLY_DIGEST_JOB,
    async () => {
      await makeWeeklyDigests(db, notifier);
      notifier.wake();
    },
    { cron: '0 7 * * 1' },
  );
}
