import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.ts';
import type { RefundAmounts } from './refund-amounts.ts';

/**
 * Keeps each returned product's goods given back on its return line, in the transaction that
 * stores the refund's amounts (before it is marked refunded: the sales trigger reads them then).
 * A line of no goods (a core return) keeps 0. Migration 0043 reads them for the top lists.
 */
export async function recordRefundGoods(
  tx: Queryable,
  returnId: string,
  goods: RefundAmounts['goods'],
): Promise<void> {
  await tx.execute(
    sql`update return_lines l set refund_goods_cents = coalesce((select g.cents
        from jsonb_to_recordset(${JSON.stringify(goods)}::jsonb) as g("productId" uuid, cents bigint)
        where g."productId" = l.product_id), 0)
      where l.return_id = ${returnId}`,
  );
}
