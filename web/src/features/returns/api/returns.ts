import {
  type CreateReturnRequest,
  type ReceiveReturnRequest,
  type RefundReturnRequest,
  returnPhotoUpload,
  returnRequest,
} from '@proper-parts/domain/returns';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch, apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { keysetPages } from '../../../lib/keyset-pages';

export const RETURNS_PAGE_SIZE = 20;
/** Every returns list: a change to a return or its credit note invalidates them all. */
export const returnsKey = ['returns'] as const;

/** `POST /orders/{id}/returns` (issue 37): the buyer asks to send back shipped pieces. */
export const createReturn = (
  { orderId, body }: { orderId: string; body: CreateReturnRequest },
  idempotencyKey: string,
) =>
  apiFetch(api.orderReturns(orderId), {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: returnRequest,
  });

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createReturn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}

/** `POST /returns/photos` (issue 37): one photo, answered by the name the request names it by. */
export const uploadReturnPhoto = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return apiFetch(api.returnPhotos, { method: 'POST', body: form, schema: returnPhotoUpload });
};

/** `GET /returns`: my returns, newest first, a keyset page at a time. */
export const useMyReturns = () =>
  useInfiniteQuery(
    keysetPages([...returnsKey, 'mine'], async ({ cursor, signal }) => {
      const { data, nextCursor } = await apiFetchEnvelope(
        api.myReturns({ limit: RETURNS_PAGE_SIZE, cursor }),
        { schema: returnRequest.array(), signal },
      );
      return { returns: data, nextCursor };
    }),
  );

/** `GET /admin/returns`: every return, or those in one state (`''`: all). */
export const useAdminReturns = (state: string) =>
  useInfiniteQuery(
    keysetPages([...returnsKey, 'admin', state], async ({ cursor, signal }) => {
      const { data, nextCursor } = await apiFetchEnvelope(
        api.adminReturns(state, { limit: RETURNS_PAGE_SIZE, cursor }),
        { schema: returnRequest.array(), signal },
      );
      return { returns: data, nextCursor };
    }),
  );

type Decision =
  | { id: string; action: 'approve' }
  | { id: string; action: 'refund'; body?: RefundReturnRequest }
  | { id: string; action: 'refuse'; reason: string }
  | { id: string; action: 'receive'; lines: ReceiveReturnRequest['lines'] };

/** The admin's approve, refuse (with a reason), receive (what came back, per outcome), refund. */
export const decideReturn = (decision: Decision) =>
  apiFetch(api.adminReturn(decision.id, decision.action), {
    method: 'POST',
    schema: returnRequest,
    ...(decision.action === 'refuse' ? { body: { reason: decision.reason } } : {}),
    ...(decision.action === 'receive' ? { body: { lines: decision.lines } } : {}),
    ...(decision.action === 'refund' && decision.body ? { body: decision.body } : {}),
  });

export function useDecideReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReturn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}
