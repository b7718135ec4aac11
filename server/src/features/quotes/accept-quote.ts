import { companyMessages, DEFAULT_APPROVAL_HOLD_HOURS } from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import { type AcceptQuoteRequest, type Quote, quoteMessages } from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { PricedCart, Pricing } from '../cart/cart-quote.ts';
import { pricingParams } from '../cart/checkout-statement.ts';
import { assertInCatalog } from '../company-catalogs/out-of-catalog.ts';
import { type OrderRow, orderWithLines } from '../orders/order-view.ts';
import { eventParts, invoiceEventJson, recordOrderEvents } from '../webhooks/outbox.ts';
import { priceQuotedLines, whyNotAccepted } from './price-quote.ts';
import { visibleQuote } from './quote-access.ts';
import { type QuoteRow, quoteWithLines, readQuoteRow, todayUtc } from './quote-view.ts';
import { type PlacedStatus, placeQuotedOrder } from './quoted-order-statement.ts';

export interface AcceptOptions {
  /** How long an order above the buyer's limit holds its stock (APPROVAL_HOLD_HOURS). */
  approvalHoldHours: number;
  /** Issue 33: the tax and freight seams, on the accept's transaction (cart/pricing.ts). */
  pricing?: (db: Queryable) => Pricing;
}

/** What the company rules make of an accepted quote, decided in the accept's transaction. */
interface Placement {
  status: PlacedStatus;
  /** On account: the company's terms, for the invoice's due day. */
  termsDays: number | null;
}

/**
 * The company rules of checkout, applied to the quote's total (with its freight and tax, issue
 * 33), under the accept's transaction:
 * a buyer of the quote's company above their order limit → awaiting approval; on account → the
 * company's balance rises by the total with checkout's guarded update (terms granted and the
 * credit not exceeded: two orders racing for the last of the credit queue on the company's row).
 * A refusal throws, and the transaction undoes the accept: the quote stays answered, no stock
 * is taken.
 */
async function placementOf(
  tx: Queryable,
  quoteId: string,
  buyer: Actor,
  companyId: string | null,
  input: AcceptQuoteRequest,
  priced: PricedCart | null,
): Promise<Placement> {
  // Freight the shop quotes: the order waits for it; its limit is judged once it is entered
  // (shipping/enter-freight.ts), and on account it was refused (priceQuotedLines).
  if (priced && priced.freightCents === null)
    return { status: 'awaiting_freight', termsDays: null };
  // Priced: its deposits, freight and tax; not (no address to price for): its deposits only.
  const added = priced
    ? sql`${priced.totalCents - priced.subtotalCents}::bigint`
    : sql`coalesce(sum(p.core_deposit_cents::bigint * l.quantity), 0)`;
  const [judged] = await rowsOf<{ totalCents: number | string; overLimit: boolean }>(
    tx,
    sql`with summed as (
        select coalesce(sum(l.unit_price_cents::bigint * l.quantity), 0) + ${added} as total
        from quote_lines l join products p on p.id = l.product_id where l.quote_id = ${quoteId}
      )
      select s.total as "totalCents", exists (
          select 1 from company_members m
          where m.user_id = ${buyer.id} and m.company_id = ${companyId} and m.role = 'buyer'
            and m.order_limit_cents is not null and s.total > m.order_limit_cents
        ) as "overLimit"
      from summed s`,
  );
  const totalCents = Number(judged?.totalCents ?? 0);
  const overLimit = Boolean(judged?.overLimit);
  if (input.paymentTerms !== 'account')
    return { status: overLimit ? 'awaiting_approval' : 'unpaid', termsDays: null };
  const [credited] = await rowsOf<{ termsDays: number }>(
    tx,
    sql`update companies c set balance_cents = c.balance_cents + ${totalCents}, updated_at = now()
      where c.id = ${companyId}
        and exists (select 1 from company_members m
          where m.user_id = ${buyer.id} and m.company_id = c.id)
        and c.terms_days is not null
        and c.balance_cents + ${totalCents} <= c.credit_limit_cents
      returning c.terms_days as "termsDays"`,
  );
  if (!credited) throw await refusedOnAccount(tx, companyId, buyer.id);
  return { status: overLimit ? 'awaiting_approval' : 'pending', termsDays: credited.termsDays };
}

/** Why the company's balance was not raised, as checkout says it (`refusedOnAccount`). */
async function refusedOnAccount(
  tx: Queryable,
  companyId: string | null,
  buyerId: string,
): Promise<AppError> {
  const [company] = await rowsOf<{
    termsDays: number | null;
    creditLeftCents: number | string;
    member: boolean;
  }>(
    tx,
    sql`select c.terms_days as "termsDays",
        c.credit_limit_cents - c.balance_cents as "creditLeftCents",
        exists (select 1 from company_members m
          where m.user_id = ${buyerId} and m.company_id = c.id) as member
      from companies c where c.id = ${companyId}`,
  );
  // Removed from the company since the quote was read: as visibleQuote says it.
  if (company && !company.member) return new AppError('NOT_FOUND', quoteMessages.notFound);
  if (!company?.termsDays) return new AppError('INVALID', companyMessages.noTerms);
  const remaining = Math.max(0, Number(company.creditLeftCents)) / 100;
  return new AppError('CONFLICT', companyMessages.overCredit(formatPrice(remaining)));
}

/**
 * An order on account placed without approval: its invoice numbered now, due after the terms,
 * and `invoice.created` recorded in the same transaction.
 */
async function invoiceNow(tx: Queryable, orderId: string, termsDays: number): Promise<void> {
  await tx.execute(
    sql`with counted as (
        insert into invoice_counters (year, last_number)
        values (extract(year from now() at time zone 'UTC')::int, 1)
        on conflict (year) do update set last_number = invoice_counters.last_number + 1
        returning year, last_number
      ), invoiced as (
        insert into invoices (order_id, year, number_in_year, due_on)
        select ${orderId}, counted.year, counted.last_number,
          (now() at time zone 'UTC')::date + ${termsDays}::int
        from counted
        returning order_id, year, number_in_year, due_on
      ), ${sql.raw(invoicedEvent)}
      select 1`,
  );
}

const invoicedEvent = eventParts(
  'ev_invoiced',
  'invoice.created',
  `select 'order:' || i.order_id,
    ${invoiceEventJson('i.order_id', 'i.year', 'i.number_in_year', 'i.due_on')}
  from invoiced i`,
);

/**
 * The requester accepts an answered quote that has not expired: it places one order at the quoted
 * prices, once. Two guards, in the one transaction that writes the order: the guarded update of
 * the quote (only one of two accepts at once finds it still 'answered'; the other waits for its
 * row lock and then finds it accepted), and `orders.quote_id` UNIQUE, should a second order ever
 * get that far. The company rules apply as at checkout (`placementOf`): above a buyer's limit the
 * order awaits approval; on account it is invoiced within the company's credit.
 */
export async function acceptQuote(
  db: Database,
  actor: Actor,
  id: string,
  input: AcceptQuoteRequest,
  options: AcceptOptions = { approvalHoldHours: DEFAULT_APPROVAL_HOLD_HOURS },
): Promise<{ quote: Quote; order: Order }> {
  const { row } = await visibleQuote(db, actor, id);
  if (row.userId !== actor.id) throw new AppError('FORBIDDEN', quoteMessages.onlyRequester);
  try {
    const order = await db.transaction(async (tx) => {
      const [taken] = await rowsOf<{ companyId: string | null }>(
        tx,
        sql`update quotes set status = 'accepted', updated_at = now()
          where id = ${id} and user_id = ${actor.id} and status = 'answered'
            and expires_on >= ${todayUtc}
          returning coalesce(company_id,
            (select company_id from company_members where user_id = ${actor.id})) as "companyId"`,
      );
      // A quote requested before its buyer joined a company is accepted under that company's
      // rules (limit, approval, terms): otherwise it would be a way around the buyer's limit.
      if (!taken) throw await whyNotAccepted(tx, id);
      // In product-id order, as checkout locks them: an accept and a checkout cannot deadlock.
      // Then the company's row, as checkout takes it after the products.
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
      // Decision 039: the company's catalog may have narrowed since the quote was asked for.
      await assertInCatalog(
        tx,
        actor.id,
        sql`select product_id from quote_lines where quote_id = ${id}`,
      );
      // Issue 33: freight and tax of the quoted lines, priced as a cart is, under this lock.
      const priced =
        input.shipTo && options.pricing
          ? await priceQuotedLines(
              tx,
              options.pricing(tx),
              actor.id,
              id,
              { shipTo: input.shipTo, shippingMethod: input.shippingMethod },
              { requireMethod: true, onAccount: input.paymentTerms === 'account' },
            )
          : null;
      const placement = await placementOf(tx, id, actor, taken.companyId, input, priced);
      const [placed] = await rowsOf<OrderRow>(
        tx,
        placeQuotedOrder(
          id,
          actor,
          input,
          taken.companyId,
          placement.status,
          options.approvalHoldHours,
          pricingParams(priced),
        ),
      );
      const orderRow = placed as OrderRow;
      await recordOrderEvents(tx, 'order.created', [orderRow]);
      if (placement.status === 'pending' && placement.termsDays !== null)
        await invoiceNow(tx, orderRow.id, placement.termsDays);
      return orderWithLines(tx, orderRow);
    });
    const accepted = (await readQuoteRow(db, id)) as QuoteRow;
    return { quote: await quoteWithLines(db, accepted), order };
  } catch (error) {
    if (uniqueViolationOf(error)) throw new AppError('CONFLICT', quoteMessages.alreadyAccepted);
    throw error;
  }
}
