import {
  lowStockItem,
  productStock,
  type StockAdjustRequest,
  type StockTransferRequest,
  stockImportReport,
  type WarehouseRequest,
  warehouse,
} from '@proper-parts/domain/warehouses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch, apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

/** Issue 36: the admin's warehouses and stock, one hook per endpoint. */
export const useWarehouses = () =>
  useQuery({
    queryKey: ['warehouses'],
    queryFn: () => apiFetch(api.warehouses, { schema: z.array(warehouse) }),
  });

export function useCreateWarehouse() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: WarehouseRequest, key: string) =>
      apiFetchEnvelope(api.warehousesCreate, {
        method: 'POST',
        body,
        headers: idempotencyHeader(key),
        schema: warehouse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouses'] }),
  });
}

/** Changes a warehouse: every field given again. */
export function useUpdateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WarehouseRequest }) =>
      apiFetchEnvelope(api.warehouse(id), { method: 'PUT', body, schema: warehouse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouses'] }),
  });
}

/** Removes a warehouse that holds nothing and is in no order (the server says why not). */
export function useRemoveWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetchEnvelope(api.warehouse(id), { method: 'DELETE', schema: warehouse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouses'] }),
  });
}

export const useLowStock = () =>
  useQuery({
    queryKey: ['stock', 'low'],
    queryFn: () => apiFetch(api.lowStock, { schema: z.array(lowStockItem) }),
  });

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: string; body: StockAdjustRequest }) =>
      apiFetchEnvelope(api.productStock(productId), { method: 'PUT', body, schema: productStock }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}

export function useTransferStock() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: StockTransferRequest, key: string) =>
      apiFetchEnvelope(api.stockTransfers, {
        method: 'POST',
        body,
        headers: idempotencyHeader(key),
        schema: productStock,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}

export const importStock = (file: File, onProgress: (progress: ImportProgress) => void) =>
  uploadCsv(api.stockImport, file, stockImportReport, onProgress);

/**
 * A part's id from its SKU (any case), through the catalog's search; otherwise an error naming the
 * `sku` field, as the API's messages do.
 */
export async function productIdOfSku(sku: string): Promise<string> {
  const found = (await apiFetch(api.catalogSearch(new URLSearchParams({ q: sku.trim() })), {
    schema: z.object({ items: z.array(z.object({ _id: z.string(), sku: z.string() })) }),
  })) as { items: { _id: string; sku: string }[] };
  const item = found.items.find((i) => i.sku.toLowerCase() === sku.trim().toLowerCase());
  if (!item) throw new Error(`sku: no part with the SKU "${sku.trim()}"`);
  return item._id;
}
