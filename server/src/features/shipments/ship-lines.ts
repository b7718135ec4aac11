import { type Order, orderMessages } from '@proper-parts/domain/orders';
import {
  type CreateShipmentRequest,
  type Shipment,
  shipmentMessages,
  trackingUrl,
} from '@proper-parts/domain/shipments';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { type OrderRow, orderColumns, orderWithLines } from '../orders/order-view.ts';
import { recordEvent, recordOrderEvents } from '../webhooks/outbox.ts';

/** The statuses an order can ship from (paid, or on account, and not all shipped yet). */
export const SHIPPABLE = ['pending', 'partially_shipped'] as const;

interface LineLeft {
  lineNo: number;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  shipped: number;
}

/** What a shipment takes of each order line: `[lineNo, pieces]`, in line order. */
type Allocation = { line: LineLeft; pieces: number }[];

const left = (line: LineLeft) => line.quantity - line.shipped;

/**
 * Spreads each requested product's pieces over the order's lines of that product, first line
 * first. Refused (422, naming `lines`): a product named twice, one not on the order, more pieces
 * than are left to ship.
 */
function allocate(lines: LineLeft[], requested: CreateShipmentRequest['lines']): Allocation {
  const seen = new Set<string>();
  const allocation: Allocation = [];
  for (const { productId, quantity } of requested) {
    if (seen.has(productId))
      throw new AppError('UNPROCESSABLE', shipmentMessages.duplicate(productId));
    seen.add(productId);
    const ofProduct = lines.filter((line) => line.productId === productId);
    if (ofProduct.length === 0)
      throw new AppError('UNPROCESSABLE', shipmentMessages.notOnOrder(productId));
    const remaining = ofProduct.reduce((sum, line) => sum + left(line), 0);
    if (quantity > remaining)
      throw new AppError('UNPROCESSABLE', shipmentMessages.moreThanRemains(productId, remaining));
    let toShip = quantity;
    for (const line of ofProduct) {
      const pieces = Math.min(toShip, left(line));
      if (pieces > 0) allocation.push({ line, pieces });
      toShip -= pieces;
    }
  }
  return allocation.sort((a, b) => a.line.lineNo - b.line.lineNo);
}

export interface ShipmentMade {
  order: Order;
  shipment: Shipment;
}

interface ShipmentFields {
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * Writes a shipment of `allocation` on `tx` (the order row already locked by the caller): its
 * lines, the pieces shipped on the order lines, the order's new status, and `shipment.created`
 * (then `order.shipped` when nothing is left). Returns the order as it is now.
 */
async function writeShipment(
  tx: Queryable,
  orderId: string,
  createdBy: string | null,
  fields: ShipmentFields,
  allocation: Allocation,
  lines: LineLeft[],
  from: Pick<PickLeft, 'warehouseId' | 'warehouse'> | null = null,
): Promise<{ row: OrderRow; shipment: Shipment }> {
  const [made] = await rowsOf<{ id: string; createdAt: Date | string }>(
    tx,
    sql`insert into shipments (order_id, carrier, tracking_number, created_by, warehouse_id)
      values (${orderId}, ${fields.carrier}, ${fields.trackingNumber}, ${createdBy},
        ${from?.warehouseId ?? null})
      returning id, created_at as "createdAt"`,
  );
  const shipmentId = made!.id;
  const rows = JSON.stringify(
    allocation.map(({ line, pieces }) => ({ line_no: line.lineNo, pieces })),
  );
  await tx.execute(
    sql`with picked as (
        select * from jsonb_to_recordset(${rows}::jsonb) as r(line_no int, pieces int)
      ), lines as (
        insert into shipment_lines (shipment_id, line_no, product_id, quantity)
        select ${shipmentId}, l.line_no, l.product_id, p.pieces
        from picked p join order_lines l on l.order_id = ${orderId} and l.line_no = p.line_no
      ), picks as (
        update order_line_allocations a set shipped = a.shipped + p.pieces
        from picked p
        where a.order_id = ${orderId} and a.line_no = p.line_no
          and a.warehouse_id = ${from?.warehouseId ?? null}::int
      )
      update order_lines l set shipped = l.shipped + p.pieces
      from picked p where l.order_id = ${orderId} and l.line_no = p.line_no`,
  );
  const shippedNow = new Map(allocation.map(({ line, pieces }) => [line.lineNo, pieces]));
  const complete = lines.every((line) => left(line) === (shippedNow.get(line.lineNo) ?? 0));
  const [row] = await rowsOf<OrderRow>(
    tx,
    sql`update orders set status = ${complete ? 'shipped' : 'partially_shipped'}, updated_at = now()
      where id = ${orderId} returning ${orderColumns}`,
  );
  const shipment: Shipment = {
    id: shipmentId,
    orderId,
    carrier: fields.carrier,
    trackingNumber: fields.trackingNumber,
    trackingUrl: trackingUrl(fields.carrier, fields.trackingNumber),
    createdAt: new Date(made!.createdAt).toISOString(),
    warehouse: from?.warehouse ?? null,
    lines: allocation.map(({ line, pieces }) => ({
      lineNo: line.lineNo,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: pieces,
    })),
  };
  await recordEvent(tx, 'shipment.created', `order:${orderId}`, {
    ...shipment,
    orderStatus: row!.status,
  });
  if (complete) await recordOrderEvents(tx, 'order.shipped', [row!]);
  return { row: row!, shipment };
}

/** The order's lines and what is left of each, read after the order row was locked. */
const linesLeft = (tx: Queryable, orderId: string) =>
  rowsOf<LineLeft>(
    tx,
    sql`select line_no as "lineNo", product_id as "productId", sku, name, quantity, shipped
      from order_lines where order_id = ${orderId} order by line_no`,
  );

/**
 * `POST /manageOrder/{id}/shipments`: ships the pieces asked of a paid order, in one transaction
 * with the order row locked first (two admins shipping the same rest ship it once: the second
 * finds nothing left and is refused), its audit entry and its events.
 */
export function createShipment(
  db: Database,
  actor: AuditActor,
  orderId: string,
  request: CreateShipmentRequest,
): Promise<ShipmentMade> {
  return db.transaction(async (tx) => {
    const [locked] = await rowsOf<{ status: string }>(
      tx,
      sql`select status from orders where id = ${orderId} for update`,
    );
    if (!locked) throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
    if (!(SHIPPABLE as readonly string[]).includes(locked.status))
      throw new AppError('CONFLICT', shipmentMessages.notShippable);
    const lines = await linesLeft(tx, orderId);
    const from = warehouseOfShipment(await picksLeft(tx, orderId), request.warehouse);
    // From a warehouse, what is left of each line is what is left of it there.
    const there = from && new Map(from.picks.map((pick) => [pick.lineNo, pick.left]));
    const allocation = allocate(
      there
        ? lines.map((line) => ({ ...line, shipped: line.quantity - (there.get(line.lineNo) ?? 0) }))
        : lines,
      request.lines,
    );
    const { carrier, trackingNumber } = request;
    const { row, shipment } = await writeShipment(
      tx,
      orderId,
      actor.id,
      { carrier, trackingNumber },
      allocation,
      lines,
      from,
    );
    const pieces = allocation.reduce((sum, a) => sum + a.pieces, 0);
    await recordAudit(tx, actor, {
      action: 'order.shipment',
      targetType: 'order',
      targetId: orderId,
      summary: `Shipped ${pieces} piece${pieces === 1 ? '' : 's'} of order ${orderId.slice(0, 8)} of ${row.email} by ${carrier} ${trackingNumber} (${locked.status} → ${row.status})`,
      before: { status: locked.status },
      after: { status: row.status, shipmentId: shipment.id },
    });
    return { order: await orderWithLines(tx, row), shipment };
  });
}

/**
 * The spec's ship action (`PATCH /manageOrder/{id}`): everything left as one shipment with no
 * carrier. The caller has locked the order row; undefined when it is not shippable (any more).
 */
export async function shipTheRest(tx: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await rowsOf<{ status: string }>(
    tx,
    sql`select status from orders where id = ${orderId} for update`,
  );
  if (!order || !(SHIPPABLE as readonly string[]).includes(order.status)) return undefined;
  const fields = { carrier: null, trackingNumber: null };
  // Issue 36: one shipment per warehouse the rest lies in, then any piece of no warehouse.
  const picks = await picksLeft(tx, orderId);
  let row: OrderRow | undefined;
  for (const warehouseId of new Set(picks.map((pick) => pick.warehouseId))) {
    const there = picks.filter((pick) => pick.warehouseId === warehouseId);
    const lines = await linesLeft(tx, orderId);
    const allocation = there.flatMap((pick) => {
      const line = lines.find((l) => l.lineNo === pick.lineNo);
      return line ? [{ line, pieces: pick.left }] : [];
    });
    row = (await writeShipment(tx, orderId, null, fields, allocation, lines, there[0] ?? null)).row;
  }
  const lines = await linesLeft(tx, orderId);
  const allocation = lines
    .filter((line) => left(line) > 0)
    .map((line) => ({ line, pieces: left(line) }));
  if (allocation.length === 0) return row;
  return (await writeShipment(tx, orderId, null, fields, allocation, lines)).row;
}

interface PickLeft {
  lineNo: number;
  warehouseId: number;
  warehouse: string;
  left: number;
}

/** Issue 36: what each warehouse has still to pick of the order, per line (order row locked). */
const picksLeft = async (tx: Queryable, orderId: string) =>
  (
    await rowsOf<PickLeft>(
      tx,
      sql`select a.line_no as "lineNo", a.warehouse_id as "warehouseId", w.public_name as warehouse,
          a.quantity - a.shipped as left
        from order_line_allocations a join warehouses w on w.id = a.warehouse_id
        where a.order_id = ${orderId} and a.quantity > a.shipped
        order by a.warehouse_id, a.line_no`,
    )
  ).map((pick) => ({ ...pick, warehouseId: Number(pick.warehouseId), left: Number(pick.left) }));

/**
 * The warehouse a shipment leaves from: the one asked for, or the only one with pieces left; a
 * shipment is from one warehouse. Null for an order placed before warehouses (no allocation).
 */
function warehouseOfShipment(picks: PickLeft[], asked: number | undefined) {
  if (picks.length === 0) return null;
  const ids = [...new Set(picks.map((pick) => pick.warehouseId))];
  const warehouseId = asked ?? (ids.length === 1 ? ids[0] : undefined);
  if (warehouseId === undefined)
    throw new AppError('UNPROCESSABLE', shipmentMessages.whichWarehouse(ids.length));
  const there = picks.filter((pick) => pick.warehouseId === warehouseId);
  if (there.length === 0) throw new AppError('UNPROCESSABLE', shipmentMessages.nothingThere);
  return { warehouseId, warehouse: there[0]?.warehouse ?? '', picks: there };
}
