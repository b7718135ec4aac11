import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: where a checkout's pieces come from, as parts of its one statement (checkout-statement.ts).
 *
 * `stocked` reads the cart's products' stock rows, each locked (`for no key update`), so each is
 * as the last committed writer left it. It runs on `locked`'s rows: a stock row is locked only
 * after its product's row, and every writer of stock rows (orders, releases, the admin's stock
 * routes, the import, the sum's trigger) locks the product row first. Product rows are taken in
 * id order, so no two writers wait on each other in a circle: no deadlock.
 *
 * The rule: the nearest warehouse that can ship every line ships them all. Nearest: in the
 * ship-to's country, then one whose zone holds the country (or ships everywhere), then the lowest
 * id; a zone is a preference here, not a refusal (the product's sum is what the buyer was shown).
 * When no warehouse holds every line, lines are taken greedily from the warehouses that hold the
 * most whole lines, then the most pieces of the cart (fewest warehouses, as a greedy cover: not
 * always the least possible). `alloc` is each line's take per warehouse; `allocation` says whether
 * they add up to the cart (they do whenever the sums are right; it is checked all the same).
 */
export function allocationParts(country: string | null, lines = 'locked'): SQL {
  // Issue 36: `lines` (product_id, quantity) is what ships from stock: the cart's lines less their
  // backordered pieces (checkout-statement.ts's `onhand`).
  const l = sql.raw(lines);
  return sql`stocked as (
      select s.product_id, s.warehouse_id, s.quantity, w.country, w.ships_to
      from warehouse_stock s join warehouses w on w.id = s.warehouse_id
      where s.product_id in (select product_id from ${l}) and s.quantity > 0
      order by s.product_id, s.warehouse_id
      for no key update of s
    ), fit as (
      select s.warehouse_id,
        count(*) filter (where s.quantity >= l.quantity) as whole,
        sum(least(s.quantity, l.quantity)) as pieces,
        min(case when s.country = ${country}::text then 0
          when s.ships_to is null or ${country}::text = any(s.ships_to) then 1 else 2 end) as near
      from stocked s join ${l} l on l.product_id = s.product_id
      group by s.warehouse_id
    ), ranked as (
      select warehouse_id, row_number() over (order by
          whole = (select count(*) from ${l}) desc,
          case when whole = (select count(*) from ${l}) then near end,
          whole desc, pieces desc, near, warehouse_id) as rank
      from fit
    ), alloc as (
      select product_id, warehouse_id, take from (
        select s.product_id, s.warehouse_id,
          least(s.quantity, greatest(l.quantity - coalesce(sum(s.quantity) over (
            partition by s.product_id order by r.rank
            rows between unbounded preceding and 1 preceding), 0), 0)) as take
        from stocked s
          join ${l} l on l.product_id = s.product_id
          join ranked r on r.warehouse_id = s.warehouse_id
      ) a where take > 0
    ), allocation as (
      select coalesce((select sum(take) from alloc), 0)
        = coalesce((select sum(quantity) from ${l}), 0) as ok
    )`;
}

/** The statement's writes of the allocation, once `decision` says go and `placed` is the order. */
export const allocationWrites = sql`drawn as (
      update warehouse_stock s set quantity = s.quantity - a.take, updated_at = now()
      from alloc a
      where s.product_id = a.product_id and s.warehouse_id = a.warehouse_id
        and (select go from decision)
      returning s.product_id, s.warehouse_id, s.quantity, s.reorder_point, a.take as took
    ), allocated as (
      insert into order_line_allocations (order_id, line_no, warehouse_id, quantity)
      select placed.id, w.line_no, a.warehouse_id, a.take
      from alloc a join wanted w on w.product_id = a.product_id cross join placed
    )`;
