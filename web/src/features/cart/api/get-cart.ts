import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { cartShape as cart } from '../cart-shape';

import { cartKey } from './cart-key';

export { cartKey };

/** `GET /cart`: the signed-in buyer's cart, priced by the server. */
export const getCart = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(api.cart, { schema: cart, signal });

export const cartQueryOptions = () =>
  queryOptions({ queryKey: [...cartKey, 'mine'], queryFn: ({ signal }) => getCart({ signal }) });

export const useServerCart = (enabled: boolean) => useQuery({ ...cartQueryOptions(), enabled });
