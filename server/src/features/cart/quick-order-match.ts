import {
  type ParsedLine,
  type QuickOrderLine,
  type QuickOrderSuggestion,
  quickOrderMessages,
} from '@proper-parts/domain/quick-order';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isLiveProduct } from '../catalog/catalog-repository.ts';
import { partNumberKey } from '../catalog/catalog-search.ts';

/** How many distinct unknown part numbers get "did you mean" suggestions; the rest get none. */
export const MAX_SUGGESTED_PART_NUMBERS = 100;
const SUGGESTIONS_PER_LINE = 3;
/** The shortest beginning a suggestion shares with the number typed. */
const MIN_SUGGESTED_KEY_LENGTH = 3;

interface Match {
  id: string;
  sku: string;
  name: string;
  minimum: number;
  available: number;
}

const rowsOf = async <T>(db: Database, query: SQL) => (await db.execute(query)).rows as T[];

/**
 * Keys travel as one comma-joined parameter: a key is letters and digits only, and one
 * parameter keeps 10,000 of them far from the protocol's 65,535-parameter limit.
 */
const keyList = (keys: string[]) => sql`unnest(string_to_array(${keys.join(',')}, ','))`;

/**
 * The live product each key names: by SKU first, then MPN, then a cross-reference, the lowest SKU
 * when one number names several products. One statement for all keys.
 */
async function findProducts(db: Database, keys: string[]): Promise<Map<string, Match>> {
  if (keys.length === 0) return new Map();
  const columns = sql`products.id, products.sku, products.name,
    products.minimum_order_quantity as minimum, products.available_quantity as available`;
  const rows = await rowsOf<Match & { key: string }>(
    db,
    sql`
    with typed as (select ${keyList(keys)} as key)
    select typed.key, 1 as rank, ${columns}
      from typed join products on products.sku_key = typed.key where ${isLiveProduct}
    union all
    select typed.key, 2, ${columns}
      from typed join products on products.mpn_key = typed.key where ${isLiveProduct}
    union all
    select typed.key, 3, ${columns}
      from typed join cross_references x on x.number_key = typed.key
      join products on products.id = x.product_id where ${isLiveProduct}
    order by 1, 2, 4`,
  );
  const found = new Map<string, Match>();
  for (const row of rows) {
    if (found.has(row.key)) continue;
    found.set(row.key, {
      id: row.id,
      sku: row.sku,
      name: row.name,
      minimum: Number(row.minimum),
      available: Number(row.available),
    });
  }
  return found;
}

/**
 * Up to 3 live products whose SKU or MPN shares the longest beginning with the key (at least
 * MIN_SUGGESTED_KEY_LENGTH characters): `BRG-6204-2RX` suggests `BRG-6204-2RS`. Each probe is a
 * range of the `*_key` prefix indexes and stops at the first prefix that finds enough; trigram
 * similarity (the `%` of catalog search) made PGlite scan the products once per unknown number.
 * One statement for all keys.
 */
async function suggestProducts(
  db: Database,
  keys: string[],
): Promise<Map<string, QuickOrderSuggestion[]>> {
  if (keys.length === 0) return new Map();
  const startsWith = (column: SQL) =>
    sql`${column} ~>=~ left(typed.key, length) and ${column} ~<~ (left(typed.key, length) || '{')`;
  // `{` sorts after every letter and digit: [prefix, prefix || '{') holds what starts with it.
  const rows = await rowsOf<{ key: string; id: string; sku: string; name: string }>(
    db,
    sql`
    select typed.key, s.id, s.sku, s.name
    from ${keyList(keys)} with ordinality as typed(key, n)
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
  const suggestions = new Map<string, QuickOrderSuggestion[]>();
  for (const row of rows) {
    const list = suggestions.get(row.key) ?? [];
    // A shorter prefix finds again what a longer one found.
    if (list.length < SUGGESTIONS_PER_LINE && !list.some((s) => s.productId === row.id))
      list.push({ productId: row.id, sku: row.sku, name: row.name });
    suggestions.set(row.key, list);
  }
  return suggestions;
}

/** A product's minimum and stock against the quantity asked for it in all. */
function judge(product: Match, total: number): Pick<QuickOrderLine, 'status' | 'message'> {
  if (total > product.available || product.available < product.minimum)
    return { status: 'above_stock', message: quickOrderMessages.aboveStock(product.available) };
  if (total < product.minimum)
    return { status: 'below_minimum', message: quickOrderMessages.belowMinimum(product.minimum) };
  return { status: 'ok', message: null };
}

/**
 * Each parsed line with its product and status, in the order given, in at most two statements
 * whatever the number of lines.
 *
 * - A line without a quantity asks for the product's minimum order quantity.
 * - A product named on several lines (even by different numbers: its SKU on one, its MPN on
 *   another) is judged on the lines' total, as the cart will hold it: each of those lines gets the
 *   total's status, keeps its own quantity, and says which other line it was added to.
 * - Suggestions are looked up for the first MAX_SUGGESTED_PART_NUMBERS distinct unknown numbers.
 */
export async function matchQuickOrder(
  db: Database,
  parsed: ParsedLine[],
): Promise<QuickOrderLine[]> {
  const keyOf = new Map<ParsedLine, string>();
  for (const line of parsed)
    if (line.partNumber !== null && line.problem === null)
      keyOf.set(line, partNumberKey(line.partNumber));
  const found = await findProducts(db, [...new Set(keyOf.values())]);

  const unknown = [...new Set(keyOf.values())].filter((key) => !found.has(key));
  const suggested = await suggestProducts(
    db,
    unknown
      .filter((key) => key.length >= MIN_SUGGESTED_KEY_LENGTH)
      .slice(0, MAX_SUGGESTED_PART_NUMBERS),
  );

  // Each product's lines and total, for the products named more than once.
  const byProduct = new Map<string, { lines: number[]; total: number }>();
  const quantityOf = (line: ParsedLine, product: Match) => line.quantity ?? product.minimum;
  for (const line of parsed) {
    const product = found.get(keyOf.get(line) ?? '');
    if (!product) continue;
    const entry = byProduct.get(product.id) ?? { lines: [], total: 0 };
    entry.lines.push(line.line);
    entry.total += quantityOf(line, product);
    byProduct.set(product.id, entry);
  }

  return parsed.map((line): QuickOrderLine => {
    const none = {
      line: line.line,
      input: line.input,
      productId: null,
      sku: null,
      name: null,
      quantity: line.quantity,
      suggestions: [],
      minimumOrderQuantity: null,
      availableQuantity: null,
    };
    const key = keyOf.get(line);
    if (key === undefined)
      return {
        ...none,
        status: 'invalid',
        message: line.problem ?? quickOrderMessages.partMissing,
      };
    const product = found.get(key);
    if (!product)
      return {
        ...none,
        status: 'not_found',
        message: quickOrderMessages.notFound,
        suggestions: suggested.get(key) ?? [],
      };
    const { lines, total } = byProduct.get(product.id) ?? { lines: [line.line], total: 0 };
    const { status, message } = judge(product, total);
    const other = lines[0] === line.line ? lines[1] : lines[0];
    const also = other === undefined ? null : quickOrderMessages.alsoOnLine(other, total);
    return {
      ...none,
      status,
      message: message && also ? `${message}. ${also}` : (message ?? also),
      productId: product.id,
      sku: product.sku,
      name: product.name,
      quantity: quantityOf(line, product),
      minimumOrderQuantity: product.minimum,
      availableQuantity: product.available,
    };
  });
}
