import { multipartBody } from '../image-fixtures.ts';
import type { CompanyFixture } from './fixture.ts';
import { type CompanyRow, shopAdminOnly } from './row.ts';

/** A price list body for company A: 10 % off everything. */
const listBody = (f: CompanyFixture) => ({
  name: 'Matrix contract',
  companyIds: [f.companyA],
  priority: 1,
  entries: [{ percentOff: 10 }],
});

/** A fresh price list of company A, made by the shop admin, for each caller. */
const freshList = async (f: CompanyFixture) => {
  const res = await f.app.inject({
    method: 'POST',
    url: '/api/v1/admin/price-lists',
    headers: f.headersOf('shopAdmin'),
    payload: listBody(f),
  });
  return { id: res.json().data.id as string };
};

/** Every signed-in caller, whatever their company: each gets their own prices. */
const signedIn = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 200,
  removedA: 200,
  adminB: 200,
  outsider: 200,
  shopAdmin: 200,
} as const;

/** Issue 35: contract price lists are a shop admin's; a company's members only read prices. */
export const priceListRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/admin/price-lists',
    body: async (f) => listBody(f),
    expect: shopAdminOnly,
  },
  { method: 'GET', path: '/api/v1/admin/price-lists', expect: shopAdminOnly },
  {
    method: 'GET',
    path: '/api/v1/admin/price-lists/{id}',
    params: freshList,
    expect: shopAdminOnly,
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/price-lists/{id}',
    params: freshList,
    body: async (f) => listBody(f),
    expect: shopAdminOnly,
    why: "a company's own admin may not set its prices",
  },
  {
    method: 'PATCH',
    path: '/api/v1/admin/price-lists/{id}',
    params: freshList,
    body: async (f) => ({ name: 'Matrix contract', companyIds: [f.companyA], priority: 2 }),
    expect: shopAdminOnly,
    why: "a company's own admin may not put it on a price list",
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/price-lists/{id}',
    params: freshList,
    expect: shopAdminOnly,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/price-lists/{id}/import',
    params: freshList,
    form: async () =>
      multipartBody([
        {
          name: 'file',
          filename: 'prices.csv',
          contentType: 'text/csv',
          content: 'sku,price,brand,category,min_quantity,percent_off\n,,,,,7\n',
        },
      ]),
    expect: shopAdminOnly,
    why: "a company's own admin may not load its prices",
  },
  {
    method: 'GET',
    path: '/api/v1/admin/price-lists/{id}/export.csv',
    params: freshList,
    expect: shopAdminOnly,
  },
  {
    method: 'GET',
    path: '/api/v1/catalog/prices',
    query: '?productIds=00000000-0000-4000-8000-000000000000',
    expect: signedIn,
    why: 'a removed member is a signed-in visitor now: list prices, still 200',
  },
];
