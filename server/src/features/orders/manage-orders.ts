import type { Order } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { cancelUnpaidOrder, cancelUnshippedRest, shipPendingOrder } from './orders-repository.ts';

/** An admin's change of an order's state, and its audit entry, in one transaction. */
async function changeOrderState(
  db: Database,
  actor: AuditActor,
  id: string,
  change: (tx: Database) => Promise<Order | undefined>,
  entry: { action: 'order.ship' | 'order.cancel'; verb: string },
): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    // Locked first: `before` is the state this change moves the order from.
    const [before] = await rowsOf<{ status: string }>(
      tx,
      sql`select status from orders where id = ${id} for update`,
    );
    const changed = await change(tx as unknown as Database);
    if (!before || !changed) return changed;
    await recordAudit(tx, actor, {
      action: entry.action,
      targetType: 'order',
      targetId: id,
      summary: `${entry.verb} order ${id.slice(0, 8)} of ${changed.email} (${before.status} → ${changed.status})`,
      before: { status: before.status },
      after: { status: changed.status },
    });
    return changed;
  });
}

/** Ships what is left of a paid order (→ shipped); undefined when it was not shippable. */
export const shipOrderAsAdmin = (db: Database, actor: AuditActor, id: string) =>
  changeOrderState(db, actor, id, (tx) => shipPendingOrder(tx, id), {
    action: 'order.ship',
    verb: 'Shipped',
  });

/**
 * Cancels an unpaid order, its stock released, or (issue 33) the unshipped rest of a partially
 * shipped one, its stock released; undefined when neither could be cancelled.
 */
export const cancelOrderAsAdmin = (db: Database, actor: AuditActor, id: string) =>
  changeOrderState(
    db,
    actor,
    id,
    async (tx) => (await cancelUnpaidOrder(tx, id)) ?? (await cancelUnshippedRest(tx, id)),
    {
      action: 'order.cancel',
      verb: 'Cancelled',
    },
  );
