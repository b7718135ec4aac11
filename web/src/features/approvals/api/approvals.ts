import type { RejectRequest } from '@proper-parts/domain/companies';
import { order } from '@proper-parts/domain/orders';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch, apiFetchEnvelope } from '../../../lib/api-client';

export const APPROVALS_PAGE_SIZE = 20;

/** Every approvals query starts with this key: a decision invalidates it. */
export const approvalsKey = ['approvals'] as const;

/** `GET /company/approvals`: my company's orders awaiting approval, the oldest first. */
export const getApprovals = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.approvals({ limit: APPROVALS_PAGE_SIZE, cursor }),
    { schema: order.array(), signal },
  );
  return { orders: data, nextCursor };
};

export const useApprovals = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...approvalsKey, 'awaiting'],
      queryFn: ({ pageParam, signal }) => getApprovals({ cursor: pageParam, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );

type Decision = { orderId: string } & ({ verb: 'approve' } | ({ verb: 'reject' } & RejectRequest));

/** Approve, or reject with a reason, one order awaiting approval. */
export const decide = (decision: Decision) =>
  decision.verb === 'approve'
    ? apiFetch(api.approve(decision.orderId), { method: 'POST', schema: order })
    : apiFetch(api.reject(decision.orderId), {
        method: 'POST',
        schema: order,
        body: { reason: decision.reason },
      });

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
