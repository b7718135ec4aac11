import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The metrics of the 14 standard fonts, which the invoice uses without embedding them.
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page, as a PDF reader extracts it. */
export async function readPdf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await doc.destroy();
  return pages;
}
