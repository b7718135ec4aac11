import {
  type BackorderSettings,
  type BackorderSettingsRequest,
  backorderAdminMessages,
  type PurchaseOrder,
  type PurchaseOrderRequest,
  purchaseOrderRequest,
} from '@proper-parts/domain/backorders';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { parsedBackorder } from './backorder-sql.ts';

/** Issue 36: a product's backorder terms and its purchase orders of incoming stock (admin). */

export async function backorderSettingsOf(
  db: Queryable,
  productId: string,
): Promise<BackorderSettings> {
  const [row] = await rowsOf<{
    id: string;
    sku: string;
    allowed: boolean;
    lead: number | null;
    incoming: BackorderSettings['incoming'] | string;
  }>(
    db,
    sql`select p.id, p.sku, p.backorder_allowed as allowed, p.lead_time_days as lead,
        (select coalesce(json_agg(json_build_object('quantity', o.quantity - o.promised,
            'expectedOn', o.expected_on::text) order by o.expected_on, o.id), '[]')
          from purchase_orders o
          where o.product_id = p.id and o.quantity > o.promised and o.received_at is null) as incoming
      from products p where p.id = ${productId} and p.deleted_at is null`,
  );
  if (!row) throw new AppError('NOT_FOUND', backorderAdminMessages.productNotFound);
  const { incoming } = parsedBackorder({
    allowed: true,
    leadTimeDays: null,
    incoming: typeof row.incoming === 'string' ? JSON.parse(row.incoming) : row.incoming,
  });
  return {
    productId: row.id,
    sku: row.sku,
    allowed: row.allowed,
    leadTimeDays: row.lead === null ? null : Number(row.lead),
    incoming,
  };
}

/** Sets whether the product takes backorders and its lead time; answers what it was. */
export async function setBackorderSettings(
  db: Queryable,
  productId: string,
  input: BackorderSettingsRequest,
): Promise<BackorderSettings> {
  const before = await backorderSettingsOf(db, productId);
  await db.execute(
    sql`update products set backorder_allowed = ${input.allowed},
        lead_time_days = ${input.leadTimeDays}
      where id = ${productId}`,
  );
  return before;
}

interface PurchaseOrderRow {
  id: string;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  promised: number;
  expectedOn: string;
  reference: string;
  createdAt: string | Date;
  receivedAt: string | Date | null;
  receivedInto: string | null;
}

const columns = sql`o.id, o.product_id as "productId", p.sku, p.name, o.quantity, o.promised,
  o.expected_on::text as "expectedOn", o.reference, o.created_at as "createdAt",
  o.received_at as "receivedAt", w.name as "receivedInto"`;

/** The tables `columns` reads: `o` a purchase orders row (or CTE), its product, its warehouse. */
const joined = (orders: SQL) => sql`${orders} o join products p on p.id = o.product_id
  left join warehouses w on w.id = o.received_warehouse_id`;

const toPurchaseOrder = (row: PurchaseOrderRow): PurchaseOrder => ({
  ...row,
  quantity: Number(row.quantity),
  promised: Number(row.promised),
  createdAt: new Date(row.createdAt).toISOString(),
  receivedAt: row.receivedAt === null ? null : new Date(row.receivedAt).toISOString(),
});

/** Adds a purchase order: its pieces are open to backorders at once. */
export async function addPurchaseOrder(
  db: Queryable,
  input: PurchaseOrderRequest,
): Promise<PurchaseOrder> {
  const po = purchaseOrderRequest.parse(input);
  const [row] = await rowsOf<PurchaseOrderRow>(
    db,
    sql`with made as (
        insert into purchase_orders (product_id, quantity, expected_on, reference)
        select p.id, ${po.quantity}, ${po.expectedOn}::date, ${po.reference}
        from products p where p.id = ${po.productId} and p.deleted_at is null
        returning *
      )
      select ${columns} from ${joined(sql`made`)}`,
  );
  if (!row) throw new AppError('NOT_FOUND', backorderAdminMessages.productNotFound);
  return toPurchaseOrder(row);
}

/** Purchase orders, received ones too (`receivedAt`), by expected day then id (keyset). */
export async function listPurchaseOrders(
  db: Queryable,
  query: { limit: number; cursor?: string | undefined; productId?: string | undefined },
): Promise<{ items: PurchaseOrder[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = await rowsOf<PurchaseOrderRow>(
    db,
    sql`select ${columns} from ${joined(sql`purchase_orders`)}
      where true
        ${query.productId ? sql`and o.product_id = ${query.productId}` : sql``}
        ${after ? sql`and (o.expected_on, o.id) > (${after.day}::date, ${after.id}::uuid)` : sql``}
      order by o.expected_on, o.id limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit).map(toPurchaseOrder);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(`${last.expectedOn}|${last.id}`).toString('base64url')
        : null,
  };
}

function decodeCursor(cursor: string): { day: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2})\|([0-9a-f-]{36})$/.exec(text);
  if (!match?.[1] || !match[2])
    throw new AppError('INVALID', 'cursor: is not a cursor this list gave');
  return { day: match[1], id: match[2] };
}

/** One purchase order, received or not; a 404 when there is none. */
export async function purchaseOrderOf(db: Queryable, id: string): Promise<PurchaseOrder> {
  const [row] = await rowsOf<PurchaseOrderRow>(
    db,
    sql`select ${columns} from ${joined(sql`purchase_orders`)} where o.id = ${id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', backorderAdminMessages.notFound);
  return toPurchaseOrder(row);
}

/**
 * Removes a purchase order none of whose pieces are promised. Its product is locked first, as
 * checkout locks it, so a checkout cannot promise from it while it goes.
 */
export async function removePurchaseOrder(db: Queryable, id: string): Promise<PurchaseOrder> {
  const found = await purchaseOrderOf(db, id);
  if (found.receivedAt !== null)
    throw new AppError('CONFLICT', backorderAdminMessages.receivedNotRemoved);
  await db.execute(sql`select id from products where id = ${found.productId} for no key update`);
  const [gone] = await rowsOf<{ promised: number }>(
    db,
    sql`delete from purchase_orders where id = ${id} and promised = 0 returning promised`,
  );
  if (!gone) {
    const [now] = await rowsOf<{ promised: number }>(
      db,
      sql`select promised from purchase_orders where id = ${id}`,
    );
    if (!now) throw new AppError('NOT_FOUND', backorderAdminMessages.notFound);
    throw new AppError('CONFLICT', backorderAdminMessages.promised(Number(now.promised)));
  }
  return found;
}
