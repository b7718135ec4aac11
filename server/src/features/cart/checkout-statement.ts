import { addressText } from '@proper-parts/domain/addresses';
import type { CheckoutRequest } from '@proper-parts/domain/cart';
import type { OrderLine } from '@proper-parts/domain/order-line';
import { percentOfPpm } from '@proper-parts/domain/tax';
import { type SQL, sql } from 'drizzle-orm';
import { backorderParts, backorderWrites } from '../backorders/backorder-checkout.ts';
import { buyerCompany } from '../company-catalogs/out-of-catalog.ts';
import { type OrderRow, orderColumns } from '../orders/order-view.ts';
import type { Buyer } from '../orders/place-order.ts';
import type { TaxBuyer } from '../tax/tax-calculator.ts';
import { exemptionJson } from '../tax/tax-repository.ts';
import {
  eventParts,
  orderAndInvoiceEvents,
  productStockLowParts,
  warehouseLowCrossed,
  warehouseLowJson,
} from '../webhooks/outbox.ts';
import { allocationParts, allocationWrites } from './allocation.ts';
import { depositRef, type PricedCart } from './cart-quote.ts';
import type { PricedLine } from './priced-line.ts';

/** The checkout's one statement (checkout.ts runs it) and what it answers. */
export interface Placed extends Partial<OrderRow> {
  cartLines: number | string;
  sellable: boolean | null;
  invoiceYear: number | null;
  invoiceNumber: number | null;
  invoiceDueOn: string | Date | null;
  /** The buyer's company's terms and what is left of its credit (before this order). */
  termsDays: number | null;
  creditLeftCents: number | string | null;
  /** The lines the statement inserted, as the API shows them (dollars). */
  placedLines: OrderLine[] | string | null;
  /** Issue 33: the cart under the lock is the one priced (lines, quantities, unit prices). */
  matchedQuote: boolean | null;
  /** Issue 36: lines that could be ordered with their backorders, had the buyer accepted them. */
  unaccepted: boolean | null;
  /**
   * Issue 36: whether the warehouses' rows added up to the cart. They may not when stock came into
   * a warehouse row the statement's snapshot saw empty (a receipt, an adjustment) while the
   * product's sum, read under its lock, already counts it: run again, it sees both.
   */
  allocated: boolean | null;
}

/**
 * The buyer's company and its tax facts a cart was priced with from hints (priced-cart-hint.ts),
 * not read: the statement places the order only if they are still so.
 */
export interface AssumedBuyer {
  companyId: string | null;
  taxBuyer: TaxBuyer;
}

/** What the statement writes of a priced cart: per-line taxes, freight, the order's tax. */
export function pricingParams(priced: PricedCart<PricedLine> | null) {
  const taxOf = new Map(priced?.tax.lines.map((line) => [line.ref, line.taxCents]));
  const shipTo = priced?.shipTo;
  return {
    priced: priced !== null,
    expected: JSON.stringify(
      (priced?.rows ?? []).map((row) => ({
        product_id: row.productId,
        quantity: row.quantity,
        unit: Number(row.unitCents),
        weight: Number(row.weightGrams),
        tax: taxOf.get(row.productId) ?? 0,
        deposit: Number(row.depositCents ?? 0),
        deposit_tax: taxOf.get(depositRef(row.productId)) ?? 0,
      })),
    ),
    freightCents: priced?.freightCents ?? 0,
    taxCents: priced?.tax.taxCents ?? 0,
    quoted: priced !== null && priced.freightCents === null,
    shipTo: shipTo ? JSON.stringify(shipTo) : null,
    address: shipTo ? addressText(shipTo) : null,
    phone: shipTo?.phone || null,
    method: priced?.chosen?.code ?? null,
    methodName: priced?.chosen?.name ?? null,
    taxes: JSON.stringify(
      (priced?.tax.taxes ?? []).map((tax) => ({
        name: tax.name,
        rate: String(percentOfPpm(tax.ratePpm)),
        amountCents: tax.amountCents,
      })),
    ),
    taxNote: priced?.tax.note ?? null,
  };
}

/**
 * Issue 34: the statement's last parts record `order.created`, `invoice.created` (on account) and
 * `stock.low` (the product's, and issue 36's per warehouse the order drew from) in the outbox
 * (webhooks/outbox.ts): the order and its events commit together, or neither does.
 */
const checkoutEvents = sql.raw(
  [
    orderAndInvoiceEvents('order.created', 'placed', 'invoiced'),
    productStockLowParts('taken', 't.took'),
    eventParts(
      'ev_wlow',
      'stock.low',
      `select 'product:' || t.id, ${warehouseLowJson('t', 'd', 'w.name')}
      from drawn d join taken t on t.id = d.product_id join warehouses w on w.id = d.warehouse_id
      where ${warehouseLowCrossed('d.quantity', 'd.took', 'd.reorder_point')}`,
    ),
  ].join(', '),
);

/**
 * The whole checkout, one statement. Issue 36: `stocked` … `allocation` (allocation.ts) choose
 * the warehouses each line's pieces come from, `drawn` takes them and `allocated` records them.
 * `locked` locks the cart's lines and their products in product
 * id order (`LockRows` sits above the sort), and under READ COMMITTED returns each product as the
 * last committed writer left it; `verdict` judges every line by the cart's rule
 * (`cartLineProblem` in domain/cart.ts: sold, minimum, stock, pack).
 *
 * Issue 19: `member` is the buyer's place in a company, read in this statement. On account,
 * `credited` raises the company's balance by the order's total with one guarded update, only
 * while it stays within the credit limit: two orders racing for the last of the credit queue on
 * the company's row, and the second sees the first's balance (READ COMMITTED re-checks the row).
 * Credit is raised only for an order every other check lets through: a statement refused for its
 * pricing (`matched`) or its warehouses (`allocation`) holds none (before, the company's balance
 * kept the refused total).
 * An order above a buyer's limit is placed `awaiting_approval`: its stock is taken (reserved) and
 * its credit held, until an approver decides or the hold expires. Every write below `decision`
 * runs only when it says go. The order's own columns keep the spec's fields: its first line's
 * product, name and unit price (the name says how many more lines follow), its pieces and total.
 */
export function placeCartStatement(
  buyer: Buyer,
  input: CheckoutRequest,
  approvalHoldHours: number,
  priced: PricedCart<PricedLine> | null,
  assumed: AssumedBuyer | null = null,
): SQL {
  const onAccount = input.paymentTerms === 'account';
  const p = pricingParams(priced);
  const assumedCompany = assumed?.companyId ?? null;
  const exemption = assumed?.taxBuyer.exemption;
  const assumedExemption = exemption ? JSON.stringify(exemption) : null;
  return sql`with locked as (
      select p.id as product_id, c.quantity, c.added_at, p.sku, p.name, p.img, p.price_cents,
        p.available_quantity as on_hand, p.backorder_allowed, p.lead_time_days,
        p.core_deposit_cents, p.core_return_days, p.weight_grams, p.brand_id, p.category_id,
        p.deleted_at is null
          and c.quantity >= p.minimum_order_quantity
          and c.quantity <= coalesce(p.max_order_quantity, c.quantity)
          and c.quantity % p.pack_size = 0
          and pp_catalog_has(m.company_id, p.id) as sellable
      from cart_lines c join products p on p.id = c.product_id
        cross join ${buyerCompany(buyer.id)} m
      where c.user_id = ${buyer.id}
      order by p.id
      for no key update of c, p
    ), ${backorderParts(input.acceptBackorder === true)},
    ${allocationParts(priced?.shipTo.country ?? null, 'onhand')}, verdict as (
      select count(*) as n, coalesce(bool_and(l.sellable and b.ok), false) as ok,
        coalesce(bool_and(l.sellable and (b.ok or b.unaccepted)) and bool_or(b.unaccepted), false)
          as unaccepted
      from locked l join backed_ok b on b.product_id = l.product_id
    ), member as (
      select company_id, role, order_limit_cents from company_members where user_id = ${buyer.id}
    ), wanted as (
      select l.product_id, l.quantity, l.sku, l.name, l.img, l.price_cents, b.back, b.expected_on,
        u.cents as unit, row_number() over (order by l.added_at, l.product_id) as line_no,
        l.core_deposit_cents as deposit, l.core_return_days, l.weight_grams as weight
      from locked l
        join backed b on b.product_id = l.product_id
        left join categories c1 on c1.id = l.category_id
        left join categories c2 on c2.id = c1.parent_id
        cross join lateral pp_buyer_unit_price_for(l.product_id, l.price_cents, l.quantity,
          ${buyer.id}::text, l.brand_id, l.category_id, c1.parent_id, c2.parent_id) u
    ), expected as (
      select * from jsonb_to_recordset(${p.expected}::jsonb)
        as e(product_id uuid, quantity int, unit int, weight int, tax bigint, deposit int,
          deposit_tax bigint)
    ), matched as (
      select not ${p.priced}::boolean or (
        (select count(*) from expected) = (select count(*) from wanted)
        and not exists (select 1 from wanted w left join expected e on e.product_id = w.product_id
          where e.product_id is null or e.quantity <> w.quantity or e.unit <> w.unit
            or e.deposit <> w.deposit or e.weight <> w.weight)
        and (not ${assumed !== null}::boolean or (
          (select company_id from member) is not distinct from ${assumedCompany}::uuid
          and (${assumedCompany}::uuid is null or exists (
            select 1 from companies c left join tax_exemptions e on e.company_id = c.id
            where c.id = ${assumedCompany}::uuid and c.tax_id = ${assumed?.taxBuyer.taxId ?? ''}
              and ${exemptionJson('e')} is not distinct from ${assumedExemption}::jsonb))))) as ok
    ), summed as (
      select count(*) as n, least(sum(quantity), 2147483647)::int as pieces,
        coalesce(sum(unit::bigint * quantity), 0) as subtotal,
        coalesce(sum(deposit::bigint * quantity), 0) as deposits,
        coalesce(sum(unit::bigint * quantity), 0) + coalesce(sum(deposit::bigint * quantity), 0)
          + ${p.freightCents}::bigint + ${p.taxCents}::bigint as total
      from wanted
    ), credited as (
      update companies c set balance_cents = c.balance_cents + s.total, updated_at = now()
      from summed s, member m
      where ${onAccount} and (select ok from verdict) and (select ok from matched)
        and (select ok from allocation) and c.id = m.company_id
        and c.terms_days is not null and c.balance_cents + s.total <= c.credit_limit_cents
      returning c.terms_days
    ), decision as (
      select (select ok from verdict) and (select ok from matched) and (select ok from allocation)
          and (not ${onAccount} or exists (select 1 from credited)) as go,
        exists (select 1 from member m, summed s
          where m.role = 'buyer' and m.order_limit_cents is not null
            and s.total > m.order_limit_cents) as over_limit
    ), taken as (
      update products p set available_quantity = p.available_quantity - b.now_qty
      from backed b
      where p.id = b.product_id and b.now_qty > 0 and (select go from decision)
      returning p.id, p.sku, p.available_quantity, p.minimum_order_quantity, b.now_qty as took
    ), placed as (
      insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
        total_cents, user_name, email, address, phone, po_number, note, line_count, company_id,
        payment_terms, status, approval_expires_at, ship_to, shipping_method,
        shipping_method_name, subtotal_cents, freight_cents, tax_cents, taxes, tax_note,
        deposit_cents)
      select w.product_id, ${buyer.id},
        case when s.n > 1 then w.name || ' + ' || (s.n - 1) || ' more' else w.name end,
        w.img, w.unit, s.pieces, s.total, ${buyer.name}, ${buyer.email},
        coalesce(${p.address}, ${input.address}), coalesce(${p.phone}, ${input.phone}),
        ${input.poNumber || null}, ${input.note || null}, s.n,
        (select company_id from member), ${input.paymentTerms},
        case when ${p.quoted}::boolean then 'awaiting_freight'
          when d.over_limit then 'awaiting_approval'
          when ${onAccount} then 'pending' else 'unpaid' end,
        case when d.over_limit and not ${p.quoted}::boolean
          then now() + make_interval(hours => ${approvalHoldHours}::int) end,
        ${p.shipTo}::jsonb, ${p.method}, ${p.methodName}, s.subtotal, ${p.freightCents}::bigint,
        ${p.taxCents}::bigint, ${p.taxes}::jsonb, ${p.taxNote}, s.deposits
      from wanted w, summed s, decision d
      where w.line_no = 1 and d.go
      returning ${orderColumns}
    ), lined as (
      insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents, tax_cents, customer_part_number, backordered,
        expected_on, list_price_cents, core_deposit_cents, core_deposit_tax_cents,
        core_return_days)
      select placed.id, w.line_no, w.product_id, w.sku, w.name, w.img, w.quantity, w.unit,
        w.unit::bigint * w.quantity, coalesce(e.tax, 0), n.customer_part_number, w.back,
        w.expected_on, case when w.unit < w.price_cents then w.price_cents end, w.deposit,
        case when w.deposit > 0 then coalesce(e.deposit_tax, 0) else 0 end,
        case when w.deposit > 0 then w.core_return_days end
      from wanted w cross join placed left join expected e on e.product_id = w.product_id
        left join company_part_numbers n
          on n.company_id = placed."companyId" and n.product_id = w.product_id
      returning line_no, product_id, sku, name, img, quantity, unit_price_cents,
        line_total_cents, tax_cents, customer_part_number, backordered, expected_on,
        list_price_cents, core_deposit_cents, core_deposit_tax_cents, core_return_days
    ), counted as (
      insert into invoice_counters (year, last_number)
      select extract(year from now() at time zone 'UTC')::int, 1
      from placed where placed.status = 'pending'
      on conflict (year) do update set last_number = invoice_counters.last_number + 1
      returning year, last_number
    ), invoiced as (
      insert into invoices (order_id, year, number_in_year, due_on)
      select placed.id, counted.year, counted.last_number,
        (now() at time zone 'UTC')::date + (select terms_days from credited)
      from placed, counted
      returning order_id, year, number_in_year, due_on
    ), ${allocationWrites}, ${backorderWrites}, emptied as (
      delete from cart_lines where user_id = ${buyer.id} and (select go from decision)
    ), ${checkoutEvents}
    select placed.*, v.n as "cartLines", v.ok as sellable, v.unaccepted,
      (select ok from matched) as "matchedQuote", (select ok from allocation) as allocated,
      (select jsonb_agg(jsonb_build_object('lineNo', line_no, 'productId', product_id, 'sku', sku,
          'name', name, 'img', img, 'quantity', quantity,
          'unitPrice', unit_price_cents / 100.0, 'lineTotal', line_total_cents / 100.0,
          'tax', tax_cents / 100.0, 'customerPartNumber', customer_part_number,
          'listPrice', list_price_cents / 100.0,
          'coreDeposit', case when core_deposit_cents > 0 then json_build_object(
            'unitDeposit', core_deposit_cents / 100.0,
            'total', core_deposit_cents::bigint * quantity / 100.0,
            'tax', core_deposit_tax_cents / 100.0, 'returnDays', core_return_days,
            'returnBy', null, 'returnedInTime', 0, 'returnedLate', 0) end)
          || case when backordered > 0 then jsonb_build_object('backordered', backordered,
            'expectedOn', expected_on::text) else '{}'::jsonb end
        order by line_no) from lined) as "placedLines",
      i.year as "invoiceYear", i.number_in_year as "invoiceNumber", i.due_on as "invoiceDueOn",
      c.terms_days as "termsDays", c.credit_limit_cents - c.balance_cents as "creditLeftCents"
    from verdict v
      left join placed on true
      left join invoiced i on true
      left join member m on true
      left join companies c on c.id = m.company_id`;
}
