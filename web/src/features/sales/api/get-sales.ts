import { type SalesInterval, salesDashboard } from '@proper-parts/domain/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';

export interface SalesRange {
  from: string;
  to: string;
  interval: SalesInterval;
}

/** `GET /sales`: every figure of the dashboard for a range of the shop's days. */
export const getSales = (range: SalesRange, signal?: AbortSignal) =>
  apiFetch(api.sales({ ...range }), { schema: salesDashboard, signal });

export const salesQueryOptions = (range: SalesRange) =>
  queryOptions({
    queryKey: ['sales', range.from, range.to, range.interval],
    queryFn: ({ signal }) => getSales(range, signal),
  });

/** 409: the figures are being rebuilt for a new time zone (decision 028); they come back by themselves. */
export const isSalesRebuilding = (error: unknown) =>
  error instanceof ApiError && error.status === 409;

/** While the figures are being rebuilt, how often the page asks again. */
export const SALES_REBUILD_POLL_MS = 30_000;

/** Off while the range is not one the server would take (the form says why). */
export const useSales = (range: SalesRange, enabled: boolean) =>
  useQuery({
    ...salesQueryOptions(range),
    enabled,
    refetchInterval: (query) =>
      isSalesRebuilding(query.state.error) ? SALES_REBUILD_POLL_MS : false,
  });
