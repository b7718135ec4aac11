import { maximumPhrase, packPhrase, type SalesUnit } from '@proper-parts/domain/sales-units';

/**
 * How a product sells (issue 35), under its price: "Sold in boxes of 10 · At most 500 pcs per
 * order"; nothing for a product sold by the piece without a maximum.
 */
export function SalesUnitNote({
  product,
}: {
  product: { packSize: number; salesUnit: SalesUnit; maxOrderQuantity: number | null };
}) {
  const phrases = [
    packPhrase(product.packSize, product.salesUnit),
    product.maxOrderQuantity === null
      ? null
      : maximumPhrase(product.maxOrderQuantity, product.salesUnit),
  ].filter((phrase) => phrase !== null);
  if (phrases.length === 0) return null;
  return (
    <p className="text-sm text-base-content/70" data-testid="sales-unit">
      {phrases.join(' · ')}.
    </p>
  );
}
