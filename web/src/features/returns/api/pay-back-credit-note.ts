import { creditNoteRef, type PayBackRequest } from '@proper-parts/domain/returns';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { returnsKey } from './returns';

/**
 * Shop admin (issue 37): `POST /admin/credit-notes/{id}/pay-back`, what a credit note's invoice
 * no longer owed was paid back to the company, under the transfer's or cheque's reference.
 */
export const payBackCreditNote = (
  { id, body }: { id: string; body: PayBackRequest },
  idempotencyKey: string,
) =>
  apiFetchEnvelope(api.creditNotePayBack(id), {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: creditNoteRef,
  });

export function usePayBackCreditNote() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: payBackCreditNote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}
