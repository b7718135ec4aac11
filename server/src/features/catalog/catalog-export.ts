import type { Readable } from 'node:stream';
import {
  CATALOG_CSV_COLUMNS,
  formatAttributes,
  formatCrossReferences,
  formatPriceBreaks,
} from '@proper-parts/domain/catalog-csv';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvStream } from '../../http/csv-download.ts';
import { breaksToDollars, type StoredPriceBreak } from './price-breaks.ts';

/** Products read per query: a million products never sit in memory at once. */
const EXPORT_BATCH = 1000;

type ExportRow = {
  sku: string;
  name: string;
  mpn: string | null;
  brand: string | null;
  category: string | null;
  price_cents: number;
  minimum_order_quantity: number;
  available_quantity: number;
  img: string;
  description: string;
  attributes: { name: string; value: string; unit: string | null }[] | string;
  cross_references: { kind: string; number: string }[] | string;
  price_breaks: StoredPriceBreak[] | string;
  pack_size: number;
  sales_unit: string;
  max_order_quantity: number | null;
  core_deposit_cents: number;
  core_return_days: number;
  weight_grams: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  superseded_by: string | null;
};

/** PGlite hands `json` back parsed, node-postgres as well; a string is parsed here either way. */
const parsed = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

async function* exportRows(db: Database) {
  let after = '';
  for (;;) {
    const rows = (
      await db.execute<ExportRow>(sql`
        select p.sku, p.name, p.mpn, b.name as brand, c.slug as category, p.price_cents,
          p.minimum_order_quantity, p.available_quantity, p.img, p.description, p.pack_size,
          p.sales_unit, p.max_order_quantity, p.weight_grams, p.length_mm, p.width_mm, p.height_mm,
          p.core_deposit_cents, p.core_return_days,
          (select r.sku from products r where r.id = p.superseded_by_id and r.deleted_at is null)
            as superseded_by,
          coalesce((select json_agg(json_build_object('name', a.name, 'value', a.value, 'unit', a.unit) order by a.name)
            from product_attributes a where a.product_id = p.id), '[]') as attributes,
          coalesce((select json_agg(json_build_object('kind', r.kind, 'number', r.number) order by r.kind, r.number)
            from cross_references r where r.product_id = p.id), '[]') as cross_references,
          coalesce((select json_agg(json_build_object('minQuantity', pb.min_quantity, 'priceCents', pb.price_cents) order by pb.min_quantity)
            from price_breaks pb where pb.product_id = p.id), '[]') as price_breaks
        from products p
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        where p.deleted_at is null and p.sku > ${after}
        order by p.sku
        limit ${EXPORT_BATCH}`)
    ).rows;
    for (const row of rows)
      yield [
        row.sku,
        row.name,
        row.mpn ?? '',
        row.brand ?? '',
        row.category ?? '',
        (Number(row.price_cents) / 100).toFixed(2),
        row.minimum_order_quantity,
        row.available_quantity,
        row.img,
        row.description,
        formatAttributes(parsed(row.attributes)),
        formatCrossReferences(parsed(row.cross_references)),
        formatPriceBreaks(breaksToDollars(parsed(row.price_breaks))),
        row.pack_size,
        row.sales_unit,
        row.max_order_quantity ?? '',
        row.weight_grams,
        row.length_mm,
        row.width_mm,
        row.height_mm,
        row.superseded_by ?? '',
        (Number(row.core_deposit_cents) / 100).toFixed(2),
        row.core_return_days,
      ];
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = last.sku;
  }
}

/**
 * The whole live catalog as CSV (`GET /catalog/export.csv`), by SKU, in the columns the import
 * reads: importing the file changes nothing (its formula-safe cells read back: csvCellRead).
 * Streamed: read a batch, write it, read the next.
 */
export function exportCatalogCsv(db: Database): Readable {
  return csvStream(CATALOG_CSV_COLUMNS, exportRows(db));
}
