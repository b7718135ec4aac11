import { priceListSummary } from '@proper-parts/domain/price-lists';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';

export const PRICE_LISTS_PAGE_SIZE = 20;

/** Shop admin: `GET /admin/price-lists`, the newest first, one keyset page. */
export const getPriceLists = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.priceLists({ limit: PRICE_LISTS_PAGE_SIZE, cursor }),
    { schema: priceListSummary.array(), signal },
  );
  return { priceLists: data, nextCursor };
};

export const usePriceLists = () =>
  useInfiniteQuery(keysetPages(['price-lists', 'list'], getPriceLists));
