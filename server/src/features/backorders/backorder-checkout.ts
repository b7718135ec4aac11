import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: backorders, as parts of the checkout's one statement (cart/checkout-statement.ts),
 * after `locked` (the cart's lines and their products, locked in product id order).
 *
 * `split`: each line ships `now_qty` from the stock on hand (never more than the locked product's
 * `available_quantity`: stock is never sold twice) and backorders the rest (`back`). `onhand` is
 * what the allocation (allocation.ts) takes from the warehouses.
 *
 * `incoming` reads the open purchase orders of the products with backordered pieces, each row
 * locked (`for no key update`) after its product's row, as every writer of those rows does: under
 * READ COMMITTED a locked row is the last committed version, so `promised` is what the checkout
 * before this one left, never the statement's older snapshot. `promise` takes a line's backordered
 * pieces from them earliest first (a running sum, as the allocation does); `backed` says when the
 * line's backorder is all expected: the last purchase order it draws on, or, beyond them, today
 * (UTC) plus the product's lead time. A line the purchase orders cannot cover and whose product
 * has no lead time cannot be ordered; one that can is ordered only when the buyer accepted
 * (`unaccepted` tells the buyer why not). The check `purchase_orders_promised_range` is the last
 * guard: nothing is ever promised above a purchase order's quantity.
 */
export function backorderParts(accepted: boolean): SQL {
  return sql`split as (
      select product_id, least(quantity, greatest(on_hand, 0)) as now_qty,
        quantity - least(quantity, greatest(on_hand, 0)) as back, backorder_allowed, lead_time_days
      from locked
    ), onhand as (
      select product_id, now_qty as quantity from split where now_qty > 0
    ), incoming as (
      select o.id, o.product_id, o.quantity - o.promised as open, o.expected_on
      from purchase_orders o
      where o.product_id in (select product_id from split where back > 0 and backorder_allowed)
        and o.quantity > o.promised and o.received_at is null
      order by o.product_id, o.expected_on, o.id
      for no key update of o
    ), promise as (
      select id, product_id, expected_on, take from (
        select i.id, i.product_id, i.expected_on,
          least(i.open, greatest(s.back - coalesce(sum(i.open) over (
            partition by i.product_id order by i.expected_on, i.id
            rows between unbounded preceding and 1 preceding), 0), 0)) as take
        from incoming i join split s on s.product_id = i.product_id
      ) t where take > 0
    ), covered as (
      select product_id, sum(take) as pieces, max(expected_on) as last_on
      from promise group by product_id
    ), backed as (
      select s.product_id, s.now_qty, s.back,
        case when s.back = 0 then null
          when coalesce(c.pieces, 0) >= s.back then c.last_on
          else greatest(c.last_on,
            (now() at time zone 'UTC')::date + s.lead_time_days) end as expected_on,
        s.back = 0 or (s.backorder_allowed
          and (coalesce(c.pieces, 0) >= s.back or s.lead_time_days is not null)) as possible
      from split s left join covered c on c.product_id = s.product_id
    ), backed_ok as (
      select product_id, back = 0 or (possible and ${accepted}::boolean) as ok,
        back > 0 and possible and not ${accepted}::boolean as unaccepted
      from backed
    )`;
}

/** The statement's writes of the promises, once `decision` says go and `placed` is the order. */
export const backorderWrites = sql`promised_now as (
      update purchase_orders o set promised = o.promised + p.take
      from promise p
      where o.id = p.id and (select go from decision)
    ), promises as (
      insert into backorder_promises (order_id, line_no, purchase_order_id, quantity)
      select placed.id, w.line_no, p.id, p.take
      from promise p join wanted w on w.product_id = p.product_id cross join placed
    )`;
