import { z } from 'zod';
import type { App, AppContext } from '../../context';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export function healthRoutes(app: App, { database }: AppContext) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the server up and its database reachable',
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
}
