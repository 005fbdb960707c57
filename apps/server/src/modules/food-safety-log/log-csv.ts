import type { ChecklistValue } from '@brigade/core/checklist-items';
import type { Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import {
  type FoodSafetyLogCorrection,
  type FoodSafetyLogEntry,
  type FoodSafetyLogRecord,
  signOffsOfDay,
} from '@brigade/core/schemas/food-safety-log';
import type { FastifyReply } from 'fastify';
import { coreText } from '../../http/request-language';
import { type CsvColumn, sendCsv } from '../../http/send-csv';
import { serverTexts } from '../../i18n/server-texts';
import { isoInZone, logFileName } from './log-format';
import type { LogHead } from './log-query';

/** One line of the CSV: a value of a record, one correction of it, or a record without values. */
interface LogCsvRow {
  record: FoodSafetyLogRecord;
  entry: FoodSafetyLogEntry | null;
  correction: FoodSafetyLogCorrection | null;
}

/** A value as a spreadsheet takes it: numbers stay numbers; a tick, a photo and yes/no in the reader's words. */
function cellValue(entry: FoodSafetyLogEntry, value: ChecklistValue, language: Language) {
  if (value === null || typeof value === 'number') return value;
  const { csvCells } = serverTexts(language);
  if (typeof value === 'boolean') return value ? csvCells.yes : csvCells.no;
  if (entry.kind === 'yesNo') return value === 'yes' ? csvCells.yes : csvCells.no;
  return value;
}

/**
 * The columns: where and when (restaurant, the local day, checklist, window, state, who
 * submitted it when), what (section, item, whether the line is the value or a
 * correction, the value and its unit, failed), who entered or corrected it and when the
 * server received it, the note or the correction's reason, the failure's corrective
 * action, and the day's sign-offs. Times are ISO 8601 in the restaurant's zone with its
 * offset; `sendCsv` guards every text cell against formulas.
 */
function logCsvColumns(head: LogHead): readonly CsvColumn<LogCsvRow>[] {
  const zone = head.restaurant.timeZone;
  const at = (moment: string | null | undefined) => (moment ? isoInZone(moment, zone) : null);
  const name = (person: { name: string } | null, language: Language) =>
    person?.name ?? coreText(language, messages.deletedUser);
  return [
    { header: 'Restaurant', cell: () => head.restaurant.name },
    { header: 'Date', cell: ({ record }) => record.day },
    { header: 'Checklist', cell: ({ record }) => record.checklist.name },
    { header: 'Window', cell: ({ record }) => `${record.start}–${record.end}` },
    { header: 'State', cell: ({ record }, language) => serverTexts(language).foodSafetyLog.states[record.state] },
    {
      header: 'Submitted by',
      cell: ({ record }, language) => (record.submittedAt ? name(record.submittedBy, language) : null),
    },
    { header: 'Submitted at', cell: ({ record }) => at(record.submittedAt) },
    { header: 'Section', cell: ({ entry }) => entry?.section },
    { header: 'Item', cell: ({ entry }) => entry?.label },
    {
      header: 'Entry',
      cell: ({ entry, correction }, language) => {
        const { entries } = serverTexts(language).foodSafetyLog;
        return entry ? (correction ? entries.correction : entries.value) : null;
      },
    },
    {
      header: 'Value',
      cell: ({ entry, correction }, language) =>
        entry ? cellValue(entry, correction ? correction.value : entry.value, language) : null,
    },
    { header: 'Unit', cell: ({ entry }) => entry?.unit },
    { header: 'Failed', cell: ({ entry, correction }) => (entry ? (correction ?? entry).failed : null) },
    { header: 'Note', cell: ({ entry, correction }) => (correction ? null : entry?.note) },
    { header: 'Reason', cell: ({ correction }) => correction?.reason },
    {
      header: 'Entered by',
      cell: ({ entry, correction }, language) => {
        if (correction) return name(correction.correctedBy, language);
        return entry?.receivedAt ? name(entry.enteredBy, language) : null;
      },
    },
    {
      header: 'Received at',
      cell: ({ entry, correction }) => at(correction ? correction.correctedAt : entry?.receivedAt),
    },
    {
      header: 'Corrective action',
      cell: ({ entry, correction }, language) =>
        !correction && entry?.action ? serverTexts(language).csvCells[entry.action.status] : null,
    },
    {
      header: 'Signed off',
      cell: ({ record }, language) => {
        const { periods } = serverTexts(language).foodSafetyLog;
        const signOffs = signOffsOfDay(head.signOffs, record.day);
        return signOffs.length
          ? signOffs
              .map((signOff) => `${signOff.signedBy}, ${at(signOff.signedAt)} (${periods[signOff.period]})`)
              .join('; ')
          : null;
      },
    },
  ];
}

async function* csvRowsOf(records: AsyncIterable<FoodSafetyLogRecord>): AsyncGenerator<LogCsvRow> {
  for await (const record of records) {
    if (record.entries.length === 0) yield { record, entry: null, correction: null };
    for (const entry of record.entries) {
      yield { record, entry, correction: null };
      for (const correction of entry.corrections) yield { record, entry, correction };
    }
  }
}

/** The log as a CSV download: one line per value and per correction (and one per record without values). */
export function sendLogCsv(
  reply: FastifyReply,
  head: LogHead,
  records: AsyncIterable<FoodSafetyLogRecord>,
  onSent?: (rows: number) => unknown,
) {
  return sendCsv(reply, {
    fileName: logFileName(head, 'csv'),
    columns: logCsvColumns(head),
    rows: csvRowsOf(records),
    onSent,
  });
}
