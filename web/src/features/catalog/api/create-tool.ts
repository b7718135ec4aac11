import { type CreateToolRequest, insertedIdResponse } from '@proper-parts/domain/product-admin';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

/** Adds a product (admin); `data.insertedId` means it was added (spec §7). */
export const createTool = (product: CreateToolRequest, idempotencyKey: string) =>
  apiFetch(api.tools(), {
    method: 'POST',
    body: product,
    headers: idempotencyHeader(idempotencyKey),
    schema: insertedIdResponse,
  });

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createTool,
    // Every list of products (the featured six, Manage Products) now starts with a new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tools'] }),
  });
}
