import type { Tool } from '@proper-parts/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { firstHtmlAt, takeFirstHtmlData } from '../../../lib/first-html-data';
import { listOf } from '../../../lib/plain-shape';

/** The domain's `tool` schema, checked without zod: this list is the home page's (lib/plain-shape). */
export const toolList = listOf<Tool>({
  _id: 'string',
  name: 'string',
  img: 'string',
  description: 'string',
  minimumOrderQuantity: 'integer',
  availableQuantity: 'integer',
  price: 'number',
  slug: 'string',
});

/** The newest products first; `limit` caps how many (the server allows at most 100). */
export const getTools = ({ limit, signal }: { limit?: number; signal?: AbortSignal }) =>
  apiFetch(api.tools(limit), { schema: toolList, signal });

export const toolsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['tools', { limit }],
    queryFn: ({ signal }) => getTools({ limit, signal }),
    // The home page's six arrive inside its HTML.
    initialData: () => takeFirstHtmlData(api.tools(limit), toolList),
    initialDataUpdatedAt: firstHtmlAt,
  });

export const useTools = (limit?: number) => useQuery(toolsQueryOptions(limit));
