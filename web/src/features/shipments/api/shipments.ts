import { type CreateShipmentRequest, shipment } from '@proper-parts/domain/shipments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

/** `POST /manageOrder/{id}/shipments` (admin, issue 33): ships some of an order's pieces. */
export const createShipment = (
  { orderId, body }: { orderId: string; body: CreateShipmentRequest },
  idempotencyKey: string,
) =>
  apiFetch(api.orderShipments(orderId), {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: shipment,
  });

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** `GET /orders/{id}/shipments`: the order's shipments, oldest first (its buyer, admins). */
export function useShipments(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'shipments'],
    queryFn: () => apiFetch(api.shipmentsOf(orderId), { schema: z.array(shipment) }),
    enabled,
  });
}
