import { sql } from 'drizzle-orm';
import { createProduct } from '../order-helpers.ts';
import type { CompanyFixture, SignedInCaller } from './fixture.ts';
import { type CompanyRow, shopAdminOnly } from './row.ts';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const shipTo = { address: '1 Mill Road, Springfield', phone: '555 0100', poNumber: 'PO-M' };
/** Issue 33: the structured address a quote is priced and accepted for. */
const texas = {
  name: 'Matrix Buyer',
  line1: '1 Mill Rd',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
};

/**
 * A new quote of one part straight in the database (each caller of a row gets its own, so the
 * 20-open-requests cap of one buyer is not what the matrix tests): `requested`, or `answered` at
 * $1 a piece, good for a week (within buyerA's $100 limit).
 */
async function quoteOf(
  f: CompanyFixture,
  who: SignedInCaller,
  status: 'requested' | 'answered',
  companyId: string | null = f.companyA,
): Promise<string> {
  const part = await createProduct(f.app, { availableQuantity: 5, minimumOrderQuantity: 1 });
  const answered = status === 'answered';
  const result = await f.app.db.execute(
    sql`with q as (
        insert into quotes (user_id, company_id, message, status, lead_time_days, expires_on)
        values (${f.ids[who]}, ${companyId}, 'Matrix', ${status}, ${answered ? 5 : null},
          case when ${answered} then (now() at time zone 'UTC')::date + 7 end)
        returning id
      ), l as (
        insert into quote_lines (quote_id, line_no, product_id, sku, name, quantity,
          unit_price_cents)
        select q.id, 1, ${part.id}, ${part.sku}, ${part.name}, 20,
          case when ${answered} then 100 end
        from q
      )
      select id from q`,
  );
  return (result.rows as { id: string }[])[0]?.id as string;
}

/** Seen by the requester (buyerA), the admin of their company, and the shop; not found for the rest. */
const quoteOfBuyerA = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 404,
  removedA: 404,
  adminB: 404,
  outsider: 404,
  shopAdmin: 200,
} as const;

const customers = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 200,
  removedA: 200,
  adminB: 200,
  outsider: 200,
  shopAdmin: 200,
} as const;

/** The company matrix's rows for the quotes routes (issue 19). */
export const quotesRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/quotes',
    body: async (f) => {
      const part = await createProduct(f.app, { availableQuantity: 1 });
      return { lines: [{ productId: part.id, quantity: 500 }], message: 'Matrix' };
    },
    expect: { ...customers, shopAdmin: 403 },
    why: 'Any customer asks for a quote (a removed member as one outside a company); the shop does not buy',
  },
  {
    method: 'GET',
    path: '/api/v1/quotes',
    expect: customers,
    why: "Each sees their own (a company admin the company's); a shop admin has none",
  },
  {
    method: 'GET',
    path: '/api/v1/quotes/{id}',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'requested') }),
    expect: quoteOfBuyerA,
    why: 'A fellow member who is not a company admin (approverA) does not see a colleague’s quote',
  },
  {
    method: 'GET',
    path: '/api/v1/quotes/{id}',
    params: async (f) => ({ id: await quoteOf(f, 'removedA', 'answered') }),
    expect: { ...quoteOfBuyerA, buyerA: 404 },
    why: 'removedA asked for it while in company A (they are removed before the rows run)',
  },
  {
    method: 'POST',
    path: '/api/v1/quotes/{id}/accept',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'answered') }),
    body: shipTo,
    expect: { ...quoteOfBuyerA, adminA: 403, shopAdmin: 403 },
    why: 'Only the requester accepts; their company admin sees it but may not; shops do not buy',
  },
  {
    method: 'POST',
    path: '/api/v1/quotes/{id}/accept',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'answered') }),
    body: { ...shipTo, paymentTerms: 'account' },
    expect: { ...quoteOfBuyerA, adminA: 403, shopAdmin: 403 },
    why: "On company A's account (net 30): the same callers; the requester's order is invoiced",
  },
  {
    method: 'POST',
    path: '/api/v1/quotes/{id}/accept',
    params: async (f) => ({ id: await quoteOf(f, 'removedA', 'answered') }),
    body: shipTo,
    expect: { ...quoteOfBuyerA, adminA: 403, buyerA: 404, shopAdmin: 403 },
    why: 'A removed member cannot accept the quote they asked for while in the company',
  },
  {
    method: 'POST',
    path: '/api/v1/quotes/{id}/accept',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'answered') }),
    body: { shipTo: texas },
    expect: { ...quoteOfBuyerA, adminA: 403, shopAdmin: 403 },
    why: 'Issue 33: with a structured ship-to address (freight and tax priced): the same callers',
  },
  {
    method: 'POST',
    path: '/api/v1/quotes/{id}/price',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'answered') }),
    body: { shipTo: texas },
    expect: { ...quoteOfBuyerA, adminA: 403, shopAdmin: 403 },
    why: 'Issue 33: what accepting would cost, for whom may accept it; the rest as the quote read',
  },
  { method: 'GET', path: '/api/v1/admin/quotes', expect: shopAdminOnly },
  {
    method: 'POST',
    path: '/api/v1/admin/quotes/{id}/answer',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'requested') }),
    body: { lines: [{ lineNo: 1, unitPrice: 1.5 }], leadTimeDays: 3, expiresOn: inAWeek() },
    expect: shopAdminOnly,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/quotes/{id}/decline',
    params: async (f) => ({ id: await quoteOf(f, 'buyerA', 'requested') }),
    body: { note: 'Matrix' },
    expect: shopAdminOnly,
  },
];
