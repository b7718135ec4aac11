import { order } from '@proper-parts/domain/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `GET /myPurchase/{id}`: one order (its owner, or an admin). */
export const getOrder = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiFetch(api.myOrder(id), { schema: order, signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder({ id, signal }),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
