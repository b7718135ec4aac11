import { savedList } from '@proper-parts/domain/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { savedListsKey } from './get-saved-lists';

/** `GET /lists/{id}`: one of my saved lists, with its lines. */
export const getSavedList = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiFetch(api.savedList(id), { schema: savedList, signal });

export const savedListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...savedListsKey, 'detail', id],
    queryFn: ({ signal }) => getSavedList({ id, signal }),
  });

export const useSavedList = (id: string, enabled = true) =>
  useQuery({ ...savedListQueryOptions(id), enabled });
