import { tool } from '@proper-parts/domain/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

const toolList = z.array(tool);

/**
 * One page of the catalog, newest first. It asks for one product more than it shows: that one
 * only tells whether there is a next page (the list answers no total, and needs none).
 */
export const getToolsPage = async ({
  page,
  pageSize,
  signal,
}: {
  page: number;
  pageSize: number;
  signal?: AbortSignal;
}) => {
  const found = await apiFetch(api.toolsPage(pageSize + 1, (page - 1) * pageSize), {
    schema: toolList,
    signal,
  });
  return { products: found.slice(0, pageSize), hasNext: found.length > pageSize };
};

export const toolsPageQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['tools', 'page', { page, pageSize }],
    queryFn: ({ signal }) => getToolsPage({ page, pageSize, signal }),
    placeholderData: keepPreviousData,
  });

export const useToolsPage = (page: number, pageSize: number) =>
  useQuery(toolsPageQueryOptions(page, pageSize));
