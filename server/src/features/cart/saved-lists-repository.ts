import {
  cartMessages,
  type ReorderResult,
  type ReplacementRef,
  type SavedList,
  type SavedListSummary,
} from '@proper-parts/domain/cart';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamedSql } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { savedLists } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { parsedReplacement, replacementJson } from '../catalog/replacement-sql.ts';
import { addCartLines, priceSourceOf, readCart } from './cart-repository.ts';

interface SummaryRow {
  id: string;
  name: string;
  lineCount: number | string;
  updatedAt: string | Date;
}

const toSummary = (row: SummaryRow): SavedListSummary => ({
  _id: row.id,
  name: row.name,
  lineCount: Number(row.lineCount),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Saves the buyer's cart as a named list (a list of that name is replaced). */
export async function saveCartAsList(
  db: Database,
  userId: string,
  name: string,
): Promise<SavedListSummary> {
  return db.transaction(async (tx) => {
    const cartLines = await rowsOf<{ n: string | number }>(
      tx,
      sql`select count(*) as n from cart_lines where user_id = ${userId}`,
    );
    if (Number(cartLines[0]?.n ?? 0) === 0) throw new AppError('INVALID', cartMessages.cartEmpty);
    const [list] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into saved_lists (user_id, name) values (${userId}, ${name})
        on conflict (user_id, name) do update set updated_at = now()
        returning id`,
    );
    if (!list) throw new AppError('CONFLICT', cartMessages.listNameTaken);
    await tx.execute(sql`delete from saved_list_lines where list_id = ${list.id}`);
    await tx.execute(
      sql`insert into saved_list_lines (list_id, product_id, quantity)
        select ${list.id}, product_id, quantity from cart_lines where user_id = ${userId}`,
    );
    const [summary] = await rowsOf<SummaryRow>(tx, summaryOf(sql`l.id = ${list.id}`));
    return toSummary(summary as SummaryRow);
  });
}

const summaryOf = (where: SQL) => sql`select l.id, l.name, l.updated_at as "updatedAt",
    (select count(*) from saved_list_lines s where s.list_id = l.id) as "lineCount"
  from saved_lists l where ${where}`;

/** Lists page by when they were last saved (`saved_lists_user_newest_idx`). */
const byUpdate = { createdAt: savedLists.updatedAt, id: savedLists.id };

/** A buyer's lists, the most recently saved first (keyset pages). */
export async function listSavedLists(db: Database, userId: string, page: PaginationQuery) {
  const mine = eq(savedLists.userId, userId);
  const rows = await db
    .select({
      id: savedLists.id,
      name: savedLists.name,
      updatedAt: savedLists.updatedAt,
      lineCount: sql<number>`(select count(*) from saved_list_lines s where s.list_id = ${savedLists.id})`,
      cursorAt: cursorAt(byUpdate),
    })
    .from(savedLists)
    .where(page.cursor ? and(mine, afterCursor(byUpdate, page.cursor)) : mine)
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(rows, page.limit, toSummary, (row) => row.id);
}

/** One of the buyer's lists; someone else's is not found (its existence is not told). */
export async function findSavedList(
  db: Queryable,
  userId: string,
  listId: string,
): Promise<SavedList> {
  const [summary] = await rowsOf<SummaryRow>(
    db,
    summaryOf(sql`l.id = ${listId} and l.user_id = ${userId}`),
  );
  if (!summary) throw new AppError('NOT_FOUND', cartMessages.listNotFound);
  // Issue 35: priced as the cart would price each line for its owner today (decision 038).
  const lines = await queryNamedSql<
    Pick<SavedList['lines'][number], 'productId' | 'sku' | 'name' | 'slug' | 'quantity'> & {
      supersededBy: string | null;
      unitCents: number | string;
      tierCents: number | string;
      listCents: number | string;
    }
  >(
    db,
    'saved-list-lines',
    sql`select s.product_id as "productId", p.sku, p.name, p.slug, s.quantity,
        ${replacementJson()} as "supersededBy",
        (select u.cents from pp_buyer_unit_price(p.id, p.price_cents, s.quantity, ${userId}::text) u) as "unitCents",
        (select t.cents from pp_unit_price(p.id, p.price_cents, s.quantity) t) as "tierCents",
        p.price_cents as "listCents"
      from saved_list_lines s join products p on p.id = s.product_id
      where s.list_id = ${listId} order by p.sku`,
  );
  return {
    ...toSummary(summary),
    lines: lines.map(({ unitCents, tierCents, listCents, ...line }) => ({
      ...line,
      supersededBy: parsedReplacement<ReplacementRef>(line.supersededBy),
      unitPrice: Number(unitCents) / 100,
      listPrice: Number(listCents) / 100,
      priceSource: priceSourceOf(Number(unitCents), Number(tierCents), Number(listCents)),
    })),
  };
}

export async function deleteSavedList(db: Database, userId: string, listId: string) {
  const gone = await rowsOf<{ id: string }>(
    db,
    sql`delete from saved_lists where id = ${listId} and user_id = ${userId} returning id`,
  );
  if (gone.length === 0) throw new AppError('NOT_FOUND', cartMessages.listNotFound);
}

/** Adds a whole list to the cart (quantities add to lines already there). */
export async function addListToCart(db: Database, userId: string, listId: string) {
  const list = await findSavedList(db, userId, listId);
  const added = await addCartLines(db, userId, list.lines, 'add');
  return { cart: await readCart(db, userId), added };
}

interface ReorderRow {
  productId: string;
  /** Issue 36: the SKU the order named, when its part is now replaced by `sku`. */
  oldSku: string | null;
  sku: string;
  name: string;
  quantity: number;
  wasCents: number;
  nowCents: number | null;
  live: boolean;
}

/**
 * "Buy again": the order's lines go into the cart at today's prices. Lines whose product is no
 * longer sold are left out and named; lines whose price changed are named with both prices. A
 * line whose part is replaced (issue 36) goes in as its replacement, named in `replaced`.
 */
export async function reorder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<ReorderResult> {
  const lines = await queryNamedSql<ReorderRow>(
    db,
    'reorder-lines',
    sql`select p.id as "productId", case when p.id <> l.product_id then o.sku end as "oldSku",
        case when p.id <> l.product_id then p.sku else l.sku end as sku,
        case when p.id <> l.product_id then p.name else l.name end as name, l.quantity,
        l.unit_price_cents as "wasCents",
        (select u.cents from pp_buyer_unit_price(p.id, p.price_cents, l.quantity, ${userId}::text) u) as "nowCents",
        p.deleted_at is null as live
      from order_lines l join products o on o.id = l.product_id
        join products p on p.id = coalesce(pp_replacement_of(o.id), o.id)
      where l.order_id = ${orderId}
      order by l.line_no`,
  );
  const sold = lines.filter((line) => line.live);
  const added = await addCartLines(db, userId, sold, 'add');
  return {
    cart: await readCart(db, userId),
    added,
    notSold: lines.filter((line) => !line.live).map(({ sku, name }) => ({ sku, name })),
    replaced: sold.flatMap((line) =>
      line.oldSku ? [{ sku: line.oldSku, replacementSku: line.sku }] : [],
    ),
    // A replacement's price is a new part's, not a change of the old one's.
    priceChanged: sold
      .filter((line) => !line.oldSku && Number(line.nowCents) !== line.wasCents)
      .map((line) => ({
        sku: line.sku,
        name: line.name,
        was: line.wasCents / 100,
        now: Number(line.nowCents) / 100,
      })),
  };
}
