import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { type Shipment, trackingUrl } from '@proper-parts/domain/shipments';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { shipments } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

type ShipmentRow = typeof shipments.$inferSelect;

interface LineRow {
  shipmentId: string;
  lineNo: number;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  customerPartNumber: string | null;
}

/** Shipments as the API shows them, with their lines: one read of lines for a whole page. */
async function withLines(db: Queryable, rows: ShipmentRow[]): Promise<Shipment[]> {
  if (rows.length === 0) return [];
  const lines = await rowsOf<LineRow>(
    db,
    sql`select s.shipment_id as "shipmentId", s.line_no as "lineNo", s.product_id as "productId",
        l.sku, l.name, s.quantity, l.customer_part_number as "customerPartNumber"
      from shipment_lines s
      join shipments h on h.id = s.shipment_id
      join order_lines l on l.order_id = h.order_id and l.line_no = s.line_no
      where s.shipment_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])
      order by s.shipment_id, s.line_no`,
  );
  const named = rows.some((row) => row.warehouseId !== null)
    ? await rowsOf<{ id: number; name: string }>(
        db,
        sql`select id, public_name as name from warehouses`,
      )
    : [];
  const nameOf = new Map(named.map((w) => [Number(w.id), w.name]));
  return rows.map((row) => ({
    ...(row.warehouseId !== null ? { warehouse: nameOf.get(row.warehouseId) ?? null } : {}),
    id: row.id,
    orderId: row.orderId,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    createdAt: new Date(row.createdAt).toISOString(),
    lines: lines
      .filter((line) => line.shipmentId === row.id)
      .map(({ shipmentId: _, ...line }) => line),
  }));
}

/** An order's shipments, oldest first, a keyset page at a time (http/keyset.ts). */
export async function listShipments(db: Database, orderId: string, page: PaginationQuery) {
  const ofOrder = eq(shipments.orderId, orderId);
  const rows = await db
    .select({ row: shipments, cursorAt: cursorAt(shipments) })
    .from(shipments)
    .where(
      page.cursor ? sql`${ofOrder} and ${afterCursor(shipments, page.cursor, 'asc')}` : ofOrder,
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor } = pageOf(
    rows,
    page.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await withLines(db, items), nextCursor };
}

/** A shipment with the order facts its packing slip prints; undefined when there is none. */
export async function findShipment(db: Database, id: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  if (!row) return undefined;
  const [order] = await rowsOf<{
    userId: string;
    companyId: string | null;
    userName: string;
    email: string;
    address: string;
    phone: string;
    poNumber: string | null;
  }>(
    db,
    sql`select user_id as "userId", company_id as "companyId", user_name as "userName", email,
        address, phone,
        po_number as "poNumber"
      from orders where id = ${row.orderId}`,
  );
  const [shipment] = await withLines(db, [row]);
  return { shipment: shipment as Shipment, order: order! };
}

/** The order's owner, for the read checks of its shipments; undefined when there is no order. */
export async function orderOwner(db: Database, orderId: string) {
  const [row] = await rowsOf<{ userId: string; companyId: string | null }>(
    db,
    sql`select user_id as "userId", company_id as "companyId" from orders where id = ${orderId}`,
  );
  return row;
}
