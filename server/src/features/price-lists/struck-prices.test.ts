import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { payWithSandbox } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { buildPriceListShop, writeContracts } from './price-list-fixture.ts';

/**
 * Issue 35: where a buyer sees a price (quick order, saved lists, the order and its invoice) they
 * see their own and, where the list price is higher, the list price beside it (the web strikes it
 * through; the invoice PDF draws it struck under the price paid). A buyer without a contract
 * sees none. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('the list price beside a contract price', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'struck');
  await writeContracts(app, shop);
  const { net } = shop.products;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { cookie: user.cookie }, payload });

  it('quick order: each line says its list price and where its price came from', async () => {
    const text = `${net.sku} 2`;
    const [mine] = (await call(shop.buyerA, 'POST', '/cart/quick-order', { text })).json().data
      .lines;
    expect(mine).toMatchObject({ unitPrice: 77.77, listPrice: 100, priceSource: 'contract' });
    const [theirs] = (await call(shop.outsider, 'POST', '/cart/quick-order', { text })).json().data
      .lines;
    expect(theirs).toMatchObject({ unitPrice: 100, listPrice: 100, priceSource: 'list' });
  });

  it('a saved list prices its lines for its owner, with the list price', async () => {
    await call(shop.buyerA, 'PUT', `/cart/lines/${net.id}`, { quantity: 2 });
    const saved = await call(shop.buyerA, 'POST', '/lists', { name: 'Monthly' });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data._id;
    const list = (await call(shop.buyerA, 'GET', `/lists/${id}`)).json().data;
    expect(list.lines[0]).toMatchObject({
      sku: net.sku,
      unitPrice: 77.77,
      listPrice: 100,
      priceSource: 'contract',
    });
  });

  const checkout = async (user: TestUser) => {
    await call(user, 'PUT', `/cart/lines/${net.id}`, { quantity: 2 });
    const placed = await call(user, 'POST', '/orders', {
      address: '1 Mill Rd, Peoria IL',
      phone: '+1 309 555 0100',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect((await payWithSandbox(app, user, order._id)).statusCode).toBe(200);
    const pdf = await call(user, 'GET', `/orders/${order._id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    return { order, text: (await readPdf(pdf.rawPayload)).join('\n') };
  };

  it('the order keeps the list price, and the invoice shows it beside the price paid', async () => {
    const { order, text } = await checkout(shop.buyerA);
    expect(order.lines[0]).toMatchObject({ unitPrice: 77.77, listPrice: 100 });
    const read = (await call(shop.buyerA, 'GET', `/myPurchase/${order._id}`)).json().data;
    expect(read.lines[0].listPrice).toBe(100);
    expect(text).toContain('$77.77');
    expect(text).toContain('$100.00');
  });

  it('a buyer who pays the list price has no list price on the order or invoice', async () => {
    const { order, text } = await checkout(shop.outsider);
    expect(order.lines[0].unitPrice).toBe(100);
    expect(order.lines[0].listPrice ?? null).toBeNull();
    // $100.00 once as the unit price, and as the line's subtotal ($200.00), never twice in a row.
    expect(text.match(/\$100\.00/g)?.length).toBe(1);
  });

  it('/purchase keeps the list price too', async () => {
    const res = await call(shop.buyerA, 'POST', '/purchase', {
      toolId: net.id,
      quantity: 1,
      address: '1 Mill Rd',
      phone: '+1 309 555 0100',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.insertedId;
    const read = (await call(shop.buyerA, 'GET', `/myPurchase/${id}`)).json().data;
    expect(read.lines[0]).toMatchObject({ unitPrice: 77.77, listPrice: 100 });
  });
});
