import { formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import { type AcceptQuoteRequest, type Quote, quoteMessages } from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import {
  type OrderRow,
  orderColumns,
  orderWithLines,
  type Queryable,
  rowsOf,
} from '../orders/orders-repository.ts';
import {
  type QuoteRow,
  quoteWithLines,
  readQuoteRow,
  todayUtc,
  visibleQuote,
} from './quotes-repository.ts';

/** Why the guarded update changed nothing: read after it, under the same transaction. */
async function whyNotAccepted(db: Queryable, id: string): Promise<AppError> {
  const row = await readQuoteRow(db, id);
  if (row?.status === 'accepted') return new AppError('CONFLICT', quoteMessages.alreadyAccepted);
  if (row?.expired) return new AppError('CONFLICT', quoteMessages.expired);
  return new AppError('CONFLICT', quoteMessages.notAcceptable);
}

/**
 * The order a quote places, in one statement, at the quoted prices: each line takes what the
 * stock has (`least(quantity, available)`) and records the rest as back-ordered, so a quote for
 * more than the stock still becomes one order; a cancel gives back only what was taken. The
 * caller has locked the products (in id order). The order waits for the buyer's card payment.
 */
const placeQuotedOrder = (
  quoteId: string,
  buyer: Actor,
  input: AcceptQuoteRequest,
  companyId: string | null,
) =>
  sql`with wanted as (
      select l.line_no, l.product_id, l.sku, l.name, p.img, l.quantity,
        l.unit_price_cents as unit, least(l.quantity, p.available_quantity) as taken
      from quote_lines l join products p on p.id = l.product_id
      where l.quote_id = ${quoteId}
    ), took as (
      update products p set available_quantity = p.available_quantity - w.taken
      from wanted w
      where p.id = w.product_id and w.taken > 0
      returning p.id
    ), summed as (
      select count(*) as n, least(sum(quantity), 2147483647)::int as pieces,
        sum(unit::bigint * quantity) as total
      from wanted
    ), placed as (
      insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
        total_cents, user_name, email, address, phone, po_number, line_count, company_id,
        payment_terms, quote_id)
      select w.product_id, ${buyer.id},
        case when s.n > 1 then w.name || ' + ' || (s.n - 1) || ' more' else w.name end,
        w.img, w.unit, s.pieces, s.total, ${buyer.name}, ${buyer.email}, ${input.address},
        ${input.phone}, ${input.poNumber || null}, s.n, ${companyId}, 'card', ${quoteId}
      from wanted w, summed s
      where w.line_no = 1
      returning ${orderColumns}
    ), lined as (
      insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents, backordered)
      select placed.id, w.line_no, w.product_id, w.sku, w.name, w.img, w.quantity, w.unit,
        w.unit::bigint * w.quantity, w.quantity - w.taken
      from wanted w, placed
    )
    select * from placed`;

/**
 * The requester accepts an answered quote that has not expired: it places one order at the quoted
 * prices, once. Two guards, in the one transaction that writes the order: the guarded update of
 * the quote (only one of two accepts at once finds it still 'answered'; the other waits for its
 * row lock and then finds it accepted), and `orders.quote_id` UNIQUE, should a second order ever
 * get that far. A buyer's order limit applies as at checkout.
 */
export async function acceptQuote(
  db: Database,
  actor: Actor,
  id: string,
  input: AcceptQuoteRequest,
): Promise<{ quote: Quote; order: Order }> {
  const { row, membership } = await visibleQuote(db, actor, id);
  if (row.userId !== actor.id) throw new AppError('FORBIDDEN', quoteMessages.onlyRequester);
  const limit = membership?.role === 'buyer' ? membership.orderLimitCents : null;
  if (row.companyId !== null && limit !== null && Number(row.totalCents ?? 0) > limit)
    throw new AppError(
      'FORBIDDEN',
      quoteMessages.overLimit(formatPrice(Number(row.totalCents) / 100), formatPrice(limit / 100)),
    );
  try {
    const order = await db.transaction(async (tx) => {
      const [taken] = await rowsOf<{ companyId: string | null }>(
        tx,
        sql`update quotes set status = 'accepted', updated_at = now()
          where id = ${id} and user_id = ${actor.id} and status = 'answered'
            and expires_on >= ${todayUtc}
          returning company_id as "companyId"`,
      );
      if (!taken) throw await whyNotAccepted(tx, id);
      // In product-id order, as checkout locks them: an accept and a checkout cannot deadlock.
      const parts = await rowsOf<{ sku: string; name: string; live: boolean }>(
        tx,
        sql`select p.sku, p.name, p.deleted_at is null as live from products p
          where p.id in (select product_id from quote_lines where quote_id = ${id})
          order by p.id
          for no key update`,
      );
      const gone = parts.find((part) => !part.live);
      if (gone)
        throw new AppError(
          'CONFLICT',
          quoteMessages.partGoneSinceAnswer(`${gone.sku} ${gone.name}`),
        );
      const [placed] = await rowsOf<OrderRow>(
        tx,
        placeQuotedOrder(id, actor, input, taken.companyId),
      );
      return orderWithLines(tx, placed as OrderRow);
    });
    const accepted = (await readQuoteRow(db, id)) as QuoteRow;
    return { quote: await quoteWithLines(db, accepted), order };
  } catch (error) {
    if (uniqueViolationOf(error)) throw new AppError('CONFLICT', quoteMessages.alreadyAccepted);
    throw error;
  }
}
