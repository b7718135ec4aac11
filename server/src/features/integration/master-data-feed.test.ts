import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createApiKey } from '../../../test/api-key-helpers.ts';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Issue 34: the two scopes that had no route. `catalog:read` sweeps the live catalog and
 * `customers:read` the company accounts, oldest first by keyset, for an ERP's masters.
 */
describe('the catalog and customers for an ERP (catalog:read, customers:read)', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app, { email: 'master-admin@example.com' });
  const catalogKey = (await createApiKey(app, admin, ['catalog:read'])).key;
  const customersKey = (await createApiKey(app, admin, ['customers:read'])).key;
  const get = async <T>(key: string, url: string) => {
    const res = await app.inject({ url, headers: bearer(key) });
    return { status: res.statusCode, body: res.json() as { data: Page<T>; message?: string } };
  };
  /** Every page of a sweep, `limit` at a time. */
  const sweep = async <T>(key: string, path: string, limit: number) => {
    const items: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body } = await get<T>(key, `${path}?${query}`);
      expect(status).toBe(200);
      items.push(...body.data.items);
      cursor = body.data.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return items;
  };

  it('sweeps every live product once, oldest first, with its price in dollars', async () => {
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createProduct(app, { sku: `MASTER-${i}`, priceCents: 1999 + i }));
    await app.db.execute(
      sql`update products set sales_unit = 'box', max_order_quantity = 500 where sku = 'MASTER-1'`,
    );
    await createProduct(app, { sku: 'MASTER-GONE', deletedAt: new Date() });
    const items = await sweep<{ sku: string; price: number; id: string }>(
      catalogKey,
      '/api/v1/integration/products',
      2,
    );
    const ours = items.filter((item) => item.sku.startsWith('MASTER-'));
    expect(ours.map((item) => item.sku)).toEqual(made.map((product) => product.sku));
    expect(ours[0]).toMatchObject({
      price: 19.99,
      minimumOrderQuantity: 10,
      packSize: 1,
      salesUnit: 'each',
      maxOrderQuantity: null,
    });
    // Issue 35: the unit a piece is and the most one order may hold, as the ERP must sell them.
    expect(ours[1]).toMatchObject({ salesUnit: 'box', maxOrderQuantity: 500 });
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('sweeps the company accounts with their members', async () => {
    const owner = await signUp(app, { email: 'master-owner@example.com' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/company',
      headers: { cookie: owner.cookie },
      payload: { name: 'Master Fleet GmbH', taxId: 'DE123456789', billingAddress: '1 Hafenstr' },
    });
    expect(created.statusCode).toBe(200);
    const items = await sweep<{ name: string; members: unknown[]; taxId: string }>(
      customersKey,
      '/api/v1/integration/customers',
      1,
    );
    expect(items.find((company) => company.name === 'Master Fleet GmbH')).toMatchObject({
      taxId: 'DE123456789',
      billingAddress: '1 Hafenstr',
      balance: 0,
      members: [{ email: 'master-owner@example.com', role: 'admin' }],
    });
  });

  it('refuses a cursor it did not give, a limit past 1,000, an unknown parameter, a key of another scope', async () => {
    const bad = await get(catalogKey, '/api/v1/integration/products?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cursor/);
    expect((await get(catalogKey, '/api/v1/integration/products?limit=1001')).status).toBe(400);
    expect((await get(catalogKey, '/api/v1/integration/products?offset=5')).status).toBe(400);
    expect((await get(catalogKey, '/api/v1/integration/customers')).status).toBe(403);
    expect((await get(customersKey, '/api/v1/integration/products')).status).toBe(403);
  });
});
