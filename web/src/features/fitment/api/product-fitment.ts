import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { productFitmentShape as productFitment } from '../product-fitment-shape';

/** Lines of "fits these vehicles" a page of the product page's list shows. */
export const APPLICATIONS_PAGE_SIZE = 50;

const productFitmentKey = (slug: string) => ['product-fitment', slug] as const;

/**
 * `GET /catalog/products/{slug}/fitment`, the vehicles a product fits: consecutive model years of
 * one configuration merged, by make, model, engine and year, one keyset page at a time.
 */
export const vehicleApplicationsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: [...productFitmentKey(slug), 'applications'],
    queryFn: ({ pageParam, signal }) =>
      apiFetch(api.productFitment(slug, { cursor: pageParam, limit: APPLICATIONS_PAGE_SIZE }), {
        schema: productFitment,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/**
 * The same route asked whether the product fits one vehicle (the current one): `check` says so,
 * with each position it fits in; null when the product has no fitment data.
 */
export const fitCheckQuery = (slug: string, vehicleId: number) =>
  queryOptions({
    queryKey: [...productFitmentKey(slug), 'check', vehicleId],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(api.productFitment(slug, { vehicle: vehicleId, limit: 1 }), {
        schema: productFitment,
        signal,
      });
      return answer.check;
    },
  });
