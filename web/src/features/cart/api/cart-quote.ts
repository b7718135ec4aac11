import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { cartQuote } from '@proper-parts/domain/cart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { cartKey } from './cart-key';

/**
 * `POST /cart/quote` (issue 33): what my cart comes to shipped to `shipTo` by `shippingMethod`
 * (the cheapest when none): the methods that apply, freight, each tax and the total. It writes
 * nothing, so it is a query, under the cart's key: a change to the cart asks again.
 */
export const getCartQuote = (
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
  signal?: AbortSignal,
) =>
  apiFetch(api.cartQuote, {
    method: 'POST',
    body: { shipTo, ...(shippingMethod ? { shippingMethod } : {}) },
    schema: cartQuote,
    signal,
  });

export function useCartQuote(shipTo: StructuredAddress | null, shippingMethod?: string) {
  return useQuery({
    queryKey: [...cartKey, 'quote', shipTo, shippingMethod ?? null],
    queryFn: ({ signal }) => getCartQuote(shipTo as StructuredAddress, shippingMethod, signal),
    enabled: shipTo !== null,
    // The totals stay on screen while the next address or method is priced.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
