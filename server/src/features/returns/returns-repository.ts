import type { PaginationQuery } from '@proper-parts/domain/envelope';
import {
  type ReturnReason,
  type ReturnRequest,
  type ReturnState,
  rmaNumberOf,
} from '@proper-parts/domain/returns';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { returns } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import type { Actor } from '../auth/actor.ts';
import { ADMINS, membershipOf } from '../companies/company-access.ts';
import {
  type CreditNoteRefRow,
  creditNoteRefColumns,
  toCreditNoteRef,
} from './credit-note-refs.ts';
import { photosOf } from './return-photos.ts';

type ReturnRow = typeof returns.$inferSelect;

interface LineRow {
  returnId: string;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  reason: ReturnReason;
  restocked: number;
  scrapped: number;
  refused: number;
  depositCents: number;
  coreLate: boolean;
}

const creditNoteOf = (note: CreditNoteRefRow | undefined) => (note ? toCreditNoteRef(note) : null);

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** Returns as the API shows them, with their lines: one read of lines for a whole page. */
export async function withLines(db: Queryable, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const lines = await rowsOf<LineRow>(
    db,
    sql`select r.return_id as "returnId", r.product_id as "productId", p.sku, p.name, r.quantity,
        r.reason, r.restocked, r.scrapped, r.refused, r.core_late as "coreLate",
        coalesce((select max(ol.core_deposit_cents) from order_lines ol join returns rr
            on rr.order_id = ol.order_id
          where rr.id = r.return_id and ol.product_id = r.product_id), 0)::int as "depositCents"
      from return_lines r join products p on p.id = r.product_id
      where r.return_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])
      order by r.return_id, p.sku`,
  );
  const notes = await rowsOf<CreditNoteRefRow & { returnId: string }>(
    db,
    sql`select n.return_id as "returnId", ${creditNoteRefColumns}
      from credit_notes n where n.return_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])`,
  );
  const photos = await photosOf(
    db,
    rows.map((row) => row.id),
  );
  const emails = await rowsOf<{ id: string; email: string; paymentTerms: string }>(
    db,
    sql`select id, email, payment_terms as "paymentTerms" from orders
      where id = any(${sql.param([...new Set(rows.map((row) => row.orderId))])}::uuid[])`,
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    rmaNumber:
      row.rmaYear !== null && row.rmaNumber !== null
        ? rmaNumberOf(row.rmaYear, row.rmaNumber)
        : null,
    state: row.state as ReturnState,
    note: row.note,
    refusalReason: row.refusalReason,
    email: emails.find((e) => e.id === row.orderId)?.email ?? '',
    paymentTerms:
      emails.find((e) => e.id === row.orderId)?.paymentTerms === 'account' ? 'account' : 'card',
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: iso(row.decidedAt),
    receivedAt: iso(row.receivedAt),
    refundState: row.refundState,
    refundCents: row.refundCents,
    refundTaxCents: row.refundTaxCents,
    refundFreightCents: row.refundFreightCents,
    restockingFeeCents: row.restockingFeeCents,
    refundedAt: iso(row.refundedAt),
    creditNote: creditNoteOf(notes.find((note) => note.returnId === row.id)),
    lines: lines.filter((line) => line.returnId === row.id).map(({ returnId: _, ...line }) => line),
    photos: photos.get(row.id) ?? [],
  }));
}

/** A page of returns matching `where`, newest first (http/keyset.ts). */
async function pageOfReturns(db: Queryable, where: SQL | undefined, page: PaginationQuery) {
  const conditions = [where, page.cursor ? afterCursor(returns, page.cursor) : undefined].filter(
    Boolean,
  ) as SQL[];
  const rows = await db
    .select({ row: returns, cursorAt: cursorAt(returns) })
    .from(returns)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor } = pageOf(
    rows,
    page.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await withLines(db, items), nextCursor };
}

/**
 * Whose returns the caller reads: their own orders', and, for a company admin, those of their
 * company's orders (they may ask for them too).
 */
async function readableBy(db: Queryable, actor: Actor): Promise<SQL> {
  const member = await membershipOf(db, actor.id);
  const own = eq(returns.userId, actor.id);
  if (member && (ADMINS as readonly string[]).includes(member.role))
    return or(own, eq(returns.companyId, member.companyId)) as SQL;
  return own;
}

/** `GET /returns`: the caller's returns. */
export async function listMyReturns(db: Database, actor: Actor, page: PaginationQuery) {
  return pageOfReturns(db, await readableBy(db, actor), page);
}

/** `GET /admin/returns`: every return, or those in one state. */
export function listAllReturns(
  db: Database,
  page: PaginationQuery & { state?: ReturnState | undefined },
) {
  return pageOfReturns(db, page.state ? eq(returns.state, page.state) : undefined, page);
}

/** One return the caller may read; undefined when there is none (or it is another's). */
export async function findMyReturn(db: Database, actor: Actor, id: string) {
  const rows = await db
    .select()
    .from(returns)
    .where(and(eq(returns.id, id), await readableBy(db, actor)));
  return (await withLines(db, rows))[0];
}

/** One return, whoever's (a shop admin's read, after a decision). */
export async function findReturn(db: Queryable, id: string) {
  const rows = await db
    .select()
    .from(returns)
    .where(inArray(returns.id, [id]));
  return (await withLines(db, rows))[0];
}
