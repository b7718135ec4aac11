import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { cartQuote } from '@proper-parts/domain/cart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/**
 * `POST /quotes/{id}/price` (issue 33): what accepting the quote comes to shipped to `shipTo` by
 * `shippingMethod` (the cheapest when none), as `/cart/quote` answers for a cart. It writes
 * nothing, so it is a query.
 */
export const getQuotePrice = (
  id: string,
  shipTo: StructuredAddress,
  shippingMethod: string | undefined,
  signal?: AbortSignal,
) =>
  apiFetch(api.quotePrice(id), {
    method: 'POST',
    body: { shipTo, ...(shippingMethod ? { shippingMethod } : {}) },
    schema: cartQuote,
    signal,
  });

export function useQuotePrice(id: string, shipTo: StructuredAddress | null, method?: string) {
  return useQuery({
    queryKey: [...quotesKey, 'price', id, shipTo, method ?? null],
    queryFn: ({ signal }) => getQuotePrice(id, shipTo as StructuredAddress, method, signal),
    enabled: shipTo !== null,
    // The totals stay on screen while the next address or method is priced.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
