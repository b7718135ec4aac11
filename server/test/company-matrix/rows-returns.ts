import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/queryable.ts';
import type { CompanyCaller, CompanyFixture } from './fixture.ts';
import { type CompanyRow, shopAdminOnly } from './row.ts';
import { shippedOrderOfA } from './rows-shipments.ts';

/** The order's buyer and the admins of its company ask for returns and read them; no one else. */
const buyerOrCompanyAdmin = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 404,
  removedA: 404,
  adminB: 404,
  outsider: 404,
  shopAdmin: 404,
} as const;

/** Asking to return the one piece shipped of the order. */
const oneShippedPiece = async (f: CompanyFixture, orderId: string) => {
  const [line] = await rowsOf<{ productId: string }>(
    f.app.db,
    sql`select product_id as "productId" from order_lines where order_id = ${orderId}`,
  );
  return {
    lines: [{ productId: line?.productId, quantity: 1, reason: 'damaged' }],
    note: 'Matrix',
  };
};

/** A fresh return of buyerA's shipped order, asked for by buyerA. */
const returnOfBuyerA = async (f: CompanyFixture) => {
  const { orderId } = await shippedOrderOfA('buyerA')(f);
  const asked = await f.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/returns`,
    headers: f.headersOf('buyerA'),
    payload: await oneShippedPiece(f, orderId),
  });
  if (asked.statusCode !== 200) throw new Error(`return failed: ${asked.body}`);
  return asked.json().data.id as string;
};

/** Orders of each caller's own for the POST rows: a fresh order per caller. */
const orders = new Map<CompanyCaller, string>();

/** The company matrix's rows for returns (issue 37). */
export const returnsRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/orders/{id}/returns',
    params: async (f, caller) => {
      const { orderId } = await shippedOrderOfA('buyerA')(f);
      orders.set(caller, orderId);
      return { id: orderId };
    },
    body: async (f, caller) => oneShippedPiece(f, orders.get(caller) as string),
    expect: buyerOrCompanyAdmin,
    why: "a company's approvers read its orders' papers but do not send parts back; shop admins decide returns, they do not ask",
  },
  {
    method: 'GET',
    path: '/api/v1/returns/{id}',
    params: async (f) => ({ id: await returnOfBuyerA(f) }),
    expect: buyerOrCompanyAdmin,
    why: 'another company, an outsider and shop admins (who read returns on the admin list) get a 404',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/returns/{id}/approve',
    params: async (f) => ({ id: await returnOfBuyerA(f) }),
    expect: shopAdminOnly,
  },
  {
    method: 'GET',
    path: '/api/v1/returns/{id}/rma.pdf',
    params: async (f) => {
      const id = await returnOfBuyerA(f);
      const approved = await f.app.inject({
        method: 'POST',
        url: `/api/v1/admin/returns/${id}/approve`,
        headers: f.headersOf('shopAdmin'),
      });
      if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
      return { id };
    },
    expect: { ...buyerOrCompanyAdmin, shopAdmin: 200 },
    why: 'the return as its readers read it; shop admins print it too (they approved it)',
  },
];
