import type { BuyerPrice } from '@proper-parts/domain/price-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { arrayOf, listOf, nullable, objectOf, oneOf } from '../../../lib/plain-shape';
import { useCurrentUser } from '../../auth/use-current-user';

/** `GET /catalog/prices`'s answer, checked without zod (the product page is public). */
const buyerPrices = arrayOf(
  objectOf<BuyerPrice>({
    productId: 'string',
    unitPrice: 'number',
    listPrice: 'number',
    priceBreaks: listOf<{ minQuantity: number; price: number }>({
      minQuantity: 'integer',
      price: 'number',
    }),
    source: oneOf(['contract', 'tier', 'list'] as const),
    priceList: nullable(objectOf<{ id: string; name: string }>({ id: 'string', name: 'string' })),
  }),
);

/** The most ids one `GET /catalog/prices` takes (MAX_PRICE_IDS on the server). */
const IDS_PER_REQUEST = 100;

type Waiting = Map<string, ((price: BuyerPrice | null) => void)[]>;
let waiting: Waiting = new Map();

/** Asks for every id wanted in this turn of the event loop, at most 100 to a request. */
async function askWaiting() {
  const asked = waiting;
  waiting = new Map();
  const ids = [...asked.keys()];
  for (let at = 0; at < ids.length; at += IDS_PER_REQUEST) {
    const chunk = ids.slice(at, at + IDS_PER_REQUEST);
    const answered = await apiFetch(api.catalogPrices(chunk), { schema: buyerPrices }).catch(
      () => [] as BuyerPrice[],
    );
    const byId = new Map(answered.map((price) => [price.productId, price]));
    for (const id of chunk)
      for (const resolve of asked.get(id) ?? []) resolve(byId.get(id) ?? null);
  }
}

/**
 * One product's price, asked together with every other asked in the same turn: a page of 24
 * results is one request, not 24. A failed request leaves the list prices shown (null).
 */
function batchedPrice(productId: string): Promise<BuyerPrice | null> {
  return new Promise((resolve) => {
    if (waiting.size === 0) setTimeout(() => void askWaiting(), 0);
    waiting.set(productId, [...(waiting.get(productId) ?? []), resolve]);
  });
}

/**
 * Issue 35, decision 038: a signed-in buyer's own price for a product, asked in the browser (the
 * asks of one render batched into one request); the page's HTML and the cached catalog answers
 * keep list prices. Null for visitors and admins, and until it arrives.
 */
export function useBuyerPrice(productId: string): BuyerPrice | null {
  const { user } = useCurrentUser();
  const enabled = Boolean(user && !user.isAdmin);
  const { data } = useQuery({
    queryKey: ['buyer-prices', user?.id ?? null, productId],
    queryFn: () => batchedPrice(productId),
    enabled,
    staleTime: 60_000,
  });
  return (enabled && data) || null;
}

/** The buyer's contract price where it is below the list price; else null (show the list price). */
export function useContractPrice(productId: string): BuyerPrice | null {
  const own = useBuyerPrice(productId);
  return own?.source === 'contract' && own.unitPrice < own.listPrice ? own : null;
}
