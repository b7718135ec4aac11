import { type SalesInterval, salesDashboard } from '@proper-parts/domain/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

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

/** Off while the range is not one the server would take (the form says why). */
export const useSales = (range: SalesRange, enabled: boolean) =>
  useQuery({ ...salesQueryOptions(range), enabled });
