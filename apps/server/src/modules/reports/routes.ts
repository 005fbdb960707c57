import { ErrorReply } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { App, AppContext } from '../../context';
import { REPORT_KEYS } from '../../integrations/powerbi';
import { reportToken } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 502: ErrorReply, 503: ErrorReply };
const tags = ['reports'];

const EmbedConfig = z.object({
  data: z.object({
    type: z.literal('report'),
    id: z.string(),
    embedUrl: z.string(),
    accessToken: z.string(),
    expiration: z.string(),
  }),
});

export function reportRoutes(app: App, { database, guard, powerBi }: AppContext) {
  app.get(
    '/api/reports/status',
    {
      schema: {
        tags,
        summary: 'Whether Power BI is configured, and which settings are missing',
        response: { 200: z.object({ configured: z.boolean(), missing: z.array(z.string()) }), ...errors },
      },
      onRequest: guard('reports.status'),
    },
    async () => ({ configured: powerBi.client !== null, missing: powerBi.missing }),
  );

  app.post(
    '/api/reports/:key/token',
    {
      schema: {
        tags,
        summary: 'An embed token for a report; the server decides the row-level-security identity',
        params: z.object({ key: z.enum(REPORT_KEYS, { error: 'Unknown report' }) }),
        body: z.object({ restaurantId: z.uuid({ error: 'Invalid id' }).optional() }).default({}),
        response: { 200: EmbedConfig, ...errors },
      },
      onRequest: guard('reports.view', { restaurant: 'stored' }),
    },
    async (request) =>
      reportToken(database.db, powerBi, callerOf(request), request.params.key, request.body.restaurantId),
  );
}
