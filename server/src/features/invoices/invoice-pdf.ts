import { formatCount } from '@proper-parts/domain/format';
import PDFDocument from 'pdfkit';

export interface InvoiceDocument {
  /** e.g. "2026-000042" */
  number: string;
  /** The payment date. */
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string; email: string };
  buyer: { name: string; email: string; address: string; phone: string };
  orderId: string;
  poNumber: string | null;
  note: string | null;
  lines: {
    sku: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
  totalCents: number;
  transactionId: string | null;
  paidAt: Date;
  /** Issue 19: an invoice on account (net terms) is paid after it is issued; null for a card. */
  account?: InvoiceAccount | null;
}

export interface InvoiceAccount {
  termsDays: number;
  /** `YYYY-MM-DD` (UTC). */
  dueOn: string;
  paidCents: number;
  settledAt: Date | null;
}

/** The seller block, from the INVOICE_SELLER_* settings (server/src/config.ts). */
export function invoiceSellerFromConfig(config: {
  INVOICE_SELLER_NAME: string;
  INVOICE_SELLER_ADDRESS: string;
  INVOICE_SELLER_TAX_ID: string;
  INVOICE_SELLER_EMAIL: string;
}): InvoiceDocument['seller'] {
  return {
    name: config.INVOICE_SELLER_NAME,
    address: config.INVOICE_SELLER_ADDRESS,
    taxId: config.INVOICE_SELLER_TAX_ID,
    email: config.INVOICE_SELLER_EMAIL,
  };
}

/** Dollars from integer cents by integer math: `$1,234.50`, `-$0.05`. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

// Dates in UTC, so an invoice reads the same wherever it is rendered.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatDate = (date: Date) => longDate.format(date);

// The built-in Helvetica encodes WinAnsi only: code points 0x20–0x7E, 0xA0–0xFF and these.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// Letters whose plain form no decomposition gives.
const plainLetters: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};
const isWinAnsi = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(c);
};
// Zero-width characters, joiners, variation selectors, soft hyphens: nothing to draw.
const invisible = /\p{Default_Ignorable_Code_Point}/gu;
// A cell shows a few lines; a longer text is cut before it is measured (a megabyte name).
const MAX_FIELD_CHARS = 500;

/**
 * Text the built-in fonts can draw on one line: controls and newlines become spaces, a letter
 * outside WinAnsi its unaccented form where there is one (`ő` → `o`), anything else `?`.
 */
export function toWinAnsi(text: string | null | undefined): string {
  let out = '';
  for (const c of (text ?? '')
    .slice(0, MAX_FIELD_CHARS * 2)
    .normalize('NFC')
    .replace(invisible, '')) {
    if (isWinAnsi(c)) out += c;
    else if (/\s|\p{Cc}/u.test(c)) out += ' ';
    else {
      const plain = plainLetters[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && [...plain].every(isWinAnsi) ? plain : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, MAX_FIELD_CHARS);
}

/** An address typed over several lines reads as one, comma-separated, and wraps in its block. */
const oneLineAddress = (address: string) =>
  address
    .split(/\r?\n|\r/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER_Y = A4.height - MARGIN + 12;
/** Table rows stop here; the footer has the bottom margin. */
const TABLE_BOTTOM = A4.height - MARGIN;
const GAP = 8;
const GREY = '#555555';
const RULE = '#cccccc';

type Align = 'left' | 'right';
const columns: { title: string; width: number; align: Align }[] = [
  { title: 'SKU', width: 86, align: 'left' },
  { title: 'Description', width: 0, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Unit price', width: 76, align: 'right' },
  { title: 'Line total', width: 84, align: 'right' },
];
columns[1]!.width =
  CONTENT_WIDTH - columns.reduce((sum, c) => sum + c.width, 0) - GAP * (columns.length - 1);
const columnX = columns.map(
  (_, i) => MARGIN + columns.slice(0, i).reduce((sum, c) => sum + c.width + GAP, 0),
);

interface CellStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
  /** The most lines the text may take; the last one ends in `…` when it is cut. */
  lines?: number;
  /** Shrinks the type to fit one line instead (an amount is never cut). */
  fit?: boolean;
}

/**
 * Lays invoices out with absolute positions only: every text has a width and a height, so
 * pdfkit never breaks a page on its own and the table decides where pages end.
 */
class InvoiceLayout {
  readonly doc: PDFKit.PDFDocument;

  constructor(invoice: InvoiceDocument) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: {
        Title: toWinAnsi(`Invoice ${invoice.number}`),
        Author: toWinAnsi(invoice.seller.name),
        CreationDate: invoice.issuedAt,
      },
    });
  }

  private style(text: string, width: number, style: CellStyle) {
    const { size = 9.5, bold = false, color = 'black', fit = false } = style;
    const doc = this.doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(color);
    const textWidth = fit ? doc.widthOfString(text) : 0;
    return textWidth > width ? doc.fontSize((size * width) / textWidth - 0.05) : doc;
  }

  /** The height `text` takes in a cell of `width` (at most `lines` lines). */
  measure(text: string, width: number, style: CellStyle = {}): number {
    const safe = toWinAnsi(text) || ' ';
    const doc = this.style(safe, width, style);
    const lineHeight = doc.currentLineHeight(true);
    return Math.min(doc.heightOfString(safe, { width }), lineHeight * (style.lines ?? 1));
  }

  /** Draws `text` at (x, y) within `width`; returns the height it took. */
  cell(text: string, x: number, y: number, width: number, style: CellStyle = {}): number {
    const height = this.measure(text, width, style);
    this.draw(text, x, y, width, style);
    return height;
  }

  /** Draws `text` at (x, y) within `width`, cut after `lines` lines. */
  draw(text: string, x: number, y: number, width: number, style: CellStyle = {}) {
    const safe = toWinAnsi(text);
    const doc = this.style(safe, width, style);
    // Half a line more than the lines allowed: pdfkit ends the text with `…` on the last one.
    const box = doc.currentLineHeight(true) * ((style.lines ?? 1) + 0.5);
    doc.text(safe, x, y, {
      width,
      height: box,
      ellipsis: true,
      align: style.align ?? 'left',
    });
  }

  rule(y: number, color = RULE, width = 0.5) {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }
}

function drawHeading(layout: InvoiceLayout, invoice: InvoiceDocument): number {
  let y = MARGIN;
  y += layout.cell(`Invoice ${invoice.number}`, MARGIN, y, CONTENT_WIDTH, { size: 20, bold: true });
  y += 6;
  const facts = [
    `Date: ${formatDate(invoice.issuedAt)}`,
    `Order: ${invoice.orderId}`,
    `PO number: ${invoice.poNumber?.trim() ? invoice.poNumber : '—'}`,
    ...(invoice.account
      ? [`Terms: Net ${invoice.account.termsDays}`, `Due date: ${invoice.account.dueOn}`]
      : []),
  ];
  for (const fact of facts) y += layout.cell(fact, MARGIN, y, CONTENT_WIDTH, { color: GREY });
  return y + 18;
}

function drawParties(layout: InvoiceLayout, invoice: InvoiceDocument, top: number): number {
  const width = (CONTENT_WIDTH - 2 * GAP) / 2;
  const block = (x: number, label: string, name: string, rows: [string, number][]) => {
    let y = top;
    y += layout.cell(label, x, y, width, { size: 8, bold: true, color: GREY });
    y += layout.cell(name, x, y, width, { size: 11, bold: true, lines: 2 });
    for (const [text, lines] of rows)
      if (text.trim()) y += layout.cell(text, x, y, width, { lines });
    return y;
  };
  const { seller, buyer } = invoice;
  const sellerEnd = block(MARGIN, 'FROM', seller.name, [
    [oneLineAddress(seller.address), 3],
    [seller.taxId.trim() ? `Tax ID: ${seller.taxId}` : '', 1],
    [seller.email, 1],
  ]);
  const buyerEnd = block(MARGIN + width + 2 * GAP, 'BILL TO', buyer.name, [
    [oneLineAddress(buyer.address), 3],
    [buyer.phone, 1],
    [buyer.email, 1],
  ]);
  let y = Math.max(sellerEnd, buyerEnd) + 14;
  if (invoice.note?.trim()) {
    y += layout.cell(`Note: ${oneLineAddress(invoice.note)}`, MARGIN, y, CONTENT_WIDTH, {
      lines: 3,
    });
    y += 14;
  }
  return y;
}

function drawTableHeader(layout: InvoiceLayout, y: number): number {
  const height = Math.max(
    ...columns.map((c, i) =>
      layout.cell(c.title, columnX[i]!, y, c.width, { bold: true, align: c.align, size: 9 }),
    ),
  );
  layout.rule(y + height + 2, 'black', 0.8);
  return y + height + 6;
}

function drawLines(layout: InvoiceLayout, invoice: InvoiceDocument, top: number): number {
  let y = drawTableHeader(layout, top);
  for (const line of invoice.lines) {
    const cells = [
      line.sku,
      line.name,
      formatCount(line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.lineTotalCents),
    ];
    const styleOf = (i: number): CellStyle => ({
      align: columns[i]!.align,
      lines: i === 1 ? 3 : 1,
      fit: i >= 2,
    });
    const height = Math.max(
      ...cells.map((text, i) => layout.measure(text, columns[i]!.width, styleOf(i))),
    );
    if (y + height + 4 > TABLE_BOTTOM) {
      layout.doc.addPage();
      y = drawTableHeader(layout, drawContinuedTitle(layout, invoice));
    }
    cells.forEach((text, i) => {
      layout.draw(text, columnX[i]!, y, columns[i]!.width, styleOf(i));
    });
    y += height + 3;
    layout.rule(y);
    y += 4;
  }
  return y;
}

function drawContinuedTitle(layout: InvoiceLayout, invoice: InvoiceDocument): number {
  const height = layout.cell(
    `Invoice ${invoice.number} (continued)`,
    MARGIN,
    MARGIN,
    CONTENT_WIDTH,
    {
      size: 11,
      bold: true,
    },
  );
  return MARGIN + height + 12;
}

function drawTotals(layout: InvoiceLayout, invoice: InvoiceDocument, top: number) {
  let y = top;
  const needed = invoice.account ? 110 : 80;
  if (y + needed > TABLE_BOTTOM) {
    layout.doc.addPage();
    y = drawContinuedTitle(layout, invoice);
  }
  y += 4;
  const amountColumn = columns.length - 1;
  const labelWidth = columnX[amountColumn]! - GAP - MARGIN;
  const total = { size: 11, bold: true, align: 'right', fit: true } as const;
  layout.cell('Total', MARGIN, y, labelWidth, total);
  y += layout.cell(
    formatCents(invoice.totalCents),
    columnX[amountColumn]!,
    y,
    columns[amountColumn]!.width,
    total,
  );
  layout.rule(y + 2, 'black', 0.8);
  y += 16;
  y += layout.cell('Taxes and shipping: quoted separately', MARGIN, y, CONTENT_WIDTH, {
    color: GREY,
  });
  y += 4;
  if (invoice.account) {
    drawAccountStanding(layout, invoice, invoice.account, y);
    return;
  }
  const transaction = invoice.transactionId?.trim() ? invoice.transactionId : '—';
  layout.cell(
    `Paid ${formatDate(invoice.paidAt)} · transaction ${transaction}`,
    MARGIN,
    y,
    CONTENT_WIDTH,
    {
      bold: true,
      lines: 2,
    },
  );
}

/** On account: what was paid and what is still due (or when it was paid in full). */
function drawAccountStanding(
  layout: InvoiceLayout,
  invoice: InvoiceDocument,
  account: InvoiceAccount,
  top: number,
) {
  let y = top;
  const due = invoice.totalCents - account.paidCents;
  y += layout.cell(`Amount paid: ${formatCents(account.paidCents)}`, MARGIN, y, CONTENT_WIDTH);
  const standing = account.settledAt
    ? `Paid in full ${formatDate(account.settledAt)}`
    : `Still due: ${formatCents(due)} by ${account.dueOn}`;
  layout.cell(standing, MARGIN, y + 2, CONTENT_WIDTH, { bold: true, lines: 2 });
}

function drawFooters(layout: InvoiceLayout, invoice: InvoiceDocument) {
  const { start, count } = layout.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    layout.doc.switchToPage(i);
    layout.cell(
      `${invoice.seller.name} · Invoice ${invoice.number} · Page ${i - start + 1} of ${count}`,
      MARGIN,
      FOOTER_Y,
      CONTENT_WIDTH,
      { size: 8, color: GREY, align: 'right' },
    );
  }
}

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
