import { createAccountInvoice } from '../account-helpers.ts';
import { COMPANY_A_CREDIT, type CompanyFixture } from './fixture.ts';
import {
  anyMember,
  approverOrderPaperReaders,
  type CompanyRow,
  orderPaperReaders,
  shopAdminOnly,
} from './row.ts';

/** A fresh $20 invoice on account of company A, placed by `by` (buyerA unless named). */
const invoiceOfA =
  (by: 'buyerA' | 'approverA' = 'buyerA') =>
  async (f: CompanyFixture) => ({
    id: await createAccountInvoice(f.app, {
      companyId: f.companyA,
      userId: f.ids[by],
      totalCents: 2000,
    }),
  });

/** Company A's statement: its admins and approvers; B's admin reads B's own statement. */
const statementReaders = {
  visitor: 401,
  adminA: 200,
  buyerA: 403,
  approverA: 200,
  removedA: 404,
  adminB: 200,
  outsider: 404,
  shopAdmin: 404,
} as const;

/** The company matrix's rows for the terms routes (issue 19). */
export const termsRows: CompanyRow[] = [
  {
    method: 'GET',
    path: '/api/v1/company/statement',
    expect: statementReaders,
    why: 'each caller reads their own company; buyers may not; shop admins use /admin/companies',
  },
  { method: 'GET', path: '/api/v1/admin/companies', expect: shopAdminOnly },
  {
    method: 'GET',
    path: '/api/v1/admin/companies/{id}',
    params: async (f) => ({ id: f.companyA }),
    expect: shopAdminOnly,
  },
  {
    method: 'GET',
    path: '/api/v1/admin/companies/{id}/statement',
    params: async (f) => ({ id: f.companyA }),
    expect: shopAdminOnly,
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/companies/{id}/terms',
    params: async (f) => ({ id: f.companyA }),
    body: { termsDays: 30, creditLimit: COMPANY_A_CREDIT },
    expect: shopAdminOnly,
    why: 'a company admin cannot grant their own company terms or credit',
  },
  {
    method: 'GET',
    path: '/api/v1/admin/companies/{id}/tax-exemption',
    params: async (f) => ({ id: f.companyA }),
    expect: shopAdminOnly,
    why: "issue 33: the shop keeps a company's exemption certificate; the company does not read it here",
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/companies/{id}/tax-exemption',
    params: async (f) => ({ id: f.companyA }),
    body: { exemption: null },
    expect: shopAdminOnly,
    why: 'a company admin cannot exempt their own company from tax',
  },
  {
    method: 'GET',
    path: '/api/v1/company/catalog',
    expect: anyMember,
    why: "issue 35: every member reads their own company's catalog limit; none may change it",
  },
  {
    method: 'GET',
    path: '/api/v1/admin/companies/{id}/catalog',
    params: async (f) => ({ id: f.companyA }),
    expect: shopAdminOnly,
    why: "issue 35: a company's restricted catalog is set by the shop",
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/companies/{id}/catalog',
    params: async (f) => ({ id: f.companyA }),
    body: { categories: [], brands: [] },
    expect: shopAdminOnly,
    why: "issue 35: a company admin cannot widen (or change) their own company's catalog",
  },
  { method: 'GET', path: '/api/v1/admin/invoices', query: '?status=open', expect: shopAdminOnly },
  {
    method: 'GET',
    path: '/api/v1/admin/invoices/{orderId}/payments',
    params: async (f) => ({ orderId: (await invoiceOfA()(f)).id }),
    expect: shopAdminOnly,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/invoices/{orderId}/payments',
    params: async (f) => ({ orderId: (await invoiceOfA()(f)).id }),
    body: { amount: 10, reference: 'Wire 123' },
    expect: shopAdminOnly,
    why: 'a company cannot mark its own invoices paid',
  },
  {
    method: 'GET',
    path: '/api/v1/orders/{id}/invoice.pdf',
    params: invoiceOfA('buyerA'),
    expect: orderPaperReaders,
    why: "a buyer's invoice on account: the buyer, the company's admins and approvers, shop admins",
  },
  {
    method: 'GET',
    path: '/api/v1/orders/{id}/invoice.pdf',
    params: invoiceOfA('approverA'),
    expect: approverOrderPaperReaders,
    why: "a buyer does not read a colleague's invoices",
  },
];
