import { type CheckoutRequest, cartLineProblem, cartMessages } from '@proper-parts/domain/cart';
import type { Order } from '@proper-parts/domain/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  type Buyer,
  type OrderRow,
  orderColumns,
  orderWithLines,
  type Queryable,
} from '../orders/orders-repository.ts';

interface LockedLine {
  productId: string;
  quantity: number;
  live: boolean;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
}

async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * Places the buyer's cart as one order, in one transaction (issue 18):
 * 1. locks the cart's lines and their products in product-id order: two checkouts that share
 *    parts wait for each other in the same order, so they cannot deadlock. `no key update` is
 *    what an update of the stock takes anyway; a plain `for update` would also block the foreign
 *    key checks (`for key share`) of anyone adding these parts to a cart or an order, and a cart
 *    filled with many lines at once takes those in its own order: a deadlock (bench checkout);
 * 2. checks every line (sold, minimum, stock, pack) under that lock: one bad line refuses all;
 * 3. in one statement: takes the stock of every line, inserts the order and its lines (each
 *    priced by `pp_unit_price_cents` once, the order's total the sum of those lines) and empties
 *    the cart.
 * A failure at any step rolls back the steps before it: all lines or none.
 */
export async function checkoutCart(
  db: Database,
  buyer: Buyer,
  input: CheckoutRequest,
): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const locked = await rowsOf<LockedLine>(
      tx,
      sql`select p.id as "productId", c.quantity, p.deleted_at is null as live,
          p.minimum_order_quantity as "minimumOrderQuantity",
          p.available_quantity as "availableQuantity", p.pack_size as "packSize"
        from cart_lines c join products p on p.id = c.product_id
        where c.user_id = ${buyer.id}
        order by p.id
        for no key update of c, p`,
    );
    if (locked.length === 0) throw new AppError('INVALID', cartMessages.cartEmpty);
    if (locked.some((line) => !line.live || cartLineProblem(line.quantity, line) !== null))
      throw new AppError('CONFLICT', cartMessages.cartChanged);
    // Under the lock, every line can be taken: one statement takes the stock, writes the order
    // and its lines and empties the cart (the lock is held for one more round trip, not four).
    const [placed] = await rowsOf<OrderRow & { takenLines: number | string }>(
      tx,
      placeCartStatement(buyer, input),
    );
    // Cannot happen under the lock; if it ever did, the transaction rolls back: nothing is taken.
    if (!placed || Number(placed.takenLines) !== locked.length)
      throw new AppError('CONFLICT', cartMessages.cartChanged);
    return placed;
  });
  return orderWithLines(db, row);
}

/**
 * Takes the stock of the cart's lines, inserts the order and its lines, and empties the cart. The
 * order's own columns keep the spec's fields: its first line's product, name and unit price (the
 * name says how many more lines follow), its pieces and its total.
 */
function placeCartStatement(buyer: Buyer, input: CheckoutRequest): SQL {
  return sql`with taken as (
      update products p set available_quantity = p.available_quantity - c.quantity
      from cart_lines c
      where c.user_id = ${buyer.id} and p.id = c.product_id
        and p.available_quantity >= c.quantity
      returning p.id
    ), wanted as (
      select c.product_id, c.quantity, p.sku, p.name, p.img,
        pp_unit_price_cents(p.id, p.price_cents, c.quantity) as unit,
        row_number() over (order by c.added_at, c.product_id) as line_no
      from cart_lines c join products p on p.id = c.product_id
      where c.user_id = ${buyer.id}
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
    ), emptied as (
      delete from cart_lines where user_id = ${buyer.id}
    )
    select placed.*, (select count(*) from taken) as "takenLines" from placed`;
}
