import { paymentIntentResponse } from '@proper-parts/domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `POST /create-payment-intent`: the amount is the order's, decided by the server. */
export const createPaymentIntent = ({
  orderId,
  signal,
}: {
  orderId: string;
  signal?: AbortSignal;
}) =>
  apiFetch(api.createPaymentIntent, {
    method: 'POST',
    body: { orderId },
    schema: paymentIntentResponse,
    signal,
  });

/** One intent per order (the server answers the same one again), so it is cached like a read. */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId],
    queryFn: ({ signal }) => createPaymentIntent({ orderId, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
