import { tool } from '@proper-parts/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { firstHtmlAt, takeFirstHtmlData } from '../../../lib/first-html-data';

const toolList = z.array(tool);

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
