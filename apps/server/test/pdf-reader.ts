import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF holds, read with Mozilla's PDF.js: each page's text and how many images it paints. */
export interface ReadPdf {
  pages: number;
  /** Each page's text, its runs joined by spaces. */
  pageTexts: string[];
  /** All the text, pages joined by newlines. */
  text: string;
  /** Images painted (image XObjects drawn), all pages together. */
  images: number;
}

export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pageTexts: string[] = [];
  let images = 0;
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pageTexts.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
      const operators = await page.getOperatorList();
      images += operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    }
  } finally {
    await document.destroy();
  }
  return { pages: document.numPages, pageTexts, text: pageTexts.join('\n'), images };
}
