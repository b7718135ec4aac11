import type { OrderStatus } from '@proper-parts/domain/constants';
import { order } from '@proper-parts/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { ORDERS_PAGE_SIZE } from './get-my-orders';

export interface AllOrdersQuery {
  offset: number;
  status?: OrderStatus;
}

/** `GET /manageOrder` (admin): every order, newest first, filtered by status. */
export const getAllOrders = ({
  offset,
  status,
  signal,
}: AllOrdersQuery & { signal?: AbortSignal }) =>
  apiFetch(api.manageOrders({ limit: ORDERS_PAGE_SIZE, offset, status }), {
    schema: order.array(),
    signal,
  });

export const allOrdersQueryOptions = (query: AllOrdersQuery) =>
  queryOptions({
    queryKey: ['orders', 'all', query],
    queryFn: ({ signal }) => getAllOrders({ ...query, signal }),
  });

export const useAllOrders = (query: AllOrdersQuery) =>
  useQuery({ ...allOrdersQueryOptions(query), placeholderData: keepPreviousData });
