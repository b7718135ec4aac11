import type { Review } from '@proper-parts/domain/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { listOf } from '../../../lib/plain-shape';

/** The domain's `review` schema, checked without zod: this list is the home page's (lib/plain-shape). */
export const reviewList = listOf<Review>({
  _id: 'string',
  rating: 'integer',
  description: 'string',
  userName: 'string',
  photoUrl: 'string or null',
  createdAt: 'string',
});

/** How many of the newest reviews the home carousel shows. */
export const CAROUSEL_REVIEW_COUNT = 12;

export const getReviews = ({ limit, signal }: { limit: number; signal?: AbortSignal }) =>
  apiFetch(api.reviews(limit), { schema: reviewList, signal });

export const reviewsQueryOptions = (limit = CAROUSEL_REVIEW_COUNT) =>
  queryOptions({
    queryKey: ['reviews', { limit }],
    queryFn: ({ signal }) => getReviews({ limit, signal }),
  });

/** `enabled: false` until the reviews are wanted (the home page asks once its section nears view). */
export const useReviews = ({ limit, enabled = true }: { limit?: number; enabled?: boolean } = {}) =>
  useQuery({ ...reviewsQueryOptions(limit), enabled });
