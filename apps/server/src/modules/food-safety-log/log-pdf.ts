import { formatDayIn, formatTimeIn } from '@brigade/core/date-format';
import type { Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import { localDay } from '@brigade/core/restaurant-time';
import type { ChecklistRunState } from '@brigade/core/schemas/checklists';
import {
  type FoodSafetyLogEntry,
  type FoodSafetyLogRecord,
  signOffsOfDay,
} from '@brigade/core/schemas/food-safety-log';
import type { SensorLogDevice } from '@brigade/core/schemas/sensors';
import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import { BOLD, REGULAR, readerCaughtUp, registerPdfFonts } from '../../http/pdf-fonts';
import { coreText } from '../../http/request-language';
import type { FoodSafetyLogTexts, ServerTexts } from '../../i18n/server-catalogue';
import { serverTexts } from '../../i18n/server-texts';
import { clockIn, longDayIn, monthIn, valueText } from './log-format';
import type { LogHead } from './log-query';

export interface LogPdfOptions {
  log: FastifyBaseLogger;
  /** When the PDF is made, for its footers. */
  now: Date;
  /** The reader's language (issue 22). */
  language: Language;
  /** The restaurant's temperature sensors in the period (issue 37), after the checks. */
  sensors?: readonly SensorLogDevice[];
}

/** A4's width in points, and the margins left and right. */
const A4_WIDTH = 595.28;
const MARGIN = 48;
const INK = '#212529';
const MUTED = '#495057';
const RULE = '#ced4da';
const FAILED = '#c92a2a';
type Font = typeof BOLD | typeof REGULAR;

/** Each state's chip: the colours of the web's state badges (text at 4.5:1 or more). */
const STATE_FILLS: Record<ChecklistRunState, { fill: string; text: string }> = {
  done: { fill: '#277c38', text: '#ffffff' },
  late: { fill: '#ffd43b', text: '#000000' },
  missed: { fill: '#c92a2a', text: '#ffffff' },
  open: { fill: '#1864ab', text: '#ffffff' },
  upcoming: { fill: '#e9ecef', text: '#212529' },
};

/** The period as the reader's language writes it: a day with its weekday, a week's first and last day, a month. */
export function periodText(head: Pick<LogHead, 'range'>, language: Language): string {
  const { locale, foodSafetyLog: words } = serverTexts(language);
  const { period, start, end } = head.range;
  if (period === 'day') return longDayIn(locale, start);
  if (period === 'week') return words.week(formatDayIn(locale, start), formatDayIn(locale, end));
  return monthIn(locale, start);
}

/**
 * The log as a PDF stream (A4): a header with the restaurant, the period, its zone and the
 * sign-offs; then day by day every record with its window, state and who submitted it
 * when, and each value with who entered it and when it arrived, failures in red with their
 * corrective action, and corrections under the value they replace, which is struck
 * through. Times are the restaurant's. Records come from `records` as they are read
 * (batches of the query), are drawn and written at once: pages are not kept to the end
 * (so the footer says "Page n", not "of N"), and drawing waits while the reader is behind,
 * so memory stays one batch and the backlog whatever the period.
 */
export function renderFoodSafetyLogPdf(
  head: LogHead,
  records: AsyncIterable<FoodSafetyLogRecord>,
  options: LogPdfOptions,
): PDFKit.PDFDocument {
  const texts = serverTexts(options.language);
  const period = periodText(head, options.language);
  const doc = new PDFDocument({
    lang: options.language,
    size: 'A4',
    margins: { top: MARGIN, bottom: 60, left: MARGIN, right: MARGIN },
    bufferPages: false,
    autoFirstPage: false,
    info: {
      Title: texts.foodSafetyLog.title(head.restaurant.name, period),
      Author: 'Brigade',
      Subject: texts.foodSafetyLog.subject,
    },
  });
  new LogWriter(doc, head, period, options).write(records).then(
    () => {
      if (!doc.destroyed) doc.end();
    },
    (error: unknown) => {
      options.log.error(
        { err: error, restaurantId: head.restaurant.id },
        'the food-safety log PDF could not be completed',
      );
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return doc;
}

class LogWriter {
  private readonly left: number;
  private readonly width: number;
  private readonly words: FoodSafetyLogTexts;
  private readonly texts: ServerTexts;
  private readonly locale: string;
  private readonly zone: string;
  private page = 0;
  /** The font, size and colour text is drawn in, set again after a footer on a new page. */
  private pen: { font: Font; size: number; color: string } = { font: REGULAR, size: 10, color: INK };

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly head: LogHead,
    private readonly period: string,
    private readonly options: LogPdfOptions,
  ) {
    this.left = MARGIN;
    this.width = A4_WIDTH - MARGIN * 2;
    this.texts = serverTexts(options.language);
    this.words = this.texts.foodSafetyLog;
    this.locale = this.texts.locale;
    this.zone = head.restaurant.timeZone;
  }

  async write(records: AsyncIterable<FoodSafetyLogRecord>) {
    await registerPdfFonts(this.doc);
    // Every page, whoever starts it (a long text running over included), gets its footer first.
    this.doc.on('pageAdded', () => this.footer());
    this.doc.addPage();
    this.header();
    let day: string | null = null;
    for await (const record of records) {
      if (this.doc.destroyed) return;
      if (record.day !== day) {
        day = record.day;
        this.dayHeading(day);
      }
      this.record(record);
      await readerCaughtUp(this.doc);
    }
    if (day === null) this.line(this.words.noRecords, { color: MUTED });
    this.sensors(this.options.sensors ?? []);
  }

  /** Per device: its limits, each day's min/max/average and hours out of range, its excursions. */
  private sensors(devices: readonly SensorLogDevice[]) {
    if (devices.length === 0) return;
    const words = this.words.sensors;
    const c = (value: number) => String(Math.round(value * 10) / 10);
    this.doc.moveDown(0.8);
    this.line(words.heading, { font: BOLD, size: 14 });
    for (const device of devices) {
      this.doc.moveDown(0.4);
      this.line(words.device(device.name, words.kinds[device.kind], c(device.lowC), c(device.highC)), {
        font: BOLD,
        size: 11,
      });
      if (device.days.length === 0) this.line(words.noReadings, { size: 9, color: MUTED });
      for (const day of device.days) {
        const text = words.day(
          formatDayIn(this.locale, day.day),
          c(day.min),
          c(day.max),
          c(day.avg),
          day.count,
          day.hoursOutOfRange,
        );
        this.line(text, { size: 9, color: day.hoursOutOfRange > 0 ? FAILED : INK });
      }
      for (const excursion of device.excursions) {
        const text = words.excursion(
          excursion.direction,
          c(excursion.limitC),
          c(excursion.peakC),
          this.moment(excursion.startedAt),
          excursion.endedAt ? this.moment(excursion.endedAt) : null,
        );
        const action = excursion.action ? ` · ${this.words.action(this.texts.csvCells[excursion.action.status])}` : '';
        this.line(`${text}${action}`, { size: 9, color: FAILED });
      }
    }
  }

  private use(font: Font, size: number, color: string) {
    this.pen = { font, size, color };
    this.doc.font(font).fontSize(size).fillColor(color);
    return this.doc;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private line(
    text: string,
    { font = REGULAR as Font, size = 10, color = INK, x = this.left, width = this.width } = {},
  ) {
    this.use(font, size, color);
    this.room(this.doc.heightOfString(text, { width }));
    this.doc.text(text, x, this.doc.y, { width });
  }

  /** When and by whom, in the restaurant's zone: "5 Mar 2026, 09:12". */
  private moment(iso: string) {
    return formatTimeIn(this.locale, iso, this.zone);
  }

  private person(person: { name: string } | null) {
    return person?.name ?? coreText(this.options.language, messages.deletedUser);
  }

  private header() {
    const doc = this.doc;
    this.use(REGULAR, 9, MUTED).text(this.words.heading, this.left, doc.y, { characterSpacing: 1 });
    this.use(BOLD, 20, INK).text(this.head.restaurant.name, { width: this.width });
    this.use(BOLD, 13, INK).text(this.period, { width: this.width });
    doc.moveDown(0.2);
    this.line(this.words.times(this.zone), { size: 9, color: MUTED });
    doc.moveDown(0.5);
    this.line(this.words.signOffs, { font: BOLD, size: 10 });
    if (this.head.signOffs.length === 0) this.line(this.words.notSignedOff, { size: 9, color: MUTED });
    for (const signOff of this.head.signOffs) {
      const write = signOff.period === 'day' ? this.words.signedOffDay : this.words.signedOffWeek;
      this.line(write(formatDayIn(this.locale, signOff.startsOn), signOff.signedBy, this.moment(signOff.signedAt)), {
        size: 9,
      });
    }
    doc.moveDown(0.4);
  }

  /** A day's title with a rule under it, kept with the start of its first record; its own sign-off under it. */
  private dayHeading(day: string) {
    const doc = this.doc;
    doc.moveDown(0.6);
    this.use(BOLD, 14, INK);
    this.room(doc.heightOfString(day) + 60);
    doc.text(longDayIn(this.locale, day), this.left, doc.y, { width: this.width });
    const y = doc.y + 2;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    doc.y = y + 6;
    for (const signOff of signOffsOfDay(this.head.signOffs, day).filter((signOff) => signOff.period === 'day')) {
      this.line(
        this.words.signedOffDay(formatDayIn(this.locale, day), signOff.signedBy, this.moment(signOff.signedAt)),
        {
          size: 9,
          color: MUTED,
        },
      );
    }
  }

  private record(record: FoodSafetyLogRecord) {
    const doc = this.doc;
    const title = `${record.checklist.name} · ${record.start}–${record.end}`;
    const state = this.words.states[record.state];
    this.use(BOLD, 9, INK);
    const chipWidth = doc.widthOfString(state) + 9 * 1.4;
    const textWidth = this.width - chipWidth - 12;
    this.use(BOLD, 11, INK);
    this.room(doc.heightOfString(title, { width: textWidth }) + 36);
    const y = doc.y;
    this.chip(state, STATE_FILLS[record.state], this.left + this.width, y - 1);
    this.use(BOLD, 11, INK).text(title, this.left, y, { width: textWidth });
    doc.y = Math.max(doc.y, y + 17);
    const submitted = record.submittedAt
      ? this.words.submitted(this.person(record.submittedBy), this.moment(record.submittedAt))
      : this.words.notSubmitted;
    this.line(submitted, { size: 9, color: MUTED });
    doc.moveDown(0.2);
    if (record.entries.length === 0) this.line(this.words.noValues, { size: 9, color: MUTED, x: this.left + 10 });
    for (const entry of record.entries) this.entry(record, entry);
    this.rule();
  }

  /** Columns of an entry's rows: the item (or note, reason), the value, who and when. */
  private get columns() {
    const inset = this.left + 10;
    const itemWidth = Math.round(this.width * 0.46);
    const valueWidth = Math.round(this.width * 0.2);
    return {
      item: { x: inset, width: itemWidth - 10 },
      value: { x: inset + itemWidth, width: valueWidth - 8 },
      who: { x: inset + itemWidth + valueWidth, width: this.width - 10 - itemWidth - valueWidth },
    };
  }

  /**
   * One row of three cells, kept on one page: text, font, colour and strike-through per
   * cell. Returns nothing; the pen ends below the tallest cell.
   */
  private row(
    cells: {
      item: { text: string; font?: Font; color?: string };
      value?: { text: string; font?: Font; color?: string; strike?: boolean };
      who?: string;
    },
    size = 9.5,
  ) {
    const doc = this.doc;
    const columns = this.columns;
    const measure = (text: string, font: Font, width: number) =>
      this.use(font, size, INK).heightOfString(text, { width });
    const height = Math.max(
      measure(cells.item.text, cells.item.font ?? REGULAR, columns.item.width),
      cells.value ? measure(cells.value.text, cells.value.font ?? REGULAR, columns.value.width) : 0,
      cells.who ? measure(cells.who, REGULAR, columns.who.width) : 0,
    );
    this.room(height + 2);
    const y = doc.y;
    this.use(cells.item.font ?? REGULAR, size, cells.item.color ?? INK).text(cells.item.text, columns.item.x, y, {
      width: columns.item.width,
    });
    if (cells.value) {
      this.use(cells.value.font ?? REGULAR, size, cells.value.color ?? INK).text(cells.value.text, columns.value.x, y, {
        width: columns.value.width,
        strike: cells.value.strike ?? false,
      });
    }
    if (cells.who) this.use(REGULAR, size - 1, MUTED).text(cells.who, columns.who.x, y, { width: columns.who.width });
    doc.x = this.left;
    doc.y = y + height + 2;
  }

  private entry(record: FoodSafetyLogRecord, entry: FoodSafetyLogEntry) {
    const language = this.options.language;
    const corrected = entry.corrections.length > 0;
    this.row({
      item: { text: entry.label },
      value: {
        text: valueText(entry, entry.value, language),
        font: entry.failed && !corrected ? BOLD : REGULAR,
        color: corrected ? MUTED : entry.failed ? FAILED : INK,
        strike: corrected,
      },
      who: entry.receivedAt ? `${this.person(entry.enteredBy)}, ${this.when(record, entry.receivedAt)}` : undefined,
    });
    const notes: { text: string; color: string }[] = [];
    if (entry.note) notes.push({ text: this.words.note(entry.note), color: MUTED });
    if (entry.failed || entry.action) {
      const status = entry.action ? this.words.action(this.texts.csvCells[entry.action.status]) : null;
      notes.push({
        text: [entry.failed ? this.words.failed : null, status].filter(Boolean).join(' · '),
        color: FAILED,
      });
    }
    for (const note of notes) this.row({ item: { text: note.text, color: note.color } }, 8.5);
    entry.corrections.forEach((correction, index) => {
      const superseded = index < entry.corrections.length - 1;
      this.row(
        {
          item: { text: `↳ ${this.words.correction(correction.reason)}`, color: MUTED },
          value: {
            text: valueText(entry, correction.value, language),
            font: superseded ? REGULAR : BOLD,
            color: superseded ? MUTED : correction.failed ? FAILED : INK,
            strike: superseded,
          },
          who: `${this.person(correction.correctedBy)}, ${this.when(record, correction.correctedAt)}`,
        },
        8.5,
      );
    });
  }

  /** A moment beside a record: its time alone on the record's own day, else day and time. */
  private when(record: FoodSafetyLogRecord, iso: string) {
    return localDay(new Date(iso), this.zone) === record.day ? clockIn(this.locale, iso, this.zone) : this.moment(iso);
  }

  /** A filled rounded label with its top right corner at (right, y). */
  private chip(text: string, colour: { fill: string; text: string }, right: number, y: number, size = 9) {
    const doc = this.doc;
    this.use(BOLD, size, colour.text);
    const width = doc.widthOfString(text) + size * 1.4;
    const height = size * 1.9;
    doc.roundedRect(right - width, y, width, height, height / 3).fill(colour.fill);
    this.use(BOLD, size, colour.text).text(text, right - width, y + (height - size) / 2 + 1, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }

  private rule() {
    const doc = this.doc;
    const y = doc.y + 4;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = this.left;
    doc.y = y + 8;
  }

  /**
   * "Page n" and when the log was made, at the foot of a page just begun; then the pen
   * is back where the page's text starts, in the font it had.
   */
  private footer() {
    const doc = this.doc;
    this.page += 1;
    const { x, y } = doc;
    const pen = this.pen;
    const margin = doc.page.margins.bottom;
    // Writing below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - 40;
    const made = this.words.made(formatTimeIn(this.locale, this.options.now, this.zone));
    this.use(REGULAR, 8, MUTED);
    doc.text(`${made} · ${this.head.restaurant.name} · ${this.period}`, this.left, footY, {
      width: this.width - 80,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    doc.text(this.words.page(this.page), this.left, footY, { width: this.width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
    this.use(pen.font, pen.size, pen.color);
    doc.x = x;
    doc.y = y;
  }
}
