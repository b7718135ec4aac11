import { partNumber } from '@proper-parts/domain/part-numbers';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';
import { partNumbersKey } from './part-numbers-key';

const PAGE_SIZE = 50;

/** `GET /company/part-numbers`: the company's numbers, newest first; `q` finds a number or SKU. */
export const getPartNumbers = async ({
  q,
  cursor,
  signal,
}: {
  q: string;
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.companyPartNumbers({ limit: PAGE_SIZE, cursor, q }),
    { schema: partNumber.array(), signal },
  );
  return { partNumbers: data, nextCursor };
};

export const partNumbersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    ...keysetPages([...partNumbersKey, q], (page) => getPartNumbers({ q, ...page })),
    placeholderData: keepPreviousData,
  });

export const usePartNumbers = (q: string) => useInfiniteQuery(partNumbersQueryOptions(q));
