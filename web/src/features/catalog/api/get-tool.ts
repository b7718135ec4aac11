import { tool } from '@proper-parts/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

export const getTool = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiFetch(api.tool(id), { schema: tool, signal });

export const toolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tools', 'detail', id],
    queryFn: ({ signal }) => getTool({ id, signal }),
  });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
