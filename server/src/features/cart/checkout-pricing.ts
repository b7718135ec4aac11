import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { cartMessages } from '@proper-parts/domain/cart';
import type { TaxExemption } from '@proper-parts/domain/tax';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryNamedSql } from '../../db/named-statement.ts';
import { AppError } from '../../errors.ts';
import type { TaxBuyer } from '../tax/tax-calculator.ts';
import { type PricedCart, type Pricing, priceRows } from './cart-quote.ts';
import type { PricedRow } from './cart-repository.ts';

interface CheckoutRow extends PricedRow {
  taxId: string | null;
  exemption: TaxExemption | string | null;
}

/**
 * The checkout's one read before its statement (issue 33): the buyer's cart lines priced by
 * `pp_buyer_unit_price` (inlined, migration 0030), and on every row the tax facts of the buyer's
 * company (its tax id and exemption certificate, as `taxBuyerOf` reads them). Named: each pooled
 * connection plans it once. Only what the tax and freight drivers need: the quote's own read
 * (`readPricedRows`) also shows tier prices and part numbers.
 */
const checkoutRows = (userId: string) => sql`with buyer as (
    select c.tax_id, case when e.company_id is not null then json_build_object(
        'certificateNumber', e.certificate_number, 'regions', e.regions,
        'expiresOn', to_char(e.expires_on, 'YYYY-MM-DD')) end as exemption
    from company_members m join companies c on c.id = m.company_id
      left join tax_exemptions e on e.company_id = c.id
    where m.user_id = ${userId}
  )
  select p.id as "productId", p.sku, p.name, p.slug, p.img, c.quantity, u.cents as "unitCents",
    p.minimum_order_quantity as "minimumOrderQuantity",
    p.available_quantity as "availableQuantity", p.pack_size as "packSize",
    p.deleted_at is null as live, p.weight_grams as "weightGrams",
    b.tax_id as "taxId", b.exemption
  from cart_lines c join products p on p.id = c.product_id
    cross join lateral pp_buyer_unit_price(p.id, p.price_cents, c.quantity, ${userId}::text) u
    left join buyer b on true
  where c.user_id = ${userId}
  order by c.added_at, p.id`;

/**
 * The buyer's cart priced for `shipTo` as `priceCart` prices it, in one round trip: the lines and
 * the buyer's tax facts in one named read, the rates and methods from memory (cart/pricing.ts).
 * The checkout statement then takes these unit prices only if the lines it locks price the same.
 */
export async function priceCheckout(
  db: Database,
  pricing: Pricing,
  userId: string,
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
): Promise<PricedCart> {
  const rows = await queryNamedSql<CheckoutRow>(db, 'checkout-priced-cart', checkoutRows(userId));
  const live = rows.filter((row) => row.live).map((row) => ({ ...row, customerPartNumber: null }));
  if (live.length === 0) throw new AppError('INVALID', cartMessages.cartEmpty);
  return priceRows(pricing, taxBuyerIn(rows[0]), live, shipTo, shippingMethod, {
    requireMethod: true,
  });
}

function taxBuyerIn(row: CheckoutRow | undefined): TaxBuyer {
  if (!row || row.taxId === null) return { taxId: '', exemption: null };
  const exemption = typeof row.exemption === 'string' ? JSON.parse(row.exemption) : row.exemption;
  return { taxId: row.taxId, exemption };
}
