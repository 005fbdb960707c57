import type { App, AppContext } from '../context';
import { registerAuditDueJob } from '../modules/audit-schedules/service';
import { registerNotificationJobs } from '../modules/notifications/service';
import type { JobQueue } from './job-queue';

/**
 * Every job of the app, on one queue that runs with the server: it starts when the app
 * is ready (after migrations, as main.ts listens) and stops, letting running jobs
 * finish, when the app closes, which graceful shutdown does before the database closes.
 */
export function runJobsWithApp(app: App, queue: JobQueue, context: AppContext): void {
  registerAuditDueJob(queue, context.database.db, context.notifier);
  registerNotificationJobs(queue, context);
  app.addHook('onReady', async () => {
    await queue.start();
    app.log.info('job queue started');
  });
  app.addHook('onClose', async () => {
    await queue.stop();
    app.log.info('job queue stopped');
  });
}
