import { type CheckoutRequest, cartMessages } from '@proper-parts/domain/cart';
import { companyMessages, DEFAULT_APPROVAL_HOLD_HOURS } from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import type { OrderLine } from '@proper-parts/domain/order-line';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import type { Order } from '@proper-parts/domain/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isTransaction, queryNamedSql } from '../../db/named-statement.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { type OrderRow, orderColumns, toOrder } from '../orders/order-view.ts';
import type { Buyer } from '../orders/place-order.ts';

interface Placed extends Partial<OrderRow> {
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
}

/**
 * Places the buyer's cart as one order, in one statement (issue 18), so its locks are held for
 * that statement and its commit only (a transaction of four round trips held them four times as
 * long, and buyers of shared parts queued behind them: bench checkout):
 * 1. locks the cart's lines and their products in product-id order: two checkouts that share
 *    parts wait for each other in the same order, so they cannot deadlock. `no key update` is
 *    what an update of the stock takes anyway; a plain `for update` would also block the foreign
 *    key checks (`for key share`) of anyone adding these parts to a cart or an order, and a cart
 *    filled with many lines at once takes those in its own order: a deadlock (bench checkout);
 * 2. judges every line (sold, minimum, stock, pack) under that lock: one bad line, and nothing
 *    below happens;
 * 3. takes the stock of every line, inserts the order and its lines (each priced by
 *    `pp_unit_price_cents` once, the order's total the sum of those lines) and empties the cart.
 * All lines or none: one statement commits whole or not at all.
 */
export async function checkoutCart(
  db: Database,
  buyer: Buyer,
  input: CheckoutRequest,
  options: CheckoutOptions = { approvalHoldHours: DEFAULT_APPROVAL_HOLD_HOURS },
): Promise<Order> {
  const [result] = await placeOnce(db, placeCartStatement(buyer, input, options));
  if (!result || Number(result.cartLines) === 0)
    throw new AppError('INVALID', cartMessages.cartEmpty);
  // A line that cannot be ordered: every step was skipped, nothing taken, the cart kept.
  if (!result.sellable) throw new AppError('CONFLICT', cartMessages.cartChanged);
  if (input.paymentTerms === 'account' && !result.id) throw refusedOnAccount(result);
  if (!result.id) throw new AppError('CONFLICT', cartMessages.cartChanged);
  // The order as inserted, with the lines (and the invoice of an order on account) the same
  // statement wrote: no second read.
  const { placedLines, invoiceYear, invoiceNumber, invoiceDueOn } = result;
  const lines = typeof placedLines === 'string' ? JSON.parse(placedLines) : placedLines;
  const invoice =
    invoiceYear && invoiceNumber
      ? { number: invoiceNumberOf(invoiceYear, invoiceNumber), dueOn: invoiceDueOn ?? null }
      : null;
  return toOrder(result as OrderRow, lines ?? [], invoice);
}

export interface CheckoutOptions {
  /** How long an order above the buyer's limit holds its stock (APPROVAL_HOLD_HOURS). */
  approvalHoldHours: number;
}

/** Why an order on account was not placed, though every line could be ordered. */
function refusedOnAccount(result: Placed): AppError {
  if (!result.termsDays) return new AppError('INVALID', companyMessages.noTerms);
  const remaining = Math.max(0, Number(result.creditLeftCents ?? 0)) / 100;
  return new AppError('CONFLICT', companyMessages.overCredit(formatPrice(remaining)));
}

/** PostgreSQL chose this statement to break a deadlock: it did nothing, and may run again. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/**
 * Runs the checkout statement. Many checkouts of the same parts at once (every cart the same 20
 * lines, bench checkout) were seen to deadlock a few times in a thousand although every one locks
 * in product-id order; PostgreSQL then cancels one statement whole, so it is run again, and no
 * buyer sees the deadlock.
 */
async function placeOnce(db: Database, statement: SQL): Promise<Placed[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Under a name: each pooled connection plans it once (its text is the same every time).
      return await queryNamedSql<Placed>(db, 'checkout-cart', statement);
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
      // Inside a transaction (an Idempotency-Key's) the deadlock ended it: the key's mechanism
      // runs the whole transaction again (http/idempotency.ts).
      if (code === DEADLOCK && isTransaction(db)) throw error;
      if (code === DEADLOCK && attempt < ATTEMPTS) continue;
      // Stock below zero (products_available_not_negative) cannot happen under the lock; if it
      // ever did, the statement failed whole and the buyer is told to try again.
      if (code === '23514' || code === DEADLOCK)
        throw new AppError('CONFLICT', cartMessages.cartChanged);
      throw error;
    }
  }
}

/**
 * The whole checkout, one statement. `locked` locks the cart's lines and their products in product
 * id order (`LockRows` sits above the sort), and under READ COMMITTED returns each product as the
 * last committed writer left it; `verdict` judges every line by the cart's rule
 * (`cartLineProblem` in domain/cart.ts: sold, minimum, stock, pack).
 *
 * Issue 19: `member` is the buyer's place in a company, read in this statement. On account,
 * `credited` raises the company's balance by the order's total with one guarded update, only
 * while it stays within the credit limit: two orders racing for the last of the credit queue on
 * the company's row, and the second sees the first's balance (READ COMMITTED re-checks the row).
 * An order above a buyer's limit is placed `awaiting_approval`: its stock is taken (reserved) and
 * its credit held, until an approver decides or the hold expires. Every write below `decision`
 * runs only when it says go. The order's own columns keep the spec's fields: its first line's
 * product, name and unit price (the name says how many more lines follow), its pieces and total.
 */
function placeCartStatement(buyer: Buyer, input: CheckoutRequest, options: CheckoutOptions): SQL {
  const onAccount = input.paymentTerms === 'account';
  return sql`with locked as (
      select p.id as product_id, c.quantity, c.added_at, p.sku, p.name, p.img, p.price_cents,
        p.deleted_at is null
          and c.quantity >= p.minimum_order_quantity
          and c.quantity <= p.available_quantity
          and c.quantity % p.pack_size = 0 as sellable
      from cart_lines c join products p on p.id = c.product_id
      where c.user_id = ${buyer.id}
      order by p.id
      for no key update of c, p
    ), verdict as (
      select count(*) as n, coalesce(bool_and(sellable), false) as ok from locked
    ), member as (
      select company_id, role, order_limit_cents from company_members where user_id = ${buyer.id}
    ), wanted as (
      select l.product_id, l.quantity, l.sku, l.name, l.img,
        pp_unit_price_cents(l.product_id, l.price_cents, l.quantity) as unit,
        row_number() over (order by l.added_at, l.product_id) as line_no
      from locked l
    ), summed as (
      select count(*) as n, least(sum(quantity), 2147483647)::int as pieces,
        coalesce(sum(unit::bigint * quantity), 0) as total
      from wanted
    ), credited as (
      update companies c set balance_cents = c.balance_cents + s.total, updated_at = now()
      from summed s, member m
      where ${onAccount} and (select ok from verdict) and c.id = m.company_id
        and c.terms_days is not null and c.balance_cents + s.total <= c.credit_limit_cents
      returning c.terms_days
    ), decision as (
      select (select ok from verdict) and (not ${onAccount} or exists (select 1 from credited))
          as go,
        exists (select 1 from member m, summed s
          where m.role = 'buyer' and m.order_limit_cents is not null
            and s.total > m.order_limit_cents) as over_limit
    ), taken as (
      update products p set available_quantity = p.available_quantity - l.quantity
      from locked l
      where p.id = l.product_id and (select go from decision)
      returning p.id
    ), placed as (
      insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
        total_cents, user_name, email, address, phone, po_number, note, line_count, company_id,
        payment_terms, status, approval_expires_at)
      select w.product_id, ${buyer.id},
        case when s.n > 1 then w.name || ' + ' || (s.n - 1) || ' more' else w.name end,
        w.img, w.unit, s.pieces, s.total, ${buyer.name}, ${buyer.email}, ${input.address},
        ${input.phone}, ${input.poNumber || null}, ${input.note || null}, s.n,
        (select company_id from member), ${input.paymentTerms},
        case when d.over_limit then 'awaiting_approval'
          when ${onAccount} then 'pending' else 'unpaid' end,
        case when d.over_limit
          then now() + make_interval(hours => ${options.approvalHoldHours}::int) end
      from wanted w, summed s, decision d
      where w.line_no = 1 and d.go
      returning ${orderColumns}
    ), lined as (
      insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents)
      select placed.id, w.line_no, w.product_id, w.sku, w.name, w.img, w.quantity, w.unit,
        w.unit::bigint * w.quantity
      from wanted w, placed
      returning line_no, product_id, sku, name, img, quantity, unit_price_cents,
        line_total_cents
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
      returning year, number_in_year, due_on
    ), emptied as (
      delete from cart_lines where user_id = ${buyer.id} and (select go from decision)
    )
    select placed.*, v.n as "cartLines", v.ok as sellable,
      (select json_agg(json_build_object('lineNo', line_no, 'productId', product_id, 'sku', sku,
          'name', name, 'img', img, 'quantity', quantity,
          'unitPrice', unit_price_cents / 100.0, 'lineTotal', line_total_cents / 100.0)
        order by line_no) from lined) as "placedLines",
      i.year as "invoiceYear", i.number_in_year as "invoiceNumber", i.due_on as "invoiceDueOn",
      c.terms_days as "termsDays", c.credit_limit_cents - c.balance_cents as "creditLeftCents"
    from verdict v
      left join placed on true
      left join invoiced i on true
      left join member m on true
      left join companies c on c.id = m.company_id`;
}
