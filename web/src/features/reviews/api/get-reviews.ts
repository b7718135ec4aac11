import { review } from '@proper-parts/domain/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** How many of the newest reviews the home carousel shows. */
export const CAROUSEL_REVIEW_COUNT = 12;

export const getReviews = ({ limit, signal }: { limit: number; signal?: AbortSignal }) =>
  apiFetch(api.reviews(limit), { schema: review.array(), signal });

export const reviewsQueryOptions = (limit = CAROUSEL_REVIEW_COUNT) =>
  queryOptions({
    queryKey: ['reviews', { limit }],
    queryFn: ({ signal }) => getReviews({ limit, signal }),
  });

export const useReviews = (limit?: number) => useQuery(reviewsQueryOptions(limit));
