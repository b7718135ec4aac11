import { cart } from '@proper-parts/domain/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Every cart query starts with this key: a change to the cart invalidates it. */
export const cartKey = ['cart'] as const;

/** `GET /cart`: the signed-in buyer's cart, priced by the server. */
export const getCart = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(api.cart, { schema: cart, signal });

export const cartQueryOptions = () =>
  queryOptions({ queryKey: [...cartKey, 'mine'], queryFn: ({ signal }) => getCart({ signal }) });

export const useServerCart = (enabled: boolean) => useQuery({ ...cartQueryOptions(), enabled });
