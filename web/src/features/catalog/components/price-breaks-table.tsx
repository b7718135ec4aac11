import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import type { BuyerPrice } from '@proper-parts/domain/price-lists';
import { formatCount, formatPrice } from '../../../lib/format';

/** Tier prices as a table: each row a quantity range and its unit price (the buyer's own, if any). */
export function PriceBreaks({ product, own }: { product: CatalogProduct; own: BuyerPrice | null }) {
  const [price, breaks] = own
    ? [own.unitPrice, own.priceBreaks]
    : [product.price, product.priceBreaks];
  if (breaks.length === 0) return null;
  const tiers = [{ minQuantity: 1, price }, ...breaks];
  return (
    <section aria-labelledby="price-breaks" className="mt-2 sm:max-w-sm">
      <h2 id="price-breaks" className="mb-1 font-semibold">
        Volume pricing
      </h2>
      <table className="table table-sm" data-testid="price-breaks">
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col" className="text-right">
              Unit price
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, i) => {
            const next = tiers[i + 1];
            return (
              <tr key={tier.minQuantity}>
                <td>
                  {next
                    ? `${formatCount(tier.minQuantity)}–${formatCount(next.minQuantity - 1)}`
                    : `${formatCount(tier.minQuantity)}+`}
                </td>
                <td className="text-right font-medium">{formatPrice(tier.price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
