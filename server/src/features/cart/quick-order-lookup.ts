import type { QuickOrderSuggestion } from '@proper-parts/domain/quick-order';
import type { SalesUnit } from '@proper-parts/domain/sales-units';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamedSql } from '../../db/named-statement.ts';
import { isLiveProduct } from '../catalog/catalog-repository.ts';

/**
 * What quick order asks the catalog (issue 18), one statement each whatever the number of lines:
 * the products part numbers name, products with a similar number, and their prices. Each runs
 * under a name (its text is the same whatever the lines, which travel as parameters): on
 * PostgreSQL each pooled connection plans it once (db/named-statement.ts).
 */

const SUGGESTIONS_PER_LINE = 3;
/** The shortest beginning a suggestion shares with the number typed. */
export const MIN_SUGGESTED_KEY_LENGTH = 3;

export interface Match {
  id: string;
  sku: string;
  name: string;
  minimum: number;
  available: number;
  /** Sold in packs of this many: the lines' total must be a multiple of it. */
  pack: number;
  /** Issue 35: what it sells in, and the most one order takes (null: no limit). */
  unit: SalesUnit;
  max: number | null;
  /** Issue 35: the buyer's company's own number for the product, if it keeps one. */
  customerPartNumber: string | null;
  /** Issue 36: the product is replaced by another (quick-order-superseded.ts offers that). */
  replaced: boolean;
  /** Issue 35, decision 039: false when the buyer's company's catalog leaves it out. */
  inCatalog: boolean;
}

/**
 * Keys travel as one comma-joined parameter: a key is letters and digits only, and one
 * parameter keeps 10,000 of them far from the protocol's 65,535-parameter limit.
 */
const keyList = (keys: string[]) => sql`unnest(string_to_array(${keys.join(',')}, ','))`;

/**
 * The live product each key names: by the buyer's company's own number first (issue 35: its
 * buyers type the numbers their company gave the parts), then SKU, then MPN, then a
 * cross-reference, the lowest SKU when one number names several products. `companyId` is the
 * buyer's company, null for someone in none: no other company's numbers are ever read.
 */
export async function findProducts(
  db: Database,
  keys: string[],
  companyId: string | null = null,
): Promise<Map<string, Match>> {
  if (keys.length === 0) return new Map();
  const columns = sql`products.id, products.sku, products.name,
    products.minimum_order_quantity as minimum, products.available_quantity as available,
    products.pack_size as pack, products.sales_unit as unit, products.max_order_quantity as max,
    products.superseded_by_id is not null as replaced`;
  const company = sql`${companyId}::uuid`;
  const rows = await queryNamedSql<Omit<Match, 'customerPartNumber'> & { key: string }>(
    db,
    'quick-order-find',
    sql`
    with typed as (select ${keyList(keys)} as key), found as (
    select typed.key, 0 as rank, ${columns}
      from typed join company_part_numbers n on n.company_id = ${company} and n.number_key = typed.key
      join products on products.id = n.product_id where ${isLiveProduct}
    union all
    select typed.key, 1 as rank, ${columns}
      from typed join products on products.sku_key = typed.key where ${isLiveProduct}
    union all
    select typed.key, 2, ${columns}
      from typed join products on products.mpn_key = typed.key where ${isLiveProduct}
    union all
    select typed.key, 3, ${columns}
      from typed join cross_references x on x.number_key = typed.key
      join products on products.id = x.product_id where ${isLiveProduct}
    )
    select found.*, n.customer_part_number as "customerPartNumber",
      pp_catalog_has(${company}, found.id) as "inCatalog"
    from found left join company_part_numbers n
      on n.company_id = ${company} and n.product_id = found.id
    order by found.key, found.rank, found.sku, n.customer_part_number`,
  );
  const found = new Map<string, Match>();
  for (const row of rows as (Match & { key: string })[]) {
    if (found.has(row.key)) continue;
    found.set(row.key, {
      id: row.id,
      sku: row.sku,
      name: row.name,
      minimum: Number(row.minimum),
      available: Number(row.available),
      pack: Math.max(1, Number(row.pack)),
      unit: row.unit,
      max: row.max === null ? null : Number(row.max),
      customerPartNumber: row.customerPartNumber ?? null,
      replaced: Boolean(row.replaced),
      inCatalog: row.inCatalog !== false,
    });
  }
  return found;
}

/** Letters typed for the digits they look like: `o` for 0, `i` and `l` for 1. */
const LOOK_ALIKE: Record<string, string> = { o: '0', i: '1', l: '1' };
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * The key with each look-alike letter inside a number read as the digit (`brg62o4` → `brg6204`):
 * one whose neighbours are digits, or a digit and the key's end. Null when nothing changes.
 */
export function lookAlikeKey(key: string): string | null {
  let changed = false;
  const fixed = [...key].map((c, i) => {
    const digit = LOOK_ALIKE[c];
    const before = key[i - 1];
    const after = key[i + 1];
    const inNumber =
      (isDigit(before) && (isDigit(after) || after === undefined)) ||
      (before === undefined && isDigit(after));
    if (digit === undefined || !inNumber) return c;
    changed = true;
    return digit;
  });
  return changed ? fixed.join('') : null;
}

/**
 * Up to 3 live products whose SKU or MPN shares the longest beginning with the key (at least
 * MIN_SUGGESTED_KEY_LENGTH characters): `BRG-6204-2RX` suggests `BRG-6204-2RS`. A key with a
 * look-alike letter in a number is asked as its digits first: `BRG-62O4` (a letter O) suggests
 * `BRG-6204`. Each probe is a range of the `*_key` prefix indexes and stops at the first prefix
 * that finds enough; trigram similarity (the `%` of catalog search) made PGlite scan the products
 * once per unknown number.
 */
export async function suggestProducts(
  db: Database,
  keys: string[],
): Promise<Map<string, QuickOrderSuggestion[]>> {
  const probesOf = new Map(
    keys.map((key) => [key, [lookAlikeKey(key), key].filter((k) => k !== null)]),
  );
  const probes = [...new Set([...probesOf.values()].flat())];
  if (probes.length === 0) return new Map();
  const startsWith = (column: SQL) =>
    sql`${column} ~>=~ left(typed.key, length) and ${column} ~<~ (left(typed.key, length) || '{')`;
  // `{` sorts after every letter and digit: [prefix, prefix || '{') holds what starts with it.
  const rows = await queryNamedSql<{ key: string; id: string; sku: string; name: string }>(
    db,
    'quick-order-suggest',
    sql`
    select typed.key, s.id, s.sku, s.name
    from ${keyList(probes)} with ordinality as typed(key, n)
    cross join lateral (
      select c.id, c.sku, c.name, length
      from generate_series(length(typed.key), ${MIN_SUGGESTED_KEY_LENGTH}, -1) as length
      cross join lateral (
        (select products.id, products.sku, products.name from products
          where ${startsWith(sql`products.sku_key`)} and ${isLiveProduct}
          order by products.sku_key limit ${SUGGESTIONS_PER_LINE})
        union all
        (select products.id, products.sku, products.name from products
          where ${startsWith(sql`products.mpn_key`)} and ${isLiveProduct}
          order by products.mpn_key limit ${SUGGESTIONS_PER_LINE})
      ) c
      limit ${SUGGESTIONS_PER_LINE * 3}
    ) s
    order by typed.n, s.length desc, s.sku`,
  );
  const byProbe = new Map<string, QuickOrderSuggestion[]>();
  for (const row of rows) {
    const list = byProbe.get(row.key) ?? [];
    list.push({ productId: row.id, sku: row.sku, name: row.name });
    byProbe.set(row.key, list);
  }
  const suggestions = new Map<string, QuickOrderSuggestion[]>();
  for (const [key, keyProbes] of probesOf) {
    const list: QuickOrderSuggestion[] = [];
    // A shorter prefix finds again what a longer one found, and the look-alike what the key did.
    for (const found of keyProbes.flatMap((probe) => byProbe.get(probe) ?? []))
      if (list.length < SUGGESTIONS_PER_LINE && !list.some((s) => s.productId === found.productId))
        list.push(found);
    suggestions.set(key, list);
  }
  return suggestions;
}

/** 10,000 lines of a million pieces pass an `integer`: past that, every break applies anyway. */
const asInteger = (total: number) => Math.min(total, 2_147_483_647);

/**
 * Each product's unit price in cents for the quantity asked of it in all, as the cart will price
 * it: `pp_buyer_unit_price`, the one place a price is computed (migrations 0010, 0029, 0030): the
 * buyer's contract price where their company has one (decision 038).
 */
export async function priceProducts(
  db: Database,
  totals: Map<string, number>,
  buyerId: string | null = null,
): Promise<Map<string, ProductPrice>> {
  if (totals.size === 0) return new Map();
  const rows = await queryNamedSql<{
    id: string;
    unit: number | string;
    tier: number | string;
    list: number | string;
  }>(
    db,
    'quick-order-price',
    sql`select p.id, (select u.cents from pp_buyer_unit_price(p.id, p.price_cents, t.total, ${buyerId}::text) u) as unit,
        (select u.cents from pp_unit_price(p.id, p.price_cents, t.total) u) as tier,
        p.price_cents as list
      from unnest(${sql.param([...totals.keys()])}::uuid[], ${sql.param([...totals.values()].map(asInteger))}::int[])
        as t(id, total)
      join products p on p.id = t.id`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { unit: Number(row.unit), tier: Number(row.tier), list: Number(row.list) },
    ]),
  );
}

/** Cents: what the buyer pays a piece, the public tier price and the list price (issue 35). */
export interface ProductPrice {
  unit: number;
  tier: number;
  list: number;
}
