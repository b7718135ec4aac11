import { yourNumberLabel } from '@proper-parts/domain/part-number-label';
import type { Shipment } from '@proper-parts/domain/shipments';
import PDFDocument from 'pdfkit';
import { A4, CONTENT_WIDTH, GREY, MARGIN, RULE, TABLE_BOTTOM } from '../invoices/invoice-layout.ts';
import { formatDate, toWinAnsi } from '../invoices/invoice-text.ts';

export interface PackingSlip {
  shipment: Shipment;
  seller: { name: string; address: string };
  shipTo: { userName: string; address: string; phone: string; email: string };
  poNumber: string | null;
}

const SKU_WIDTH = 130;
const QTY_WIDTH = 60;
const NAME_WIDTH = CONTENT_WIDTH - SKU_WIDTH - QTY_WIDTH - 16;

/**
 * A shipment's packing slip (issue 33) as an A4 PDF in the built-in Helvetica, as the invoice
 * (invoice-layout.ts): the seller, the ship-to, carrier and tracking number, and each line's SKU,
 * name and pieces in the box. No prices: it travels with the parts.
 */
export function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { shipment } = slip;
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: {
        Title: `Packing slip ${shipment.id.slice(0, 8)}`,
        CreationDate: new Date(shipment.createdAt),
      },
    });
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    // Every text has a width and a height: pdfkit never breaks a page on its own.
    const text = (value: string, x: number, y: number, width: number, size = 9.5, bold = false) =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .fillColor('black')
        .text(toWinAnsi(value) || ' ', x, y, { width, height: size * 1.8, ellipsis: true });
    const grey = (value: string, x: number, y: number, width: number) =>
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(GREY)
        .text(toWinAnsi(value) || ' ', x, y, { width, height: 16, ellipsis: true });

    text('Packing slip', MARGIN, MARGIN, CONTENT_WIDTH, 20, true);
    grey(`Shipment ${shipment.id}`, MARGIN, MARGIN + 28, CONTENT_WIDTH);
    grey(`Order ${shipment.orderId}`, MARGIN, MARGIN + 42, CONTENT_WIDTH);
    grey(formatDate(new Date(shipment.createdAt)), MARGIN, MARGIN + 56, CONTENT_WIDTH);

    const half = CONTENT_WIDTH / 2 - 8;
    let y = MARGIN + 86;
    text('From', MARGIN, y, half, 9.5, true);
    text('Ship to', MARGIN + half + 16, y, half, 9.5, true);
    y += 16;
    const from = [slip.seller.name, slip.seller.address];
    const to = [slip.shipTo.userName, slip.shipTo.address, slip.shipTo.phone, slip.shipTo.email];
    for (let i = 0; i < Math.max(from.length, to.length); i += 1) {
      text(from[i] ?? '', MARGIN, y, half);
      text(to[i] ?? '', MARGIN + half + 16, y, half);
      y += 14;
    }
    y += 10;
    const carrier = shipment.carrier ?? 'Not given';
    text(`Carrier: ${carrier}`, MARGIN, y, CONTENT_WIDTH);
    y += 14;
    text(`Tracking number: ${shipment.trackingNumber ?? 'None'}`, MARGIN, y, CONTENT_WIDTH);
    y += 14;
    if (slip.poNumber) {
      text(`PO number: ${slip.poNumber}`, MARGIN, y, CONTENT_WIDTH);
      y += 14;
    }
    y += 12;

    const header = (top: number) => {
      text('SKU', MARGIN, top, SKU_WIDTH, 9, true);
      text('Description', MARGIN + SKU_WIDTH + 8, top, NAME_WIDTH, 9, true);
      doc
        .font('Helvetica-Bold')
        .text('Qty', MARGIN + CONTENT_WIDTH - QTY_WIDTH, top, { width: QTY_WIDTH, align: 'right' });
      doc
        .moveTo(MARGIN, top + 14)
        .lineTo(MARGIN + CONTENT_WIDTH, top + 14)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      return top + 20;
    };
    y = header(y);
    let pieces = 0;
    for (const line of shipment.lines) {
      if (y > TABLE_BOTTOM - 40) {
        doc.addPage();
        y = header(MARGIN);
      }
      text(line.sku, MARGIN, y, SKU_WIDTH);
      text(line.name, MARGIN + SKU_WIDTH + 8, y, NAME_WIDTH);
      doc.font('Helvetica').text(String(line.quantity), MARGIN + CONTENT_WIDTH - QTY_WIDTH, y, {
        width: QTY_WIDTH,
        align: 'right',
      });
      pieces += line.quantity;
      y += 16;
      // Issue 35: the buyer's company's own number, under the SKU.
      if (line.customerPartNumber) {
        grey(yourNumberLabel(line.customerPartNumber), MARGIN, y - 3, SKU_WIDTH);
        y += 11;
      }
    }
    y += 6;
    text(
      `Pieces in this shipment: ${pieces}`,
      MARGIN,
      Math.min(y, A4.height - MARGIN - 20),
      CONTENT_WIDTH,
      9.5,
      true,
    );
    doc.end();
  });
}
