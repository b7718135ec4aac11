import { tool } from '@proper-parts/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { firstHtmlAt, takeFirstHtmlData } from '../../../lib/first-html-data';

export const getTool = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiFetch(api.tool(id), { schema: tool, signal });

export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tools', 'detail', id],
    queryFn: ({ signal }) => getTool({ id, signal }),
    // A purchase page's product arrives inside its HTML.
    initialData: () => takeFirstHtmlData(api.tool(id), tool),
    initialDataUpdatedAt: firstHtmlAt,
  });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));

/** The server answers 404 for an unknown id and 400 for a malformed one: both mean "no such product". */
export const isUnknownProduct = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
