import type { ChecklistValue } from '@brigade/core/checklist-items';
import type { Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import {
  type FoodSafetyLogCorrection,
  type FoodSafetyLogEntry,
  type FoodSafetyLogRecord,
  signOffsOfDay,
} from '@brigade/core/schemas/food-safety-log';
import type { SensorLogDevice } from '@brigade/core/schemas/sensors';
import type { FastifyReply } from 'fastify';
import { coreText } from '../../http/request-language';
import { type CsvColumn, sendCsv } from '../../http/send-csv';
import { serverTexts } from '../../i18n/server-texts';
import { isoInZone, logFileName } from './log-format';
import type { LogHead } from './log-query';

/** One line of the CSV: a value of a record, one correction of it, or a record without values. */
interface RecordCsvRow {
  record: FoodSafetyLogRecord;
  entry: FoodSafetyLogEntry | null;
  correction: FoodSafetyLogCorrection | null;
  sensor?: undefined;
}

/** A temperature sensor's line (issue 37): a day's summary of a device, or one of its excursions. */
interface SensorCsvRow {
  sensor: SensorLogDevice;
  day: SensorLogDevice['days'][number] | null;
  excursion: SensorLogDevice['excursions'][number] | null;
}

type LogCsvRow = RecordCsvRow | SensorCsvRow;
type Cell = ReturnType<CsvColumn<LogCsvRow>['cell']>;

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
  const sensorCells = sensorCsvCells(head, at);
  return recordCsvColumns(head, at, name).map((column) => ({
    header: column.header,
    cell: (row: LogCsvRow, language: Language): Cell =>
      row.sensor ? (sensorCells[column.header]?.(row, language) ?? null) : column.cell(row, language),
  }));
}

/**
 * A sensor line's cells: the device as the Section, its kind and limits as the Item; a
 * day's average as the Value (min, max, count and hours out of range in the Note); an
 * excursion's peak as the Value, failed, its span in the Note, when Brigade raised it as
 * Received at, and its action.
 */
function sensorCsvCells(
  head: LogHead,
  at: (moment: string | null | undefined) => string | null,
): Partial<Record<string, (row: SensorCsvRow, language: Language) => Cell>> {
  const words = (language: Language) => serverTexts(language).foodSafetyLog.sensors;
  const c = (value: number) => String(Math.round(value * 10) / 10);
  return {
    Restaurant: () => head.restaurant.name,
    Date: ({ day, excursion }) => day?.day ?? (excursion ? (at(excursion.startedAt) ?? '').slice(0, 10) : null),
    Checklist: (_row, language) => words(language).heading,
    Section: ({ sensor }) => sensor.name,
    Item: ({ sensor }, language) =>
      words(language).device(sensor.name, words(language).kinds[sensor.kind], c(sensor.lowC), c(sensor.highC)),
    Entry: ({ day }, language) => (day ? words(language).entries.day : words(language).entries.excursion),
    Value: ({ day, excursion }) => (day ? day.avg : (excursion?.peakC ?? null)),
    Unit: () => '°C',
    Failed: ({ day, excursion }) => (day ? day.hoursOutOfRange > 0 : excursion !== null),
    Note: ({ day, excursion }, language) => {
      if (day) return words(language).day(day.day, c(day.min), c(day.max), c(day.avg), day.count, day.hoursOutOfRange);
      if (!excursion) return null;
      return words(language).excursion(
        excursion.direction,
        c(excursion.limitC),
        c(excursion.peakC),
        at(excursion.startedAt) ?? '',
        at(excursion.endedAt),
      );
    },
    'Corrective action': ({ excursion }, language) =>
      excursion?.action ? serverTexts(language).csvCells[excursion.action.status] : null,
  };
}

function recordCsvColumns(
  head: LogHead,
  at: (moment: string | null | undefined) => string | null,
  name: (person: { name: string } | null, language: Language) => string,
): readonly CsvColumn<RecordCsvRow>[] {
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

async function* csvRowsOf(
  records: AsyncIterable<FoodSafetyLogRecord>,
  sensors: readonly SensorLogDevice[],
): AsyncGenerator<LogCsvRow> {
  for await (const record of records) {
    if (record.entries.length === 0) yield { record, entry: null, correction: null };
    for (const entry of record.entries) {
      yield { record, entry, correction: null };
      for (const correction of entry.corrections) yield { record, entry, correction };
    }
  }
  // The sensors after the checks: per device, its days, then its excursions.
  for (const sensor of sensors) {
    for (const day of sensor.days) yield { sensor, day, excursion: null };
    for (const excursion of sensor.excursions) yield { sensor, day: null, excursion };
  }
}

/** The log as a CSV download: one line per value and per correction (and one per record without values), then the sensors' days and excursions. */
export function sendLogCsv(
  reply: FastifyReply,
  head: LogHead,
  records: AsyncIterable<FoodSafetyLogRecord>,
  sensors: readonly SensorLogDevice[],
  onSent?: (rows: number) => unknown,
) {
  return sendCsv(reply, {
    fileName: logFileName(head, 'csv'),
    columns: logCsvColumns(head),
    rows: csvRowsOf(records, sensors),
    onSent,
  });
}
