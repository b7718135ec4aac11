import { type CreateReviewRequest, insertedIdResponse } from '@proper-parts/domain/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

export const createReview = (input: CreateReviewRequest) =>
  apiFetch(api.createReview, { method: 'POST', body: input, schema: insertedIdResponse });

/** Writes a review; the home carousel's list is refetched so the new one leads it. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
