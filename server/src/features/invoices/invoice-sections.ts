import { formatCount } from '@proper-parts/domain/format';
import { yourNumberLabel } from '@proper-parts/domain/part-number-label';
import type { InvoiceAccount, InvoiceDocument } from './invoice-document.ts';
import {
  type CellStyle,
  CONTENT_WIDTH,
  columns,
  columnX,
  FOOTER_Y,
  GAP,
  GREY,
  type InvoiceLayout,
  MARGIN,
  TABLE_BOTTOM,
} from './invoice-layout.ts';
import { formatCents, formatDate, oneLineAddress } from './invoice-text.ts';

/** The parts of an invoice, top to bottom: each draws from `top` and says where it ended. */

const titleOf = (invoice: InvoiceDocument) => invoice.title ?? 'Invoice';

export function drawHeading(layout: InvoiceLayout, invoice: InvoiceDocument): number {
  let y = MARGIN;
  y += layout.cell(`${titleOf(invoice)} ${invoice.number}`, MARGIN, y, CONTENT_WIDTH, {
    size: 20,
    bold: true,
  });
  y += 6;
  const facts = [
    `Date: ${formatDate(invoice.issuedAt)}`,
    `Order: ${invoice.orderId}`,
    `PO number: ${invoice.poNumber?.trim() ? invoice.poNumber : '—'}`,
    ...(invoice.references ?? []),
    ...(invoice.account
      ? [`Terms: Net ${invoice.account.termsDays}`, `Due date: ${invoice.account.dueOn}`]
      : []),
  ];
  for (const fact of facts) y += layout.cell(fact, MARGIN, y, CONTENT_WIDTH, { color: GREY });
  return y + 18;
}

export function drawParties(layout: InvoiceLayout, invoice: InvoiceDocument, top: number): number {
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
  // A company order is billed to the company, for the attention of the member who ordered.
  const { company } = buyer;
  const buyerEnd = company
    ? block(MARGIN + width + 2 * GAP, 'BILL TO', company.name, [
        [oneLineAddress(company.billingAddress), 3],
        [company.taxId.trim() ? `Tax ID: ${company.taxId}` : '', 1],
        [`Attn: ${buyer.name}`, 2],
        [buyer.email, 1],
        [buyer.phone, 1],
        [buyer.address.trim() ? `Ship to: ${oneLineAddress(buyer.address)}` : '', 3],
      ])
    : block(MARGIN + width + 2 * GAP, 'BILL TO', buyer.name, [
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

export function drawLines(layout: InvoiceLayout, invoice: InvoiceDocument, top: number): number {
  let y = drawTableHeader(layout, top);
  for (const line of invoice.lines) {
    const cells = [
      line.sku,
      line.name,
      formatCount(line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.lineTotalCents),
    ];
    // The SKU wraps and is never cut (a buyer matches it against a PO); the name takes 3 lines;
    // amounts shrink to fit.
    const styleOf = (i: number): CellStyle => ({
      align: columns[i]!.align,
      lines: i === 1 ? 3 : 1,
      wrap: i === 0,
      fit: i >= 2,
    });
    // Issue 35: the buyer's company's own number, under the SKU (it wraps too).
    const yourNo = line.customerPartNumber ? yourNumberLabel(line.customerPartNumber) : null;
    const yourNoStyle: CellStyle = { wrap: true, size: 8, color: GREY };
    const skuWidth = columns[0]!.width;
    const heights = cells.map((text, i) => layout.measure(text, columns[i]!.width, styleOf(i)));
    const skuHeight = heights[0]!;
    if (yourNo) heights[0] = skuHeight + layout.measure(yourNo, skuWidth, yourNoStyle);
    // Issue 35: the list price, struck through, under the price paid where it was higher.
    const listed =
      line.listPriceCents != null && line.listPriceCents > line.unitPriceCents
        ? formatCents(line.listPriceCents)
        : null;
    const listedStyle: CellStyle = {
      size: 8,
      color: GREY,
      align: 'right',
      fit: true,
      strike: true,
    };
    const unitHeight = heights[3]!;
    if (listed) heights[3] = unitHeight + layout.measure(listed, columns[3]!.width, listedStyle);
    const height = Math.max(...heights);
    if (y + height + 4 > TABLE_BOTTOM) {
      layout.doc.addPage();
      y = drawTableHeader(layout, drawContinuedTitle(layout, invoice));
    }
    cells.forEach((text, i) => {
      layout.draw(text, columnX[i]!, y, columns[i]!.width, styleOf(i));
    });
    if (yourNo) layout.draw(yourNo, columnX[0]!, y + skuHeight, skuWidth, yourNoStyle);
    if (listed) layout.draw(listed, columnX[3]!, y + unitHeight, columns[3]!.width, listedStyle);
    y += height + 3;
    layout.rule(y);
    y += 4;
  }
  return y;
}

export function drawContinuedTitle(layout: InvoiceLayout, invoice: InvoiceDocument): number {
  const height = layout.cell(
    `${titleOf(invoice)} ${invoice.number} (continued)`,
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

export function drawTotals(layout: InvoiceLayout, invoice: InvoiceDocument, top: number) {
  let y = top;
  const amounts = invoice.amounts;
  const extraRows = amounts ? 2 + amounts.taxes.length + (amounts.taxNote ? 2 : 0) : 0;
  const needed = (invoice.account ? 110 : 80) + extraRows * 14;
  if (y + needed > TABLE_BOTTOM) {
    layout.doc.addPage();
    y = drawContinuedTitle(layout, invoice);
  }
  y += 4;
  const amountColumn = columns.length - 1;
  const labelWidth = columnX[amountColumn]! - GAP - MARGIN;
  const total = { size: 11, bold: true, align: 'right', fit: true } as const;
  if (amounts) {
    // Issue 33: subtotal, freight and each tax, then the total they add up to.
    const row = { align: 'right', fit: true } as const;
    const rows: [string, number][] = [
      ['Subtotal', amounts.subtotalCents],
      [amounts.freightName ? `Freight (${amounts.freightName})` : 'Freight', amounts.freightCents],
      ...amounts.taxes.map((t): [string, number] => [`${t.name} ${t.rate}%`, t.amountCents]),
    ];
    if (amounts.taxes.length === 0) rows.push(['Tax', 0]);
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
  }
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
  if (!amounts)
    y += layout.cell('Taxes and shipping: quoted separately', MARGIN, y, CONTENT_WIDTH, {
      color: GREY,
    });
  else if (amounts.taxNote)
    y += layout.cell(amounts.taxNote, MARGIN, y, CONTENT_WIDTH, { bold: true, lines: 3 });
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

export function drawFooters(layout: InvoiceLayout, invoice: InvoiceDocument) {
  const { start, count } = layout.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    layout.doc.switchToPage(i);
    layout.cell(
      `${invoice.seller.name} · ${titleOf(invoice)} ${invoice.number} · Page ${i - start + 1} of ${count}`,
      MARGIN,
      FOOTER_Y,
      CONTENT_WIDTH,
      { size: 8, color: GREY, align: 'right' },
    );
  }
}
