import { describe, expect, it } from 'vitest';
import { signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { twoCompanies } from '../../../test/part-number-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';

type QuickLine = { status: string; sku: string | null; customerPartNumber: string | null };

/**
 * Issue 35: a company's members order by its own numbers. Quick order and search find a part by
 * them for the company's members only; cart, order, invoice, packing slip and the orders export
 * show the number beside the SKU, as it was when the order was placed. Two companies give the
 * same number to different parts. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('ordering by a company’s own part numbers', async () => {
  const app = await buildTestApp();
  const f = await twoCompanies(app);
  const shopAdmin = await signUpAdmin(app);
  const part = { minimumOrderQuantity: 1, availableQuantity: 500, priceCents: 250 };
  const bolt = await createProduct(app, { ...part, sku: 'PO-BOLT-8', name: 'Hex bolt M8' });
  const nut = await createProduct(app, { ...part, sku: 'PO-NUT-8', name: 'Hex nut M8' });
  const setNumbers = async (who: TestUser, items: [string, string][]) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/company/part-numbers',
      headers: as(who),
      payload: { items: items.map(([sku, customerPartNumber]) => ({ sku, customerPartNumber })) },
    });
    expect(res.json().data.rejected, res.body).toBe(0);
  };
  // The same number names a bolt at A and a nut at B; B's own number for the bolt is B-777.
  await setNumbers(f.adminA, [['PO-BOLT-8', 'Shop/100']]);
  await setNumbers(f.adminB, [
    ['PO-NUT-8', 'SHOP-100'],
    ['PO-BOLT-8', 'B-777'],
  ]);

  const quickOrder = async (who: TestUser, text: string, add = false) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/quick-order',
      headers: as(who),
      payload: { text, add },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.lines as QuickLine[];
  };

  it('quick order finds a part by the buyer’s company’s number (any case or punctuation), only theirs', async () => {
    const [a] = await quickOrder(f.buyerA, 'shop-100 5');
    expect(a).toMatchObject({ status: 'ok', sku: 'PO-BOLT-8', customerPartNumber: 'Shop/100' });
    const [b] = await quickOrder(f.buyerB, 'SHOP100 5');
    expect(b).toMatchObject({ status: 'ok', sku: 'PO-NUT-8', customerPartNumber: 'SHOP-100' });
    // By SKU, the line still says the company's number.
    const [bySku] = await quickOrder(f.buyerB, 'PO-BOLT-8 2');
    expect(bySku?.customerPartNumber).toBe('B-777');
    // Another company's number, or someone in no company, finds nothing by it.
    expect((await quickOrder(f.buyerA, 'B-777 2'))[0]?.status).toBe('not_found');
    expect((await quickOrder(f.outsider, 'SHOP-100 2'))[0]).toMatchObject({
      status: 'not_found',
      customerPartNumber: null,
    });
  });

  it('search finds the part by a member’s own number, answered privately; others find nothing by it', async () => {
    const search = (who?: TestUser) =>
      app.inject({
        url: '/api/v1/catalog/search?q=shop-100',
        headers: who ? as(who) : {},
      });
    const skusOf = (res: Awaited<ReturnType<typeof search>>) =>
      (res.json().data.items as { sku: string }[]).map((item) => item.sku);
    // Interleaved, as a cache would see them.
    const visitor = await search();
    const a = await search(f.buyerA);
    const b = await search(f.buyerB);
    const outsider = await search(f.outsider);
    const visitorAgain = await search();
    expect(skusOf(a)[0]).toBe('PO-BOLT-8');
    expect(a.headers['cache-control']).toBe('private, no-store');
    expect(skusOf(b)[0]).toBe('PO-NUT-8');
    for (const res of [visitor, outsider, visitorAgain]) {
      expect(res.statusCode).toBe(200);
      expect(skusOf(res)).not.toContain('PO-BOLT-8');
      expect(skusOf(res)).not.toContain('PO-NUT-8');
    }
  });

  it('cart, order, invoice, packing slip and export carry the number as it was at checkout', async () => {
    await quickOrder(f.buyerA, 'SHOP-100 4', true);
    const cart = await app.inject({ url: '/api/v1/cart', headers: as(f.buyerA) });
    expect(cart.json().data.lines).toMatchObject([
      { sku: 'PO-BOLT-8', customerPartNumber: 'Shop/100', quantity: 4 },
    ]);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(f.buyerA),
      payload: { address: '1 Mill Road, Springfield', phone: '555 0100' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order.lines[0]).toMatchObject({ sku: 'PO-BOLT-8', customerPartNumber: 'Shop/100' });
    expect((await payWithSandbox(app, f.buyerA, order._id)).statusCode).toBe(200);

    // The company renames its number: the placed order keeps the one it had.
    await setNumbers(f.adminA, [['PO-BOLT-8', 'SHOP-200']]);
    const mine = await app.inject({
      url: `/api/v1/myPurchase/${order._id}`,
      headers: as(f.buyerA),
    });
    expect(mine.json().data.lines[0].customerPartNumber).toBe('Shop/100');

    const invoice = await app.inject({
      url: `/api/v1/orders/${order._id}/invoice.pdf`,
      headers: as(f.buyerA),
    });
    expect(invoice.statusCode, invoice.body.slice(0, 200)).toBe(200);
    const invoiceText = (await readPdf(invoice.rawPayload)).join('\n');
    expect(invoiceText).toContain('PO-BOLT-8');
    expect(invoiceText).toContain('Your no. Shop/100');

    const shipped = await app.inject({
      method: 'POST',
      url: `/api/v1/manageOrder/${order._id}/shipments`,
      headers: as(shopAdmin),
      payload: {
        lines: [{ productId: bolt.id, quantity: 4 }],
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const slip = await app.inject({
      url: `/api/v1/shipments/${shipped.json().data.id}/packing-slip.pdf`,
      headers: as(f.buyerA),
    });
    expect((await readPdf(slip.rawPayload)).join('\n')).toContain('Your no. Shop/100');

    const day = new Date().toISOString().slice(0, 10);
    const csv = await app.inject({
      url: `/api/v1/manageOrder/export.csv?from=${day}&to=${day}`,
      headers: as(shopAdmin),
    });
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header).toContain('sku,customerPartNumber,name');
    expect(rows.find((row) => row.includes('PO-BOLT-8'))).toContain(',PO-BOLT-8,Shop/100,');
    expect(nut.id).toBeTruthy();
  });
});
