import type { StructuredAddress } from '@proper-parts/domain/addresses';
import type { CartQuote } from '@proper-parts/domain/cart';
import { quoteMessages } from '@proper-parts/domain/quotes';
import { shippingMessages } from '@proper-parts/domain/shipping';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { type PricedCart, type Pricing, priceLines, toCartQuote } from '../cart/cart-quote.ts';
import type { PricedRow } from '../cart/cart-repository.ts';
import { visibleQuote } from './quote-access.ts';
import { type QuoteRow, readQuoteRow } from './quote-view.ts';

/** Why a quote cannot be accepted (or priced for acceptance): as the accept says it. */
export function notAcceptableWhy(row: QuoteRow | undefined): AppError {
  if (row?.status === 'accepted') return new AppError('CONFLICT', quoteMessages.alreadyAccepted);
  if (row?.expired) return new AppError('CONFLICT', quoteMessages.expired);
  return new AppError('CONFLICT', quoteMessages.notAcceptable);
}

/** Why the accept's guarded update changed nothing: read after it, under its transaction. */
export async function whyNotAccepted(db: Queryable, id: string): Promise<AppError> {
  return notAcceptableWhy(await readQuoteRow(db, id));
}

/**
 * A quote's lines as priced rows, at their quoted unit prices (not today's), with the parts'
 * weights: what `priceLines` takes. Back-ordered pieces are priced too: the order is for the
 * quote's whole quantity.
 */
async function readQuotedRows(db: Queryable, quoteId: string): Promise<PricedRow[]> {
  return rowsOf<PricedRow>(
    db,
    sql`select p.id as "productId", l.sku, l.name, p.slug, p.img, l.quantity,
        l.unit_price_cents as "unitCents",
        p.minimum_order_quantity as "minimumOrderQuantity",
        p.available_quantity as "availableQuantity", p.pack_size as "packSize",
        p.sales_unit as "salesUnit", p.max_order_quantity as "maxOrderQuantity",
        p.deleted_at is null as live, p.weight_grams as "weightGrams",
        null::text as "customerPartNumber",
        p.core_deposit_cents as "depositCents", p.core_return_days as "coreReturnDays"
      from quote_lines l join products p on p.id = l.product_id
      where l.quote_id = ${quoteId}
      order by l.line_no`,
  );
}

/**
 * Issue 33: a quote's lines shipped to `shipTo`, priced as a cart is (`priceLines`: freight by
 * the method chosen, tax per line and on the freight) for its requester. The accept calls it
 * under its transaction, once the quote is its own; on account, freight the shop quotes is
 * refused as at checkout.
 */
export async function priceQuotedLines(
  db: Queryable,
  pricing: Pricing,
  buyerId: string,
  quoteId: string,
  target: { shipTo: StructuredAddress; shippingMethod?: string | undefined },
  { requireMethod, onAccount }: { requireMethod: boolean; onAccount: boolean },
): Promise<PricedCart> {
  const rows = await readQuotedRows(db, quoteId);
  const gone = rows.find((row) => !row.live);
  if (gone)
    throw new AppError('CONFLICT', quoteMessages.partGoneSinceAnswer(`${gone.sku} ${gone.name}`));
  const priced = await priceLines(
    db,
    pricing,
    buyerId,
    rows,
    target.shipTo,
    target.shippingMethod,
    { requireMethod },
  );
  if (priced.freightCents === null && onAccount)
    throw new AppError('INVALID', shippingMessages.quotedOnAccount);
  return priced;
}

/**
 * `POST /quotes/{id}/price`: what accepting my answered quote would come to, shipped to
 * `shipTo`: the same answer as `POST /cart/quote`, for the quoted lines (a line's stock is no
 * problem here: what the stock lacks is back-ordered). Writes nothing.
 */
export async function priceQuote(
  db: Queryable,
  pricing: Pricing,
  actor: Actor,
  id: string,
  target: { shipTo: StructuredAddress; shippingMethod?: string | undefined },
): Promise<CartQuote> {
  const { row } = await visibleQuote(db, actor, id);
  if (row.userId !== actor.id) throw new AppError('FORBIDDEN', quoteMessages.onlyRequester);
  if (row.status !== 'answered' || row.expired) throw notAcceptableWhy(row);
  const priced = await priceQuotedLines(db, pricing, actor.id, id, target, {
    requireMethod: false,
    onAccount: false,
  });
  const quoted = toCartQuote(priced);
  return { ...quoted, lines: quoted.lines.map((line) => ({ ...line, problem: null })) };
}
