import { localDay } from '@brigade/core/restaurant-time';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { requestLanguage } from '../../http/request-language';
import { readAuditReport } from './report-data';
import { renderAuditReportPdf, reportFileName } from './report-pdf';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

/** The printable report of a completed audit, as a PDF download (issue 19). */
export async function auditReportRoutes(
  app: App,
  { database, guard, storage }: Pick<AppContext, 'database' | 'guard' | 'storage'>,
) {
  app.get(
    '/api/audits/:id/report.pdf',
    {
      schema: {
        tags: ['audits'],
        summary:
          'A completed audit as a PDF (application/pdf, attachment): who reads the audit reads its report; a draft has none (409)',
        params: IdParams,
        response: errors,
      },
      onRequest: guard('audits.read', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      // Every refusal (404, 403, 409) is decided here, before the first byte of the PDF.
      const report = await readAuditReport(database.db, callerOf(request), request.params.id);
      const pdf = renderAuditReportPdf(report, {
        openFile: (key) => storage.open(key),
        log: request.log,
        now: new Date(),
        language: requestLanguage(request),
      });
      // Named after the restaurant's day of the audit.
      const { restaurant, auditedAt } = report.audit;
      const fileName = reportFileName(restaurant.name, localDay(new Date(auditedAt), restaurant.timeZone));
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          // A stream is piped as it is; the response schemas only describe the JSON refusals.
          .send(pdf as never)
      );
    },
  );
}
