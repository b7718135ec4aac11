import { createProduct } from '../order-helpers.ts';
import { BUYER_A_LIMIT, type CompanyFixture } from './fixture.ts';
import type { CompanyRow } from './row.ts';

/** A new order of buyerA above their limit, awaiting approval. */
export async function awaitingOrderOfBuyerA(f: CompanyFixture): Promise<string> {
  const product = await createProduct(f.app, {
    priceCents: (BUYER_A_LIMIT + 1) * 100,
    minimumOrderQuantity: 1,
    availableQuantity: 10,
  });
  const headers = f.headersOf('buyerA');
  await f.app.inject({
    method: 'PUT',
    url: `/api/v1/cart/lines/${product.id}`,
    headers,
    payload: { quantity: 1 },
  });
  const res = await f.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers,
    payload: { address: '1 Mill Road', phone: '555 0100' },
  });
  const order = res.json().data;
  if (order?.status !== 'awaiting_approval') throw new Error(`not awaiting: ${res.body}`);
  return order._id;
}

/** Approvers and company admins of the order's company decide; nobody else learns it exists. */
const decides = {
  visitor: 401,
  adminA: 200,
  buyerA: 403,
  approverA: 200,
  removedA: 404,
  adminB: 404,
  outsider: 404,
  shopAdmin: 404,
} as const;

/** The company matrix's rows for the approval routes (issue 19). */
export const approvalsRows: CompanyRow[] = [
  {
    method: 'GET',
    path: '/api/v1/company/approvals',
    // B's admin reads B's (empty) list: never A's.
    expect: { ...decides, adminB: 200 },
  },
  {
    method: 'POST',
    path: '/api/v1/company/approvals/{id}/approve',
    params: async (f) => ({ id: await awaitingOrderOfBuyerA(f) }),
    expect: decides,
  },
  {
    method: 'POST',
    path: '/api/v1/company/approvals/{id}/reject',
    params: async (f) => ({ id: await awaitingOrderOfBuyerA(f) }),
    body: { reason: 'Not in this quarter' },
    expect: decides,
  },
];
