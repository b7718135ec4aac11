import { DEFAULT_APPROVAL_HOLD_HOURS } from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { invoiceNumberOf, type OrderLine } from '@proper-parts/domain/order-line';
import {
  type CreateOrderRequest,
  type ManageOrdersQuery,
  type Order,
  orderMessages,
  quantityProblem,
} from '@proper-parts/domain/orders';
import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamed } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { orders, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { isLiveProduct } from '../catalog/catalog-repository.ts';
import { releaseOrder } from './release-order.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The API shows the spec's field names and dollars; the database keeps cents. */
export function toOrder(
  row: OrderRow,
  lines: OrderLine[] = [],
  invoice: InvoiceFacts | null = null,
): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    purchaseName: row.purchaseName,
    quantity: row.quantity,
    unitPrice: row.unitPriceCents / 100,
    // Raw statements answer bigint columns as text (node-postgres) or bigint (PGlite).
    price: Number(row.totalCents) / 100,
    img: row.img,
    userName: row.userName,
    email: row.email,
    address: row.address,
    phone: row.phone,
    status: row.status,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: new Date(row.createdAt).toISOString(),
    lines,
    poNumber: row.poNumber ?? null,
    note: row.note ?? null,
    invoiceNumber: invoice?.number ?? null,
    companyId: row.companyId ?? null,
    paymentTerms: row.paymentTerms ?? 'card',
    approvalExpiresAt: row.approvalExpiresAt ? new Date(row.approvalExpiresAt).toISOString() : null,
    rejectionReason: row.rejectionReason ?? null,
    dueOn: invoice?.dueOn ? dayOf(invoice.dueOn) : null,
    quoteId: row.quoteId ?? null,
  };
}

/** What an order's invoice adds to it: its number, and the due day of one on account. */
export interface InvoiceFacts {
  number: string;
  dueOn: string | Date | null;
}

/** `date` columns arrive as text (node-postgres) or as a Date at UTC midnight (PGlite). */
const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

interface LineRow {
  orderId: string;
  lineNo: number;
  productId: string;
  sku: string;
  name: string;
  img: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number | string;
  backordered: number;
  invoiceYear: number | null;
  invoiceNumber: number | null;
  dueOn: string | Date | null;
}

/**
 * Orders as the API shows them, with their lines and invoice numbers: one read for a whole page
 * (a page of 100 orders is one statement, not 100).
 */
export async function ordersWithLines(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await rowsOf<LineRow>(
    db,
    sql`select l.order_id as "orderId", l.line_no as "lineNo", l.product_id as "productId", l.sku,
        l.name, l.img, l.quantity, l.unit_price_cents as "unitPriceCents",
        l.line_total_cents as "lineTotalCents", l.backordered, i.year as "invoiceYear",
        i.number_in_year as "invoiceNumber", i.due_on as "dueOn"
      from order_lines l left join invoices i on i.order_id = l.order_id
      where l.order_id = any(${sql.param(ids)}::uuid[])
      order by l.order_id, l.line_no`,
  );
  const byOrder = new Map<string, { lines: OrderLine[]; invoice: InvoiceFacts | null }>();
  for (const line of lines) {
    let entry = byOrder.get(line.orderId);
    if (!entry) {
      const { invoiceYear, invoiceNumber, dueOn } = line;
      entry = {
        lines: [],
        invoice:
          invoiceYear === null || invoiceNumber === null
            ? null
            : { number: invoiceNumberOf(invoiceYear, invoiceNumber), dueOn },
      };
      byOrder.set(line.orderId, entry);
    }
    entry.lines.push({
      lineNo: line.lineNo,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      img: line.img,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents / 100,
      lineTotal: Number(line.lineTotalCents) / 100,
      ...(line.backordered > 0 ? { backordered: line.backordered } : {}),
    });
  }
  return rows.map((row) => {
    const entry = byOrder.get(row.id);
    return toOrder(row, entry?.lines ?? [], entry?.invoice ?? null);
  });
}

/** One order as the API shows it. */
export async function orderWithLines(db: Queryable, row: OrderRow): Promise<Order> {
  const [one] = await ordersWithLines(db, [row]);
  return one as Order;
}

/** `RETURNING` list of raw statements, named as Drizzle names the columns, so `toOrder` reads it. */
const orderColumnList = `id, tool_id as "toolId", user_id as "userId",
  purchase_name as "purchaseName", img, unit_price_cents as "unitPriceCents", quantity,
  total_cents as "totalCents", user_name as "userName", email, address, phone, status, paid,
  transaction_id as "transactionId", po_number as "poNumber", note, line_count as "lineCount",
  company_id as "companyId", payment_terms as "paymentTerms",
  approval_expires_at as "approvalExpiresAt", decided_by as "decidedBy",
  decided_at as "decidedAt", rejection_reason as "rejectionReason", quote_id as "quoteId",
  created_at as "createdAt", updated_at as "updatedAt"`;
export const orderColumns = sql.raw(orderColumnList);

/** A page of orders and the cursor of the next (http/keyset.ts). */
export interface OrderPage {
  items: Order[];
  nextCursor: string | null;
}

export interface Buyer {
  id: string;
  name: string;
  email: string;
}

/**
 * Takes the stock and inserts the order in one statement. Fixed text, run by name: PostgreSQL
 * plans it once per connection (db/named-statement.ts). `deleted_at is null` is `isLiveProduct`.
 */
const placeOrderStatement = `with taken as (
    update products set available_quantity = available_quantity - $1
    where id = $2
      and deleted_at is null
      and available_quantity >= $1
      and minimum_order_quantity <= $1
    returning id, name, img, sku, pp_unit_price_cents(id, price_cents, $1) as unit
  ), judged as (
    select taken.*, m.company_id,
      coalesce(m.role = 'buyer' and m.order_limit_cents is not null
        and unit::bigint * $1 > m.order_limit_cents, false) as over_limit
    from taken left join company_members m on m.user_id = $3
  ), placed as (
    insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
      total_cents, user_name, email, address, phone, company_id, status, approval_expires_at)
    select id, $3, name, img, unit, $1, unit::bigint * $1, $4, $5, $6, $7, company_id,
      case when over_limit then 'awaiting_approval' else 'unpaid' end,
      case when over_limit then now() + make_interval(hours => $8::int) end
    from judged
    returning ${orderColumnList}
  ), lined as (
    insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
      unit_price_cents, line_total_cents)
    select placed.id, 1, taken.id, taken.sku, taken.name, taken.img, $1, taken.unit,
      placed."totalCents"
    from placed, taken
  )
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
  throw await whyNotPlaced(db, input);
}

/** Only on the refused path: reads the product again to say what stopped the order. */
async function whyNotPlaced(db: Database, input: CreateOrderRequest): Promise<AppError> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.toolId), isLiveProduct))
    .limit(1);
  if (!product) return new AppError('NOT_FOUND', orderMessages.productNotFound);
  const { minimumOrderQuantity, availableQuantity, name } = product;
  if (input.quantity < minimumOrderQuantity)
    return new AppError(
      'INVALID',
      orderMessages.quantityRange(minimumOrderQuantity, availableQuantity),
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

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * One customer's orders, newest first; cancelled orders leave the list, except those an approver
 * rejected or whose approval ran out (issue 19): the buyer reads why on the order.
 */
export async function listOrdersOfUser(
  db: Database,
  userId: string,
  page: PaginationQuery,
): Promise<OrderPage> {
  const mine = and(
    eq(orders.userId, userId),
    or(ne(orders.status, 'cancelled'), isNotNull(orders.rejectionReason)),
  );
  const rows = await db
    .select({ row: orders, cursorAt: cursorAt(orders) })
    .from(orders)
    .where(page.cursor ? and(mine, afterCursor(orders, page.cursor)) : mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor } = pageOf(
    rows,
    page.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await ordersWithLines(db, items), nextCursor };
}

/** Every order, newest first, of one status, or all but cancelled ones. */
export async function listAllOrders(db: Database, query: ManageOrdersQuery): Promise<OrderPage> {
  const shown = query.status ? eq(orders.status, query.status) : ne(orders.status, 'cancelled');
  const rows = await db
    .select({ row: orders, cursorAt: cursorAt(orders) })
    .from(orders)
    .where(query.cursor ? and(shown, afterCursor(orders, query.cursor)) : shown)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const { items, nextCursor } = pageOf(
    rows,
    query.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await ordersWithLines(db, items), nextCursor };
}

/**
 * Cancels an unpaid order, or one still awaiting approval (the buyer withdraws it), and gives
 * back what it held (release-order.ts: the stock of every line, the credit of one on account).
 * The guarded update makes one of a cancel racing a payment, an approval, a ship or another cancel
 * the one that changes the order. Undefined when the order was not cancellable (any more).
 */
export async function cancelUnpaidOrder(db: Database, id: string): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<OrderRow>(
      tx,
      sql`update orders set status = 'cancelled', approval_expires_at = null, updated_at = now()
        where id = ${id} and status in ('unpaid', 'awaiting_approval')
        returning ${orderColumns}`,
    );
    if (!row) return undefined;
    await releaseOrder(tx, id);
    return toOrder(row);
  });
}

/** Ships a paid order that waits for shipping; false when it was not pending (any more). */
export async function shipPendingOrder(db: Database, id: string): Promise<Order | undefined> {
  const [shipped] = await db
    .update(orders)
    .set({ status: 'shipped', updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return shipped && toOrder(shipped);
}
