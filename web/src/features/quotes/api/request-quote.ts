import { quote, type RequestQuoteRequest } from '@proper-parts/domain/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** `POST /quotes`: my cart becomes a request for a quote (the cart is kept). */
export const requestQuote = (input: Partial<RequestQuoteRequest>) =>
  apiFetch(api.requestQuote, { method: 'POST', body: input, schema: quote });

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
