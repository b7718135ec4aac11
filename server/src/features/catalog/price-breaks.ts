import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dollarsToCents } from './catalog-repository.ts';

export interface StoredPriceBreak {
  minQuantity: number;
  priceCents: number;
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

/**
 * Replaces the volume pricing of these products with the lists given (an empty list: none), in
 * the caller's transaction. The table's trigger tells the catalog caches.
 */
export async function replacePriceBreaks(
  db: Database,
  lists: { productId: string; breaks: StoredPriceBreak[] }[],
) {
  if (lists.length === 0) return;
  await db.execute(sql`delete from price_breaks
    where product_id in (select value::uuid from json_array_elements_text(${json(lists.map((l) => l.productId))}))`);
  const rows = lists.flatMap(({ productId, breaks }) =>
    breaks.map((b) => ({
      product_id: productId,
      min_quantity: b.minQuantity,
      price_cents: b.priceCents,
    })),
  );
  if (rows.length > 0)
    await db.execute(sql`insert into price_breaks (product_id, min_quantity, price_cents)
      select product_id, min_quantity, price_cents from json_to_recordset(${json(rows)})
        as x(product_id uuid, min_quantity int, price_cents int)`);
}

/** Dollars to the table's cents, and back. */
export const breaksToCents = (breaks: { minQuantity: number; price: number }[]) =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: dollarsToCents(b.price) }));
export const breaksToDollars = (breaks: StoredPriceBreak[]) =>
  breaks.map((b) => ({ minQuantity: Number(b.minQuantity), price: Number(b.priceCents) / 100 }));
