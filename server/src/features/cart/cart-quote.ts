import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { type CartQuote, cartMessages } from '@proper-parts/domain/cart';
import { shippingMessages } from '@proper-parts/domain/shipping';
import { percentOfPpm } from '@proper-parts/domain/tax';
import type { Queryable } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { ShippingQuote, ShippingRates } from '../shipping/shipping-rates.ts';
import type { TaxBuyer, TaxCalculator, TaxResult } from '../tax/tax-calculator.ts';
import { taxBuyerOf } from '../tax/tax-repository.ts';
import { type PricedRow, readPricedRows, toCartLine } from './cart-repository.ts';
import { rememberTaxFacts } from './priced-cart-hint.ts';
import type { PricedLine } from './priced-line.ts';

/** The two seams a cart is priced through (cart/pricing.ts builds the shop's). */
export interface Pricing {
  tax: TaxCalculator;
  shipping: ShippingRates;
}

/** Issue 37: the tax calculator's ref of a line's core deposit (taxed as a line of its own). */
export const depositRef = (productId: string) => `deposit:${productId}`;
const depositCentsOf = (row: PricedLine) => Number(row.depositCents ?? 0) * row.quantity;

/** A cart priced for an address and a shipping method, in cents. */
export interface PricedCart<Row extends PricedLine = PricedRow> {
  rows: Row[];
  subtotalCents: number;
  /** Issue 37: the lines' core deposits, before tax. */
  depositCents: number;
  weightGrams: number;
  methods: ShippingQuote[];
  chosen: ShippingQuote | null;
  /** Null while the shop quotes the freight (the order waits for it). */
  freightCents: number | null;
  tax: TaxResult;
  totalCents: number;
  shipTo: StructuredAddress;
}

const lineCents = (row: PricedLine) => Number(row.unitCents) * row.quantity;

/**
 * Prices the buyer's cart shipped to `shipTo`: subtotal, the methods that can carry it, the
 * freight of the one chosen (or the cheapest priced one when none is named and `requireMethod`
 * is off), and the tax of every line and of the freight. The one function that totals a cart:
 * the quote answers it, the checkout writes it (checkout.ts).
 */
export async function priceCart(
  db: Queryable,
  pricing: Pricing,
  userId: string,
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
  options: { requireMethod: boolean },
): Promise<PricedCart> {
  const [rows, buyer] = await Promise.all([readPricedRows(db, userId), taxBuyerOf(db, userId)]);
  const companyId = rows[0]?.companyId;
  if (companyId) rememberTaxFacts(companyId, buyer);
  const live = rows.filter((row) => row.live);
  if (live.length === 0) throw new AppError('INVALID', cartMessages.cartEmpty);
  return priceRows(pricing, buyer, live, shipTo, shippingMethod, options);
}

/**
 * Prices `rows` (a cart's lines, or a quote's at its quoted unit prices) for the buyer `userId`
 * shipped to `shipTo`, through both seams: what priceCart and a quote's acceptance share, so a
 * cart and a quote are taxed and freighted alike.
 */
export async function priceLines(
  db: Queryable,
  pricing: Pricing,
  userId: string,
  rows: PricedRow[],
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
  options: { requireMethod: boolean },
): Promise<PricedCart> {
  const buyer = await taxBuyerOf(db, userId);
  return priceRows(pricing, buyer, rows, shipTo, shippingMethod, options);
}

export async function priceRows<Row extends PricedLine>(
  pricing: Pricing,
  buyer: TaxBuyer,
  rows: Row[],
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
  { requireMethod }: { requireMethod: boolean },
): Promise<PricedCart<Row>> {
  const subtotalCents = rows.reduce((sum, row) => sum + lineCents(row), 0);
  const weightGrams = rows.reduce((sum, row) => sum + row.weightGrams * row.quantity, 0);
  const methods = await pricing.shipping.quote({ shipTo, weightGrams, subtotalCents });
  const chosen = chooseMethod(methods, shippingMethod, requireMethod);
  const freightCents = chosen ? chosen.priceCents : 0;
  const depositCents = rows.reduce((sum, row) => sum + depositCentsOf(row), 0);
  // Issue 37: a core deposit is a line of its own, taxed by the same rules as the part it comes
  // with (the calculator's rate for the ship-to and buyer, reverse charge and exemptions alike).
  const tax = await pricing.tax.calculate({
    shipTo,
    lines: [
      ...rows.map((row) => ({ ref: row.productId, amountCents: lineCents(row) })),
      ...rows
        .filter((row) => depositCentsOf(row) > 0)
        .map((row) => ({ ref: depositRef(row.productId), amountCents: depositCentsOf(row) })),
    ],
    freightCents: freightCents ?? 0,
    buyer,
    today: new Date().toISOString().slice(0, 10),
  });
  const totalCents = subtotalCents + depositCents + (freightCents ?? 0) + tax.taxCents;
  return {
    rows,
    subtotalCents,
    depositCents,
    weightGrams,
    methods,
    chosen,
    freightCents,
    tax,
    totalCents,
    shipTo,
  };
}

function chooseMethod(
  methods: ShippingQuote[],
  wanted: string | undefined,
  requireMethod: boolean,
): ShippingQuote | null {
  if (wanted) {
    const found = methods.find((method) => method.code === wanted);
    if (!found) throw new AppError('INVALID', shippingMessages.unknownMethod);
    return found;
  }
  // A shop without shipping methods charges no freight (as before issue 33).
  if (methods.length === 0) return null;
  if (requireMethod) throw new AppError('INVALID', shippingMessages.methodRequired);
  const priced = methods.filter((method) => method.priceCents !== null);
  return (
    priced.reduce<ShippingQuote | null>(
      (best, method) =>
        best && (best.priceCents ?? 0) <= (method.priceCents ?? 0) ? best : method,
      null,
    ) ??
    methods[0] ??
    null
  );
}

/** The quote as the API shows it: dollars, from the cents above. */
export function toCartQuote(priced: PricedCart): CartQuote {
  const taxOf = new Map(priced.tax.lines.map((line) => [line.ref, line.taxCents]));
  return {
    lines: priced.rows.map((row) => ({
      ...toCartLine(row),
      tax: (taxOf.get(row.productId) ?? 0) / 100,
      depositTax: (taxOf.get(depositRef(row.productId)) ?? 0) / 100,
    })),
    subtotal: priced.subtotalCents / 100,
    deposits: priced.depositCents / 100,
    shippingMethods: priced.methods.map((method) => ({
      code: method.code,
      name: method.name,
      price: method.priceCents === null ? null : method.priceCents / 100,
      quoted: method.priceCents === null,
      estimate: method.estimate,
    })),
    shippingMethod: priced.chosen?.code ?? null,
    freight: priced.freightCents === null ? null : priced.freightCents / 100,
    taxes: priced.tax.taxes.map((tax) => ({
      name: tax.name,
      rate: percentOfPpm(tax.ratePpm),
      amount: tax.amountCents / 100,
    })),
    tax: priced.tax.taxCents / 100,
    total: priced.totalCents / 100,
    taxNote: priced.tax.note,
  };
}
