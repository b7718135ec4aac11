import { type AcceptQuoteRequest, acceptedQuote } from '@proper-parts/domain/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** `POST /quotes/{id}/accept`: places one order at the quoted prices. */
export const acceptQuote = ({ id, input }: { id: string; input: AcceptQuoteRequest }) =>
  apiFetch(api.acceptQuote(id), { method: 'POST', body: input, schema: acceptedQuote });

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    // Accepted or refused (expired, already accepted), the quote, the orders and the stock moved.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotesKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
