import type { Readable } from 'node:stream';
import { groupByTemplate } from '@brigade/core/audit-groups';
import { formatTimeIn } from '@brigade/core/date-format';
import type { Language } from '@brigade/core/languages';
import { messages } from '@brigade/core/messages';
import { localDay } from '@brigade/core/restaurant-time';
import { signOffShowsDay } from '@brigade/core/schemas/audit-sign-offs';
import type { AuditItem } from '@brigade/core/schemas/audits';
import { type AuditMark, MARK_LABELS, MARK_VALUES, type ScoreColour, scoreColour } from '@brigade/core/scoring';
import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import { BOLD, fileNameSlug, REGULAR, readerCaughtUp, registerPdfFonts } from '../../http/pdf-fonts';
import { coreText } from '../../http/request-language';
import { dayIn } from '../../i18n/day-in';
import type { ServerTexts } from '../../i18n/server-catalogue';
import { serverTexts } from '../../i18n/server-texts';
import { MissingFile } from '../../storage/storage';
import type { AuditReport, ReportAction, ReportPhoto } from './report-data';

export interface RenderOptions {
  /** The whole stored file as a stream (`Storage.open`). */
  openFile: (key: string) => Promise<Readable>;
  log: FastifyBaseLogger;
  /** When the report is made, for its footer and for what is overdue. */
  now: Date;
  /** The reader's language (issue 22). */
  language: Language;
}

/** A photo file larger than this is not drawn (display sizes are ≤ 1600 px, well under it). */
export const MAX_PHOTO_BYTES = 16 * 1024 * 1024;
const PHOTOS_PER_ROW = 3;
const GAP = 8;
/** The line under a photo that says when it was taken. */
const CAPTION = 12;

/** Fill and text colours of a score or mark, as the web app's badges (ScoreBadge). */
const FILLS: Record<ScoreColour, { fill: string; text: string }> = {
  red: { fill: '#c92a2a', text: '#ffffff' },
  yellow: { fill: '#ffd43b', text: '#000000' },
  green: { fill: '#277c38', text: '#ffffff' },
  gray: { fill: '#868e96', text: '#ffffff' },
};
const INK = '#212529';
const MUTED = '#495057';
const RULE = '#ced4da';
const PLACEHOLDER = '#f1f3f5';
const OVERDUE = '#c92a2a';

/** `audit-brigade-utrecht-2026-11-21.pdf`: letters, digits and dashes only. */
export function reportFileName(restaurantName: string, auditedAt: string): string {
  const slug = fileNameSlug(restaurantName);
  return `audit-${slug || 'restaurant'}-${auditedAt.slice(0, 10)}.pdf`;
}

/**
 * The report as a PDF stream: A4, a header with the restaurant, date and time, auditor,
 * templates, the manager's sign-off and the score in its colour with the colours' legend;
 * every item by template with its mark, comment and photos (a few per row, scaled to fit,
 * each with the time it was taken); the corrective actions with status, due date, owners
 * and resolution; page numbers and when it was made in every footer. Every day and time
 * is the restaurant's, in its zone (issue 33), and the header names the zone.
 * The stream is returned at once and filled as the photos are read, one at a
 * time; drawing waits while the reader is behind, so memory stays bounded by one photo
 * and the backlog. A photo that cannot be read is drawn as "Photo unavailable" and logged.
 */
export function renderAuditReportPdf(report: AuditReport, options: RenderOptions): PDFKit.PDFDocument {
  const { audit } = report;
  const texts = serverTexts(options.language);
  const zone = audit.restaurant.timeZone;
  const doc = new PDFDocument({
    lang: options.language,
    size: 'A4',
    margins: { top: 48, bottom: 60, left: 48, right: 48 },
    // Kept until the end so every footer can say "Page n of N"; photos are written out as drawn.
    bufferPages: true,
    info: {
      Title: texts.report.title(audit.restaurant.name, dayIn(texts.locale, localDay(new Date(audit.auditedAt), zone))),
      Author: 'Brigade',
      Subject: texts.report.subject,
    },
  });
  new ReportWriter(doc, options, zone).write(report).then(
    // A reader that left destroyed the stream: nothing more to write.
    () => {
      if (!doc.destroyed) doc.end();
    },
    (error: unknown) => {
      options.log.error({ err: error, auditId: audit.id }, 'the audit report could not be completed');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return doc;
}

class ReportWriter {
  private readonly left: number;
  private readonly width: number;
  private readonly words: ServerTexts['report'];
  private readonly locale: string;

  private readonly clock: Intl.DateTimeFormat;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly options: RenderOptions,
    /** The restaurant's time zone: every day and time of the report is its. */
    private readonly zone: string,
  ) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const texts = serverTexts(options.language);
    this.words = texts.report;
    this.locale = texts.locale;
    this.clock = new Intl.DateTimeFormat(this.locale, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  }

  /**
   * A day as the reader's language writes it ("21 Nov 2026"): a calendar day (a due date)
   * as it is, an instant as the restaurant's day.
   */
  private day(day: Date | string) {
    return dayIn(this.locale, typeof day === 'string' ? day : localDay(day, this.zone));
  }

  /** An instant as the restaurant's day and time: "21 Nov 2026, 14:32". */
  private moment(instant: Date | string) {
    return formatTimeIn(this.locale, instant, this.zone);
  }

  /** One of core's texts (a mark, a message) in the reader's language. */
  private core(text: string) {
    return coreText(this.options.language, text);
  }

  async write({ audit, photosByItem, actions }: AuditReport) {
    await registerPdfFonts(this.doc);
    this.header(audit);
    for (const group of groupByTemplate(audit.items)) {
      if (this.doc.destroyed) return;
      this.heading(group.templateName, 60);
      for (const item of group.items) {
        if (this.doc.destroyed) return;
        await this.item(item, photosByItem.get(item.id) ?? []);
      }
    }
    this.heading(this.words.correctiveActions, 40);
    if (actions.length === 0) this.line(this.words.noCorrectiveActions, { color: MUTED });
    for (const action of actions) {
      if (this.doc.destroyed) return;
      await this.action(action);
    }
    this.footers(audit.restaurant.name, this.day(new Date(audit.auditedAt)));
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private line(text: string, { font = REGULAR, size = 10, color = INK, width = this.width, x = this.left } = {}) {
    this.doc.font(font).fontSize(size).fillColor(color);
    this.room(this.doc.heightOfString(text, { width }));
    this.doc.text(text, x, this.doc.y, { width });
  }

  /** A filled rounded label (a score or a mark) with its top right corner at (right, y); returns its height. */
  private chip(text: string, colour: ScoreColour | { fill: string; text: string }, right: number, y: number, size = 9) {
    const { fill, text: ink } = typeof colour === 'string' ? FILLS[colour] : colour;
    this.doc.font(BOLD).fontSize(size);
    const width = this.doc.widthOfString(text) + size * 1.4;
    const height = size * 1.9;
    this.doc.roundedRect(right - width, y, width, height, height / 3).fill(fill);
    this.doc.fillColor(ink).text(text, right - width, y + (height - size) / 2 + 1, {
      width,
      align: 'center',
      lineBreak: false,
    });
    return { width, height };
  }

  private header(audit: AuditReport['audit']) {
    const doc = this.doc;
    const top = doc.y;
    const score = audit.finalScore;
    const colour = scoreColour(score);
    const scoreText = score === null ? this.core(messages.noScore) : `${score}%`;
    // The score, large, in its colour at the top right.
    doc.font(BOLD).fontSize(24);
    const badgeWidth = Math.max(96, doc.widthOfString(scoreText) + 28);
    const right = this.left + this.width;
    doc.roundedRect(right - badgeWidth, top, badgeWidth, 46, 8).fill(FILLS[colour].fill);
    doc
      .fillColor(FILLS[colour].text)
      .text(scoreText, right - badgeWidth, top + 12, { width: badgeWidth, align: 'center', lineBreak: false });
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(this.words.finalScore, right - badgeWidth, top + 50, {
        width: badgeWidth,
        align: 'center',
        lineBreak: false,
      });

    const textWidth = this.width - badgeWidth - 16;
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(this.words.heading, this.left, top, { characterSpacing: 1 });
    doc.font(BOLD).fontSize(20).fillColor(INK).text(audit.restaurant.name, { width: textWidth });
    doc.moveDown(0.3);
    const details: [string, string][] = [
      [this.words.date, this.moment(audit.auditedAt)],
      [this.words.auditor, audit.auditor?.name ?? this.core(messages.deletedUser)],
      [this.words.templates, audit.templateNames.join(', ') || this.words.none],
    ];
    for (const [label, value] of details) {
      doc.font(BOLD).fontSize(10).fillColor(INK).text(`${label}: `, { continued: true, width: textWidth });
      doc.font(REGULAR).text(value, { width: textWidth });
    }
    this.signOff(audit, textWidth);
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(this.words.times(this.zone), { width: textWidth });
    doc.y = Math.max(doc.y, top + 64) + 8;
    this.legend();
    doc.moveDown(0.6);
  }

  /**
   * "Signed off by Sam Manager at 14:32" (the day too when signed on another day than the
   * audit's), with the manager's comment; or that nobody has signed it off yet.
   */
  private signOff(audit: AuditReport['audit'], width: number) {
    const doc = this.doc;
    const signOff = audit.signOff;
    if (!signOff) {
      doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(this.words.notSignedOff, { width });
      return;
    }
    const withDay = signOffShowsDay(signOff.signedAt, audit.auditedAt, this.zone);
    const at = withDay ? this.moment(signOff.signedAt) : this.clock.format(new Date(signOff.signedAt));
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(INK)
      .text(this.words.signedOff(signOff.name, at, withDay), { width });
    if (signOff.comment) {
      doc.font(REGULAR).fontSize(10).fillColor(INK).text(this.words.signOffComment(signOff.comment), { width });
    }
  }

  /** What the colours mean (core's rule): below 50 red, 50 to 74 yellow, 75 and above green. */
  private legend() {
    const doc = this.doc;
    const y = doc.y;
    let x = this.left;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(this.words.scoreColours, x, y + 1, { lineBreak: false });
    x += doc.widthOfString(this.words.scoreColours) + 8;
    const entries: [ScoreColour, string][] = [
      ['red', this.words.below50],
      ['yellow', this.words.from50To74],
      ['green', this.words.from75],
      ['gray', this.words.noScore],
    ];
    for (const [colour, label] of entries) {
      doc.rect(x, y, 10, 10).fill(FILLS[colour].fill);
      doc.fillColor(MUTED).text(label, x + 14, y + 1, { lineBreak: false });
      x += 14 + doc.widthOfString(label) + 12;
    }
    doc.x = this.left;
    doc.y = y + 16;
  }

  /** A section title with a rule under it, kept with at least `keep` points of what follows. */
  private heading(text: string, keep: number) {
    const doc = this.doc;
    doc.moveDown(0.5);
    doc.font(BOLD).fontSize(14);
    this.room(doc.heightOfString(text, { width: this.width }) + 8 + keep);
    doc.fillColor(INK).text(text, this.left, doc.y, { width: this.width });
    const y = doc.y + 2;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    doc.y = y + 8;
  }

  private async item(item: AuditItem, photos: ReportPhoto[]) {
    const doc = this.doc;
    const markText = item.mark ? this.core(MARK_LABELS[item.mark]) : this.words.notAssessed;
    const colour = item.mark ? scoreColour(MARK_VALUES[item.mark as AuditMark]) : 'gray';
    doc.font(BOLD).fontSize(9);
    const chipWidth = doc.widthOfString(markText) + 9 * 1.4;
    const textWidth = this.width - chipWidth - 12;
    doc.font(BOLD).fontSize(11);
    const comment = item.comment ? this.words.comment(item.comment) : this.words.noComment;
    const needed =
      doc.heightOfString(item.itemText, { width: textWidth }) +
      doc.font(REGULAR).fontSize(10).heightOfString(comment, { width: this.width }) +
      12 +
      this.firstPhotoRow(photos);
    this.room(needed);
    const y = doc.y;
    this.chip(markText, colour, this.left + this.width, y - 1);
    doc.font(BOLD).fontSize(11).fillColor(INK).text(item.itemText, this.left, y, { width: textWidth });
    doc.y = Math.max(doc.y, y + 18);
    this.line(comment, { color: item.comment ? INK : MUTED });
    await this.photoRows(photos);
    this.rule();
  }

  private async action(action: ReportAction) {
    const doc = this.doc;
    const today = localDay(this.options.now, this.zone);
    const overdue = action.status === 'open' && action.dueOn < today;
    const statusText = action.status === 'resolved' ? this.words.resolved : this.words.open;
    const statusColour = action.status === 'resolved' ? FILLS.green : { fill: '#e9ecef', text: INK };
    doc.font(BOLD).fontSize(9);
    const chipsWidth =
      doc.widthOfString(statusText) + 9 * 1.4 + (overdue ? doc.widthOfString(this.words.overdue) + 9 * 1.4 + 6 : 0);
    const textWidth = this.width - chipsWidth - 12;
    doc.font(BOLD).fontSize(11);
    this.room(doc.heightOfString(action.itemText, { width: textWidth }) + 48 + this.firstPhotoRow(action.photos));
    const y = doc.y;
    const right = this.left + this.width;
    const status = this.chip(statusText, statusColour, right, y - 1);
    if (overdue) this.chip(this.words.overdue, { fill: OVERDUE, text: '#ffffff' }, right - status.width - 6, y - 1);
    doc.font(BOLD).fontSize(11).fillColor(INK).text(action.itemText, this.left, y, { width: textWidth });
    doc.y = Math.max(doc.y, y + 18);
    const finding = [
      action.templateName,
      action.mark && action.mark in MARK_LABELS ? this.core(MARK_LABELS[action.mark as AuditMark]) : null,
      action.comment,
    ]
      .filter(Boolean)
      .join(' · ');
    this.line(finding, { color: MUTED, size: 9 });
    this.line(this.words.dueLine(this.day(action.dueOn), overdue, action.owners.join(', ')), {
      color: overdue ? OVERDUE : INK,
    });
    if (action.status === 'resolved') {
      this.line(this.words.resolvedLine(action.resolvedAt ? this.day(action.resolvedAt) : null, action.resolutionNote));
    }
    await this.photoRows(action.photos);
    this.rule();
  }

  private rule() {
    const doc = this.doc;
    const y = doc.y + 6;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 8;
  }

  /** The height of one row of photos (and the gap before it), or 0 without photos: kept with the text above it. */
  private firstPhotoRow(photos: ReportPhoto[]) {
    return photos.length ? this.cellHeight + 4 : 0;
  }

  /** A photo's 4:3 box and the caption under it. */
  private get cellHeight() {
    return Math.round(((this.width - GAP * (PHOTOS_PER_ROW - 1)) / PHOTOS_PER_ROW) * 0.75) + CAPTION;
  }

  /** Photos a few per row, each scaled to fit its cell above the time it was taken; read and drawn one at a time. */
  private async photoRows(photos: ReportPhoto[]) {
    if (photos.length === 0) return;
    const doc = this.doc;
    const cellWidth = (this.width - GAP * (PHOTOS_PER_ROW - 1)) / PHOTOS_PER_ROW;
    const cellHeight = this.cellHeight;
    doc.y += 4;
    for (let start = 0; start < photos.length; start += PHOTOS_PER_ROW) {
      this.room(cellHeight);
      const y = doc.y;
      for (const [index, photo] of photos.slice(start, start + PHOTOS_PER_ROW).entries()) {
        if (doc.destroyed) return;
        await this.photo(photo, this.left + index * (cellWidth + GAP), y, cellWidth, cellHeight);
      }
      doc.x = this.left;
      doc.y = y + cellHeight + GAP;
    }
  }

  private async photo(photo: ReportPhoto, x: number, y: number, width: number, cellHeight: number) {
    const doc = this.doc;
    const height = cellHeight - CAPTION;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(this.moment(photo.takenAt), x, y + height + 2, { width, align: 'center', lineBreak: false });
    try {
      const data = await readWhole(await this.options.openFile(photo.displayKey), MAX_PHOTO_BYTES);
      doc.image(data, x, y, { fit: [width, height], align: 'center', valign: 'center' });
    } catch (error) {
      const missing = error instanceof MissingFile;
      this.options.log[missing ? 'warn' : 'error'](
        { photoId: photo.id, key: photo.displayKey, ...(missing ? {} : { err: error }) },
        missing
          ? 'a photo of the audit report is missing from file storage; drawn as "Photo unavailable"'
          : 'a photo of the audit report could not be read; drawn as "Photo unavailable"',
      );
      doc.rect(x, y, width, height).fill(PLACEHOLDER);
      doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(MUTED)
        .text(this.core(messages.photoUnavailable), x, y + height / 2 - 5, {
          width,
          align: 'center',
          lineBreak: false,
        });
    }
    await readerCaughtUp(this.doc);
  }

  /** "Page n of N" and when the report was made, on every page. */
  private footers(restaurantName: string, day: string) {
    const doc = this.doc;
    const made = this.words.made(this.day(this.options.now), this.clock.format(this.options.now));
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      doc.switchToPage(index);
      // Writing below the bottom margin would otherwise start a new page.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 40;
      doc.font(REGULAR).fontSize(8).fillColor(MUTED);
      doc.text(`${made} · ${this.words.title(restaurantName, day)}`, this.left, y, {
        width: this.width - 80,
        lineBreak: false,
        ellipsis: true,
        height: 10,
      });
      doc.text(this.words.pageOf(index - start + 1, count), this.left, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = margin;
    }
  }
}

/** The whole stream as one buffer, refusing one over `limit` bytes. */
async function readWhole(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`the file is larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
