import { type ReturnRequest, returnMessages } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { CreditNoteLine } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** What a refund (card) or a credit note (on account) gives back, in cents (decision 037). */

export interface RefundOrderLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  taxCents: number;
  /** Issue 37: the core deposit per piece (0: none) and the tax of the line's deposit line. */
  depositCents: number;
  depositTaxCents: number;
}

export interface RefundBasis {
  orderId: string;
  companyId: string | null;
  paymentTerms: string;
  lines: RefundOrderLine[];
  /** Per product, the pieces the order's other returns already refunded (or are refunding). */
  refundedBefore: Map<string, number>;
  /** Issue 37: per product, the pieces whose core deposit other returns gave back. */
  depositRefundedBefore: Map<string, number>;
  /** The order's freight and the tax on it; whether another return gave it back already. */
  freightCents: number;
  freightTaxCents: number;
  freightRefundedBefore: boolean;
}

export interface RefundOptions {
  restockingFeePercent?: number | undefined;
  refundFreight?: boolean | undefined;
}

export interface RefundAmounts {
  lines: CreditNoteLine[];
  /** The goods and the core deposits given back (before tax). */
  subtotalCents: number;
  /** Issue 37: of `subtotalCents`, the core deposits. */
  depositCents: number;
  /** The goods' tax, and the freight's when freight is given back. */
  taxCents: number;
  freightCents: number;
  feeCents: number;
  totalCents: number;
  /**
   * Each returned product's goods given back, before the restocking fee (not its deposit): kept on
   * its return line for the sales figures' top lists (refund-goods.ts, migration 0043).
   */
  goods: { productId: string; cents: number }[];
}

/** `a / b` rounded half up, for non-negative integers. */
const halfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * Why a return gives nothing back: its cores came back late (the deposit is kept), or nothing
 * of it was restocked or scrapped.
 */
export const nothingToRefundOf = (request: Pick<ReturnRequest, 'lines'>) =>
  new AppError(
    'UNPROCESSABLE',
    request.lines.some((line) => line.reason === 'core_return' && line.coreLate)
      ? returnMessages.coreKept
      : returnMessages.nothingToRefund,
  );

/** Issue 37: how a credit note names a deposit line given back. */
export const depositLineName = (name: string) => `Core deposit: ${name}`;

/**
 * `pieces` of a product taken from its order lines, first line first, after the `before` pieces
 * earlier returns took: per line, the pieces taken and the share of `tax` they give back
 * (`round(tax × (p + n) / q) − round(tax × p / q)`: all of a line's returns together never give
 * back more than its tax, and the last piece gives back exactly what is left).
 */
function takeFromLines(
  orderLines: RefundOrderLine[],
  pieces: number,
  before: number,
  taxOf: (line: RefundOrderLine) => number,
) {
  const taken: { line: RefundOrderLine; quantity: number; taxCents: number }[] = [];
  for (const orderLine of orderLines) {
    if (pieces <= 0) break;
    const prior = Math.min(before, orderLine.quantity);
    before -= prior;
    const n = Math.min(pieces, orderLine.quantity - prior);
    if (n <= 0) continue;
    const { quantity: q } = orderLine;
    const tax = taxOf(orderLine);
    taken.push({
      line: orderLine,
      quantity: n,
      taxCents: halfUp(tax * (prior + n), q) - halfUp(tax * prior, q),
    });
    pieces -= n;
  }
  return taken;
}

/**
 * The amounts of a received return: for each restocked or scrapped piece (refused ones go back to
 * the buyer) its invoice line's unit price and tax; a product on several lines is taken first line
 * first, continuing after the pieces earlier returns took. A line's tax is given back by its
 * running share: after the earlier returns' `p` pieces, `n` more give back
 * `round(tax × (p + n) / q) − round(tax × p / q)`, so all the returns of a line together never
 * give back more than its tax, and the last piece gives back exactly what is left. Freight (and
 * its tax) only when asked, once per order; the restocking fee is a percent of the goods, rounded
 * half up, kept from the total.
 *
 * Issue 37: a product's core deposit line is given back by the same running share: with each
 * part returned (its price and its deposit), and alone for a core returned in time (the buyer
 * keeps the part); a core returned after its window gives back nothing (the deposit is kept).
 */
export function refundAmountsOf(
  request: Pick<ReturnRequest, 'lines'>,
  basis: RefundBasis,
  options: RefundOptions = {},
): RefundAmounts {
  const lines: CreditNoteLine[] = [];
  const goods: RefundAmounts['goods'] = [];
  let goodsCents = 0;
  let depositCents = 0;
  let taxCents = 0;
  for (const line of request.lines) {
    const pieces = line.restocked + line.scrapped;
    const orderLines = basis.lines.filter((l) => l.productId === line.productId);
    // Issue 37: a core returned brings back its deposit only (the buyer keeps the part); late,
    // nothing (the deposit is kept). A part returned brings back its price and its deposit.
    if (line.reason !== 'core_return') {
      const before = basis.refundedBefore.get(line.productId) ?? 0;
      const goodsBefore = goodsCents;
      for (const taken of takeFromLines(orderLines, pieces, before, (l) => l.taxCents)) {
        const lineTotalCents = taken.quantity * taken.line.unitPriceCents;
        lines.push({
          sku: taken.line.sku,
          name: taken.line.name,
          quantity: taken.quantity,
          unitPriceCents: taken.line.unitPriceCents,
          lineTotalCents,
          taxCents: taken.taxCents,
        });
        goodsCents += lineTotalCents;
        taxCents += taken.taxCents;
      }
      goods.push({ productId: line.productId, cents: goodsCents - goodsBefore });
    }
    if (line.reason === 'core_return' && line.coreLate) continue;
    const withDeposit = orderLines.filter((l) => l.depositCents > 0);
    if (withDeposit.length === 0) continue;
    const before = basis.depositRefundedBefore.get(line.productId) ?? 0;
    for (const taken of takeFromLines(withDeposit, pieces, before, (l) => l.depositTaxCents)) {
      const lineTotalCents = taken.quantity * taken.line.depositCents;
      lines.push({
        sku: taken.line.sku,
        name: depositLineName(taken.line.name),
        quantity: taken.quantity,
        unitPriceCents: taken.line.depositCents,
        lineTotalCents,
        taxCents: taken.taxCents,
      });
      depositCents += lineTotalCents;
      taxCents += taken.taxCents;
    }
  }
  const withFreight = options.refundFreight === true && !basis.freightRefundedBefore;
  const freightCents = withFreight ? basis.freightCents : 0;
  if (withFreight) taxCents += basis.freightTaxCents;
  // The restocking fee is a percent of the goods: a core deposit is given back whole.
  const feeCents = halfUp(goodsCents * (options.restockingFeePercent ?? 0), 100);
  const subtotalCents = goodsCents + depositCents;
  return {
    lines,
    subtotalCents,
    depositCents,
    taxCents,
    freightCents,
    feeCents,
    totalCents: subtotalCents + taxCents + freightCents - feeCents,
    goods,
  };
}

/**
 * What the refund of return `id` is computed from. Read inside the refunding transaction after
 * the order's row is locked (`for update`): two returns of one order refunded at once queue there,
 * and the second counts the first's pieces and freight.
 */
export async function loadRefundBasis(
  tx: Queryable,
  id: string,
  orderId: string,
): Promise<RefundBasis | undefined> {
  const [order] = await rowsOf<{
    companyId: string | null;
    paymentTerms: string;
    freightCents: number | string;
    freightTaxCents: number | string;
  }>(
    tx,
    sql`select o.company_id as "companyId", o.payment_terms as "paymentTerms",
        o.freight_cents as "freightCents",
        greatest(o.tax_cents - coalesce((select sum(l.tax_cents + l.core_deposit_tax_cents)
          from order_lines l where l.order_id = o.id), 0), 0) as "freightTaxCents"
      from orders o where o.id = ${orderId} for update`,
  );
  if (!order) return undefined;
  const lines = await rowsOf<RefundOrderLine>(
    tx,
    sql`select product_id as "productId", sku, name, quantity,
        unit_price_cents as "unitPriceCents", tax_cents::int as "taxCents",
        core_deposit_cents as "depositCents", core_deposit_tax_cents::int as "depositTaxCents"
      from order_lines where order_id = ${orderId} order by line_no`,
  );
  const before = await rowsOf<{ productId: string; pieces: number; depositPieces: number }>(
    tx,
    sql`select l.product_id as "productId",
        coalesce(sum(l.restocked + l.scrapped) filter (where l.reason <> 'core_return'), 0)::int
          as pieces,
        coalesce(sum(l.restocked + l.scrapped) filter (where not l.core_late), 0)::int
          as "depositPieces"
      from return_lines l join returns r on r.id = l.return_id
      where r.order_id = ${orderId} and r.id <> ${id} and r.refund_state is not null
      group by l.product_id`,
  );
  const [freight] = await rowsOf<{ refunded: boolean }>(
    tx,
    sql`select exists (select 1 from returns where order_id = ${orderId} and id <> ${id}
        and refund_state is not null and refund_freight_cents > 0) as refunded`,
  );
  return {
    orderId,
    companyId: order.companyId,
    paymentTerms: order.paymentTerms,
    lines,
    refundedBefore: new Map(before.map((b) => [b.productId, b.pieces])),
    depositRefundedBefore: new Map(before.map((b) => [b.productId, b.depositPieces])),
    freightCents: Number(order.freightCents),
    freightTaxCents: Number(order.freightTaxCents),
    freightRefundedBefore: freight?.refunded === true,
  };
}
