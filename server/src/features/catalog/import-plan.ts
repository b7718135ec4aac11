import {
  type CatalogCsvLine,
  formatAttributes,
  formatCrossReferences,
  formatPriceBreaks,
} from '@proper-parts/domain/catalog-csv';
import { priceBreaksProblem, sameBreaks } from '@proper-parts/domain/price-breaks';
import { sql } from 'drizzle-orm';
import type { CsvLine } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { dollarsToCents } from './catalog-repository.ts';
import { breaksToCents, breaksToDollars, type StoredPriceBreak } from './price-breaks.ts';
import { json, type Writes } from './product-writes.ts';
import { skuTakenMessage } from './sku-clash.ts';

type Line = CsvLine<CatalogCsvLine>;

type Current = {
  id: string;
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
  deleted: boolean;
  attributes: string;
  cross_references: string;
  pack_size: number;
  sales_unit: string;
  max_order_quantity: number | null;
  core_deposit_cents: number;
  core_return_days: number;
  weight_grams: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  /** JSON of `StoredPriceBreak[]`, the smallest quantity first. */
  price_breaks: string;
  /** The SKU of the product that replaces this one (issue 36), or null. */
  superseded_by: string | null;
};

const breaksOf = (current: Current) =>
  breaksToDollars(JSON.parse(current.price_breaks) as StoredPriceBreak[]);

/** What each line of a batch would write, or why it cannot. */
export type Planned =
  | Writes
  | { line: number; kind: 'unchanged' }
  | { line: number; kind: 'rejected'; reason: string };

/**
 * The products of these SKUs as the export writes them, by SKU in lower case (a SKU is unique
 * whatever its case, through the index on lower(sku)): to tell a change from a copy, and a line
 * whose SKU another product has in another case.
 */
async function currentOf(db: Database, skus: string[]): Promise<Map<string, Current>> {
  const rows = (
    await db.execute<Current>(sql`
      select p.id, p.sku, p.name, p.mpn, b.name as brand, c.slug as category, p.price_cents,
        p.minimum_order_quantity, p.available_quantity, p.img, p.description, p.pack_size,
        p.sales_unit, p.max_order_quantity, p.weight_grams, p.length_mm, p.width_mm, p.height_mm,
        p.core_deposit_cents, p.core_return_days,
        p.deleted_at is not null as deleted,
        (select r.sku from products r where r.id = p.superseded_by_id) as superseded_by,
        coalesce((select json_agg(json_build_object('name', a.name, 'value', a.value, 'unit', a.unit) order by a.name)::text
          from product_attributes a where a.product_id = p.id), '[]') as attributes,
        coalesce((select json_agg(json_build_object('kind', r.kind, 'number', r.number) order by r.kind, r.number)::text
          from cross_references r where r.product_id = p.id), '[]') as cross_references,
        coalesce((select json_agg(json_build_object('minQuantity', pb.min_quantity, 'priceCents', pb.price_cents) order by pb.min_quantity)::text
          from price_breaks pb where pb.product_id = p.id), '[]') as price_breaks
      from products p
      left join brands b on b.id = p.brand_id
      left join categories c on c.id = p.category_id
      where lower(p.sku) in (select lower(value) from json_array_elements_text(${json(skus)}))`)
  ).rows;
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}

const sortedAttributes = (row: CatalogCsvLine) =>
  formatAttributes([...(row.attributes ?? [])].sort((a, b) => a.name.localeCompare(b.name)));
const sortedReferences = (row: CatalogCsvLine) =>
  formatCrossReferences(
    [...(row.crossReferences ?? [])].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number),
    ),
  );

/** True when applying `row` to `current` would change nothing (a column left out changes nothing). */
function sameAs(row: CatalogCsvLine, current: Current): boolean {
  const same = <T>(given: T | undefined, have: T) => given === undefined || given === have;
  return (
    !current.deleted &&
    row.name === current.name &&
    same(row.mpn, current.mpn ?? '') &&
    same(row.brand, current.brand ?? '') &&
    same(row.category, current.category ?? '') &&
    same(row.price === undefined ? undefined : dollarsToCents(row.price), current.price_cents) &&
    same(row.minimumOrderQuantity, current.minimum_order_quantity) &&
    same(row.availableQuantity, current.available_quantity) &&
    same(row.img, current.img) &&
    same(row.description, current.description) &&
    same(row.packSize, current.pack_size) &&
    same(row.salesUnit, current.sales_unit) &&
    same(row.maxOrderQuantity, current.max_order_quantity ?? 0) &&
    same(
      row.coreDeposit === undefined ? undefined : Math.round(row.coreDeposit * 100),
      Number(current.core_deposit_cents),
    ) &&
    same(row.coreReturnDays, Number(current.core_return_days)) &&
    same(row.weightGrams, current.weight_grams) &&
    same(row.lengthMm, current.length_mm) &&
    same(row.widthMm, current.width_mm) &&
    same(row.heightMm, current.height_mm) &&
    same(row.supersededBy?.toLowerCase(), (current.superseded_by ?? '').toLowerCase()) &&
    (row.priceBreaks === undefined || sameBreaks(row.priceBreaks, breaksOf(current))) &&
    (row.attributes === undefined ||
      sortedAttributes(row) === formatAttributes(JSON.parse(current.attributes))) &&
    (row.crossReferences === undefined ||
      sortedReferences(row) === formatCrossReferences(JSON.parse(current.cross_references)))
  );
}

/**
 * What each line of a batch would write, or why it cannot: read against the products of its
 * SKUs (one read a batch) and the taxonomy the import resolved.
 */
export async function plan(
  db: Database,
  lines: Line[],
  categories: Map<string, { id: string; top: string }>,
  brandId: (name: string) => Promise<string>,
): Promise<Planned[]> {
  const current = await currentOf(
    db,
    lines.map(({ row }) => row.sku),
  );
  const planned: Planned[] = [];
  for (const { line, row } of lines) {
    const have = current.get(row.sku.toLowerCase());
    if (have && have.sku !== row.sku) {
      planned.push({ line, kind: 'rejected', reason: skuTakenMessage(row.sku, have.sku) });
      continue;
    }
    const category = row.category === undefined ? undefined : categories.get(row.category);
    if (row.category !== undefined && !category) {
      planned.push({ line, kind: 'rejected', reason: `category: no category ${row.category}` });
      continue;
    }
    if (have && sameAs(row, have)) {
      planned.push({ line, kind: 'unchanged' });
      continue;
    }
    if (!have && row.price === undefined) {
      planned.push({ line, kind: 'rejected', reason: 'price: required for a new product' });
      continue;
    }
    if (!have && !category && row.img === undefined) {
      planned.push({
        line,
        kind: 'rejected',
        reason: 'category: required for a new product without img',
      });
      continue;
    }
    const unpriced = pricingProblem(row, have);
    if (unpriced) {
      planned.push({ line, kind: 'rejected', reason: unpriced });
      continue;
    }
    const minimum = row.minimumOrderQuantity ?? have?.minimum_order_quantity ?? 1;
    // Issue 35: the most one order takes is never below the minimum (0: no limit).
    const maximum = row.maxOrderQuantity ?? have?.max_order_quantity ?? 0;
    if (maximum !== 0 && maximum < minimum) {
      planned.push({
        line,
        kind: 'rejected',
        reason: `maxOrderQuantity: ${maximum} is below the minimum order quantity ${minimum}`,
      });
      continue;
    }
    planned.push({
      line,
      kind: have ? 'update' : 'create',
      values: {
        id: have?.id ?? null,
        sku: row.sku,
        name: row.name,
        mpn: row.mpn ?? null,
        brand_id: row.brand === undefined ? null : await brandId(row.brand),
        category_id: category?.id ?? null,
        price_cents: row.price === undefined ? null : dollarsToCents(row.price),
        minimum_order_quantity: have && row.minimumOrderQuantity === undefined ? null : minimum,
        available_quantity: row.availableQuantity ?? (have ? null : 0),
        img: row.img ?? (have ? null : `/images/categories/${category?.top}.svg`),
        description: row.description ?? (have ? null : ''),
        attributes: row.attributes ?? null,
        cross_references: row.crossReferences ?? null,
        pack_size: row.packSize ?? null,
        sales_unit: row.salesUnit ?? null,
        max_order_quantity: row.maxOrderQuantity ?? null,
        core_deposit_cents:
          row.coreDeposit === undefined ? null : Math.round(row.coreDeposit * 100),
        core_return_days: row.coreReturnDays ?? null,
        weight_grams: row.weightGrams ?? null,
        length_mm: row.lengthMm ?? null,
        width_mm: row.widthMm ?? null,
        height_mm: row.heightMm ?? null,
        price_breaks: row.priceBreaks ? breaksToCents(row.priceBreaks) : null,
        superseded_by: row.supersededBy ?? null,
      },
    });
  }
  return planned;
}

/**
 * Why the line's breaks cannot go with each other or with the price (a break at or above the one
 * before it or the price), checked when either changes: a line that leaves both as they are is
 * not refused for them.
 */
function pricingProblem(row: CatalogCsvLine, have: Current | undefined): string | undefined {
  const haveBreaks = have ? breaksOf(have) : [];
  const breaks = row.priceBreaks ?? haveBreaks;
  const priceCents = row.price === undefined ? have?.price_cents : dollarsToCents(row.price);
  if (priceCents === undefined) return undefined;
  if (have && priceCents === have.price_cents && sameBreaks(breaks, haveBreaks)) return undefined;
  const problem = priceBreaksProblem(breaks, priceCents / 100);
  if (!problem) return undefined;
  const tier = problem.index === undefined ? undefined : breaks[problem.index];
  return `priceBreaks: ${tier ? `"${formatPriceBreaks([tier])}": ` : ''}${problem.message}`;
}
