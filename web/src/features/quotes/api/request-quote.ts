import { quote, type RequestQuoteRequest } from '@proper-parts/domain/quotes';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { quotesKey } from './get-quotes';

/** `POST /quotes`: my cart becomes a request for a quote (the cart is kept). */
export const requestQuote = (input: Partial<RequestQuoteRequest>, idempotencyKey: string) =>
  apiFetch(api.requestQuote, {
    method: 'POST',
    body: input,
    headers: idempotencyHeader(idempotencyKey),
    schema: quote,
  });

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: requestQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
