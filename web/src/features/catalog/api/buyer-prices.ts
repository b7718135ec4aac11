import type { BuyerPrice } from '@proper-parts/domain/price-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { arrayOf, listOf, nullable, objectOf, oneOf } from '../../../lib/plain-shape';
import { useCurrentUser } from '../../auth/use-current-user';

/** `GET /catalog/prices`'s answer, checked without zod (the product page is public). */
const buyerPrices = arrayOf(
  objectOf<BuyerPrice>({
    productId: 'string',
    unitPrice: 'number',
    listPrice: 'number',
    priceBreaks: listOf<{ minQuantity: number; price: number }>({
      minQuantity: 'integer',
      price: 'number',
    }),
    source: oneOf(['contract', 'tier', 'list'] as const),
    priceList: nullable(objectOf<{ id: string; name: string }>({ id: 'string', name: 'string' })),
  }),
);

/**
 * Issue 35, decision 038: a signed-in buyer's own price for a product, asked in the browser; the
 * page's HTML and the cached catalog answers keep list prices. Null for visitors and admins, and
 * until it arrives.
 */
export function useBuyerPrice(productId: string): BuyerPrice | null {
  const { user } = useCurrentUser();
  const enabled = Boolean(user && !user.isAdmin);
  const { data } = useQuery({
    queryKey: ['buyer-prices', user?.id ?? null, productId],
    queryFn: ({ signal }) =>
      apiFetch(api.catalogPrices([productId]), { schema: buyerPrices, signal }),
    enabled,
    staleTime: 60_000,
  });
  return (enabled && data?.[0]) || null;
}
