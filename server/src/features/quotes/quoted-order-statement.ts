import type { AcceptQuoteRequest } from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { pricingParams } from '../cart/checkout-statement.ts';
import { orderColumns } from '../orders/order-view.ts';
import { productStockLowParts } from '../webhooks/outbox.ts';

/** The status an accepted quote's order starts in (accept-quote.ts decides it). */
export type PlacedStatus = 'awaiting_approval' | 'unpaid' | 'pending' | 'awaiting_freight';

/** stock.low for a part the accepted quote took below its low line (webhooks/outbox.ts). */
const quotedStockLow = sql.raw(productStockLowParts('took', 't.took'));

/**
 * The order a quote places, in one statement, at the quoted prices: each line takes what the
 * stock has (`least(quantity, available)`) and records the rest as back-ordered, so a quote for
 * more than the stock still becomes one order; a cancel gives back only what was taken. The
 * caller has locked the products (in id order) and decided its status as checkout would: above
 * the buyer's limit it awaits approval (its stock taken, its credit held, for the hold's hours);
 * on account it goes to shipping unpaid; by card it waits for the card.
 */
export const placeQuotedOrder = (
  quoteId: string,
  buyer: Actor,
  input: AcceptQuoteRequest,
  companyId: string | null,
  status: PlacedStatus,
  approvalHoldHours: number,
  p: ReturnType<typeof pricingParams>,
) =>
  sql`with wanted as (
      select l.line_no, l.product_id, l.sku, l.name, p.img, l.quantity,
        l.unit_price_cents as unit, least(l.quantity, p.available_quantity) as taken,
        p.core_deposit_cents as deposit, p.core_return_days
      from quote_lines l join products p on p.id = l.product_id
      where l.quote_id = ${quoteId}
    ), took as (
      update products p set available_quantity = p.available_quantity - w.taken
      from wanted w
      where p.id = w.product_id and w.taken > 0
      returning p.id, p.sku, p.available_quantity, p.minimum_order_quantity, w.taken as took
    ), expected as (
      select * from jsonb_to_recordset(${p.expected}::jsonb)
        as e(product_id uuid, tax bigint, deposit_tax bigint)
    ), summed as (
      select count(*) as n, least(sum(quantity), 2147483647)::int as pieces,
        sum(unit::bigint * quantity) as subtotal, sum(deposit::bigint * quantity) as deposits
      from wanted
    ), placed as (
      insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
        total_cents, user_name, email, address, phone, po_number, line_count, company_id,
        payment_terms, quote_id, status, approval_expires_at, ship_to, shipping_method,
        shipping_method_name, subtotal_cents, freight_cents, tax_cents, taxes, tax_note,
        deposit_cents)
      select w.product_id, ${buyer.id},
        case when s.n > 1 then w.name || ' + ' || (s.n - 1) || ' more' else w.name end,
        w.img, w.unit, s.pieces,
        s.subtotal + s.deposits + ${p.freightCents}::bigint + ${p.taxCents}::bigint,
        ${buyer.name}, ${buyer.email}, coalesce(${p.address}, ${input.address}),
        coalesce(${p.phone}, ${input.phone}), ${input.poNumber || null}, s.n, ${companyId},
        ${input.paymentTerms}, ${quoteId}, ${status},
        case when ${status === 'awaiting_approval'}
          then now() + make_interval(hours => ${approvalHoldHours}::int) end,
        ${p.shipTo}::jsonb, ${p.method}, ${p.methodName}, s.subtotal, ${p.freightCents}::bigint,
        ${p.taxCents}::bigint, ${p.taxes}::jsonb, ${p.taxNote}, s.deposits
      from wanted w, summed s
      where w.line_no = 1
      returning ${orderColumns}
    ), lined as (
      insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents, backordered, tax_cents, customer_part_number,
        core_deposit_cents, core_deposit_tax_cents, core_return_days)
      select placed.id, w.line_no, w.product_id, w.sku, w.name, w.img, w.quantity, w.unit,
        w.unit::bigint * w.quantity, w.quantity - w.taken, coalesce(e.tax, 0),
        n.customer_part_number, w.deposit,
        case when w.deposit > 0 then coalesce(e.deposit_tax, 0) else 0 end,
        case when w.deposit > 0 then w.core_return_days end
      from wanted w cross join placed left join expected e on e.product_id = w.product_id
        left join company_part_numbers n
          on n.company_id = placed."companyId" and n.product_id = w.product_id
    ), ${quotedStockLow}
    select * from placed`;
