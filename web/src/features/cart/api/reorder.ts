import { cartMessages, reorderResult } from '@proper-parts/domain/cart';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { cartKey } from './get-cart';

/** `POST /orders/{id}/reorder`: the order's lines go into the cart at today's prices. */
export const reorder = (orderId: string, idempotencyKey: string) =>
  apiFetch(api.reorder(orderId), {
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    schema: reorderResult,
  });

export function useReorder() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: reorder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}

/** What "Buy again" tells the buyer: what was added, and what changed since the order. */
export function reorderNotes(result: {
  added: number;
  notSold: { name: string }[];
  priceChanged: { name: string; was: number; now: number }[];
  replaced?: { sku: string; replacementSku: string }[];
}) {
  return [
    cartMessages.reordered(result.added),
    ...result.notSold.map((line) => `${line.name} is no longer sold.`),
    // Issue 36: a replaced part went in as its replacement.
    ...(result.replaced ?? []).map(
      (line) => `${line.sku} is replaced by ${line.replacementSku}: added ${line.replacementSku}.`,
    ),
    ...result.priceChanged.map(
      (line) => `${line.name}: now ${formatPrice(line.now)} (was ${formatPrice(line.was)}).`,
    ),
  ];
}
