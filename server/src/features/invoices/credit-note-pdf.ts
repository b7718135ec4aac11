import type { InvoiceDocument } from './invoice-document.ts';
import {
  CONTENT_WIDTH,
  columns,
  columnX,
  GAP,
  GREY,
  InvoiceLayout,
  MARGIN,
  TABLE_BOTTOM,
} from './invoice-layout.ts';
import {
  drawContinuedTitle,
  drawFooters,
  drawHeading,
  drawLines,
  drawParties,
} from './invoice-sections.ts';
import { formatCents, formatDate } from './invoice-text.ts';

/** Issue 37: a credit note, drawn with the invoice's layout (decision 019). */
export interface CreditNoteDocument extends InvoiceDocument {
  subtotalCents: number;
  /** The tax given back: each line's (on its line), and the freight's when freight is. */
  taxCents: number;
  freightCents: number;
  feeCents: number;
  /** What lowered the invoice and the company's balance; the rest is owed back to the company. */
  appliedCents: number;
  /** Issue 37: what was owed back, once the shop paid it (a bank transfer or cheque). */
  paidBack: { cents: number; at: Date; reference: string } | null;
  invoiceNumber: string | null;
}

function drawCreditTotals(layout: InvoiceLayout, note: CreditNoteDocument, top: number) {
  let y = top;
  if (y + 180 > TABLE_BOTTOM) {
    layout.doc.addPage();
    y = drawContinuedTitle(layout, note);
  }
  y += 4;
  const amountColumn = columns.length - 1;
  const labelWidth = columnX[amountColumn]! - GAP - MARGIN;
  const row = { align: 'right', fit: true } as const;
  const rows: [string, number][] = [
    ['Subtotal', note.subtotalCents],
    ['Tax given back', note.taxCents],
    ...(note.freightCents > 0
      ? [['Freight given back', note.freightCents] as [string, number]]
      : []),
    ...(note.feeCents > 0 ? [['Restocking fee', -note.feeCents] as [string, number]] : []),
  ];
  for (const [label, cents] of rows) {
    layout.cell(label, MARGIN, y, labelWidth, row);
    y += layout.cell(
      formatCents(cents),
      columnX[amountColumn]!,
      y,
      columns[amountColumn]!.width,
      row,
    );
    y += 2;
  }
  const total = { size: 11, bold: true, align: 'right', fit: true } as const;
  layout.cell('Total credit', MARGIN, y, labelWidth, total);
  y += layout.cell(
    formatCents(note.totalCents),
    columnX[amountColumn]!,
    y,
    columns[amountColumn]!.width,
    total,
  );
  layout.rule(y + 2, 'black', 0.8);
  y += 16;
  const invoice = note.invoiceNumber ? `invoice ${note.invoiceNumber}` : 'the invoice';
  y += layout.cell(`Applied to ${invoice}: ${formatCents(note.appliedCents)}`, MARGIN, y, 400, {
    bold: true,
  });
  const { paidBack } = note;
  const owedBack = note.totalCents - note.appliedCents - (paidBack?.cents ?? 0);
  if (paidBack)
    y += layout.cell(
      `Paid back to you on ${formatDate(paidBack.at)}: ${formatCents(paidBack.cents)} (reference ${paidBack.reference})`,
      MARGIN,
      y + 2,
      CONTENT_WIDTH,
      { color: GREY, wrap: true },
    );
  if (owedBack > 0)
    layout.cell(
      `Owed back to you (the invoice was paid): ${formatCents(owedBack)}`,
      MARGIN,
      y + 2,
      400,
      { color: GREY },
    );
}

/** The credit note as an A4 PDF: the invoice's heading, parties and lines, then what it credits. */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const layout = new InvoiceLayout(note);
    const chunks: Uint8Array[] = [];
    layout.doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    layout.doc.on('end', () => resolve(Buffer.concat(chunks)));
    layout.doc.on('error', reject);
    const tableTop = drawParties(layout, note, drawHeading(layout, note));
    drawCreditTotals(layout, note, drawLines(layout, note, tableTop));
    drawFooters(layout, note);
    layout.doc.end();
  });
}
