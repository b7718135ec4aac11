import { cartMessages } from '@proper-parts/domain/cart-rules';
import { DEFAULT_APPROVAL_HOLD_HOURS } from '@proper-parts/domain/companies';
import {
  type CreateOrderRequest,
  type Order,
  orderMessages,
  quantityProblem,
} from '@proper-parts/domain/orders';
import { isSalesUnit } from '@proper-parts/domain/sales-units';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamed } from '../../db/named-statement.ts';
import { products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isLiveProduct } from '../catalog/catalog-repository.ts';
import { refusalOutOfCatalog } from '../company-catalogs/out-of-catalog.ts';
import { eventParts, orderEventJson, productStockLowParts } from '../webhooks/outbox.ts';
import { type OrderRow, orderColumnList, toOrder } from './order-view.ts';

export interface Buyer {
  id: string;
  name: string;
  email: string;
}

/**
 * Takes the stock and inserts the order in one statement. Issue 36: the pieces come from one
 * warehouse holding them all (one that ships everywhere first, then the lowest id; the spec's
 * order has no country to be near to), else from several in that order (`alloc`), each stock row
 * locked after the product's row as checkout locks them (cart/allocation.ts), and recorded in
 * `order_line_allocations`. Fixed text, run by name: PostgreSQL
 * plans it once per connection (db/named-statement.ts). `deleted_at is null` is `isLiveProduct`.
 * Issue 34: the same statement records `order.created` (and `stock.low` when the order takes the
 * product below its low line) in the outbox: the order and its events commit together.
 */
const placeOrderStatement = `with taken as (
    update products set available_quantity = available_quantity - $1
    where id = $2
      and deleted_at is null
      and available_quantity >= $1
      and minimum_order_quantity <= $1
      and coalesce(max_order_quantity, $1) >= $1
      and pp_in_company_catalog(id, $3::text)
    returning id, name, img, sku, (select u.cents from pp_buyer_unit_price(id, price_cents, $1, $3::text) u) as unit,
      price_cents, available_quantity, minimum_order_quantity, core_deposit_cents, core_return_days
  ), judged as (
    select taken.*, m.company_id,
      coalesce(m.role = 'buyer' and m.order_limit_cents is not null
        and unit::bigint * $1 > m.order_limit_cents, false) as over_limit
    from taken left join company_members m on m.user_id = $3
  ), placed as (
    insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
      total_cents, user_name, email, address, phone, company_id, status, approval_expires_at,
      deposit_cents)
    select id, $3, name, img, unit, $1, (unit::bigint + core_deposit_cents) * $1, $4, $5, $6, $7,
      company_id,
      case when over_limit then 'awaiting_approval' else 'unpaid' end,
      case when over_limit then now() + make_interval(hours => $8::int) end,
      core_deposit_cents::bigint * $1
    from judged
    returning ${orderColumnList}
  ), lined as (
    insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
      unit_price_cents, line_total_cents, customer_part_number, list_price_cents,
      core_deposit_cents, core_return_days)
    select placed.id, 1, taken.id, taken.sku, taken.name, taken.img, $1, taken.unit,
      taken.unit::bigint * $1, n.customer_part_number,
      case when taken.unit < taken.price_cents then taken.price_cents end,
      taken.core_deposit_cents,
      case when taken.core_deposit_cents > 0 then taken.core_return_days end
    from placed cross join taken
      left join company_part_numbers n
        on n.company_id = placed."companyId" and n.product_id = taken.id
  ), stocked as (
    select s.warehouse_id, s.quantity, w.ships_to
    from warehouse_stock s join warehouses w on w.id = s.warehouse_id
    where s.product_id in (select id from taken) and s.quantity > 0
    order by s.warehouse_id
    for no key update of s
  ), alloc as (
    select warehouse_id, take from (
      select warehouse_id, least(quantity, greatest($1 - coalesce(sum(quantity) over (
        order by quantity >= $1 desc, ships_to is null desc, warehouse_id
        rows between unbounded preceding and 1 preceding), 0), 0)) as take
      from stocked
    ) a where take > 0
  ), drawn as (
    update warehouse_stock s set quantity = s.quantity - a.take, updated_at = now()
    from alloc a where s.product_id = $2 and s.warehouse_id = a.warehouse_id
  ), allocated as (
    insert into order_line_allocations (order_id, line_no, warehouse_id, quantity)
    select placed.id, 1, a.warehouse_id, a.take from alloc a cross join placed
  ), ${eventParts('ev_created', 'order.created', `select 'order:' || p.id, ${orderEventJson('p')} from placed p`)},
  ${productStockLowParts('taken', '$1')}
  select * from placed`;

/**
 * Places an order: one statement takes the stock (only while enough is left, and only for a
 * quantity the product allows) and inserts the order with the product's name, image and unit
 * price, so concurrent buyers can never take more than there is, in one process or many.
 * Issue 19: a company member's order is the company's, and above a buyer's limit it is placed
 * `awaiting_approval` for `approvalHoldHours`, as checkout places it (checkout.ts).
 * With an Idempotency-Key, `db` is the transaction that stores the answer (http/idempotency.ts).
 */
export async function placeOrder(
  db: Database,
  buyer: Buyer,
  input: CreateOrderRequest,
  approvalHoldHours = DEFAULT_APPROVAL_HOLD_HOURS,
): Promise<Order> {
  const [row] = await queryNamed<OrderRow>(db, 'place-order', placeOrderStatement, [
    input.quantity,
    input.toolId,
    buyer.id,
    buyer.name,
    buyer.email,
    input.address ?? '',
    input.phone ?? '',
    approvalHoldHours,
  ]);
  if (row) return toOrder(row, [], null);
  throw await whyNotPlaced(db, input, buyer.id);
}

/** Only on the refused path: reads the product again to say what stopped the order. */
async function whyNotPlaced(
  db: Database,
  input: CreateOrderRequest,
  buyerId: string,
): Promise<AppError> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.toolId), isLiveProduct))
    .limit(1);
  if (!product) return new AppError('NOT_FOUND', orderMessages.productNotFound);
  // Issue 35, decision 039: outside the buyer's company's catalog (403, naming it).
  const outside = await refusalOutOfCatalog(db, buyerId, [product.id]);
  if (outside) return outside;
  const { minimumOrderQuantity, availableQuantity, maxOrderQuantity, name } = product;
  if (input.quantity < minimumOrderQuantity)
    return new AppError(
      'INVALID',
      orderMessages.quantityRange(minimumOrderQuantity, availableQuantity),
    );
  // Issue 35: the most one order takes of it.
  if (maxOrderQuantity !== null && input.quantity > maxOrderQuantity)
    return new AppError(
      'INVALID',
      cartMessages.maximum(
        maxOrderQuantity,
        isSalesUnit(product.salesUnit) ? product.salesUnit : 'each',
      ),
    );
  if (availableQuantity < minimumOrderQuantity)
    return new AppError('CONFLICT', orderMessages.outOfStock(name, availableQuantity));
  if (input.quantity > availableQuantity)
    return new AppError(
      'CONFLICT',
      `${orderMessages.stockTaken(availableQuantity)} ${quantityProblem(input.quantity, product)}`,
    );
  // The stock changed between the two reads: another buyer's order went through meanwhile.
  return new AppError('CONFLICT', orderMessages.stockTaken(availableQuantity));
}
