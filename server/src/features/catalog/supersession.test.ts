import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';
import { cartLines, user } from '../../db/schema.ts';

/** Issue 36: superseded part numbers. Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('superseded part numbers: A → B → C', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app);

  const call = (who: TestUser | null, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: who ? as(who) : {},
      ...(payload ? { payload } : {}),
    });
  const replace = (id: string, supersededBy: string) =>
    call(admin, 'PATCH', `/tools/${id}`, { supersededBy });
  const product = async (slug: string) =>
    (await call(null, 'GET', `/catalog/products/${slug}`)).json().data;

  const a = await createProduct(app, {
    sku: 'BRG-1',
    name: 'Old bearing',
    minimumOrderQuantity: 1,
  });
  const b = await createProduct(app, {
    sku: 'BRG-2',
    name: 'Newer bearing',
    minimumOrderQuantity: 1,
  });
  const c = await createProduct(app, {
    sku: 'BRG-3',
    name: 'Current bearing',
    minimumOrderQuantity: 2,
    priceCents: 900,
  });

  it('a chain of 3: the old part names the end of the chain, the new one what it replaces', async () => {
    expect((await replace(a.id, 'brg-2')).statusCode).toBe(200); // a SKU in any case
    const res = await replace(b.id, 'BRG-3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.replacedBySku).toBe('BRG-3');
    const old = await product(a.slug);
    expect(old.supersededBy).toEqual({ sku: 'BRG-3', slug: c.slug });
    expect(old.replacedBySku).toBe('BRG-2');
    expect((await product(b.slug)).supersededBy).toEqual({ sku: 'BRG-3', slug: c.slug });
    const current = await product(c.slug);
    expect(current.supersededBy).toBeNull();
    expect(current.supersedes).toEqual(['BRG-2', 'BRG-1']);
  });

  it('refuses a cycle and self-replacement with a 4xx naming the field; nothing changes', async () => {
    const cycle = await replace(c.id, 'BRG-1');
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toMatchObject({ success: false });
    expect(cycle.json().message).toMatch(
      /^supersededBy: BRG-3 → BRG-1 → BRG-2 → BRG-3 would be a cycle/,
    );
    const self = await replace(a.id, 'BRG-1');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('supersededBy: BRG-1 cannot replace itself');
    const unknown = await replace(a.id, 'NO-SUCH');
    expect(unknown.json().message).toBe('supersededBy: no product has the SKU NO-SUCH');
    expect((await product(c.slug)).supersededBy).toBeNull();
    expect((await product(a.slug)).replacedBySku).toBe('BRG-2');
  });

  it('search finds the old number, its card naming the replacement (the cache follows an edit)', async () => {
    const search = async () =>
      (await call(null, 'GET', '/catalog/search?q=BRG-1'))
        .json()
        .data.items.find((i: { sku: string }) => i.sku === 'BRG-1');
    expect((await search()).supersededBy).toEqual({ sku: 'BRG-3', slug: c.slug });
    // B taken off the chain: A now ends at B, and the cached search says so at once.
    expect((await replace(b.id, '')).statusCode).toBe(200);
    expect((await search()).supersededBy).toEqual({ sku: 'BRG-2', slug: b.slug });
    expect((await replace(b.id, 'BRG-3')).statusCode).toBe(200);
    expect((await search()).supersededBy).toEqual({ sku: 'BRG-3', slug: c.slug });
  });

  it('quick order answers an old number with its replacement; `add` leaves it out', async () => {
    const res = await call(buyer, 'POST', '/cart/quick-order', { text: 'brg-1 4\nBRG-3 2' });
    expect(res.statusCode, res.body).toBe(200);
    const [old, current] = res.json().data.lines;
    expect(old).toMatchObject({
      status: 'superseded',
      productId: c.id,
      sku: 'BRG-3',
      replaces: 'BRG-1',
      quantity: 4,
      unitPrice: 9,
      lineTotal: 36,
      message: 'BRG-1 is replaced by BRG-3',
    });
    expect(current).toMatchObject({ status: 'ok', productId: c.id });
    expect(res.json().data.total).toBe(18);
  });

  it('a cart holding the old part flags it with the replacement', async () => {
    await call(buyer, 'PUT', `/cart/lines/${a.id}`, { quantity: 3 });
    const cart = (await call(buyer, 'GET', '/cart')).json().data;
    const line = cart.lines.find((l: { productId: string }) => l.productId === a.id);
    expect(line.supersededBy).toEqual({ productId: c.id, sku: 'BRG-3', slug: c.slug });
    const saved = await call(buyer, 'POST', '/lists', { name: 'Bearings' });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await call(buyer, 'GET', `/lists/${saved.json().data._id}`)).json().data;
    expect(
      list.lines.find((l: { productId: string }) => l.productId === a.id).supersededBy,
    ).toEqual({ productId: c.id, sku: 'BRG-3', slug: c.slug });
  });

  it('reorder of an old order puts the replacement in the cart and says so', async () => {
    const old = await createProduct(app, {
      sku: 'SEAL-1',
      name: 'Old seal',
      minimumOrderQuantity: 1,
    });
    const buyerId =
      (await app.db.select({ id: user.id }).from(user).where(eq(user.email, buyer.email)))[0]?.id ??
      '';
    await app.db.delete(cartLines).where(eq(cartLines.userId, buyerId));
    await call(buyer, 'PUT', `/cart/lines/${old.id}`, { quantity: 5 });
    const order = await call(buyer, 'POST', '/orders', {
      address: '1 Mill Rd, Peoria IL',
      phone: '+1 309 555 0100',
    });
    expect(order.statusCode, order.body).toBe(200);
    const successor = await createProduct(app, {
      sku: 'SEAL-2',
      name: 'New seal',
      minimumOrderQuantity: 1,
    });
    expect((await replace(old.id, 'SEAL-2')).statusCode).toBe(200);
    const res = await call(buyer, 'POST', `/orders/${order.json().data._id}/reorder`);
    expect(res.statusCode, res.body).toBe(200);
    const { cart, replaced, notSold } = res.json().data;
    expect(
      cart.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([[successor.id, 5]]);
    expect(replaced).toEqual([{ sku: 'SEAL-1', replacementSku: 'SEAL-2' }]);
    expect(notSold).toEqual([]);
  });

  it('only an admin sets a replacement', async () => {
    const res = await call(buyer, 'PATCH', `/tools/${a.id}`, { supersededBy: 'BRG-3' });
    expect(res.statusCode).toBe(403);
  });
});
