import { backorderMessages } from '@proper-parts/domain/backorders';
import { type CheckoutRequest, cartMessages } from '@proper-parts/domain/cart';
import { companyMessages, DEFAULT_APPROVAL_HOLD_HOURS } from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import { invoiceNumberOf, type OrderLine } from '@proper-parts/domain/order-line';
import type { Order } from '@proper-parts/domain/orders';
import { shippingMessages } from '@proper-parts/domain/shipping';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isTransaction, queryNamedSql } from '../../db/named-statement.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { refusalOutOfCatalog } from '../company-catalogs/out-of-catalog.ts';
import { type OrderRow, toOrder } from '../orders/order-view.ts';
import type { Buyer } from '../orders/place-order.ts';
import type { PricedCart, Pricing } from './cart-quote.ts';
import { priceCheckout, priceHintedCheckout } from './checkout-pricing.ts';
import { type AssumedBuyer, type Placed, placeCartStatement } from './checkout-statement.ts';
import { forgetPricedCart, pricedCartHint, taxFactsOf } from './priced-cart-hint.ts';
import type { PricedLine } from './priced-line.ts';

/**
 * Places the buyer's cart as one order, in one statement (issue 18), so its locks are held for
 * that statement and its commit only (a transaction of four round trips held them four times as
 * long, and buyers of shared parts queued behind them: bench checkout):
 * 1. locks the cart's lines and their products in product-id order: two checkouts that share
 *    parts wait for each other in the same order, so they cannot deadlock. `no key update` is
 *    what an update of the stock takes anyway; a plain `for update` would also block the foreign
 *    key checks (`for key share`) of anyone adding these parts to a cart or an order, and a cart
 *    filled with many lines at once takes those in its own order: a deadlock (bench checkout);
 * 2. judges every line (sold, minimum, stock, pack) under that lock: one bad line, and nothing
 *    below happens;
 * 3. takes the stock of every line, inserts the order and its lines (each priced by
 *    `pp_buyer_unit_price_for` once, the order's total the sum of those lines) and empties the cart.
 * All lines or none: one statement commits whole or not at all.
 *
 * Issue 33: with a structured `shipTo`, the cart is first priced through the tax and freight
 * seams (`priceCheckout`: one read, then the drivers; or, without a read, the cart the buyer
 * last saw priced and their company's tax facts as last read: priced-cart-hint.ts), and the
 * statement writes that pricing only if the lines it locks are the lines priced (and the buyer's
 * company and its tax facts are the ones priced with); a cart changed in between (another tab, a
 * new price) is read and priced again once, then refused as changed. An order whose freight the shop quotes waits
 * for it first (`awaiting_freight`); a buyer's limit is judged once its total is known
 * (shipping/enter-freight.ts).
 */
export async function checkoutCart(
  db: Database,
  buyer: Buyer,
  input: CheckoutRequest,
  options: CheckoutOptions = { approvalHoldHours: DEFAULT_APPROVAL_HOLD_HOURS },
): Promise<Order> {
  let result: Placed | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const { priced, assumed } = await pricedFor(db, buyer, input, options, attempt === 1);
    [result] = await placeOnce(
      db,
      placeCartStatement(buyer, input, options.approvalHoldHours, priced, assumed),
    );
    // Priced from an older cart, or warehouse rows older than their product's sum: once more.
    if (result?.matchedQuote !== false && !(result?.sellable && result.allocated === false)) break;
  }
  if (result?.id) forgetPricedCart(buyer.id);
  if (!result || Number(result.cartLines) === 0)
    throw new AppError('INVALID', cartMessages.cartEmpty);
  // A line that cannot be ordered: every step was skipped, nothing taken, the cart kept.
  // Issue 35, decision 039: a part outside the company's catalog is named (403).
  if (!result.sellable)
    throw (
      (await refusalOutOfCatalog(db, buyer.id, cartProducts(buyer.id))) ??
      new AppError(
        'CONFLICT',
        result.unaccepted ? backorderMessages.notAccepted : cartMessages.cartChanged,
      )
    );
  if (input.paymentTerms === 'account' && !result.id) throw refusedOnAccount(result);
  if (!result.id) throw new AppError('CONFLICT', cartMessages.cartChanged);
  // The order as inserted, with the lines (and the invoice of an order on account) the same
  // statement wrote: no second read.
  const { placedLines, invoiceYear, invoiceNumber, invoiceDueOn } = result;
  const parsedLines = (typeof placedLines === 'string' ? JSON.parse(placedLines) : placedLines) as
    | OrderLine[]
    | null;
  // Issue 37: a line without a core deposit has none (the statement writes null).
  const lines = parsedLines?.map(({ coreDeposit, ...line }) =>
    coreDeposit ? { ...line, coreDeposit } : line,
  );
  const invoice =
    invoiceYear && invoiceNumber
      ? { number: invoiceNumberOf(invoiceYear, invoiceNumber), dueOn: invoiceDueOn ?? null }
      : null;
  return toOrder(result as OrderRow, lines ?? [], invoice);
}

export interface CheckoutOptions {
  /** How long an order above the buyer's limit holds its stock (APPROVAL_HOLD_HOURS). */
  approvalHoldHours: number;
  /** Issue 33: the tax and freight seams, on the checkout's database or transaction. */
  pricing?: (db: Database) => Pricing;
}

/**
 * The cart priced for its address (issue 33); null for a client that sends only `address`.
 * `assumed`: the company and tax facts it was priced with from the buyer's hints, which the
 * statement checks; null when the cart and the facts were read.
 */
async function pricedFor(
  db: Database,
  buyer: Buyer,
  input: CheckoutRequest,
  options: CheckoutOptions,
  hintAllowed: boolean,
): Promise<{ priced: PricedCart<PricedLine> | null; assumed: AssumedBuyer | null }> {
  if (!input.shipTo || !options.pricing) return { priced: null, assumed: null };
  const hint = hintAllowed ? pricedCartHint(buyer.id) : undefined;
  const taxBuyer = hint && taxFactsOf(hint.companyId);
  const pricing = options.pricing(db);
  if (hint && taxBuyer && hint.lines.some((line) => line.live)) {
    const priced = await priceHintedCheckout(
      pricing,
      hint,
      taxBuyer,
      input.shipTo,
      input.shippingMethod,
    );
    return { priced: payable(priced, input), assumed: { companyId: hint.companyId, taxBuyer } };
  }
  const priced = await priceCheckout(db, pricing, buyer.id, input.shipTo, input.shippingMethod);
  return { priced: payable(priced, input), assumed: null };
}

/** An order whose freight the shop quotes cannot go on account: its total is not known yet. */
function payable(priced: PricedCart<PricedLine>, input: CheckoutRequest) {
  if (priced.freightCents === null && input.paymentTerms === 'account')
    throw new AppError('INVALID', shippingMessages.quotedOnAccount);
  return priced;
}

/** Why an order on account was not placed, though every line could be ordered. */
function refusedOnAccount(result: Placed): AppError {
  if (!result.termsDays) return new AppError('INVALID', companyMessages.noTerms);
  const remaining = Math.max(0, Number(result.creditLeftCents ?? 0)) / 100;
  return new AppError('CONFLICT', companyMessages.overCredit(formatPrice(remaining)));
}

/** PostgreSQL chose this statement to break a deadlock: it did nothing, and may run again. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/**
 * Runs the checkout statement. Many checkouts of the same parts at once (every cart the same 20
 * lines, bench checkout) were seen to deadlock a few times in a thousand although every one locks
 * in product-id order; PostgreSQL then cancels one statement whole, so it is run again, and no
 * buyer sees the deadlock.
 */
async function placeOnce(db: Database, statement: SQL): Promise<Placed[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Under a name: each pooled connection plans it once (its text is the same every time).
      return await queryNamedSql<Placed>(db, 'checkout-cart', statement);
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
      // Inside a transaction (an Idempotency-Key's) the deadlock ended it: the key's mechanism
      // runs the whole transaction again (http/idempotency.ts).
      if (code === DEADLOCK && isTransaction(db)) throw error;
      if (code === DEADLOCK && attempt < ATTEMPTS) continue;
      // Stock below zero (products_available_not_negative) cannot happen under the lock; if it
      // ever did, the statement failed whole and the buyer is told to try again.
      if (code === '23514' || code === DEADLOCK)
        throw new AppError('CONFLICT', cartMessages.cartChanged);
      throw error;
    }
  }
}

const cartProducts = (userId: string) =>
  sql`select product_id from cart_lines where user_id = ${userId}`;
