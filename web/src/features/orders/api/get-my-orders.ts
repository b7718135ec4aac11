import { order } from '@proper-parts/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

export const ORDERS_PAGE_SIZE = 10;

/** `GET /purchase/{email}`: my orders, newest first, one page. */
export const getMyOrders = ({
  email,
  offset,
  signal,
}: {
  email: string;
  offset: number;
  signal?: AbortSignal;
}) =>
  apiFetch(api.myOrders(email, { limit: ORDERS_PAGE_SIZE, offset }), {
    schema: order.array(),
    signal,
  });

export const myOrdersQueryOptions = (email: string, offset: number) =>
  queryOptions({
    queryKey: ['orders', 'mine', email, offset],
    queryFn: ({ signal }) => getMyOrders({ email, offset, signal }),
  });

export const useMyOrders = (email: string, offset: number) =>
  useQuery({ ...myOrdersQueryOptions(email, offset), placeholderData: keepPreviousData });
