import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/queryable.ts';
import { createAccountInvoice } from '../account-helpers.ts';
import type { CompanyFixture } from './fixture.ts';
import { approverOrderPaperReaders, type CompanyRow, orderPaperReaders } from './row.ts';

/**
 * A fresh order on account of company A, placed by `by` and shipped by a shop admin (UPS, with
 * tracking): its id and its shipment's.
 */
export const shippedOrderOfA = (by: 'buyerA' | 'approverA') => async (f: CompanyFixture) => {
  const orderId = await createAccountInvoice(f.app, {
    companyId: f.companyA,
    userId: f.ids[by],
    totalCents: 1500,
  });
  const [line] = await rowsOf<{ productId: string }>(
    f.app.db,
    sql`select product_id as "productId" from order_lines where order_id = ${orderId}`,
  );
  const shipped = await f.app.inject({
    method: 'POST',
    url: `/api/v1/manageOrder/${orderId}/shipments`,
    headers: f.headersOf('shopAdmin'),
    payload: {
      lines: [{ productId: line?.productId, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    },
  });
  if (shipped.statusCode !== 200) throw new Error(`shipping failed: ${shipped.body}`);
  return { orderId, shipmentId: shipped.json().data.id as string };
};

/** The company matrix's rows for an order's shipments and packing slips (issue 33). */
export const shipmentsRows: CompanyRow[] = [
  {
    method: 'GET',
    path: '/api/v1/orders/{id}/shipments',
    params: async (f) => ({ id: (await shippedOrderOfA('buyerA')(f)).orderId }),
    expect: orderPaperReaders,
    why: "those who read the order's invoice read its shipments; another company gets a 404",
  },
  {
    method: 'GET',
    path: '/api/v1/orders/{id}/shipments',
    params: async (f) => ({ id: (await shippedOrderOfA('approverA')(f)).orderId }),
    expect: approverOrderPaperReaders,
    why: "a buyer does not read a colleague's shipments",
  },
  {
    method: 'GET',
    path: '/api/v1/shipments/{id}/packing-slip.pdf',
    params: async (f) => ({ id: (await shippedOrderOfA('buyerA')(f)).shipmentId }),
    expect: orderPaperReaders,
  },
  {
    method: 'GET',
    path: '/api/v1/shipments/{id}/packing-slip.pdf',
    params: async (f) => ({ id: (await shippedOrderOfA('approverA')(f)).shipmentId }),
    expect: approverOrderPaperReaders,
  },
];
