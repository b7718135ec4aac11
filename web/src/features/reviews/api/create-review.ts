import { type CreateReviewRequest, insertedIdResponse } from '@proper-parts/domain/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

export const createReview = (input: CreateReviewRequest, idempotencyKey: string) =>
  apiFetch(api.createReview, {
    method: 'POST',
    body: input,
    headers: idempotencyHeader(idempotencyKey),
    schema: insertedIdResponse,
  });

/** Writes a review; the home carousel's list is refetched so the new one leads it. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
