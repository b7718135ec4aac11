import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from './api-client';

/**
 * A new `Idempotency-Key`. `crypto.randomUUID` needs a secure context; an http:// address on a
 * LAN is not one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Worth another try with the same key: no answer, or the database was briefly away. */
export const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 503);

type IdempotentOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn' | 'retry' | 'retryDelay'
> & {
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * A mutation that creates something (an order, a quote, a payment, lines in a cart) and sends an
 * `Idempotency-Key` (issue 31): one key per user action, the same on its retries, so an action
 * that committed before its answer was lost is answered, not done twice. A retry is the
 * automatic one after no answer or a 503 (twice, 2 s then 4 s later), or the user's own click
 * again with the same input after such a failure. An answer, or a refusal, ends the action: the
 * next one gets a new key.
 */
export function useIdempotentMutation<TData, TVariables>({
  mutationFn,
  ...options
}: IdempotentOptions<TData, TVariables>) {
  const pending = useRef<{ key: string; input: string } | null>(null);
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const input = JSON.stringify(variables ?? null);
      if (pending.current?.input !== input) pending.current = { key: newIdempotencyKey(), input };
      const { key } = pending.current;
      try {
        const answer = await mutationFn(variables, key);
        if (pending.current?.key === key) pending.current = null;
        return answer;
      } catch (error) {
        if (!isTransient(error) && pending.current?.key === key) pending.current = null;
        throw error;
      }
    },
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: (attempt) => 1000 * 2 ** attempt,
  });
}

/** The header that carries the key. */
export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });
