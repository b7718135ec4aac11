import { type BackorderTerms, splitLine, todayUtc } from '@proper-parts/domain/backorders';
import {
  type Cart,
  type CartLine,
  cartLineProblem,
  cartMessages,
  MAX_CART_LINES,
  type ReplacementRef,
  type WantedLine,
} from '@proper-parts/domain/cart';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import type { SalesUnit } from '@proper-parts/domain/sales-units';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamedSql } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { backorderJson, parsedBackorder } from '../backorders/backorder-sql.ts';
import { parsedReplacement, replacementJson } from '../catalog/replacement-sql.ts';
import { assertInCatalog, buyerCompany } from '../company-catalogs/out-of-catalog.ts';
import { rememberPricedCart } from './priced-cart-hint.ts';

/** A cart line as read with its product and its price at its quantity. */
export interface PricedRow {
  productId: string;
  sku: string;
  name: string;
  slug: string;
  img: string;
  quantity: number;
  unitCents: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
  /** Issue 35: what it sells in, and the most one order takes (null: no limit). */
  salesUnit: SalesUnit;
  maxOrderQuantity: number | null;
  live: boolean;
  /** Issue 33: one piece's shipping weight. */
  weightGrams: number;
  /** Issue 35: the buyer's company's own number for the product; null when none. */
  customerPartNumber: string | null;
  /** Issue 35: the list price and the public tier price at this quantity (absent on quotes). */
  listCents?: number;
  tierCents?: number;
  /** Issue 36: what replaces the product, as JSON (replacement-sql.ts). */
  supersededBy?: ReplacementRef | string | null;
  /** Issue 36: the product's backorder terms (backorder-sql.ts); null when it takes none. */
  backorder?: BackorderTerms | string | null;
  /** Issue 35, decision 039: false when the buyer's company's catalog leaves the product out. */
  inCatalog?: boolean;
  /** Issue 37: the core deposit per piece and its window (absent on quotes: no deposit). */
  depositCents?: number;
  coreReturnDays?: number;
  /** The buyer's company, null for a buyer of none or a visitor (absent on quotes). */
  companyId?: string | null;
}

/**
 * The lines of `source` (rows of `product_id, quantity, added_at`) with their products, priced by
 * `pp_buyer_unit_price` for `userId` (null: a visitor): the one place a price is computed
 * (migrations 0010, 0029; decision 038). With the buyer's id, each line also has their company's
 * own number for the product (issue 35); a visitor's has none.
 */
const pricedLines = (source: SQL, userId: string | null) => sql`
  select p.id as "productId", p.sku, p.name, p.slug, p.img, c.quantity,
    (select u.cents from pp_buyer_unit_price(p.id, p.price_cents, c.quantity, ${userId}::text) u) as "unitCents",
    (select t.cents from pp_unit_price(p.id, p.price_cents, c.quantity) t) as "tierCents",
    p.price_cents as "listCents",
    p.minimum_order_quantity as "minimumOrderQuantity",
    p.available_quantity as "availableQuantity", p.pack_size as "packSize",
    p.sales_unit as "salesUnit", p.max_order_quantity as "maxOrderQuantity",
    p.deleted_at is null as live, p.weight_grams as "weightGrams",
    n.customer_part_number as "customerPartNumber",
    ${replacementJson()} as "supersededBy",
    ${backorderJson('p')} as backorder,
    pp_catalog_has(m.company_id, p.id) as "inCatalog",
    p.core_deposit_cents as "depositCents", p.core_return_days as "coreReturnDays",
    m.company_id as "companyId"
  from (${source}) c join products p on p.id = c.product_id
    cross join ${buyerCompany(userId)} m
    left join company_part_numbers n on n.product_id = p.id and n.company_id = m.company_id
  order by c.added_at, p.id`;

/** Where a unit price came from: a contract price list, a tier (quantity break) or the list. */
export function priceSourceOf(unitCents: number, tierCents: number, listCents: number) {
  if (unitCents < tierCents) return 'contract' as const;
  return tierCents < listCents ? ('tier' as const) : ('list' as const);
}

export function toCartLine(row: PricedRow, today = todayUtc()): CartLine {
  const unitCents = Number(row.unitCents);
  const backorder = parsedBackorder(row.backorder);
  const split = splitLine(row.quantity, row.availableQuantity, backorder, today);
  const listed =
    row.listCents === undefined || row.tierCents === undefined
      ? {}
      : {
          listPrice: Number(row.listCents) / 100,
          priceSource: priceSourceOf(unitCents, Number(row.tierCents), Number(row.listCents)),
        };
  return {
    ...listed,
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    img: row.img,
    quantity: row.quantity,
    unitPrice: unitCents / 100,
    lineTotal: (unitCents * row.quantity) / 100,
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
    packSize: row.packSize,
    salesUnit: row.salesUnit,
    maxOrderQuantity: row.maxOrderQuantity,
    customerPartNumber: row.customerPartNumber ?? null,
    problem: !row.live
      ? cartMessages.productNotFound
      : row.inCatalog === false
        ? companyCatalogMessages.quickOrderLine
        : cartLineProblem(row.quantity, { ...row, backorder }),
    supersededBy: parsedReplacement(row.supersededBy),
    backordered: split?.backordered ?? 0,
    expectedOn: split?.expectedOn ?? null,
    coreDeposit: Number(row.depositCents ?? 0) / 100,
    coreReturnDays: Number(row.coreReturnDays ?? 90),
  };
}

function toCart(rows: PricedRow[]): Cart {
  const lines = rows.map((row) => toCartLine(row));
  // Summed in cents: a sum of dollar fractions drifts (0.1 + 0.2).
  const totalCents = rows.reduce(
    (sum, row) => sum + (row.live ? Number(row.unitCents) * row.quantity : 0),
    0,
  );
  const depositCents = rows.reduce(
    (sum, row) => sum + (row.live ? Number(row.depositCents ?? 0) * row.quantity : 0),
    0,
  );
  return { lines, total: (totalCents + depositCents) / 100, deposits: depositCents / 100 };
}

const cartOf = (userId: string) =>
  sql`select product_id, quantity, added_at from cart_lines where user_id = ${userId}`;

/** A buyer's cart, priced now. */
export async function readCart(db: Queryable, userId: string): Promise<Cart> {
  return toCart(await readPricedRows(db, userId));
}

/**
 * A buyer's cart lines with their products' prices and weights (the quote reads these). Named, of
 * fixed text: each pooled connection plans it once; planned on every read, its inlined prices
 * cost more than reading a 20-line cart (as GET /catalog/prices did, bench buyer-prices).
 */
export async function readPricedRows(db: Queryable, userId: string): Promise<PricedRow[]> {
  const rows = await queryNamedSql<PricedRow>(
    db,
    'cart-priced-rows',
    pricedLines(cartOf(userId), userId),
  );
  rememberPricedCart(userId, rows);
  return rows;
}

/** Lines kept in a visitor's browser, priced as a cart would be; unknown products are left out. */
export async function previewCart(db: Queryable, lines: WantedLine[]): Promise<Cart> {
  if (lines.length === 0) return { lines: [], total: 0, deposits: 0 };
  const ids = lines.map((line) => line.productId);
  const quantities = lines.map((line) => line.quantity);
  const source = sql`select product_id, quantity, ord as added_at
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[])
      with ordinality as w(product_id, quantity, ord)`;
  const rows = await queryNamedSql<PricedRow>(db, 'cart-preview-rows', pricedLines(source, null));
  return toCart(rows.filter((row) => row.live));
}

async function assertSellable(db: Queryable, productId: string) {
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select id from products where id = ${productId} and deleted_at is null`,
  );
  if (found.length === 0) throw new AppError('NOT_FOUND', cartMessages.productNotFound);
}

async function assertRoomFor(db: Queryable, userId: string, adding: number) {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from cart_lines where user_id = ${userId}`,
  );
  if (Number(row?.n ?? 0) + adding > MAX_CART_LINES)
    throw new AppError('INVALID', cartMessages.cartFull);
}

/**
 * Sets a line's quantity (adding the line when it is new). A quantity the product cannot take now
 * is kept and shown with its problem: the buyer fixes it in the cart; checkout refuses it.
 */
export async function setCartLine(
  db: Database,
  userId: string,
  productId: string,
  quantity: number,
): Promise<Cart> {
  await assertSellable(db, productId);
  // Issue 35, decision 039: a part outside the buyer's company's catalog is refused (403).
  await assertInCatalog(db, userId, [productId]);
  const updated = await rowsOf<{ product_id: string }>(
    db,
    sql`update cart_lines set quantity = ${quantity}
      where user_id = ${userId} and product_id = ${productId} returning product_id`,
  );
  if (updated.length === 0) {
    await assertRoomFor(db, userId, 1);
    await db.execute(
      sql`insert into cart_lines (user_id, product_id, quantity)
        values (${userId}, ${productId}, ${quantity})
        on conflict (user_id, product_id) do update set quantity = excluded.quantity`,
    );
  }
  return readCart(db, userId);
}

export async function removeCartLine(db: Database, userId: string, productId: string) {
  const removed = await rowsOf<{ product_id: string }>(
    db,
    sql`delete from cart_lines where user_id = ${userId} and product_id = ${productId}
      returning product_id`,
  );
  if (removed.length === 0) throw new AppError('NOT_FOUND', cartMessages.notInCart);
  return readCart(db, userId);
}

/**
 * Adds lines to a buyer's cart in one statement: products not sold are skipped; a product already
 * in the cart keeps the larger of the two quantities, so merging the same visitor's cart twice
 * (a retried sign-in) does not double it. `mode: 'add'` sums instead (a saved list, a reorder).
 */
export async function addCartLines(
  db: Database,
  userId: string,
  lines: WantedLine[],
  mode: 'merge' | 'add',
): Promise<number> {
  if (lines.length === 0) return 0;
  const wanted = new Map<string, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const ids = [...wanted.keys()];
  const quantities = [...wanted.values()];
  // Issue 35, decision 039: a saved list, a reorder or a quick order that names a part outside
  // the buyer's company's catalog is refused whole, naming it; a visitor's cart merged on
  // sign-in leaves such parts out instead (the sign-in must not fail).
  if (mode === 'add') await assertInCatalog(db, userId, ids);
  // A soft cap: two additions at once may both pass it, by at most one paste.
  await assertRoomFor(db, userId, ids.length);
  const onConflict =
    mode === 'merge'
      ? sql`greatest(cart_lines.quantity, excluded.quantity)`
      : sql`least(cart_lines.quantity + excluded.quantity, 1000000)`;
  // Under a name (its text is one of two): planned once a connection, where planning it was a
  // quarter of its 1 ms on every merge (11,142 plans for 11,142 calls, pg_stat_statements).
  const added = await queryNamedSql<{ product_id: string }>(
    db,
    mode === 'merge' ? 'cart-merge-lines' : 'cart-add-lines',
    sql`insert into cart_lines (user_id, product_id, quantity, added_at)
      select ${userId}, w.product_id, least(w.quantity, 1000000),
        now() + w.ord * interval '1 microsecond'
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(quantities)}::int[])
        with ordinality as w(product_id, quantity, ord)
      cross join ${buyerCompany(userId)} m
      join products p on p.id = w.product_id and p.deleted_at is null
        and pp_catalog_has(m.company_id, p.id)
      on conflict (user_id, product_id) do update set quantity = ${onConflict}
      returning product_id`,
  );
  return added.length;
}
