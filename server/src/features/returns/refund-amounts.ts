import type { ReturnRequest } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { CreditNoteLine } from '../../db/schema.ts';

/** What a refund (card) or a credit note (on account) gives back, in cents (decision 037). */

export interface RefundOrderLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  taxCents: number;
}

export interface RefundBasis {
  orderId: string;
  companyId: string | null;
  paymentTerms: string;
  lines: RefundOrderLine[];
  /** Per product, the pieces the order's other returns already refunded (or are refunding). */
  refundedBefore: Map<string, number>;
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
  subtotalCents: number;
  /** The goods' tax, and the freight's when freight is given back. */
  taxCents: number;
  freightCents: number;
  feeCents: number;
  totalCents: number;
}

/** `a / b` rounded half up, for non-negative integers. */
const halfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * The amounts of a received return: for each restocked or scrapped piece (refused ones go back to
 * the buyer) its invoice line's unit price and tax; a product on several lines is taken first line
 * first, continuing after the pieces earlier returns took. A line's tax is given back by its
 * running share: after the earlier returns' `p` pieces, `n` more give back
 * `round(tax × (p + n) / q) − round(tax × p / q)`, so all the returns of a line together never
 * give back more than its tax, and the last piece gives back exactly what is left. Freight (and
 * its tax) only when asked, once per order; the restocking fee is a percent of the goods, rounded
 * half up, kept from the total.
 */
export function refundAmountsOf(
  request: Pick<ReturnRequest, 'lines'>,
  basis: RefundBasis,
  options: RefundOptions = {},
): RefundAmounts {
  const lines: CreditNoteLine[] = [];
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of request.lines) {
    let pieces = line.restocked + line.scrapped;
    let before = basis.refundedBefore.get(line.productId) ?? 0;
    for (const orderLine of basis.lines.filter((l) => l.productId === line.productId)) {
      if (pieces <= 0) break;
      const prior = Math.min(before, orderLine.quantity);
      before -= prior;
      const taken = Math.min(pieces, orderLine.quantity - prior);
      if (taken <= 0) continue;
      const { quantity: q, taxCents: tax } = orderLine;
      const lineTax = halfUp(tax * (prior + taken), q) - halfUp(tax * prior, q);
      const lineTotalCents = taken * orderLine.unitPriceCents;
      lines.push({
        sku: orderLine.sku,
        name: orderLine.name,
        quantity: taken,
        unitPriceCents: orderLine.unitPriceCents,
        lineTotalCents,
        taxCents: lineTax,
      });
      subtotalCents += lineTotalCents;
      taxCents += lineTax;
      pieces -= taken;
    }
  }
  const withFreight = options.refundFreight === true && !basis.freightRefundedBefore;
  const freightCents = withFreight ? basis.freightCents : 0;
  if (withFreight) taxCents += basis.freightTaxCents;
  const feeCents = halfUp(subtotalCents * (options.restockingFeePercent ?? 0), 100);
  return {
    lines,
    subtotalCents,
    taxCents,
    freightCents,
    feeCents,
    totalCents: subtotalCents + taxCents + freightCents - feeCents,
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
        greatest(o.tax_cents - coalesce((select sum(l.tax_cents) from order_lines l
          where l.order_id = o.id), 0), 0) as "freightTaxCents"
      from orders o where o.id = ${orderId} for update`,
  );
  if (!order) return undefined;
  const lines = await rowsOf<RefundOrderLine>(
    tx,
    sql`select product_id as "productId", sku, name, quantity,
        unit_price_cents as "unitPriceCents", tax_cents::int as "taxCents"
      from order_lines where order_id = ${orderId} order by line_no`,
  );
  const before = await rowsOf<{ productId: string; pieces: number }>(
    tx,
    sql`select l.product_id as "productId", sum(l.restocked + l.scrapped)::int as pieces
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
    freightCents: Number(order.freightCents),
    freightTaxCents: Number(order.freightTaxCents),
    freightRefundedBefore: freight?.refunded === true,
  };
}
