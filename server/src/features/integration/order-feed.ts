import {
  type IntegrationOrder,
  type IntegrationOrdersQuery,
  syncMessages,
} from '@proper-parts/domain/integration';
import { orderMessages } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../http/keyset.ts';
import { type OrderRow, orderColumns, ordersWithLines } from '../orders/order-view.ts';

const NIL = '00000000-0000-0000-0000-000000000000';

type FeedRow = OrderRow & { cursorXid: string };

const isoOrNull = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * Orders written since the cursor, in the order of the transactions that wrote them
 * (`changed_xid`, kept by the trigger `orders_changed`), then id. Only transactions older than
 * every one still running are read (`pg_snapshot_xmin`): a slow transaction's orders wait for
 * it to end rather than commit behind a cursor already handed out. An order written again (paid,
 * shipped, exported) comes again, as it is now. Each comes with its lines, address, total and
 * state, the whole page in two statements.
 */
export async function ordersChangedSince(
  db: Database,
  { since, limit }: IntegrationOrdersQuery,
): Promise<{ items: IntegrationOrder[]; nextCursor: string }> {
  // The keyset cursor's shape: [digits, uuid], here the transaction id and the order's.
  const decoded = since ? decodeCursor(since, true) : undefined;
  const after = decoded ? { xid: String(decoded.micros), id: decoded.id } : { xid: '0', id: NIL };
  const rows = await rowsOf<FeedRow>(
    db,
    sql`select ${orderColumns}, changed_xid::text as "cursorXid" from orders
      where changed_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        and (changed_xid, id) > (${after.xid}::bigint, ${after.id}::uuid)
      order by changed_xid, id
      limit ${limit}`,
  );
  const orders = await ordersWithLines(db, rows);
  const items = rows.map((row, index) => ({
    ...(orders[index] as IntegrationOrder),
    erpOrderNumber: row.erpOrderNumber ?? null,
    exportedAt: isoOrNull(row.exportedAt),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }));
  const last = rows.at(-1);
  return {
    items,
    nextCursor: last ? encodeCursor(last.cursorXid, last.id) : encodeCursor(after.xid, after.id),
  };
}

/**
 * Records the ERP's own number for the order. The same number again changes nothing; another
 * number is refused (two ERP imports of one order). The update claims the order only while it
 * has no number, so two calls at once cannot both write.
 */
export async function markOrderExported(db: Database, id: string, erpOrderNumber: string) {
  // updated_at stays: it is the order's own (the sales figures read it), not the ERP's.
  const claimed = await rowsOf<{ id: string }>(
    db,
    sql`update orders set erp_order_number = ${erpOrderNumber}, exported_at = now()
      where id = ${id} and erp_order_number is null returning id`,
  );
  if (claimed.length > 0) return syncMessages.exported(erpOrderNumber);
  const [row] = await rowsOf<{ erpOrderNumber: string | null }>(
    db,
    sql`select erp_order_number as "erpOrderNumber" from orders where id = ${id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
  if (row.erpOrderNumber !== erpOrderNumber)
    throw new AppError('CONFLICT', `This order was already exported as ${row.erpOrderNumber}`);
  return syncMessages.exported(erpOrderNumber);
}
