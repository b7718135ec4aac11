import { quote } from '@proper-parts/domain/quotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { quotesKey } from './get-quotes';

/** `GET /quotes/{id}`: one quote with its lines (its requester, their company admin, the shop). */
export const getQuote = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiFetch(api.quote(id), { schema: quote, signal });

export const quoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...quotesKey, 'detail', id],
    queryFn: ({ signal }) => getQuote({ id, signal }),
  });

export const useQuote = (id: string) => useQuery(quoteQueryOptions(id));
