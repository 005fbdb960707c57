import { messages } from '@brigade/core/messages';
import type { AuditListItem, AuditListQuery } from '@brigade/core/schemas/audits';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { coreText } from '../../http/request-language';
import { type CsvColumn, csvFileName, sendCsv } from '../../http/send-csv';
import { serverTexts } from '../../i18n/server-texts';
import { exportAudits } from './service';

/**
 * The audit list's columns, with the ids a spreadsheet can join on; the date is ISO 8601,
 * the score a number, the status a word in the reader's language (as the staff export's).
 */
const auditCsvColumns: readonly CsvColumn<AuditListItem>[] = [
  { header: 'Audit ID', cell: (audit) => audit.id },
  { header: 'Date', cell: (audit) => new Date(audit.auditedAt) },
  { header: 'Restaurant', cell: (audit) => audit.restaurant.name },
  { header: 'Restaurant ID', cell: (audit) => audit.restaurant.id },
  { header: 'Templates', cell: (audit) => audit.templateNames.join('; ') },
  { header: 'Auditor', cell: (audit, language) => audit.auditorName ?? coreText(language, messages.deletedUser) },
  { header: 'Status', cell: (audit, language) => serverTexts(language).csvCells[audit.status] },
  { header: 'Score', cell: (audit) => audit.finalScore },
];

/**
 * Every audit of the list as the caller sees it (same filters, search, sort and scope),
 * streamed as `audits-YYYY-MM-DD.csv`, read a batch at a time through the list's own query.
 */
export function sendAuditsCsv(
  reply: FastifyReply,
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof AuditListQuery>,
  onSent?: (rows: number) => unknown,
) {
  return sendCsv(reply, {
    fileName: csvFileName('audits'),
    columns: auditCsvColumns,
    rows: exportAudits(db, actor, query),
    onSent,
  });
}
