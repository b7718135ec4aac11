import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { sql } from 'drizzle-orm';
import { queryNamedSql } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { backorderJson, parsedBackorder } from '../backorders/backorder-sql.ts';
import { fromJson, ITEM_COLUMNS, type ItemRow, toItem } from './search-items.ts';

/** A product's id: the product read also takes one (a slug never has this shape). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issue 36: the live products this one replaces, down their chains, nearest first. */
const SUPERSEDES = sql`(select coalesce(json_agg(o.sku order by back.depth, o.sku), '[]') from (
    with recursive back(id, depth) as (
      select o.id, 1 from products o where o.superseded_by_id = p.id
      union all
      select o.id, back.depth + 1 from back join products o on o.superseded_by_id = back.id
      where back.depth < 50
    ) select id, min(depth) as depth from back group by id) back
    join products o on o.id = back.id and o.deleted_at is null) as supersedes`;

/** A live product by slug (or by id), with its specifications and cross-references. */
export async function readProduct(
  db: Queryable,
  slug: string,
): Promise<CatalogProduct | undefined> {
  // One statement: the product, its specifications, cross-references and category path. Named:
  // on PostgreSQL each connection plans it once (planning its dozen subqueries cost more of the
  // database's CPU than running them: a cold product page, issue 32).
  const byId = UUID.test(slug);
  const [row] = await queryNamedSql<
    ItemRow & {
      mpn: string | null;
      description: string;
      created_at: string;
      attributes: CatalogProduct['attributes'] | string;
      cross_references: CatalogProduct['crossReferences'] | string;
      category_path: CatalogProduct['categoryPath'] | string;
      price_breaks: { minQuantity: number; priceCents: number }[] | string;
      weight_grams: number | string;
      length_mm: number | string;
      width_mm: number | string;
      height_mm: number | string;
      supersedes: string[] | string;
      replaced_by_sku: string | null;
      stock: CatalogProduct['stock'] | string;
      backorder: CatalogProduct['backorder'] | string | null;
      core_deposit_cents: number | string;
      core_return_days: number | string;
    }
  >(
    db,
    byId ? 'product-read-by-id' : 'product-read-by-slug',
    sql`
    select ${ITEM_COLUMNS}, p.mpn, p.description, p.created_at, '' as sort_value,
      p.weight_grams, p.length_mm, p.width_mm, p.height_mm, ${SUPERSEDES},
      p.core_deposit_cents, p.core_return_days,
      (select r.sku from products r where r.id = p.superseded_by_id) as replaced_by_sku,
      (select coalesce(json_agg(json_build_object('minQuantity', pb.min_quantity,
          'priceCents', pb.price_cents) order by pb.min_quantity), '[]')
        from price_breaks pb where pb.product_id = p.id) as price_breaks,
      (select coalesce(json_agg(json_build_object('name', a.name, 'value', a.value,
          'num', a.num, 'unit', a.unit) order by a.name), '[]')
        from product_attributes a where a.product_id = p.id) as attributes,
      (select coalesce(json_agg(json_build_object('number', x.number, 'kind', x.kind)
          order by x.kind, x.number), '[]')
        from cross_references x where x.product_id = p.id) as cross_references,
      (select coalesce(json_agg(json_build_object('warehouse', w.public_name,
          'quantity', s.quantity) order by w.id), '[]')
        from warehouse_stock s join warehouses w on w.id = s.warehouse_id
        where s.product_id = p.id and s.quantity > 0) as stock,
      ${backorderJson('p')} as backorder,
      (select coalesce(json_agg(json_build_object('slug', up.slug, 'name', up.name)
          order by up.level desc), '[]')
        from (
          with recursive up as (
            select id, parent_id, slug, name, 0 as level from categories where id = p.category_id
            union all
            select c.id, c.parent_id, c.slug, c.name, up.level + 1
            from categories c join up on c.id = up.parent_id
          ) select slug, name, level from up) up) as category_path
    from products p
    left join brands b on b.id = p.brand_id
    left join categories c on c.id = p.category_id
    where ${byId ? sql`p.id = ${slug}::uuid` : sql`p.slug = ${slug}`} and p.deleted_at is null`,
  );
  if (!row) {
    // A former slug: the product under its current one (the page answers 301 to it).
    const [moved] = byId
      ? []
      : await rowsOf<{ slug: string }>(
          db,
          sql`
          select p.slug from product_slug_redirects r join products p on p.id = r.product_id
          where r.slug = ${slug} and p.deleted_at is null and p.slug <> ${slug}`,
        );
    return moved ? readProduct(db, moved.slug) : undefined;
  }
  return {
    ...toItem(row),
    mpn: row.mpn,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
    attributes: fromJson(row.attributes).map((a) => ({
      ...a,
      num: a.num === null ? null : Number(a.num),
    })),
    crossReferences: fromJson(row.cross_references),
    categoryPath: fromJson(row.category_path),
    priceBreaks: fromJson(row.price_breaks).map((b) => ({
      minQuantity: Number(b.minQuantity),
      price: Number(b.priceCents) / 100,
    })),
    weightGrams: Number(row.weight_grams),
    lengthMm: Number(row.length_mm),
    widthMm: Number(row.width_mm),
    heightMm: Number(row.height_mm),
    supersedes: fromJson(row.supersedes),
    replacedBySku: row.replaced_by_sku,
    stock: fromJson(row.stock).map((level) => ({ ...level, quantity: Number(level.quantity) })),
    backorder: parsedBackorder(row.backorder),
    coreDeposit: Number(row.core_deposit_cents) / 100,
    coreReturnDays: Number(row.core_return_days),
  };
}
