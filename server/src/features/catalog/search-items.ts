import type { SearchItem } from '@proper-parts/domain/catalog-search';
import type { SalesUnit } from '@proper-parts/domain/sales-units';
import { sql } from 'drizzle-orm';

export interface ItemRow {
  id: string;
  sku: string;
  slug: string;
  name: string;
  img: string;
  price_cents: number;
  minimum_order_quantity: number;
  available_quantity: number;
  pack_size: number;
  sales_unit: SalesUnit;
  max_order_quantity: number | null;
  brand_slug: string | null;
  brand_name: string | null;
  category_slug: string | null;
  category_name: string | null;
  sort_value: string;
  /** Issue 36: `{ sku, slug }` of the end of the product's chain of replacements, or null. */
  superseded_by: SearchItem['supersededBy'] | string;
}

export const toItem = (row: ItemRow): SearchItem => ({
  _id: row.id,
  sku: row.sku,
  slug: row.slug,
  name: row.name,
  brand: row.brand_slug ? { slug: row.brand_slug, name: row.brand_name ?? '' } : null,
  category: row.category_slug ? { slug: row.category_slug, name: row.category_name ?? '' } : null,
  price: Number(row.price_cents) / 100,
  img: row.img,
  minimumOrderQuantity: Number(row.minimum_order_quantity),
  availableQuantity: Number(row.available_quantity),
  packSize: Number(row.pack_size),
  salesUnit: row.sales_unit,
  maxOrderQuantity: row.max_order_quantity === null ? null : Number(row.max_order_quantity),
  supersededBy:
    typeof row.superseded_by === 'string' ? JSON.parse(row.superseded_by) : row.superseded_by,
});

export const ITEM_COLUMNS = sql`p.id, p.sku, p.slug, p.name, p.img, p.price_cents, p.minimum_order_quantity,
  p.available_quantity, p.pack_size, p.sales_unit, p.max_order_quantity, b.slug as brand_slug, b.name as brand_name, c.slug as category_slug,
  c.name as category_name,
  case when p.superseded_by_id is null then null else (select json_build_object('sku', r.sku, 'slug', r.slug)
    from products r where r.id = pp_replacement_of(p.id)) end as superseded_by`;

/** PGlite and node-postgres both parse `json`; a string is parsed here either way. */
export const fromJson = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
