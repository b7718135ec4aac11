import type { InvoiceDocument } from './invoice-document.ts';
import { InvoiceLayout } from './invoice-layout.ts';
import {
  drawFooters,
  drawHeading,
  drawLines,
  drawParties,
  drawTotals,
} from './invoice-sections.ts';

/**
 * The invoice as an A4 PDF in the built-in Helvetica (no font files to ship). Text is drawn as
 * given, made safe for the font; money is integer cents. Throws only on a programming error
 * (cents that are not whole numbers).
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const layout = new InvoiceLayout(invoice);
    const chunks: Uint8Array[] = [];
    layout.doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    layout.doc.on('end', () => resolve(Buffer.concat(chunks)));
    layout.doc.on('error', reject);
    const partiesTop = drawHeading(layout, invoice);
    const tableTop = drawParties(layout, invoice, partiesTop);
    const totalsTop = drawLines(layout, invoice, tableTop);
    drawTotals(layout, invoice, totalsTop);
    drawFooters(layout, invoice);
    layout.doc.end();
  });
}
