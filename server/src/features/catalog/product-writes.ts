import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eventParts, productEventJson } from '../webhooks/outbox.ts';
import { replacePriceBreaks, type StoredPriceBreak } from './price-breaks.ts';
import { writeSupersession } from './supersession.ts';

export const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

/** A line that creates a product, or updates the one whose `id` it gives. */
export type Writes = { line: number; kind: 'create' | 'update'; values: Record<string, unknown> };

/**
 * Issue 34: one `product.updated` per product written (created ones say `created: true`), in the
 * batch's statement: an import of 10,000 lines adds one insert of its events a batch, no more.
 */
const productEvents = sql.raw(
  `, ${eventParts(
    'ev_products',
    'product.updated',
    `select 'product:' || w.id, ${productEventJson('w', 'w.created')}
    from (select * from changed union all select * from made) w`,
  )}`,
);

/**
 * The batch's products, then their specifications, cross-references and price breaks, then their
 * words. An update (`id` set) keeps every column given as null (a list given as null is left
 * alone; an empty one clears it); `mpn: ''` clears the MPN, `superseded_by: ''` the replacement
 * (a SKU: supersession.ts). Shared with the admin's product edit
 * (`PATCH /tools/{id}`), which records its events itself (`events: false`), and only when the
 * edit changed something.
 */
export async function writeProducts(
  db: Database,
  writes: Writes[],
  { events = true }: { events?: boolean } = {},
) {
  const values = writes.map((p) => p.values);
  const ids = (
    await db.execute<{ id: string; sku: string }>(sql`
      with x as (
        select * from json_to_recordset(${json(values)}) as x(
          id uuid, sku text, name text, slug text, mpn text, brand_id uuid, category_id uuid, price_cents int,
          minimum_order_quantity int, available_quantity int, img text, description text, pack_size int,
          weight_grams int, length_mm int, width_mm int, height_mm int, sales_unit text,
          max_order_quantity int, core_deposit_cents int, core_return_days int)
      ),
      changed as (
        update products p set
          sku = x.sku,
          name = x.name,
          slug = coalesce(x.slug, p.slug),
          mpn = case when x.mpn = '' then null else coalesce(x.mpn, p.mpn) end,
          brand_id = coalesce(x.brand_id, p.brand_id),
          category_id = coalesce(x.category_id, p.category_id),
          price_cents = coalesce(x.price_cents, p.price_cents),
          minimum_order_quantity = coalesce(x.minimum_order_quantity, p.minimum_order_quantity),
          available_quantity = coalesce(x.available_quantity, p.available_quantity),
          img = coalesce(x.img, p.img),
          description = coalesce(x.description, p.description),
          pack_size = coalesce(x.pack_size, p.pack_size),
          sales_unit = coalesce(x.sales_unit, p.sales_unit),
          -- Issue 35: 0 takes the maximum off; left out (null), the product keeps its own.
          max_order_quantity = case when x.max_order_quantity is null then p.max_order_quantity
            else nullif(x.max_order_quantity, 0) end,
          weight_grams = coalesce(x.weight_grams, p.weight_grams),
          length_mm = coalesce(x.length_mm, p.length_mm),
          width_mm = coalesce(x.width_mm, p.width_mm),
          height_mm = coalesce(x.height_mm, p.height_mm),
          core_deposit_cents = coalesce(x.core_deposit_cents, p.core_deposit_cents),
          core_return_days = coalesce(x.core_return_days, p.core_return_days),
          deleted_at = null
        from x where x.id is not null and p.id = x.id
        returning p.id, p.sku, p.name, p.price_cents, p.available_quantity, false as created
      ),
      made as (
        insert into products (sku, name, mpn, brand_id, category_id, price_cents,
          minimum_order_quantity, available_quantity, img, description, pack_size,
          weight_grams, length_mm, width_mm, height_mm, sales_unit, max_order_quantity,
          core_deposit_cents, core_return_days)
        select sku, name, mpn, brand_id, category_id, price_cents, minimum_order_quantity,
          available_quantity, img, description, coalesce(pack_size, 1),
          coalesce(weight_grams, 0), coalesce(length_mm, 0), coalesce(width_mm, 0),
          coalesce(height_mm, 0), coalesce(sales_unit, 'each'), nullif(max_order_quantity, 0),
          coalesce(core_deposit_cents, 0), coalesce(core_return_days, 90)
        from x where x.id is null
        returning id, sku, name, price_cents, available_quantity, true as created
      )${events ? productEvents : sql``}
      select id, sku from changed union all select id, sku from made`)
  ).rows;
  if (ids.length !== writes.length) throw new Error('a product changed while it was imported');
  const idOf = new Map(ids.map((row) => [row.sku, row.id]));
  const specs = writes.filter((p) => p.values.attributes !== null);
  const references = writes.filter((p) => p.values.cross_references !== null);
  if (specs.length > 0) {
    const owners = specs.map((p) => idOf.get(p.values.sku as string));
    await db.execute(sql`delete from product_attributes
      where product_id in (select value::uuid from json_array_elements_text(${json(owners)}))`);
    const rows = specs.flatMap((p) =>
      (
        p.values.attributes as {
          name: string;
          value: string;
          num: number | null;
          unit: string | null;
        }[]
      ).map((a) => ({ ...a, product_id: idOf.get(p.values.sku as string) })),
    );
    if (rows.length > 0)
      await db.execute(sql`insert into product_attributes (product_id, name, value, num, unit)
        select product_id, name, value, num, unit from json_to_recordset(${json(rows)})
          as x(product_id uuid, name text, value text, num float8, unit text)`);
  }
  if (references.length > 0) {
    const owners = references.map((p) => idOf.get(p.values.sku as string));
    await db.execute(sql`delete from cross_references
      where product_id in (select value::uuid from json_array_elements_text(${json(owners)}))`);
    const rows = references.flatMap((p) =>
      (p.values.cross_references as { kind: string; number: string }[]).map((r) => ({
        ...r,
        product_id: idOf.get(p.values.sku as string),
      })),
    );
    if (rows.length > 0)
      await db.execute(sql`insert into cross_references (product_id, kind, number)
        select product_id, kind, number from json_to_recordset(${json(rows)})
          as x(product_id uuid, kind text, number text)`);
  }
  await replacePriceBreaks(
    db,
    writes
      .filter((p) => Array.isArray(p.values.price_breaks))
      .map((p) => ({
        productId: idOf.get(p.values.sku as string) as string,
        breaks: p.values.price_breaks as StoredPriceBreak[],
      })),
  );
  // Issue 36: after every product of the batch is written, so a line may name one made beside it.
  await writeSupersession(
    db,
    writes
      .filter((p) => typeof p.values.superseded_by === 'string')
      .map((p) => ({
        productId: idOf.get(p.values.sku as string) as string,
        replacement: p.values.superseded_by as string,
      })),
  );
  // The words include the specifications, written after the product row: make them again.
  if (specs.length > 0)
    await db.execute(sql`update products set search_vector = null
      where id in (select value::uuid from json_array_elements_text(${json(specs.map((p) => idOf.get(p.values.sku as string)))}))`);
}
