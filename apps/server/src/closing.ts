import type { FastifyInstance } from 'fastify';

export const SHUTTING_DOWN = 'The server is restarting. Please try again in a moment.';

/**
 * While the server shuts down (SIGTERM), requests already running finish; a request
 * arriving on a kept-alive connection gets a 503 in our `{ message }` shape rather than
 * Fastify's own, and the connection is closed.
 */
export function refuseWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply.status(503).header('connection', 'close').header('retry-after', '5').send({ message: SHUTTING_DOWN });
  });
}
