import { type AcceptQuoteRequest, acceptedQuote } from '@proper-parts/domain/quotes';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { quotesKey } from './get-quotes';

/** `POST /quotes/{id}/accept`: places one order at the quoted prices. */
export const acceptQuote = (
  { id, input }: { id: string; input: AcceptQuoteRequest },
  idempotencyKey: string,
) =>
  apiFetch(api.acceptQuote(id), {
    method: 'POST',
    body: input,
    headers: idempotencyHeader(idempotencyKey),
    schema: acceptedQuote,
  });

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
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
