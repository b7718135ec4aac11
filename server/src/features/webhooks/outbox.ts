import type { WebhookEventType } from '@proper-parts/domain/webhooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.ts';

/**
 * The transactional outbox (issue 34). Every event is written by the statement or transaction of
 * the change that causes it, so a committed change always has its event and a rolled-back one
 * never does; the delivery worker (delivery-worker.ts) posts it later, from the table.
 *
 * Fan-out happens here, at write time: the same statement makes one `webhook_deliveries` row for
 * each endpoint enabled and subscribed to the type at that moment. An endpoint registered later
 * does not get older events; one deleted takes its deliveries with it. With no endpoint, an event
 * costs one row.
 *
 * `subject` (`order:<id>`, `product:<id>`, …) is what delivery order is kept per: an endpoint never
 * gets a subject's event before the earlier ones of that subject were delivered (or gave up).
 */
export interface OutboxEvent {
  type: WebhookEventType;
  subject: string | null;
  data: unknown;
}

/** The fan-out of the events a statement part named `events` inserted (id, seq, type, subject). */
const fanOut = (events: string) =>
  `insert into webhook_deliveries (event_id, endpoint_id, event_seq, subject)
    select ev.id, e.id, ev.seq, ev.subject from ${events} ev
    join webhook_endpoints e on e.enabled and ev.type = any(e.events)`;

/** Records events on `tx` (the change's transaction, or the change's own statement's db). */
export async function recordEvents(tx: Queryable, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(events.map(({ type, subject, data }) => ({ type, subject, data })));
  await tx.execute(
    sql`with pp_events as (
        insert into outbox_events (type, subject, data)
        select r.type, r.subject, r.data
        from jsonb_to_recordset(${rows}::jsonb) as r(type text, subject text, data jsonb)
        returning id, seq, type, subject
      ) ${sql.raw(fanOut('pp_events'))}`,
  );
}

/**
 * Records one event of `type` for each row of `rows`, a select of `(subject text, data jsonb)`
 * with its own parameters, in one statement: what `eventParts` adds to a bigger statement, for a
 * change made in several (an admin's stock count: the rows read and the events written at once).
 */
export async function recordEventsFrom(
  tx: Queryable,
  type: WebhookEventType,
  rows: SQL,
): Promise<void> {
  await tx.execute(
    sql`with pp_events as (
        insert into outbox_events (type, subject, data)
        select ${type}, ev_rows.subject, ev_rows.data from (${rows}) ev_rows(subject, data)
        returning id, seq, type, subject
      ) ${sql.raw(fanOut('pp_events'))}`,
  );
}

/** One event: `recordEvent(tx, 'order.shipped', \`order:${id}\`, data)`. */
export function recordEvent(
  tx: Queryable,
  type: WebhookEventType,
  subject: string | null,
  data: unknown,
): Promise<void> {
  return recordEvents(tx, [{ type, subject, data }]);
}

/**
 * The same, as two parts of a bigger statement's `with` (the checkout's and the order statement's
 * one statement: no transaction of several round trips while their locks are held). `rows` is a
 * select of `(subject text, data jsonb)` over the statement's own parts; `name` must be unique in
 * the statement. Fixed text: the statements that use it are prepared once by name.
 */
export function eventParts(name: string, type: WebhookEventType, rows: string): string {
  return `${name} as (
      insert into outbox_events (type, subject, data)
      select '${type}', ev_rows.subject, ev_rows.data from (${rows}) ev_rows(subject, data)
      returning id, seq, type, subject
    ), ${name}_fanned as (${fanOut(name)})`;
}

/**
 * A timestamp in an event's data as JavaScript's `toISOString()` writes it (UTC, milliseconds,
 * `Z`: `2026-11-28T14:03:11.204Z`), whatever the session's time zone: an event made in SQL reads
 * the same as one made in JS (recordOrderEvents). jsonb's own form (`…11.204123+00:00`) differed.
 */
export const isoTime = (expr: string) =>
  `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An order's event data from the camelCase columns of `orderColumnList` (a `returning` of the
 * orders), under `alias`. Every order event carries the same shape (recordOrderEvents for rows read in JS).
 */
export const orderEventJson = (alias: string) =>
  `jsonb_build_object('id', ${alias}.id, 'status', ${alias}.status,
    'total', ${alias}."totalCents" / 100.0, 'email', ${alias}.email,
    'poNumber', ${alias}."poNumber", 'companyId', ${alias}."companyId",
    'paymentTerms', ${alias}."paymentTerms", 'quoteId', ${alias}."quoteId",
    'createdAt', ${isoTime(`${alias}."createdAt"`)})`;

/** stock.low's line: twice the minimum order quantity, at least 1 (see stockLowCrossed). */
export const lowLineOf = (minimumOrderQuantity: number) => Math.max(2 * minimumOrderQuantity, 1);

/**
 * Issue 34's `stock.low`: an order (or an ERP stock sync, or an admin's edit) took a product's
 * available stock from at or above its low line to below it. The line is twice the product's minimum order quantity (fewer than two
 * minimum orders left; at least 1 piece): a part sold by the thousand is low at a level where a
 * part sold by the piece is not. It fires once per crossing; stock raised and taken again fires
 * again. `after` and `took` are SQL expressions of the new quantity and what was taken.
 */
export const stockLowCrossed = (after: string, took: string, minimum: string) =>
  `(${after} < greatest(2 * ${minimum}, 1) and ${after} + ${took} >= greatest(2 * ${minimum}, 1))`;

/**
 * product.updated's data from a product's columns under `alias` (snake case, as the table names
 * them) and whether this write created it. One shape for the admin edit, the catalog import and
 * the ERP's stock and price sync.
 */
export const productEventJson = (alias: string, created: string) =>
  `jsonb_build_object('id', ${alias}.id, 'sku', ${alias}.sku, 'name', ${alias}.name,
    'price', ${alias}.price_cents / 100.0, 'available', ${alias}.available_quantity,
    'created', ${created})`;

/** stock.low's data, from a product's columns under `alias` (its new available quantity). */
export const stockLowJson = (alias: string, available: string, minimum: string) =>
  `jsonb_build_object('productId', ${alias}.id, 'sku', ${alias}.sku, 'available', ${available},
    'lowLine', greatest(2 * ${minimum}, 1))`;

/**
 * The `ev_low` part of a statement: `stock.low` for each product row of `from` (read as `t`: the
 * product's `id`, `sku`, new `available_quantity` and `minimum_order_quantity`) whose stock `took`
 * (an SQL expression of what was taken) carried across its low line; `also` narrows it further.
 * One shape for an order, a quote's order, a checkout and the ERP's stock sync.
 */
export const productStockLowParts = (from: string, took: string, also?: string) =>
  eventParts(
    'ev_low',
    'stock.low',
    `select 'product:' || t.id,
      ${stockLowJson('t', 't.available_quantity', 't.minimum_order_quantity')}
    from ${from} t
    where ${stockLowCrossed('t.available_quantity', took, 't.minimum_order_quantity')}${also ? ` and ${also}` : ''}`,
  );

/**
 * Issue 36: a warehouse's `stock.low`. Pieces taken from one warehouse (an order's allocation, an
 * admin's count or transfer) took its count from at or above its reorder point (set per product
 * per warehouse; 0: none) to below it: the ERP reorders for that warehouse. `after`, `took` and
 * `point` are SQL expressions of the new count, what was taken and the reorder point.
 */
export const warehouseLowCrossed = (after: string, took: string, point: string) =>
  `(${point} > 0 and ${after} < ${point} and ${after} + ${took} >= ${point})`;

/**
 * That event's data: stock.low's (the product's total and line) and the warehouse's own figures,
 * from the product's columns under `product` and a warehouse_stock row under `stock` (its
 * warehouse's name under `name`).
 */
export const warehouseLowJson = (product: string, stock: string, name: string) =>
  `${stockLowJson(product, `${product}.available_quantity`, `${product}.minimum_order_quantity`)}
    || jsonb_build_object('warehouse', jsonb_build_object('id', ${stock}.warehouse_id,
      'name', ${name}, 'quantity', ${stock}.quantity, 'reorderPoint', ${stock}.reorder_point))`;

/** invoice.created's data: the order, the number as the invoice shows it (2026-000042), due day. */
export const invoiceEventJson = (orderId: string, year: string, number: string, dueOn: string) =>
  `jsonb_build_object('orderId', ${orderId},
    'number', ${year} || '-' || lpad(${number}::text, 6, '0'), 'dueOn', ${dueOn})`;

/** An order row's columns as `orderColumnList` names them (features/orders/order-view.ts). */
interface OrderColumns {
  id: string;
  status: string;
  totalCents: number | string;
  email: string;
  poNumber: string | null;
  companyId: string | null;
  paymentTerms: string;
  quoteId: string | null;
  createdAt: Date | string;
}

/** Records one event of `type` for each order row, on the transaction that changed them. */
export function recordOrderEvents(tx: Queryable, type: WebhookEventType, rows: OrderColumns[]) {
  return recordEvents(
    tx,
    rows.map((row) => ({
      type,
      subject: `order:${row.id}`,
      data: {
        id: row.id,
        status: row.status,
        total: Number(row.totalCents) / 100,
        email: row.email,
        poNumber: row.poNumber ?? null,
        companyId: row.companyId ?? null,
        paymentTerms: row.paymentTerms ?? 'card',
        quoteId: row.quoteId ?? null,
        createdAt: new Date(row.createdAt).toISOString(),
      },
    })),
  );
}

/**
 * An order's event from the statement part `orders` (a `returning` of `orderColumnList`), then
 * `invoice.created` from the part `invoiced` (order_id, year, number_in_year, due_on): the second
 * reads the first's rows, so it runs after it, and the invoice's event comes second in order.
 */
export function orderAndInvoiceEvents(type: WebhookEventType, orders: string, invoiced: string) {
  return [
    eventParts(
      'ev_order',
      type,
      `select 'order:' || o.id, ${orderEventJson('o')} from ${orders} o`,
    ),
    eventParts(
      'ev_invoiced',
      'invoice.created',
      `select 'order:' || i.order_id,
        ${invoiceEventJson('i.order_id', 'i.year', 'i.number_in_year', 'i.due_on')}
      from ${invoiced} i where exists (select 1 from ev_order)`,
    ),
  ].join(', ');
}
