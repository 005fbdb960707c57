import { ErrorReply } from '@brigade/core/schemas/common';
import { EmbedConfig, ReportParams, ReportsStatus, ReportTokenRequest } from '@brigade/core/schemas/reports';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { requestLanguage } from '../../http/request-language';
import { reportsStatus, reportToken } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 502: ErrorReply, 503: ErrorReply };
const tags = ['reports'];

export async function reportRoutes(
  app: App,
  { database, guard, powerBi }: Pick<AppContext, 'database' | 'guard' | 'powerBi'>,
) {
  app.get(
    '/api/reports/status',
    {
      schema: {
        tags,
        summary: 'Whether Power BI is configured; which settings are missing is told to hq only',
        response: { 200: ReportsStatus, ...errors },
      },
      onRequest: guard('reports.status'),
    },
    async (request) => reportsStatus(powerBi, callerOf(request), requestLanguage(request)),
  );

  app.post(
    '/api/reports/:key/token',
    {
      schema: {
        tags,
        summary: 'An embed token for a report; the server decides the row-level-security identity',
        params: ReportParams,
        body: ReportTokenRequest,
        response: { 200: EmbedConfig, ...errors },
      },
      onRequest: guard('reports.view', { restaurant: 'stored' }),
    },
    async (request) =>
      reportToken(
        database.db,
        powerBi,
        callerOf(request),
        request.params.key,
        request.body.restaurantId,
        requestLanguage(request),
      ),
  );
}
