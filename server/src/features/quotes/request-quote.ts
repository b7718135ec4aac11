import {
  MAX_OPEN_QUOTES,
  MAX_QUOTE_LINES,
  type Quote,
  quoteMessages,
  type RequestQuoteRequest,
} from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { membershipOf } from '../companies/company-access.ts';
import { assertInCatalog } from '../company-catalogs/out-of-catalog.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { type QuoteRow, quoteWithLines, readQuoteRow } from './quote-view.ts';

interface ProductFacts {
  productId: string;
  quantity: number;
  sku: string;
  name: string;
  live: boolean;
}

/** The lines to quote: the body's (one line per part, quantities summed), or the cart's. */
async function wantedLines(
  db: Queryable,
  userId: string,
  lines: RequestQuoteRequest['lines'],
): Promise<ProductFacts[]> {
  if (lines === undefined)
    return rowsOf<ProductFacts>(
      db,
      sql`select c.product_id as "productId", c.quantity, p.sku, p.name,
          p.deleted_at is null as live
        from cart_lines c join products p on p.id = c.product_id
        where c.user_id = ${userId}
        order by c.added_at, p.id`,
    );
  const wanted = new Map<string, number>();
  for (const line of lines)
    wanted.set(line.productId, Math.min((wanted.get(line.productId) ?? 0) + line.quantity, 1e6));
  if (wanted.size === 0) return [];
  const found = await rowsOf<ProductFacts>(
    db,
    sql`select w.product_id as "productId", w.quantity, p.sku, p.name,
        p.deleted_at is null as live
      from unnest(${sql.param([...wanted.keys()])}::uuid[], ${sql.param([...wanted.values()])}::int[])
        with ordinality as w(product_id, quantity, ord)
      join products p on p.id = w.product_id
      order by w.ord`,
  );
  if (found.length !== wanted.size) throw new AppError('INVALID', quoteMessages.unknownPart);
  return found;
}

/**
 * A buyer's request for a quote: the cart's lines (or the body's), quantities above the stock
 * allowed, parts no longer sold refused by name. The part's number and name are copied, as an
 * order line copies them. The cart is kept: the buyer may still check out what is in stock.
 */
export async function requestQuote(
  db: Database,
  actor: Actor,
  input: RequestQuoteRequest,
): Promise<Quote> {
  const id = await db.transaction(async (tx) => {
    const lines = await wantedLines(tx, actor.id, input.lines);
    if (lines.length === 0) throw new AppError('INVALID', quoteMessages.cartEmpty);
    if (lines.length > MAX_QUOTE_LINES) throw new AppError('INVALID', quoteMessages.tooManyLines);
    const gone = lines.find((line) => !line.live);
    if (gone) throw new AppError('INVALID', quoteMessages.partGone(`${gone.sku} ${gone.name}`));
    // Decision 039: a quote is a way to an order, so it asks only for the company's catalog.
    await assertInCatalog(
      tx,
      actor.id,
      lines.map((line) => line.productId),
    );
    const [open] = await rowsOf<{ n: number | string }>(
      tx,
      sql`select count(*) as n from quotes where user_id = ${actor.id} and status = 'requested'`,
    );
    if (Number(open?.n ?? 0) >= MAX_OPEN_QUOTES)
      throw new AppError('CONFLICT', quoteMessages.tooManyOpen(MAX_OPEN_QUOTES));
    const membership = await membershipOf(tx, actor.id);
    const [quote] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into quotes (user_id, company_id, message)
        values (${actor.id}, ${membership?.companyId ?? null}, ${input.message})
        returning id`,
    );
    const quoteId = quote?.id as string;
    await tx.execute(
      sql`insert into quote_lines (quote_id, line_no, product_id, sku, name, quantity)
        select ${quoteId}, w.line_no, w.product_id, w.sku, w.name, w.quantity
        from unnest(${sql.param(lines.map((l) => l.productId))}::uuid[],
          ${sql.param(lines.map((l) => l.sku))}::text[],
          ${sql.param(lines.map((l) => l.name))}::text[],
          ${sql.param(lines.map((l) => l.quantity))}::int[])
          with ordinality as w(product_id, sku, name, quantity, line_no)`,
    );
    await recordEvent(tx, 'quote.requested', `quote:${quoteId}`, {
      id: quoteId,
      companyId: membership?.companyId ?? null,
      email: actor.email,
      lines: lines.map(({ sku, name, quantity }) => ({ sku, name, quantity })),
    });
    return quoteId;
  });
  return quoteWithLines(db, (await readQuoteRow(db, id)) as QuoteRow);
}
