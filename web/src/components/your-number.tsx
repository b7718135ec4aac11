import { yourNumberLabel } from '@proper-parts/domain/part-number-label';

/**
 * Issue 35: " · Your no. ABC-1" beside a SKU, when the buyer's company keeps its own number for
 * the part (cart, quick order, orders); nothing when it keeps none.
 */
export function YourNumber({ number }: { number: string | null | undefined }) {
  if (!number) return null;
  return (
    <span className="font-normal text-base-content/70" data-testid="your-number">
      {' '}
      · {yourNumberLabel(number)}
    </span>
  );
}
