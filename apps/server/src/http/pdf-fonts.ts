import fs from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type PDFDocument from 'pdfkit';

export const BOLD = 'DejaVuSans-Bold';
export const REGULAR = 'DejaVuSans';

/**
 * DejaVu Sans, embedded (as the subset of glyphs used) in every PDF Brigade writes (the
 * audit report, the food-safety log; decision 021): PDF's built-in Helvetica only knows
 * Western European letters, and these texts hold more ("≤ 4 °C", names in any script
 * DejaVu covers). Read from disk once per process.
 */
const fontFiles = (() => {
  const require = createRequire(import.meta.url);
  return {
    [REGULAR]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    [BOLD]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
})();
let fontData: Promise<[string, Buffer][]> | undefined;

/** Registers REGULAR and BOLD with a document. */
export async function registerPdfFonts(doc: PDFKit.PDFDocument | InstanceType<typeof PDFDocument>): Promise<void> {
  fontData ??= Promise.all(
    Object.entries(fontFiles).map(async ([name, file]) => [name, await fs.promises.readFile(file)] as [string, Buffer]),
  );
  for (const [name, data] of await fontData) doc.registerFont(name, data);
}

/** A name as a download's file name part: letters, digits and dashes only, at most 60 characters. */
export function fileNameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** How far a PDF may run ahead of its reader before drawing pauses: memory stays bounded on a slow connection. */
const BACKLOG_BYTES = 2 * 1024 * 1024;

/** Waits while the reader is more than BACKLOG_BYTES behind (or until the stream is gone). */
export async function readerCaughtUp(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > BACKLOG_BYTES && !doc.destroyed) await sleep(10);
}
