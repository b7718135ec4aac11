import type { PriceListSettingsRequest } from '@proper-parts/domain/price-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

const saved = z.object({ id: z.string() });
const priceListsKey = ['price-lists'];

/** Shop admin: `POST /admin/price-lists`, a new list without entries (its CSV fills it). */
export const createPriceList = (request: PriceListSettingsRequest, idempotencyKey: string) =>
  apiFetchEnvelope(api.priceListsCreate, {
    method: 'POST',
    body: { ...request, entries: [] },
    headers: idempotencyHeader(idempotencyKey),
    schema: saved,
  });

export function useCreatePriceList() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createPriceList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsKey }),
  });
}

/** Shop admin: `PATCH /admin/price-lists/{id}`, the list's settings; its entries stay. */
export function useUpdatePriceList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PriceListSettingsRequest) =>
      apiFetchEnvelope(api.priceList(id), { method: 'PATCH', body: request, schema: saved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsKey }),
  });
}
