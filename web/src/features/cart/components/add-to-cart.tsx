import {
  type BackorderTerms,
  backorderablePieces,
  backorderMessages,
  splitLine,
  todayUtc,
} from '@proper-parts/domain/backorder-rules';
import { cartLineProblem } from '@proper-parts/domain/cart-rules';
import { countOf, type SalesUnit } from '@proper-parts/domain/sales-units';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCurrentUser } from '../../auth/use-current-user';
import { useChangeCartLine } from '../api/use-cart';

export interface CartProduct {
  _id: string;
  name: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize?: number;
  /** Issue 35: what it sells in, and the most one order takes (null: no limit). */
  salesUnit?: SalesUnit;
  maxOrderQuantity?: number | null;
  /** Issue 36: its backorder terms (a product page has them; a card does not). */
  backorder?: BackorderTerms;
}

/** The first quantity worth ordering: the minimum, rounded up to whole packs. */
export const firstQuantity = ({ minimumOrderQuantity, packSize = 1 }: CartProduct) =>
  Math.ceil(minimumOrderQuantity / packSize) * packSize;

function useAddToCart(product: CartProduct) {
  const change = useChangeCartLine();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const add = (quantity: number) =>
    change.mutate(
      { productId: product._id, quantity },
      {
        onSuccess: () =>
          toast.success(
            `${countOf(quantity, product.salesUnit ?? 'each')} of ${product.name} in your cart`,
            {
              action: { label: 'View cart', onClick: () => navigate(paths.cart) },
            },
          ),
        onError: (error) => toast.error(error.message),
      },
    );
  // Until hydrated the button would do nothing (a card's) or reload the page (the form's).
  return { add, busy: change.isPending || !hydrated };
}

/** A card's one-click "Add to cart": the product's first orderable quantity. */
export function AddToCartButton({ product }: { product: CartProduct }) {
  const { user } = useCurrentUser();
  const { add, busy } = useAddToCart(product);
  if (user?.isAdmin || product.availableQuantity < firstQuantity(product)) return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary btn-sm mt-2"
      disabled={busy}
      onClick={() => add(firstQuantity(product))}
      aria-label={`Add to cart: ${product.name}`}
    >
      Add to cart
    </button>
  );
}

/** The product page's quantity and "Add to cart": the same rules the cart and checkout apply. */
export function AddToCartForm({ product }: { product: CartProduct }) {
  const { user } = useCurrentUser();
  const { add, busy } = useAddToCart(product);
  const [quantity, setQuantity] = useState(String(firstQuantity(product)));
  const inputId = useId();
  const errorId = useId();
  if (user?.isAdmin) return null;
  const packSize = product.packSize ?? 1;
  const wanted = Number(quantity);
  const problem =
    quantity.trim() === '' || !Number.isInteger(wanted) || wanted < 1
      ? `Enter a whole number of ${product.salesUnit === 'metre' ? 'metres' : product.salesUnit === 'kg' ? 'kilograms' : 'pieces'}`
      : cartLineProblem(wanted, { ...product, packSize });
  const most = Math.min(
    product.availableQuantity + backorderablePieces(product.backorder),
    product.maxOrderQuantity ?? Number.POSITIVE_INFINITY,
  );
  const today = todayUtc();
  const split = problem
    ? null
    : splitLine(wanted, product.availableQuantity, product.backorder, today);
  const backorderNote =
    split && split.backordered > 0 && split.expectedOn
      ? backorderMessages.split(split.now, split.backordered, split.expectedOn, today)
      : null;
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) add(wanted);
      }}
    >
      <div className="flex flex-col">
        <label htmlFor={inputId} className="sr-only">
          Quantity
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={firstQuantity(product)}
          max={Number.isFinite(most) ? most : undefined}
          step={packSize}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className={`input w-28 ${problem ? 'input-error' : ''}`}
        />
        {problem && (
          <p id={errorId} className="mt-1 text-sm text-error">
            {problem}
          </p>
        )}
        {backorderNote && (
          <p className="mt-1 text-sm text-base-content/80" data-testid="backorder-note">
            {backorderNote}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-outline btn-primary" disabled={busy || !!problem}>
        Add to cart
      </button>
    </form>
  );
}
