import { type ReturnRequest, returnReasonLabels } from '@proper-parts/domain/returns';
import {
  CONTENT_WIDTH,
  GAP,
  GREY,
  InvoiceLayout,
  MARGIN,
  TABLE_BOTTOM,
} from '../invoices/invoice-layout.ts';
import { formatDate, oneLineAddress } from '../invoices/invoice-text.ts';

interface Seller {
  name: string;
  address: string;
  email: string;
}

const columns = [
  { title: 'SKU', width: 110 },
  { title: 'Part', width: CONTENT_WIDTH - 110 - 50 - 100 - 3 * GAP },
  { title: 'Pieces', width: 50 },
  { title: 'Reason', width: 100 },
];
const columnX = columns.map(
  (_, i) => MARGIN + columns.slice(0, i).reduce((sum, c) => sum + c.width + GAP, 0),
);

/** The steps the buyer follows, as the approval mail says them (return-mail.ts). */
export const rmaInstructions = (rma: string, seller: Seller) => [
  `1. Pack the parts well and write ${rma} on the outside of the parcel.`,
  '2. Put this page (or the RMA number) inside.',
  `3. Send it to: ${seller.name}, Returns, ${oneLineAddress(seller.address)}.`,
  '4. We tell you when it has arrived and been inspected; refunds follow the inspection.',
];

/**
 * Issue 37: an approved return's authorization as an A4 PDF, drawn with the invoice's layout
 * (decision 019): the RMA number, the order, the pieces to send back and how.
 */
export function renderRmaPdf(request: ReturnRequest, seller: Seller): Promise<Buffer> {
  const rma = request.rmaNumber ?? '';
  const issuedAt = new Date(request.decidedAt ?? request.createdAt);
  return new Promise((resolve, reject) => {
    const layout = new InvoiceLayout({
      title: 'Return authorization',
      number: rma,
      issuedAt,
      seller,
    });
    const chunks: Uint8Array[] = [];
    layout.doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    layout.doc.on('end', () => resolve(Buffer.concat(chunks)));
    layout.doc.on('error', reject);
    let y = MARGIN;
    y += layout.cell(`Return authorization ${rma}`, MARGIN, y, CONTENT_WIDTH, {
      size: 20,
      bold: true,
    });
    y += 6;
    for (const fact of [
      `Approved: ${formatDate(issuedAt)}`,
      `Order: ${request.orderId}`,
      `Buyer: ${request.email}`,
    ])
      y += layout.cell(fact, MARGIN, y, CONTENT_WIDTH, { color: GREY });
    y += 18;
    const header = () => {
      const height = Math.max(
        ...columns.map((c, i) =>
          layout.cell(c.title, columnX[i]!, y, c.width, { bold: true, size: 9 }),
        ),
      );
      layout.rule(y + height + 2, 'black', 0.8);
      y += height + 6;
    };
    header();
    for (const line of request.lines) {
      const cells = [line.sku, line.name, String(line.quantity), returnReasonLabels[line.reason]];
      const height = Math.max(
        ...cells.map((text, i) =>
          layout.measure(text, columns[i]!.width, { lines: 2, wrap: i === 0 }),
        ),
      );
      if (y + height + 4 > TABLE_BOTTOM - 140) {
        layout.doc.addPage();
        y = MARGIN;
        header();
      }
      cells.forEach((text, i) => {
        layout.draw(text, columnX[i]!, y, columns[i]!.width, { lines: 2, wrap: i === 0 });
      });
      y += height + 3;
      layout.rule(y);
      y += 4;
    }
    y += 14;
    y += layout.cell('How to send it back', MARGIN, y, CONTENT_WIDTH, { size: 11, bold: true });
    y += 4;
    for (const step of rmaInstructions(rma, seller))
      y += layout.cell(step, MARGIN, y, CONTENT_WIDTH, { lines: 3 }) + 2;
    y += 10;
    layout.cell(`Questions: ${seller.email}`, MARGIN, y, CONTENT_WIDTH, { color: GREY });
    const { start, count } = layout.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      layout.doc.switchToPage(i);
      layout.cell(
        `${seller.name} · ${rma} · Page ${i - start + 1} of ${count}`,
        MARGIN,
        TABLE_BOTTOM + 12,
        CONTENT_WIDTH,
        { size: 8, color: GREY, align: 'right' },
      );
    }
    layout.doc.end();
  });
}
