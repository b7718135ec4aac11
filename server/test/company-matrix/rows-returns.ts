import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/queryable.ts';
import { imageUpload, solidImage } from '../image-fixtures.ts';
import type { CompanyCaller, CompanyFixture } from './fixture.ts';
import {
  approverOrderPaperReaders,
  type CompanyRow,
  orderPaperReaders,
  shopAdminOnly,
} from './row.ts';
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

/**
 * Issue 37: a return of `by`'s shipped order on account, asked for by `by` with a photo they
 * uploaded first: its id and the photo's name.
 */
const returnWithPhoto = async (f: CompanyFixture, by: 'buyerA' | 'approverA' = 'buyerA') => {
  const form = imageUpload(await solidImage('png'), 'box.png', 'image/png');
  const uploaded = await f.app.inject({
    method: 'POST',
    url: '/api/v1/returns/photos',
    headers: { ...f.headersOf(by), ...form.headers },
    payload: form.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const name = uploaded.json().data.name as string;
  const { orderId } = await shippedOrderOfA(by)(f);
  const asked = await f.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/returns`,
    headers: f.headersOf(by),
    payload: { ...(await oneShippedPiece(f, orderId)), photos: [name] },
  });
  if (asked.statusCode !== 200) throw new Error(`return failed: ${asked.body}`);
  return { id: asked.json().data.id as string, name };
};

/**
 * The credit note of `by`'s return, approved, received (scrapped) and refunded on account; with
 * `paidFirst`, the invoice was paid in full before, so the whole note is owed back.
 */
const creditNoteOfA =
  (by: 'buyerA' | 'approverA', { paidFirst = false } = {}) =>
  async (f: CompanyFixture) => {
    const { id } = await returnWithPhoto(f, by);
    const admin = (url: string, payload?: object) =>
      f.app.inject({
        method: 'POST',
        url: `/api/v1/admin/${url}`,
        headers: f.headersOf('shopAdmin'),
        ...(payload ? { payload } : {}),
      });
    if (paidFirst) {
      const [order] = await rowsOf<{ orderId: string }>(
        f.app.db,
        sql`select order_id as "orderId" from returns where id = ${id}`,
      );
      const paid = await admin(`invoices/${order?.orderId}/payments`, { amount: 15 });
      if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
    }
    await admin(`returns/${id}/approve`);
    const [line] = await rowsOf<{ productId: string }>(
      f.app.db,
      sql`select product_id as "productId" from return_lines where return_id = ${id}`,
    );
    await admin(`returns/${id}/receive`, {
      lines: [{ productId: line?.productId, quantity: 1, outcome: 'scrap' }],
    });
    const refunded = await admin(`returns/${id}/refund`);
    if (refunded.statusCode !== 200) throw new Error(`refund failed: ${refunded.body}`);
    return { id: refunded.json().data.creditNote.id as string };
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
  {
    method: 'POST',
    path: '/api/v1/returns/photos',
    form: async () => imageUpload(await solidImage('png'), 'box.png', 'image/png'),
    expect: {
      visitor: 401,
      adminA: 200,
      buyerA: 200,
      approverA: 200,
      removedA: 200,
      adminB: 200,
      outsider: 200,
      shopAdmin: 200,
    },
    why: 'anyone signed in may upload; a photo is theirs alone until their own return names it',
  },
  {
    method: 'GET',
    path: '/api/v1/returns/{id}/photos/{name}',
    params: async (f) => returnWithPhoto(f),
    expect: { ...buyerOrCompanyAdmin, shopAdmin: 200 },
    why: "the buyer's side (the return's readers) and shop admins; anyone else gets a 404",
  },
  {
    method: 'GET',
    path: '/api/v1/credit-notes/{id}.pdf',
    params: creditNoteOfA('buyerA'),
    expect: orderPaperReaders,
    why: "the credit note's readers are the invoice's: the buyer, the company's admins and approvers, shop admins",
  },
  {
    method: 'GET',
    path: '/api/v1/credit-notes/{id}.pdf',
    params: creditNoteOfA('approverA'),
    expect: approverOrderPaperReaders,
    why: "as the invoice of a colleague's order: a plain buyer reads neither",
  },
  {
    method: 'POST',
    path: '/api/v1/admin/credit-notes/{id}/pay-back',
    params: creditNoteOfA('buyerA', { paidFirst: true }),
    body: { reference: 'Matrix transfer' },
    expect: shopAdminOnly,
    why: "paying the company back is the shop's; its admins and approvers read the note, they do not record the pay-back",
  },
];
