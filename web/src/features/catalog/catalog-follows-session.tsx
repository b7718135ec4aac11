import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../auth/use-current-user';

/**
 * Issue 35, decision 039: the catalog a signed-in buyer sees may be their company's part of it.
 * When the user changes (a sign-in, a sign-out, another account), the catalog's answers read
 * for the one before (searches, product pages, brands, categories, `/tools` lists and products)
 * are read again.
 */
export function CatalogFollowsSession() {
  const { user, isPending } = useCurrentUser();
  const queryClient = useQueryClient();
  const seen = useRef<string | null | undefined>(undefined);
  const id = isPending ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (id === undefined) return;
    const before = seen.current;
    seen.current = id;
    if (before === undefined || before === id) return;
    void queryClient.invalidateQueries({
      predicate: (query) => {
        const first = String(query.queryKey[0]);
        return first.startsWith('catalog-') || first === 'tools';
      },
    });
  }, [id, queryClient]);
  return null;
}
