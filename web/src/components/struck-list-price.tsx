import { formatPrice } from '@proper-parts/domain/format';

/**
 * Issue 35, decision 038: the list price struck through beside a buyer's own (contract) price,
 * where it is higher; nothing otherwise. A screen reader hears "list price" before it. `badge`
 * adds the "Your price" mark the cart and the product page show.
 */
export function StruckListPrice({
  listPrice,
  price,
  badge = false,
  className = 'text-base-content/70',
  testId,
}: {
  listPrice: number | null | undefined;
  price: number | null | undefined;
  badge?: boolean;
  className?: string;
  testId?: string;
}) {
  if (listPrice == null || price == null || listPrice <= price) return null;
  return (
    <>
      {' '}
      <span className="sr-only">list price</span>
      <s className={className} data-testid={testId}>
        {formatPrice(listPrice)}
      </s>
      {badge && (
        <>
          {' '}
          <span className="badge badge-sm badge-success badge-outline">Your price</span>
        </>
      )}
    </>
  );
}
