import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Why a SKU cannot be given to a product: another product has it, or has it in another case. A SKU
 * is one part number whatever its case (decision 031: the unique index on lower(sku)), so
 * `hb-cheap-1` is refused beside `HB-CHEAP-1`, naming the SKU that holds it.
 */
export function skuTakenMessage(typed: string, held: string): string {
  return held === typed
    ? `sku: another product already has the SKU ${typed}`
    : `sku: ${typed} is the SKU ${held} of another product in another case; a SKU is the same part number whatever its case`;
}

/** The message for a unique violation on the SKU: it names the product's SKU that clashed. */
export async function skuTakenReason(db: Database, typed: string, exceptId?: string) {
  const [holder] = (
    await db.execute<{ sku: string }>(sql`select sku from products
      where lower(sku) = lower(${typed}) and id is distinct from ${exceptId ?? null}::uuid limit 1`)
  ).rows;
  return skuTakenMessage(typed, holder?.sku ?? typed);
}
