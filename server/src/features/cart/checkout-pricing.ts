import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { cartMessages } from '@proper-parts/domain/cart';
import type { TaxExemption } from '@proper-parts/domain/tax';
import type { Database } from '../../db/client.ts';
import { queryNamed } from '../../db/named-statement.ts';
import { AppError } from '../../errors.ts';
import type { TaxBuyer } from '../tax/tax-calculator.ts';
import { exemptionJsonText } from '../tax/tax-repository.ts';
import { type PricedCart, type Pricing, priceRows } from './cart-quote.ts';
import { type PricedCartHint, rememberTaxFacts } from './priced-cart-hint.ts';
import type { PricedLine } from './priced-line.ts';

/** The read's one row: the lines as a JSON array, and the buyer's company's tax facts. */
interface CheckoutRead {
  /**
   * [productId, quantity, unitCents, weightGrams, live, depositCents] in cart order; null for an
   * empty cart.
   */
  lines: [string, number, number, number, boolean, number][] | string | null;
  taxId: string | null;
  exemption: TaxExemption | string | null;
  /** The buyer's company; null for a buyer of none. */
  companyId: string | null;
}

/**
 * The checkout's one read before its statement (issue 33): the buyer's cart lines priced by
 * `pp_buyer_unit_price_for` (inlined; migrations 0030, 0048: the products' brands and categories
 * read here once, not again by each line's contract offer; the checkout statement prices the same
 * way), with the tax facts of the buyer's company (its tax id and exemption certificate, as
 * `taxBuyerOf` reads them). Only what the tax and freight
 * drivers need (the quote's own read, `readPricedRows`, also shows tier prices and part numbers),
 * as one row with the lines in one JSON array: the driver then parses one value, not a hundred
 * (server CPU, bench checkout). Named, of fixed text: each pooled connection plans it once.
 * Each line's product is looked up by its key (`limit 1` keeps that subquery a lookup): planned
 * while `cart_lines` was large and unanalyzed (the bench empties and refills 3,000 carts), a plain
 * join became a hash join over a sequential scan of every product, once per checkout.
 */
const CHECKOUT_READ = `select
    (select json_agg(json_build_array(p.id, c.quantity, u.cents, p.weight_grams,
        p.deleted_at is null, p.core_deposit_cents) order by c.added_at, p.id)
      from cart_lines c
        cross join lateral (select p.id, p.price_cents, p.weight_grams, p.deleted_at,
            p.core_deposit_cents, p.brand_id, p.category_id
          from products p where p.id = c.product_id limit 1) p
        left join categories c1 on c1.id = p.category_id
        left join categories c2 on c2.id = c1.parent_id
        cross join lateral pp_buyer_unit_price_for(p.id, p.price_cents, c.quantity, $1::text,
          p.brand_id, p.category_id, c1.parent_id, c2.parent_id) u
      where c.user_id = $1) as lines,
    b.tax_id as "taxId", b.exemption, b.company_id as "companyId"
  from (select 1) one left join (
    select c.id as company_id, c.tax_id, ${exemptionJsonText('e')} as exemption
    from company_members m join companies c on c.id = m.company_id
      left join tax_exemptions e on e.company_id = c.id
    where m.user_id = $1
  ) b on true`;

/**
 * The buyer's cart priced for `shipTo` as `priceCart` prices it, in one round trip: the lines and
 * the buyer's tax facts in one named read, the rates and methods from memory (cart/pricing.ts).
 * The checkout statement then takes this pricing only if the lines it locks price the same.
 */
export async function priceCheckout(
  db: Database,
  pricing: Pricing,
  userId: string,
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
): Promise<PricedCart<PricedLine>> {
  const [read] = await queryNamed<CheckoutRead>(db, 'checkout-priced-cart', CHECKOUT_READ, [
    userId,
  ]);
  const lines = parsed(read?.lines) ?? [];
  const live: PricedLine[] = lines
    .filter(([, , , , live]) => live)
    .map(([productId, quantity, unitCents, weightGrams, , depositCents]) => ({
      productId,
      quantity,
      unitCents,
      weightGrams,
      depositCents: Number(depositCents ?? 0),
    }));
  const taxBuyer = taxBuyerIn(read);
  if (read?.companyId) rememberTaxFacts(read.companyId, taxBuyer);
  return pricedLive(pricing, taxBuyer, live, shipTo, shippingMethod);
}

/**
 * The cart priced from the lines the buyer last saw priced and their company's tax facts as last
 * read, without reading either again (priced-cart-hint.ts). The statement takes this pricing only
 * if its lines are still the cart's and the buyer's company and its facts are still these.
 */
export function priceHintedCheckout(
  pricing: Pricing,
  hint: PricedCartHint,
  taxBuyer: TaxBuyer,
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
): Promise<PricedCart<PricedLine>> {
  const live = hint.lines.filter((line) => line.live);
  return pricedLive(pricing, taxBuyer, live, shipTo, shippingMethod);
}

function pricedLive(
  pricing: Pricing,
  buyer: TaxBuyer,
  live: PricedLine[],
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
): Promise<PricedCart<PricedLine>> {
  if (live.length === 0) throw new AppError('INVALID', cartMessages.cartEmpty);
  return priceRows(pricing, buyer, live, shipTo, shippingMethod, { requireMethod: true });
}

const parsed = <T>(value: T | string | null | undefined): T | null | undefined =>
  typeof value === 'string' ? JSON.parse(value) : value;

function taxBuyerIn(read: CheckoutRead | undefined): TaxBuyer {
  if (!read || read.taxId === null) return { taxId: '', exemption: null };
  return { taxId: read.taxId, exemption: parsed(read.exemption) ?? null };
}
