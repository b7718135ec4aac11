import { type QuickOrderRequest, quickOrderResult } from '@proper-parts/domain/quick-order';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { cartKey } from '../../cart/api/get-cart';

/**
 * `POST /cart/quick-order`: each pasted line matched to a product and priced, and the ready
 * lines' total; with `add`, the ok lines go into my cart and `message` says how many.
 */
export const quickOrder = async (input: QuickOrderRequest, idempotencyKey: string) => {
  const { data, message } = await apiFetchEnvelope(api.quickOrder, {
    method: 'POST',
    body: input,
    // Only adding changes anything; the server honours the key then.
    headers: input.add ? idempotencyHeader(idempotencyKey) : undefined,
    schema: quickOrderResult,
  });
  return { ...data, message };
};

export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: quickOrder,
    onSuccess: (_result, input) => {
      if (input.add) return queryClient.invalidateQueries({ queryKey: cartKey });
    },
  });
}
