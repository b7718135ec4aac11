import { API_SCOPES, type ApiScope } from '@proper-parts/domain/api-keys';
import { describe, expect, it } from 'vitest';
import { bearer, createApiKey } from './api-key-helpers.ts';
import { signUp, signUpAdmin } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';
import { createProduct, placeOrder } from './order-helpers.ts';

/**
 * Issue 34: API keys as callers of their own. Each integration route answers a key with its
 * scope, and refuses one without (403) or revoked (401); every other route that needs a
 * sign-in refuses every key (403), all scopes included: a key is no session, no admin, no buyer.
 * The routes come from the OpenAPI document, so a new route is in this matrix from the start.
 */
type KeyCaller = ApiScope | 'all scopes' | 'revoked';
const callers: KeyCaller[] = [...API_SCOPES, 'all scopes', 'revoked'];

interface IntegrationRow {
  method: 'GET' | 'PUT';
  path: string;
  scope: ApiScope;
  body?: (orderId: string) => object;
}

const integrationRows: IntegrationRow[] = [
  {
    method: 'PUT',
    path: '/api/v1/integration/stock',
    scope: 'stock:write',
    body: () => ({ items: [{ sku: 'KEY-MTX-1', quantity: 10 }] }),
  },
  {
    method: 'PUT',
    path: '/api/v1/integration/prices',
    scope: 'catalog:write',
    body: () => ({ items: [{ sku: 'KEY-MTX-1', price: 12.5 }] }),
  },
  { method: 'GET', path: '/api/v1/integration/orders', scope: 'orders:read' },
  { method: 'GET', path: '/api/v1/integration/products', scope: 'catalog:read' },
  { method: 'GET', path: '/api/v1/integration/customers', scope: 'customers:read' },
  {
    method: 'PUT',
    path: '/api/v1/integration/orders/{id}/export',
    scope: 'orders:write',
    body: () => ({ erpOrderNumber: 'SO-MATRIX' }),
  },
];

const expected = (row: IntegrationRow, caller: KeyCaller) => {
  if (caller === 'revoked') return 401;
  return caller === 'all scopes' || caller === row.scope ? 200 : 403;
};

describe('API key authorization matrix', async () => {
  const app = await buildTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '100000' });
  const admin = await signUpAdmin(app, { email: 'keymatrix-admin@example.com' });
  const buyer = await signUp(app, { email: 'keymatrix-buyer@example.com' });
  const product = await createProduct(app, { sku: 'KEY-MTX-1', minimumOrderQuantity: 1 });
  const orderId = await placeOrder(app, buyer, { toolId: product.id, quantity: 1 });
  const keys = {} as Record<KeyCaller, string>;
  for (const scope of API_SCOPES) keys[scope] = (await createApiKey(app, admin, [scope])).key;
  keys['all scopes'] = (await createApiKey(app, admin, API_SCOPES)).key;
  const revoked = await createApiKey(app, admin, API_SCOPES);
  keys.revoked = revoked.key;
  await app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/api-keys/${revoked.id}`,
    headers: { cookie: admin.cookie },
  });

  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  const routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        security: operation.security ?? [],
      })),
    );
  const sessionRoutes = routes.filter((r) =>
    r.security.some((s) => 'sessionCookie' in s || 'bearer' in s),
  );

  it('has a row for every route that takes a key, and no key route takes a session', () => {
    const keyRoutes = routes.filter((r) => r.security.some((s) => 'apiKey' in s));
    expect(keyRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      integrationRows.map((r) => `${r.method} ${r.path}`).sort(),
    );
    expect(sessionRoutes.length).toBeGreaterThan(60);
    // Issue 35: a company's part numbers are its members' only; a key reaches none of them.
    expect(sessionRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/company/part-numbers',
        'PUT /api/v1/company/part-numbers',
        'DELETE /api/v1/company/part-numbers',
        'POST /api/v1/company/part-numbers/import',
        // Issue 37: paying a credit note back is a shop admin's, never a machine's.
        'POST /api/v1/admin/credit-notes/{id}/pay-back',
        // Issue 36: importing purchase orders is a shop admin's, not an ERP key's.
        'POST /api/v1/admin/purchase-orders/import',
        'POST /api/v1/admin/purchase-orders/{id}/receive',
      ]),
    );
  });

  for (const row of integrationRows) {
    for (const caller of callers) {
      const status = expected(row, caller);
      it(`${row.method} ${row.path} with a key of ${caller} → ${status}`, async () => {
        const res = await app.inject({
          method: row.method,
          url: row.path.replace('{id}', orderId),
          headers: bearer(keys[caller]),
          ...(row.body ? { payload: row.body(orderId) } : {}),
        });
        expect(res.statusCode).toBe(status);
        expect(res.json().success).toBe(status === 200);
      });
    }
  }

  // Every scope at once, and each alone: no key reaches a route a session reaches.
  for (const caller of ['all scopes', 'stock:write'] as const) {
    it(`refuses a key of ${caller} on every session route (403)`, async () => {
      const wrong: string[] = [];
      for (const route of sessionRoutes) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            name === 'email' ? admin.email : '00000000-0000-4000-8000-000000000000',
          ),
          headers: bearer(keys[caller]),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 403 || res.json().success !== false)
          wrong.push(`${route.method} ${route.path} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
