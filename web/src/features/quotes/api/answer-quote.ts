import { type AnswerQuoteRequest, quote } from '@proper-parts/domain/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** Shop admin: `POST /admin/quotes/{id}/answer`, a unit price for every line. */
export const answerQuote = ({ id, input }: { id: string; input: AnswerQuoteRequest }) =>
  apiFetch(api.answerQuote(id), { method: 'POST', body: input, schema: quote });

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
