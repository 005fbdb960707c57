import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue';

/**
 * Runs the app's one job queue with the server: it starts when the app is ready (after
 * migrations, as main.ts listens) and stops, letting running jobs finish, when the app
 * closes, which graceful shutdown does before the database closes. The jobs themselves
 * are the modules': app.ts registers each on the queue before this, so jobs/ imports no
 * module (docs/decisions/029).
 */
export function runJobsWithApp(app: FastifyInstance, queue: JobQueue): void {
  app.addHook('onReady', async () => {
    await queue.start();
    app.log.info('job queue started');
  });
  app.addHook('onClose', async () => {
    await queue.stop();
    app.log.info('job queue stopped');
  });
}
