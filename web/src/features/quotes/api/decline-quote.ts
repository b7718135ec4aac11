import { quote } from '@proper-parts/domain/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** Shop admin: `POST /admin/quotes/{id}/decline`, with a word to the buyer. */
export const declineQuote = ({ id, note }: { id: string; note: string }) =>
  apiFetch(api.declineQuote(id), { method: 'POST', body: { note }, schema: quote });

export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
