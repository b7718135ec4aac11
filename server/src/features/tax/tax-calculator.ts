import type { StructuredAddress } from '@proper-parts/domain/addresses';
import type { TaxExemption } from '@proper-parts/domain/tax';

/** One priced line to tax: `ref` comes back with its tax (a product id, a line number). */
export interface TaxableLine {
  ref: string;
  amountCents: number;
}

/** What the shop knows of the buyer that the tax depends on. */
export interface TaxBuyer {
  /** The company's tax id as it gave it (an EU VAT number, an EIN...), '' when none. */
  taxId: string;
  exemption: TaxExemption | null;
}

export interface TaxRequest {
  shipTo: StructuredAddress;
  lines: TaxableLine[];
  freightCents: number;
  buyer: TaxBuyer;
  /** The day the tax is for (YYYY-MM-DD): an exemption certificate ends on its expiry day. */
  today: string;
}

/** A rate applied: its name and rate (millionths of the price) and what it came to. */
export interface AppliedTax {
  name: string;
  ratePpm: number;
  amountCents: number;
}

export interface TaxResult {
  /** Each line's tax, every rate applied, each rounded to the cent: the lines add up to `taxCents` with `freightTaxCents`. */
  lines: { ref: string; taxCents: number }[];
  freightTaxCents: number;
  taxes: AppliedTax[];
  taxCents: number;
  /** What the invoice says about the tax: "Reverse charge: ...", "Tax exempt: ...". */
  note: string | null;
}

/**
 * Issue 33: the seam every tax engine sits behind. The cart's quote and the checkout ask it once,
 * with priced lines in cents; the checkout statement then writes its answer with the order, under
 * the lock that proves the lines were not changed meanwhile (cart/checkout.ts).
 *
 * The built-in driver (builtin-tax.ts) needs no network: US sales tax from the admin's rate table,
 * EU VAT at the standard rates, reverse charge, exemption certificates.
 *
 * An external engine plugs in as another implementation of `calculate`, chosen in app.ts by
 * configuration as the payment provider is:
 * - Stripe Tax: `stripe.tax.calculations.create({ currency, customer_details: { address,
 *   tax_ids }, line_items: lines.map(l => ({ amount: l.amountCents, reference: l.ref })),
 *   shipping_cost: { amount: freightCents } })` answers each line's `amount_tax` and a
 *   `tax_breakdown` (→ `taxes`); after the order is paid, `stripe.tax.transactions
 *   .createFromCalculation` records it (from the payment step, not here).
 * - Avalara AvaTax: `createTransaction` with `type: 'SalesOrder'` for a quote and `SalesInvoice`,
 *   `commit: true` once paid; `lines[].number = ref`, `lines[].amount = cents / 100`, the
 *   exemption as `exemptionNo` / `customerCode`; its `lines[].tax` and `summary[]` map here.
 * Either must keep to this contract: integer cents, one result per line, and a failure (timeout,
 * outage) thrown, never a zero tax: the checkout then refuses rather than under-charge.
 */
export interface TaxCalculator {
  readonly name: string;
  calculate(request: TaxRequest): Promise<TaxResult>;
}
