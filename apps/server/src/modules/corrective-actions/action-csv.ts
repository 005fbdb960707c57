import type { ActionListQuery } from '@brigade/core/schemas/corrective-actions';
import { MARK_LABELS } from '@brigade/core/scoring';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import { coreText } from '../../http/request-language';
import { type CsvColumn, csvFileName, sendCsv } from '../../http/send-csv';
import { serverTexts } from '../../i18n/server-texts';
import { type ActionExportRow, actionListWhere, exportActionRows } from './service';

/**
 * The Actions list's columns and what a follow-up needs besides: every owner, the
 * finding's comment, when it was made and resolved (ISO 8601), by whom and how; the due
 * day as `YYYY-MM-DD`; the ids a spreadsheet can join on; status and overdue as words in
 * the reader's language (overdue's yes/no is `sendCsv`'s).
 */
const actionCsvColumns: readonly CsvColumn<ActionExportRow>[] = [
  { header: 'Action ID', cell: (action) => action.id },
  { header: 'Audit ID', cell: (action) => action.auditId },
  { header: 'Restaurant', cell: (action) => action.restaurantName },
  { header: 'Restaurant ID', cell: (action) => action.restaurantId },
  { header: 'Template', cell: (action) => action.templateName },
  { header: 'Item', cell: (action) => action.itemText },
  { header: 'Mark', cell: (action, language) => (action.mark ? coreText(language, MARK_LABELS[action.mark]) : null) },
  { header: 'Comment', cell: (action) => action.comment },
  { header: 'Due', cell: (action) => action.dueOn },
  { header: 'Status', cell: (action, language) => serverTexts(language).csvCells[action.status] },
  { header: 'Overdue', cell: (action) => action.overdue },
  { header: 'Owners', cell: (action) => action.ownerNames },
  { header: 'Created', cell: (action) => action.createdAt },
  { header: 'Resolved', cell: (action) => action.resolvedAt },
  { header: 'Resolved by', cell: (action) => action.resolvedByName },
  { header: 'Resolution note', cell: (action) => action.resolutionNote },
];

/**
 * Every action of the list as the caller sees it (same filters, search, sort and scope),
 * streamed as `actions-YYYY-MM-DD.csv`. A manager who names no restaurant is refused
 * (400) here, before the first byte.
 */
export function sendActionsCsv(
  reply: FastifyReply,
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof ActionListQuery>,
  onSent?: (rows: number) => unknown,
) {
  const where = actionListWhere(actor, query);
  return sendCsv(reply, {
    fileName: csvFileName('actions'),
    columns: actionCsvColumns,
    rows: exportActionRows(db, where, query),
    onSent,
  });
}
