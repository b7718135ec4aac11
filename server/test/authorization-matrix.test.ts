import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from './auth-helper.ts';
import { companyRows } from './company-matrix/index.ts';
import { buildTestApp } from './helper.ts';
import { imageUpload, multipartBody, solidImage } from './image-fixtures.ts';
import { createProduct, payWithSandbox, placeOrder } from './order-helpers.ts';

/**
 * Every /api/v1 route × every kind of caller → the status the server must answer.
 * Paths name customer A's email where a route is about one user. A new route fails
 * the "covers every route" test until it gets its row here.
 */
type Caller = 'visitor' | 'customerA' | 'customerB' | 'admin';
type Row = {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: object;
  /** A multipart body (uploads) instead of JSON. */
  form?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  expect: Record<Caller, number>;
};

const A = 'matrixa@example.com';
const B = 'matrixb@example.com';
const publicRoute = { visitor: 200, customerA: 200, customerB: 200, admin: 200 };
const ownOrAdmin = { visitor: 401, customerA: 200, customerB: 403, admin: 200 };
const ownOnly = { visitor: 401, customerA: 200, customerB: 403, admin: 403 };
const adminOnly = { visitor: 401, customerA: 403, customerB: 403, admin: 200 };
/** A product an admin may add; `img` is filled in with a real upload before the rows run. */
const newProduct = {
  name: 'Matrix Part',
  img: '',
  description: 'A part added by the authorization matrix.',
  minimumOrderQuantity: 1,
  availableQuantity: 10,
  price: 5,
};
const csvForm = async () =>
  multipartBody([
    {
      name: 'file',
      filename: 'parts.csv',
      contentType: 'text/csv',
      content: Buffer.from('sku,name,price,category\nMTX-1,Matrix Import Part,5,ball-bearings\n'),
    },
  ]);
const fitmentForm = async () =>
  multipartBody([
    {
      name: 'file',
      filename: 'fitment.csv',
      contentType: 'text/csv',
      content: Buffer.from('sku,year_from,year_to,make,model,submodel,engine,position,note\n'),
    },
  ]);
const pngForm = async () => imageUpload(await solidImage('png'), 'part.png', 'image/png');
const signedIn = { visitor: 401, customerA: 200, customerB: 200, admin: 200 };
/** A vehicle of the matrix's own (issue 20), inserted with this id before the rows run. */
const MATRIX_VEHICLE = 4242;
const noSuchOrder = { visitor: 401, customerA: 404, customerB: 404, admin: 404 };
/** Issue 35: a price list's lines, for its CSV import. */
const priceListForm = async () =>
  multipartBody([
    {
      name: 'file',
      filename: 'prices.csv',
      contentType: 'text/csv',
      content: Buffer.from('sku,price\nMTX-1,5.00\n'),
    },
  ]);
const stockForm = async () =>
  multipartBody([
    {
      name: 'file',
      filename: 'stock.csv',
      contentType: 'text/csv',
      content: Buffer.from('sku,warehouse,quantity\n'),
    },
  ]);
/** Issue 36: purchase orders of incoming stock, their header only (an admin adds none). */
const purchaseOrderForm = async () =>
  multipartBody([
    {
      name: 'file',
      filename: 'incoming.csv',
      contentType: 'text/csv',
      content: Buffer.from('sku,quantity,expected_on\n'),
    },
  ]);
const adminNoSuchOrder = { visitor: 401, customerA: 403, customerB: 403, admin: 404 };
/** Issue 34: a machine's API key only; a signed-in person is refused whoever they are. */
const keysOnly = { visitor: 401, customerA: 403, customerB: 403, admin: 403 };

const rows: Row[] = [
  { method: 'GET', path: '/api/v1/health', expect: publicRoute },
  { method: 'GET', path: '/api/v1/health/live', expect: publicRoute },
  { method: 'GET', path: '/api/v1/health/ready', expect: publicRoute },
  { method: 'GET', path: '/api/v1/tools', expect: publicRoute },
  { method: 'GET', path: '/api/v1/catalog/search', expect: publicRoute },
  { method: 'GET', path: '/api/v1/catalog/brands', expect: publicRoute },
  { method: 'GET', path: '/api/v1/catalog/categories', expect: publicRoute },
  { method: 'GET', path: '/api/v1/catalog/demo-progress', expect: publicRoute },
  {
    method: 'GET',
    path: '/api/v1/catalog/products/{slug}',
    expect: { visitor: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  { method: 'GET', path: '/api/v1/auth-options', expect: publicRoute },
  {
    // Public, but only with a valid mailed token (and the account's session or password).
    method: 'POST',
    path: '/api/v1/email-confirmation',
    body: { token: 'not-a-token' },
    expect: { visitor: 400, customerA: 400, customerB: 400, admin: 400 },
  },
  {
    method: 'GET',
    path: '/api/v1/tools/{id}',
    expect: { visitor: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  {
    // Public: email and password give a token; these are wrong, for everyone.
    method: 'POST',
    path: '/api/v1/tokens',
    body: { email: A, password: 'not-the-password' },
    expect: { visitor: 401, customerA: 401, customerB: 401, admin: 401 },
  },
  { method: 'PUT', path: `/api/v1/user/${A}`, body: { email: A }, expect: ownOnly },
  { method: 'GET', path: `/api/v1/admin/${A}`, expect: ownOrAdmin },
  { method: 'GET', path: '/api/v1/user', expect: adminOnly },
  { method: 'GET', path: `/api/v1/profile/${A}`, expect: ownOrAdmin },
  { method: 'PUT', path: `/api/v1/profile/${A}`, body: { city: 'Peru' }, expect: ownOrAdmin },
  { method: 'POST', path: '/api/v1/uploads', form: pngForm, expect: adminOnly },
  { method: 'POST', path: '/api/v1/catalog/import', form: csvForm, expect: adminOnly },
  { method: 'GET', path: '/api/v1/catalog/export.csv', expect: adminOnly },
  { method: 'POST', path: '/api/v1/fitment/import', form: fitmentForm, expect: adminOnly },
  { method: 'GET', path: '/api/v1/fitment/export', expect: adminOnly },
  { method: 'POST', path: '/api/v1/tools', body: newProduct, expect: adminOnly },
  {
    // A product no one has: only an admin gets as far as looking for it.
    method: 'PATCH',
    path: '/api/v1/tools/{id}',
    body: { name: 'Matrix rename' },
    expect: { visitor: 401, customerA: 403, customerB: 403, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/v1/tools/{id}',
    expect: { visitor: 401, customerA: 403, customerB: 403, admin: 404 },
  },
  { method: 'GET', path: '/api/v1/reviews', expect: publicRoute },
  {
    method: 'POST',
    path: '/api/v1/reviews',
    body: { rating: 5, description: 'Matrix review' },
    // Spec §6: customers write reviews; admins do not.
    expect: { visitor: 401, customerA: 200, customerB: 200, admin: 403 },
  },
  {
    method: 'POST',
    path: '/api/v1/purchase',
    body: { toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 403 },
  },
  { method: 'GET', path: `/api/v1/purchase/${A}`, expect: ownOnly },
  { method: 'GET', path: '/api/v1/myPurchase/{id}', expect: noSuchOrder },
  {
    method: 'PATCH',
    path: '/api/v1/myPurchase/{id}',
    body: { transactionId: 'sbx_pi_x' },
    expect: noSuchOrder,
  },
  { method: 'DELETE', path: '/api/v1/myPurchase/{id}', expect: noSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/create-payment-intent',
    body: { orderId: '00000000-0000-4000-8000-000000000000' },
    expect: noSuchOrder,
  },
  {
    method: 'POST',
    path: '/api/v1/sandbox/confirm',
    body: { clientSecret: 'x', card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
    expect: noSuchOrder,
  },
  // Without Stripe configured there is no webhook to call.
  {
    method: 'POST',
    path: '/api/v1/webhooks/stripe',
    body: {},
    expect: { visitor: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  { method: 'GET', path: '/api/v1/manageOrder', expect: adminOnly },
  {
    method: 'GET',
    path: '/api/v1/manageOrder/export.csv?from=2026-01-01&to=2026-12-31',
    expect: adminOnly,
  },
  // Issue 21: the invoices and the customers, as CSV.
  {
    method: 'GET',
    path: '/api/v1/invoices/export.csv?from=2026-01-01&to=2026-12-31',
    expect: adminOnly,
  },
  {
    method: 'GET',
    path: '/api/v1/admin/returns/export.csv?from=2026-01-01&to=2026-12-31',
    expect: adminOnly,
  },
  { method: 'GET', path: '/api/v1/customers/export.csv', expect: adminOnly },
  // Issue 21: the audit log, read-only: no route changes or deletes an entry.
  { method: 'GET', path: '/api/v1/audit?action=product.update&limit=5', expect: adminOnly },
  { method: 'GET', path: '/api/v1/audit/export.csv?from=2026-01-01', expect: adminOnly },
  // Issue 21: the sales dashboard.
  {
    method: 'GET',
    path: '/api/v1/sales?from=2026-01-01&to=2026-03-31&interval=week',
    expect: adminOnly,
  },
  { method: 'PATCH', path: '/api/v1/manageOrder/{id}', expect: adminNoSuchOrder },
  { method: 'DELETE', path: '/api/v1/manageOrder/{id}', expect: adminNoSuchOrder },
  // Business buying (issue 18). Admins run the shop and do not buy: carts and checkout are 403.
  { method: 'GET', path: '/api/v1/cart', expect: { ...publicRoute, visitor: 401 } },
  {
    method: 'PUT',
    path: '/api/v1/cart/lines/{productId}',
    body: { quantity: 1 },
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/v1/cart/lines/{productId}',
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/v1/cart/merge',
    body: { lines: [] },
    expect: { visitor: 401, customerA: 200, customerB: 200, admin: 403 },
  },
  { method: 'POST', path: '/api/v1/cart/preview', body: { lines: [] }, expect: publicRoute },
  {
    method: 'POST',
    path: '/api/v1/cart/quick-order',
    body: { text: 'NO-SUCH-PART 1', add: false },
    expect: { visitor: 401, customerA: 200, customerB: 200, admin: 403 },
  },
  // Issue 33: A's cart holds parts (B's is empty: nothing to quote); tax and freight admin.
  {
    method: 'POST',
    path: '/api/v1/cart/quote',
    body: {
      shipTo: {
        name: 'Matrix',
        line1: '1 Mill Rd',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
      },
    },
    expect: { visitor: 401, customerA: 200, customerB: 400, admin: 403 },
  },
  { method: 'GET', path: '/api/v1/admin/tax-rates', expect: adminOnly },
  { method: 'PUT', path: '/api/v1/admin/tax-rates', body: { rates: [] }, expect: adminOnly },
  {
    method: 'POST',
    path: '/api/v1/admin/tax-rates/import',
    form: async () =>
      multipartBody([
        {
          name: 'file',
          filename: 'rates.csv',
          contentType: 'text/csv',
          content: Buffer.from('country,region,name,rate,freightTaxable\nUS,TX,Texas,6.25,true\n'),
        },
      ]),
    expect: adminOnly,
  },
  { method: 'GET', path: '/api/v1/admin/companies/{id}/tax-exemption', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/admin/companies/{id}/tax-exemption',
    body: { exemption: null },
    expect: adminNoSuchOrder,
  },
  // Issue 35, decision 039: a company's restricted catalog, the shop admin's only.
  { method: 'GET', path: '/api/v1/admin/companies/{id}/catalog', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/admin/companies/{id}/catalog',
    body: { categories: [], brands: [] },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/admin/shipping-methods', expect: adminOnly },
  {
    method: 'PUT',
    path: '/api/v1/admin/shipping-methods',
    body: { methods: [] },
    expect: adminOnly,
  },
  {
    method: 'PUT',
    path: '/api/v1/manageOrder/{id}/freight',
    body: { freight: 12.5 },
    expect: adminNoSuchOrder,
  },
  {
    // A's cart holds what the rows above put in it (a list, a reorder); B's is empty, and the
    // order is refused for what it holds, once the access check passed.
    method: 'POST',
    path: '/api/v1/orders',
    body: { address: '1 Mill Rd', phone: '555 0100' },
    expect: { visitor: 401, customerA: 200, customerB: 400, admin: 403 },
  },
  {
    method: 'POST',
    path: '/api/v1/orders/{id}/reorder',
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 403 },
  },
  { method: 'GET', path: '/api/v1/orders/{id}/invoice.pdf', expect: noSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/manageOrder/{id}/shipments',
    body: {
      lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/orders/{id}/shipments', expect: noSuchOrder },
  { method: 'GET', path: '/api/v1/shipments/{id}/packing-slip.pdf', expect: noSuchOrder },
  // Issue 37: returns. No such order or return: 404 to whoever may ask; the admin's decisions 403 to others.
  {
    method: 'POST',
    path: '/api/v1/orders/{id}/returns',
    body: {
      lines: [
        { productId: '00000000-0000-4000-8000-000000000000', quantity: 1, reason: 'damaged' },
      ],
    },
    expect: noSuchOrder,
  },
  { method: 'GET', path: '/api/v1/returns', expect: signedIn },
  { method: 'GET', path: '/api/v1/returns/{id}', expect: noSuchOrder },
  { method: 'GET', path: '/api/v1/returns/{id}/rma.pdf', expect: noSuchOrder },
  { method: 'GET', path: '/api/v1/admin/returns', expect: adminOnly },
  { method: 'POST', path: '/api/v1/admin/returns/{id}/approve', expect: adminNoSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/returns/{id}/refuse',
    body: { reason: 'Not resalable' },
    expect: adminNoSuchOrder,
  },
  { method: 'POST', path: '/api/v1/admin/returns/{id}/refund', expect: adminNoSuchOrder },
  { method: 'GET', path: '/api/v1/credit-notes/{id}.pdf', expect: noSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/credit-notes/{id}/pay-back',
    body: { reference: 'Matrix transfer' },
    expect: adminNoSuchOrder,
  },
  // Issue 37: return photos. Anyone signed in uploads (theirs until their return names it).
  { method: 'POST', path: '/api/v1/returns/photos', form: pngForm, expect: signedIn },
  { method: 'GET', path: '/api/v1/returns/{id}/photos/{name}', expect: noSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/returns/{id}/receive',
    body: {
      lines: [
        { productId: '00000000-0000-4000-8000-000000000000', quantity: 1, outcome: 'restock' },
      ],
    },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/lists', expect: { ...publicRoute, visitor: 401 } },
  {
    method: 'POST',
    path: '/api/v1/lists',
    // Both carts are empty now.
    body: { name: 'Matrix list' },
    expect: { visitor: 401, customerA: 400, customerB: 400, admin: 403 },
  },
  { method: 'GET', path: '/api/v1/lists/{id}', expect: noSuchOrder },
  { method: 'DELETE', path: '/api/v1/lists/{id}', expect: noSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/lists/{id}/add-to-cart',
    expect: { visitor: 401, customerA: 404, customerB: 404, admin: 403 },
  },
  // Issue 20: the vehicle selector and a product's fitment are public; the garage is anyone's
  // own (customers and admins alike). MATRIX_VEHICLE is inserted below.
  { method: 'GET', path: '/api/v1/vehicles/years', expect: publicRoute },
  { method: 'GET', path: '/api/v1/vehicles/makes?year=2015', expect: publicRoute },
  { method: 'GET', path: '/api/v1/vehicles/models?year=2015&make=Toyota', expect: publicRoute },
  {
    method: 'GET',
    path: '/api/v1/vehicles/engines?year=2015&make=Toyota&model=Corolla',
    expect: publicRoute,
  },
  // `{id}` is a UUID here, which is no vehicle id.
  {
    method: 'GET',
    path: '/api/v1/vehicles/{id}',
    expect: { visitor: 400, customerA: 400, customerB: 400, admin: 400 },
  },
  { method: 'GET', path: `/api/v1/vehicles/${MATRIX_VEHICLE}`, expect: publicRoute },
  {
    method: 'GET',
    path: '/api/v1/catalog/products/{slug}/fitment',
    expect: { visitor: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  { method: 'GET', path: '/api/v1/garage', expect: signedIn },
  { method: 'POST', path: '/api/v1/garage', body: { vehicleId: MATRIX_VEHICLE }, expect: signedIn },
  {
    method: 'PUT',
    path: '/api/v1/garage/current',
    body: { vehicleId: MATRIX_VEHICLE },
    expect: signedIn,
  },
  {
    method: 'POST',
    path: '/api/v1/garage/merge',
    body: { vehicleIds: [MATRIX_VEHICLE], currentId: MATRIX_VEHICLE },
    expect: signedIn,
  },
  { method: 'DELETE', path: '/api/v1/garage/{vehicleId}', expect: signedIn },
  // Issue 34: API keys are made by admins; the integration routes take a key, never a session
  // (api-key-authorization-matrix.test.ts has the keys as callers, scope by scope).
  {
    method: 'POST',
    path: '/api/v1/admin/api-keys',
    body: { name: 'Matrix ERP', scopes: ['orders:read'] },
    expect: adminOnly,
  },
  { method: 'GET', path: '/api/v1/admin/api-keys', expect: adminOnly },
  { method: 'DELETE', path: '/api/v1/admin/api-keys/{id}', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/integration/stock',
    body: { items: [{ sku: 'MTX-1', quantity: 1 }] },
    expect: keysOnly,
  },
  {
    method: 'PUT',
    path: '/api/v1/integration/prices',
    body: { items: [{ sku: 'MTX-1', price: 1 }] },
    expect: keysOnly,
  },
  { method: 'GET', path: '/api/v1/integration/orders', expect: keysOnly },
  { method: 'GET', path: '/api/v1/integration/products', expect: keysOnly },
  { method: 'GET', path: '/api/v1/integration/customers', expect: keysOnly },
  {
    method: 'PUT',
    path: '/api/v1/integration/orders/{id}/export',
    body: { erpOrderNumber: 'SO-1' },
    expect: keysOnly,
  },
  // Issue 34: PunchOut connections are made by admins (an unknown company: 404); a session says
  // whether it is a punchout. The cXML and OCI doors are outside /api/v1 (punchout.test.ts).
  {
    method: 'POST',
    path: '/api/v1/admin/punchout-connections',
    body: {
      companyId: '00000000-0000-4000-8000-000000000000',
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: 'AN-MATRIX',
      sharedSecret: 'matrix-secret-123',
      userEmail: A,
    },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/admin/punchout-connections', expect: adminOnly },
  { method: 'DELETE', path: '/api/v1/admin/punchout-connections/{id}', expect: adminNoSuchOrder },
  { method: 'GET', path: '/api/v1/punchout/session', expect: signedIn },
  // Issue 35: price lists are a shop admin's (an unknown list: 404); every signed-in caller reads
  // their own prices (company-matrix/rows-price-lists.ts has company members by role).
  {
    method: 'POST',
    path: '/api/v1/admin/price-lists',
    body: { name: 'Matrix list', companyIds: [], priority: 0, entries: [{ percentOff: 5 }] },
    expect: adminOnly,
  },
  { method: 'GET', path: '/api/v1/admin/price-lists', expect: adminOnly },
  { method: 'GET', path: '/api/v1/admin/price-lists/{id}', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/admin/price-lists/{id}',
    body: { name: 'Matrix list', companyIds: [], priority: 0, entries: [] },
    expect: adminNoSuchOrder,
  },
  {
    method: 'PATCH',
    path: '/api/v1/admin/price-lists/{id}',
    body: { name: 'Matrix list', companyIds: [], priority: 0 },
    expect: adminNoSuchOrder,
  },
  { method: 'DELETE', path: '/api/v1/admin/price-lists/{id}', expect: adminNoSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/price-lists/{id}/import',
    form: priceListForm,
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/admin/price-lists/{id}/export.csv', expect: adminNoSuchOrder },
  {
    method: 'GET',
    path: '/api/v1/catalog/prices?productIds={id}',
    expect: signedIn,
  },
  // Issue 34: webhook endpoints are the shop's, an admin's only (no API key scope names them).
  {
    method: 'POST',
    path: '/api/v1/admin/webhooks',
    body: { url: 'https://93.184.216.34/matrix-hook', events: ['order.created'] },
    expect: adminOnly,
  },
  { method: 'GET', path: '/api/v1/admin/webhooks', expect: adminOnly },
  { method: 'DELETE', path: '/api/v1/admin/webhooks/{id}', expect: adminNoSuchOrder },
  { method: 'GET', path: '/api/v1/admin/webhooks/{id}/deliveries', expect: adminNoSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/webhooks/deliveries/{id}/resend',
    expect: adminNoSuchOrder,
  },
  // Issue 36: warehouses and their stock are a shop admin's (an unknown product: 404).
  {
    method: 'POST',
    path: '/api/v1/admin/warehouses',
    body: { name: 'Matrix DC', publicName: 'Matrix', country: 'GB', shipsTo: ['GB'] },
    expect: { visitor: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/v1/admin/warehouses', expect: adminOnly },
  // The matrix's id is a UUID, which no warehouse's (a number) is: a 400 for the admin alone.
  {
    method: 'PUT',
    path: '/api/v1/admin/warehouses/{id}',
    body: { name: 'Matrix DC', publicName: 'Matrix', country: 'GB', shipsTo: 'all' },
    expect: { visitor: 401, customerA: 403, customerB: 403, admin: 400 },
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/warehouses/{id}',
    expect: { visitor: 401, customerA: 403, customerB: 403, admin: 400 },
  },
  { method: 'GET', path: '/api/v1/admin/stock/{productId}', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/admin/stock/{productId}',
    body: { warehouse: 'Main', quantity: 3, reason: 'Matrix count' },
    expect: adminNoSuchOrder,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/stock/transfers',
    body: { productId: '00000000-0000-4000-8000-000000000000', from: 1, to: 2, quantity: 1 },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/admin/stock/low', expect: adminOnly },
  { method: 'GET', path: '/api/v1/admin/stock/low.csv', expect: adminOnly },
  { method: 'POST', path: '/api/v1/admin/stock/import', form: stockForm, expect: adminOnly },
  // Issue 36: backorder terms and purchase orders are a shop admin's (an unknown product: 404).
  { method: 'GET', path: '/api/v1/admin/products/{productId}/backorder', expect: adminNoSuchOrder },
  {
    method: 'PUT',
    path: '/api/v1/admin/products/{productId}/backorder',
    body: { allowed: true, leadTimeDays: 10 },
    expect: adminNoSuchOrder,
  },
  { method: 'GET', path: '/api/v1/admin/purchase-orders', expect: adminOnly },
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders',
    body: {
      productId: '00000000-0000-4000-8000-000000000000',
      quantity: 5,
      expectedOn: '2030-01-14',
    },
    expect: adminNoSuchOrder,
  },
  { method: 'DELETE', path: '/api/v1/admin/purchase-orders/{id}', expect: adminNoSuchOrder },
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders/{id}/receive',
    body: { warehouse: 'Main' },
    expect: adminNoSuchOrder,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders/import',
    form: purchaseOrderForm,
    expect: adminOnly,
  },
  // Last: it changes B's role, which no other row depends on.
  { method: 'PUT', path: `/api/v1/user/admin/${B}`, expect: adminOnly },
];

describe('authorization matrix', async () => {
  const app = await buildTestApp();
  const users: Record<Exclude<Caller, 'visitor'>, TestUser> = {
    customerA: await signUp(app, { email: A }),
    customerB: await signUp(app, { email: B }),
    admin: await signUpAdmin(app, { email: 'matrixadmin@example.com' }),
  };
  const form = await pngForm();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...form.headers, cookie: users.admin.cookie },
    payload: form.payload,
  });
  newProduct.img = uploaded.json().data.url;

  await app.db.execute(sql`insert into vehicles (id, year, make, model, engine, fuel)
    overriding system value values (${MATRIX_VEHICLE}, 2015, 'Toyota', 'Corolla', '1.8L L4', 'gas')`);

  // Rows about real orders of customer A (the {id} rows above name no order).
  const product = await createProduct(app, { minimumOrderQuantity: 1 });
  const orderOfA = () => placeOrder(app, users.customerA, { toolId: product.id, quantity: 1 });
  const [read, paid, cancelled, deleted] = [
    await orderOfA(),
    await orderOfA(),
    await orderOfA(),
    await orderOfA(),
  ];
  const customersOnly = { visitor: 401, customerA: 200, customerB: 403, admin: 403 };
  // A's paid order (its invoice) and A's saved list.
  const invoiced = await orderOfA();
  await payWithSandbox(app, users.customerA, invoiced);
  await app.inject({
    method: 'PUT',
    url: `/api/v1/cart/lines/${product.id}`,
    headers: { cookie: users.customerA.cookie },
    payload: { quantity: 1 },
  });
  const listOfA = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: { cookie: users.customerA.cookie },
      payload: { name: 'A list' },
    })
  ).json().data._id as string;
  rows.unshift(
    {
      method: 'GET',
      path: `/api/v1/orders/${invoiced}/invoice.pdf`,
      expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/v1/orders/${invoiced}/reorder`,
      expect: customersOnly,
    },
    {
      method: 'GET',
      path: `/api/v1/catalog/products/${product.slug}/fitment?vehicle=${MATRIX_VEHICLE}`,
      expect: publicRoute,
    },
    {
      method: 'GET',
      path: `/api/v1/lists/${listOfA}`,
      expect: { visitor: 401, customerA: 200, customerB: 404, admin: 404 },
    },
    {
      method: 'POST',
      path: `/api/v1/lists/${listOfA}/add-to-cart`,
      expect: { visitor: 401, customerA: 200, customerB: 404, admin: 403 },
    },

    { method: 'GET', path: `/api/v1/myPurchase/${read}`, expect: ownOrAdmin },
    // Issue 33: another buyer's order's shipments are not found, not forbidden.
    {
      method: 'GET',
      path: `/api/v1/orders/${read}/shipments`,
      expect: { visitor: 401, customerA: 200, customerB: 404, admin: 200 },
    },
    {
      method: 'POST',
      path: '/api/v1/create-payment-intent',
      body: { orderId: paid },
      expect: customersOnly,
    },
    // A made-up transaction id: A passes the access check and gets the 400 of a failed check.
    {
      method: 'PATCH',
      path: `/api/v1/myPurchase/${paid}`,
      body: { transactionId: 'sbx_pi_madeup' },
      expect: { ...customersOnly, customerA: 400 },
    },
    // A cancels it; the admin then finds it already cancelled.
    {
      method: 'DELETE',
      path: `/api/v1/myPurchase/${cancelled}`,
      expect: { visitor: 401, customerA: 200, customerB: 403, admin: 409 },
    },
    // Unpaid: not shippable.
    {
      method: 'PATCH',
      path: `/api/v1/manageOrder/${read}`,
      expect: { visitor: 401, customerA: 403, customerB: 403, admin: 409 },
    },
    { method: 'DELETE', path: `/api/v1/manageOrder/${deleted}`, expect: adminOnly },
  );

  it('covers every /api/v1 route the app serves', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = [
      ...rows.map(
        (r) => `${r.method} ${r.path.replace(A, '{email}').replace(B, '{email}').split('?')[0]}`,
      ),
      // Issue 19's routes have their own callers (members by role): company-authorization-matrix.
      ...companyRows.map((r) => `${r.method} ${r.path}`),
    ];
    for (const route of served.filter((r) => r.includes('/api/v1/')))
      expect(covered).toContain(route);
  });

  for (const row of rows) {
    for (const caller of ['visitor', 'customerA', 'customerB', 'admin'] as const) {
      it(`${row.method} ${row.path} as ${caller} → ${row.expect[caller]}`, async () => {
        const id = '00000000-0000-4000-8000-000000000000';
        const form = await row.form?.();
        const res = await app.inject({
          method: row.method,
          url: row.path
            .replace('{id}', id)
            .replace('{productId}', id)
            .replace('{vehicleId}', String(MATRIX_VEHICLE))
            .replace('{name}', '0123456789abcdef0123456789abcdef.webp'),
          headers: {
            ...form?.headers,
            ...(caller === 'visitor' ? {} : { cookie: users[caller].cookie }),
          },
          ...(row.body ? { payload: row.body } : {}),
          ...(form ? { payload: form.payload } : {}),
        });
        expect(res.statusCode).toBe(row.expect[caller]);
        // Downloads (the catalog's CSV, an invoice) are the answers that are not the JSON envelope.
        const type = String(res.headers['content-type']);
        if (res.statusCode === 200 && /^(text\/csv|application\/pdf)/.test(type)) return;
        expect(res.json().success).toBe(res.statusCode < 400);
      });
    }
  }
});
