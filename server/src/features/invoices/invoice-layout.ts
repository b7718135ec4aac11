import PDFDocument from 'pdfkit';
import { toWinAnsi } from './invoice-text.ts';

/** An invoice page's geometry, its table's columns, and text drawn in boxes of known size. */

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const FOOTER_Y = A4.height - MARGIN + 12;
/** Table rows stop here; the footer has the bottom margin. */
export const TABLE_BOTTOM = A4.height - MARGIN;
export const GAP = 8;
export const GREY = '#555555';
export const RULE = '#cccccc';

export type Align = 'left' | 'right';
export const columns: { title: string; width: number; align: Align }[] = [
  { title: 'SKU', width: 100, align: 'left' },
  { title: 'Description', width: 0, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Unit price', width: 76, align: 'right' },
  { title: 'Line total', width: 84, align: 'right' },
];
columns[1]!.width =
  CONTENT_WIDTH - columns.reduce((sum, c) => sum + c.width, 0) - GAP * (columns.length - 1);
export const columnX = columns.map(
  (_, i) => MARGIN + columns.slice(0, i).reduce((sum, c) => sum + c.width + GAP, 0),
);

export interface CellStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
  /** The most lines the text may take; the last one ends in `…` when it is cut. */
  lines?: number;
  /** Shrinks the type to fit one line instead (an amount is never cut). */
  fit?: boolean;
  /** Takes as many lines as the text needs, never cut (a part number matched against a PO). */
  wrap?: boolean;
  /** Struck through (issue 35: the list price beside the price paid). */
  strike?: boolean;
}

/**
 * Lays invoices out with absolute positions only: every text has a width and a height, so
 * pdfkit never breaks a page on its own and the table decides where pages end.
 */
export class InvoiceLayout {
  readonly doc: PDFKit.PDFDocument;

  constructor(invoice: {
    title?: string;
    number: string;
    issuedAt: Date;
    seller: { name: string };
  }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: {
        Title: toWinAnsi(`${invoice.title ?? 'Invoice'} ${invoice.number}`),
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
    const height = doc.heightOfString(safe, { width });
    return style.wrap ? height : Math.min(height, lineHeight * (style.lines ?? 1));
  }

  /** Draws `text` at (x, y) within `width`; returns the height it took. */
  cell(text: string, x: number, y: number, width: number, style: CellStyle = {}): number {
    const height = this.measure(text, width, style);
    this.draw(text, x, y, width, style);
    return height;
  }

  /** Draws `text` at (x, y) within `width`, cut after `lines` lines unless it wraps. */
  draw(text: string, x: number, y: number, width: number, style: CellStyle = {}) {
    const safe = toWinAnsi(text);
    const height = style.wrap ? this.measure(text, width, style) : 0;
    const doc = this.style(safe, width, style);
    // Half a line more than the text may take: pdfkit ends a cut text with `…` on its last line.
    const lines = style.wrap ? height / doc.currentLineHeight(true) : (style.lines ?? 1);
    doc.text(safe, x, y, {
      width,
      height: doc.currentLineHeight(true) * (lines + 0.5),
      ellipsis: !style.wrap,
      align: style.align ?? 'left',
      strike: style.strike ?? false,
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
