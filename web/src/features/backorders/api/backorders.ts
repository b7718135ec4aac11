import {
  type BackorderSettingsRequest,
  backorderSettings,
  type PurchaseOrderReceiveRequest,
  type PurchaseOrderRequest,
  purchaseOrder,
  purchaseOrderReceipt,
} from '@proper-parts/domain/backorders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch, apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

/** Issue 36: a product's backorder terms and purchase orders (admin), one hook per endpoint. */
const keys = {
  terms: (productId: string) => ['backorder', productId] as const,
  orders: (productId: string) => ['purchase-orders', productId] as const,
};

export const useBackorderTerms = (productId: string) =>
  useQuery({
    queryKey: keys.terms(productId),
    queryFn: () => apiFetch(api.backorderTerms(productId), { schema: backorderSettings }),
  });

export const usePurchaseOrders = (productId: string) =>
  useQuery({
    queryKey: keys.orders(productId),
    queryFn: () => apiFetch(api.purchaseOrders(productId), { schema: z.array(purchaseOrder) }),
  });

function useRefresh(productId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.terms(productId) }),
      queryClient.invalidateQueries({ queryKey: keys.orders(productId) }),
      queryClient.invalidateQueries({ queryKey: ['catalog-product'] }),
      queryClient.invalidateQueries({ queryKey: ['catalog-product-page'] }),
    ]);
}

export function useSaveBackorderTerms(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: (body: BackorderSettingsRequest) =>
      apiFetchEnvelope(api.backorderTerms(productId), {
        method: 'PUT',
        body,
        schema: backorderSettings,
      }),
    onSettled: refresh,
  });
}

export function useAddPurchaseOrder(productId: string) {
  const refresh = useRefresh(productId);
  return useIdempotentMutation({
    mutationFn: (body: PurchaseOrderRequest, key: string) =>
      apiFetchEnvelope(api.purchaseOrdersCreate, {
        method: 'POST',
        body,
        headers: idempotencyHeader(key),
        schema: purchaseOrder,
      }),
    onSettled: refresh,
  });
}

export function useRemovePurchaseOrder(productId: string) {
  const refresh = useRefresh(productId);
  return useMutation({
    mutationFn: (id: string) =>
      apiFetchEnvelope(api.purchaseOrder(id), { method: 'DELETE', schema: purchaseOrder }),
    onSettled: refresh,
  });
}

/** The goods of a purchase order came in, to a warehouse (its stock changes: refreshed too). */
export function useReceivePurchaseOrder(productId: string) {
  const refresh = useRefresh(productId);
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: ({ id, ...body }: PurchaseOrderReceiveRequest & { id: string }, key: string) =>
      apiFetchEnvelope(api.purchaseOrderReceive(id), {
        method: 'POST',
        body,
        headers: idempotencyHeader(key),
        schema: purchaseOrderReceipt,
      }),
    onSettled: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['stock'] })]),
  });
}
