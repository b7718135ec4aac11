import {
  type PriceSyncRequest,
  type StockSyncRequest,
  type SyncResult,
  syncMessages,
} from '@proper-parts/domain/integration';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';

/** Items written per statement (and transaction): a 10,000-item request is ten of them. */
export const SYNC_BATCH = 1_000;

interface Numbered<T> {
  n: number;
  item: T;
}

/**
 * The items to apply, numbered from 1 as sent; a SKU sent again (in any case: SKUs are one part
 * whatever their case, decision 031) is not applied twice, and its result says which item was.
 */
function firstOfEachSku<T extends { sku: string }>(items: T[], results: SyncResult[]) {
  const firstAt = new Map<string, number>();
  const apply: Numbered<T>[] = [];
  items.forEach((item, index) => {
    const key = item.sku.toLowerCase();
    const first = firstAt.get(key);
    if (first !== undefined) {
      results[index] = { sku: item.sku, status: 'rejected', message: syncMessages.repeated(first) };
      return;
    }
    firstAt.set(key, index + 1);
    apply.push({ n: index + 1, item });
  });
  return apply;
}

async function inBatches<T>(apply: Numbered<T>[], write: (batch: Numbered<T>[]) => Promise<void>) {
  for (let start = 0; start < apply.length; start += SYNC_BATCH)
    await write(apply.slice(start, start + SYNC_BATCH));
}

/**
 * Sets each SKU's stock. One statement a batch matches the SKUs case-blind on the
 * `lower(sku)` index; a batch commits on its own, so a failure later leaves the earlier ones
 * applied (their results were not sent, and the ERP sends the same levels again).
 */
export async function syncStock(db: Database, { items }: StockSyncRequest): Promise<SyncResult[]> {
  const results: SyncResult[] = new Array(items.length);
  await inBatches(firstOfEachSku(items, results), async (batch) => {
    const updated = await rowsOf<{ n: number }>(
      db,
      sql`update products p set available_quantity = i.quantity
        from unnest(${sql.param(batch.map((b) => b.n))}::int[],
          ${sql.param(batch.map((b) => b.item.sku))}::text[],
          ${sql.param(batch.map((b) => b.item.quantity))}::int[]) as i(n, sku, quantity)
        where lower(p.sku) = lower(i.sku) and p.deleted_at is null
        returning i.n`,
    );
    const done = new Set(updated.map((row) => Number(row.n)));
    for (const { n, item } of batch)
      results[n - 1] = done.has(n)
        ? { sku: item.sku, status: 'updated' }
        : { sku: item.sku, status: 'not_found', message: syncMessages.notFound };
  });
  return results;
}

/**
 * Sets each SKU's price (dollars in, whole cents kept). A price at or below one of the
 * product's volume prices is refused for that item: every break must undercut the price.
 */
export async function syncPrices(db: Database, { items }: PriceSyncRequest): Promise<SyncResult[]> {
  const results: SyncResult[] = new Array(items.length);
  await inBatches(firstOfEachSku(items, results), async (batch) => {
    const found = await rowsOf<{ n: number; topBreak: number | null; updated: boolean }>(
      db,
      sql`with target as (
          select i.n, p.id, i.cents,
            (select max(b.price_cents) from price_breaks b where b.product_id = p.id) as top_break
          from unnest(${sql.param(batch.map((b) => b.n))}::int[],
            ${sql.param(batch.map((b) => b.item.sku))}::text[],
            ${sql.param(batch.map((b) => Math.round(b.item.price * 100)))}::int[]) as i(n, sku, cents)
          join products p on lower(p.sku) = lower(i.sku) and p.deleted_at is null
        ), updated as (
          update products p set price_cents = t.cents from target t
          where p.id = t.id and (t.top_break is null or t.cents > t.top_break)
          returning t.n
        )
        select t.n, t.top_break as "topBreak", exists (select 1 from updated u where u.n = t.n) as updated
        from target t`,
    );
    const byN = new Map(found.map((row) => [Number(row.n), row]));
    for (const { n, item } of batch) {
      const row = byN.get(n);
      results[n - 1] = !row
        ? { sku: item.sku, status: 'not_found', message: syncMessages.notFound }
        : row.updated
          ? { sku: item.sku, status: 'updated' }
          : {
              sku: item.sku,
              status: 'rejected',
              message: syncMessages.belowBreak(Number(row.topBreak)),
            };
    }
  });
  return results;
}
