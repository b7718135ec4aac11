import { type CheckoutRequest, cartMessages } from '@proper-parts/domain/cart';
import type { OrderLine } from '@proper-parts/domain/order-line';
import type { Order } from '@proper-parts/domain/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import {
  type Buyer,
  type OrderRow,
  orderColumns,
  rowsOf,
  toOrder,
} from '../orders/orders-repository.ts';

interface Placed extends Partial<OrderRow> {
  cartLines: number | string;
  sellable: boolean | null;
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
): Promise<Order> {
  const [result] = await placeOnce(db, placeCartStatement(buyer, input));
  if (!result || Number(result.cartLines) === 0)
    throw new AppError('INVALID', cartMessages.cartEmpty);
  // A line that cannot be ordered: every step was skipped, nothing taken, the cart kept.
  if (!result.sellable) throw new AppError('CONFLICT', cartMessages.cartChanged);
  if (!result.id) throw new AppError('CONFLICT', cartMessages.cartChanged);
  // The order as inserted, with the lines the same statement wrote: no second read. A new order
  // has no invoice yet.
  const { placedLines } = result;
  const lines = typeof placedLines === 'string' ? JSON.parse(placedLines) : placedLines;
  return toOrder(result as OrderRow, lines ?? [], null);
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
      return await rowsOf<Placed>(db, statement);
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
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
 * (`cartLineProblem` in domain/cart.ts: sold, minimum, stock, pack); every write below runs only
 * when all lines pass. The order's own columns keep the spec's fields: its first line's product,
 * name and unit price (the name says how many more lines follow), its pieces and its total.
 */
function placeCartStatement(buyer: Buyer, input: CheckoutRequest): SQL {
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
    ), taken as (
      update products p set available_quantity = p.available_quantity - l.quantity
      from locked l
      where p.id = l.product_id and (select ok from verdict)
      returning p.id
    ), wanted as (
      select l.product_id, l.quantity, l.sku, l.name, l.img,
        pp_unit_price_cents(l.product_id, l.price_cents, l.quantity) as unit,
        row_number() over (order by l.added_at, l.product_id) as line_no
      from locked l
      where (select ok from verdict)
    ), summed as (
      select count(*) as n, least(sum(quantity), 2147483647)::int as pieces,
        sum(unit::bigint * quantity) as total
      from wanted
    ), placed as (
      insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
        total_cents, user_name, email, address, phone, po_number, note, line_count)
      select w.product_id, ${buyer.id},
        case when s.n > 1 then w.name || ' + ' || (s.n - 1) || ' more' else w.name end,
        w.img, w.unit, s.pieces, s.total, ${buyer.name}, ${buyer.email}, ${input.address},
        ${input.phone}, ${input.poNumber || null}, ${input.note || null}, s.n
      from wanted w, summed s
      where w.line_no = 1
      returning ${orderColumns}
    ), lined as (
      insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents)
      select placed.id, w.line_no, w.product_id, w.sku, w.name, w.img, w.quantity, w.unit,
        w.unit::bigint * w.quantity
      from wanted w, placed
      returning line_no, product_id, sku, name, img, quantity, unit_price_cents,
        line_total_cents
    ), emptied as (
      delete from cart_lines where user_id = ${buyer.id} and (select ok from verdict)
    )
    select placed.*, v.n as "cartLines", v.ok as sellable,
      (select json_agg(json_build_object('lineNo', line_no, 'productId', product_id, 'sku', sku,
          'name', name, 'img', img, 'quantity', quantity,
          'unitPrice', unit_price_cents / 100.0, 'lineTotal', line_total_cents / 100.0)
        order by line_no) from lined) as "placedLines"
    from verdict v left join placed on true`;
}
