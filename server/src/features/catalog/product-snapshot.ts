import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A product as an admin edits it, in the API's units (dollars): what the audit log keeps. */
export type ProductSnapshot = Record<string, unknown> & { sku: string; name: string };

/** The product's fields now (deleted or not); read in the transaction that changes it. */
export async function productSnapshot(
  db: Pick<Database, 'execute'>,
  id: string,
): Promise<ProductSnapshot | undefined> {
  const [row] = (
    await db.execute<{ snapshot: ProductSnapshot | string }>(sql`
      select json_build_object(
        'sku', p.sku, 'name', p.name, 'slug', p.slug, 'mpn', p.mpn, 'brand', b.name,
        'category', c.slug, 'price', p.price_cents / 100.0,
        'minimumOrderQuantity', p.minimum_order_quantity,
        'availableQuantity', p.available_quantity, 'packSize', p.pack_size,
        'salesUnit', p.sales_unit, 'maxOrderQuantity', p.max_order_quantity, 'img', p.img,
        'coreDeposit', p.core_deposit_cents / 100.0, 'coreReturnDays', p.core_return_days,
        'description', p.description,
        'attributes', coalesce((select json_agg(json_build_object('name', a.name, 'value', a.value, 'unit', a.unit) order by a.name)
          from product_attributes a where a.product_id = p.id), '[]'),
        'crossReferences', coalesce((select json_agg(json_build_object('kind', r.kind, 'number', r.number) order by r.kind, r.number)
          from cross_references r where r.product_id = p.id), '[]'),
        'priceBreaks', coalesce((select json_agg(json_build_object('minQuantity', pb.min_quantity, 'price', pb.price_cents / 100.0) order by pb.min_quantity)
          from price_breaks pb where pb.product_id = p.id), '[]'),
        'supersededBy', (select r.sku from products r where r.id = p.superseded_by_id),
        'deleted', p.deleted_at is not null
      ) as snapshot
      from products p
      left join brands b on b.id = p.brand_id
      left join categories c on c.id = p.category_id
      where p.id = ${id}`)
  ).rows;
  if (!row) return undefined;
  const snapshot = typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot;
  // `price_cents / 100.0` is numeric: JSON keeps it as 12.50, read back as a number.
  return snapshot as ProductSnapshot;
}

/** Only the fields an edit changed, before and after; empty when it changed nothing. */
export function changedFields(before: ProductSnapshot, after: ProductSnapshot) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}
