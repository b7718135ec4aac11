import {
  type PriceSyncRequest,
  type StockSyncRequest,
  type SyncResult,
  syncMessages,
} from '@proper-parts/domain/integration';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { eventParts, productEventJson, productStockLowParts } from '../webhooks/outbox.ts';

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
 * Issue 34: what a sync batch's statement records in the outbox, as the admin's edit does: one
 * `product.updated` per product whose stock or price it changed (none for a level or price sent
 * again unchanged), and `stock.low` for a stock level that took a product from at or above its
 * low line to below it. Written by the batch's own statement: the new levels and their events
 * commit together. `stock.low` counts every `product.updated` row first, so those are inserted
 * (and numbered) before it: a receiver gets a product's new level, then that it is low.
 */
const syncEvents = (withLow: boolean) =>
  sql.raw(
    [
      eventParts(
        'ev_updated',
        'product.updated',
        `select 'product:' || c.id, ${productEventJson('c', 'false')} from changed c`,
      ),
      ...(withLow
        ? [
            productStockLowParts(
              'changed',
              't.before - t.available_quantity',
              '(select count(*) from ev_updated) > 0',
            ),
          ]
        : []),
    ].join(', '),
  );
const stockEvents = syncEvents(true);
const priceEvents = syncEvents(false);

/**
 * Sets each SKU's stock. One statement a batch matches the SKUs case-blind on the
 * `lower(sku)` index; a batch commits on its own, so a failure later leaves the earlier ones
 * applied (their results were not sent, and the ERP sends the same levels again).
 *
 * `locked` takes the batch's products in id order, as an order's statement does (so the two wait
 * for each other in one order and cannot deadlock), and reads each level as the last committed
 * writer left it: the level this write replaces, which stock.low needs. Only levels that differ
 * are written.
 */
export async function syncStock(db: Database, { items }: StockSyncRequest): Promise<SyncResult[]> {
  const results: SyncResult[] = new Array(items.length);
  await inBatches(firstOfEachSku(items, results), async (batch) => {
    const updated = await rowsOf<{ n: number }>(
      db,
      sql`with locked as (
          select i.n, p.id, i.quantity, p.available_quantity as before
          from unnest(${sql.param(batch.map((b) => b.n))}::int[],
            ${sql.param(batch.map((b) => b.item.sku))}::text[],
            ${sql.param(batch.map((b) => b.item.quantity))}::int[]) as i(n, sku, quantity)
          join products p on lower(p.sku) = lower(i.sku) and p.deleted_at is null
          order by p.id
          for no key update of p
        ), changed as (
          update products p set available_quantity = l.quantity
          from locked l where p.id = l.id and p.available_quantity <> l.quantity
          returning p.id, p.sku, p.name, p.price_cents, p.available_quantity,
            p.minimum_order_quantity, l.before
        ), ${stockEvents}
        select n from locked`,
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
 * product's volume prices is refused for that item: every break must undercut the price. Only
 * prices that differ are written (and told as product.updated).
 */
export async function syncPrices(db: Database, { items }: PriceSyncRequest): Promise<SyncResult[]> {
  const results: SyncResult[] = new Array(items.length);
  await inBatches(firstOfEachSku(items, results), async (batch) => {
    const found = await rowsOf<{ n: number; topBreak: number | null; accepted: boolean }>(
      db,
      sql`with target as (
          select i.n, p.id, i.cents,
            (select max(b.price_cents) from price_breaks b where b.product_id = p.id) as top_break
          from unnest(${sql.param(batch.map((b) => b.n))}::int[],
            ${sql.param(batch.map((b) => b.item.sku))}::text[],
            ${sql.param(batch.map((b) => Math.round(b.item.price * 100)))}::int[]) as i(n, sku, cents)
          join products p on lower(p.sku) = lower(i.sku) and p.deleted_at is null
        ), changed as (
          update products p set price_cents = t.cents from target t
          where p.id = t.id and (t.top_break is null or t.cents > t.top_break)
            and p.price_cents <> t.cents
          returning p.id, p.sku, p.name, p.price_cents, p.available_quantity
        ), ${priceEvents}
        select t.n, t.top_break as "topBreak", (t.top_break is null or t.cents > t.top_break) as accepted
        from target t`,
    );
    const byN = new Map(found.map((row) => [Number(row.n), row]));
    for (const { n, item } of batch) {
      const row = byN.get(n);
      results[n - 1] = !row
        ? { sku: item.sku, status: 'not_found', message: syncMessages.notFound }
        : row.accepted
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
