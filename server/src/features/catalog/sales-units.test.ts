import { cartMessages } from '@proper-parts/domain/cart';
import { productEditMessages } from '@proper-parts/domain/product-edit';
import { parseQuickOrder } from '@proper-parts/domain/quick-order-parse';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';
import { cartLines, products, user } from '../../db/schema.ts';
import { matchQuickOrder } from '../cart/quick-order-match.ts';

/**
 * Issue 35: a product sells in a unit (each, box, pallet, metre, kg) with a maximum per order;
 * the cart, checkout, the spec's one-line order, quick order, the admin's edit and the catalog CSV
 * all follow it. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('units of sale and the most one order takes (issue 35)', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app, { name: 'Bea Buyer' });

  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  const emptyCart = async () => {
    const [me] = await app.db.select({ id: user.id }).from(user).where(eq(user.email, buyer.email));
    await app.db.delete(cartLines).where(eq(cartLines.userId, me?.id ?? ''));
  };
  const saved = async (id: string) =>
    (
      await app.db
        .select({ unit: products.salesUnit, max: products.maxOrderQuantity })
        .from(products)
        .where(eq(products.id, id))
    )[0];

  it('answers a box of 10 with its unit and maximum in the cart, and says when a line is above it', async () => {
    await emptyCart();
    const screws = await createProduct(app, {
      minimumOrderQuantity: 10,
      packSize: 10,
      salesUnit: 'box',
      maxOrderQuantity: 50,
      availableQuantity: 500,
    });
    const fine = await call(buyer, 'PUT', `/cart/lines/${screws.id}`, { quantity: 50 });
    expect(fine.json().data.lines[0]).toMatchObject({
      salesUnit: 'box',
      maxOrderQuantity: 50,
      problem: null,
    });
    const above = await call(buyer, 'PUT', `/cart/lines/${screws.id}`, { quantity: 60 });
    expect(above.json().data.lines[0].problem).toBe('At most 50 pcs per order');
    expect(cartMessages.packOf(10, 'box')).toBe('Sold in boxes of 10');
    const short = await call(buyer, 'PUT', `/cart/lines/${screws.id}`, { quantity: 25 });
    expect(short.json().data.lines[0].problem).toBe('Sold in boxes of 10');
  });

  it('refuses a checkout above the maximum and takes no stock; the same cart within it is placed', async () => {
    await emptyCart();
    const cable = await createProduct(app, {
      minimumOrderQuantity: 5,
      packSize: 5,
      salesUnit: 'metre',
      maxOrderQuantity: 100,
      availableQuantity: 1000,
    });
    await call(buyer, 'PUT', `/cart/lines/${cable.id}`, { quantity: 105 });
    const checkout = () =>
      call(buyer, 'POST', '/orders', { address: '1 Mill Rd, Peoria IL', phone: '+1 309 555 0100' });
    const refused = await checkout();
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(app, cable.id)).toBe(1000);
    await call(buyer, 'PUT', `/cart/lines/${cable.id}`, { quantity: 100 });
    const placed = await checkout();
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await stockOf(app, cable.id)).toBe(900);
  });

  it("refuses the spec's one-line order above the maximum with a 400 that says so", async () => {
    const pump = await createProduct(app, {
      minimumOrderQuantity: 1,
      maxOrderQuantity: 3,
      availableQuantity: 40,
    });
    const order = (quantity: number) =>
      call(buyer, 'POST', '/purchase', {
        toolId: pump.id,
        quantity,
        address: '1 Mill Rd',
        phone: '+1 309 555 0100',
      });
    const above = await order(4);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ success: false, message: 'At most 3 pcs per order' });
    expect(await stockOf(app, pump.id)).toBe(40);
    expect((await order(3)).statusCode).toBe(200);
    expect(await stockOf(app, pump.id)).toBe(37);
  });

  it('judges quick order lines on their total against the maximum, and rounds up to whole boxes', async () => {
    await createProduct(app, {
      sku: 'WASHER-M8-BOX',
      minimumOrderQuantity: 100,
      packSize: 100,
      salesUnit: 'box',
      maxOrderQuantity: 1000,
      availableQuantity: 5000,
    });
    const { lines } = await matchQuickOrder(
      app.db,
      parseQuickOrder('WASHER-M8-BOX 700\nwasher-m8-box 400\nWASHER-M8-BOX 150'),
    );
    expect(lines[0]).toMatchObject({
      status: 'above_maximum',
      salesUnit: 'box',
      maxOrderQuantity: 1000,
    });
    expect(lines[0]?.message).toMatch(/^At most 1,000 pcs per order/);
    const [alone] = (await matchQuickOrder(app.db, parseQuickOrder('WASHER-M8-BOX 150'))).lines;
    expect(alone).toMatchObject({ status: 'not_pack', roundedQuantity: 200 });
    expect(alone?.message).toBe('Rounded up to 200: a box holds 100');
  });

  it('lets an admin set and clear the unit and maximum, refusing a maximum below the minimum whichever is sent', async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 10 });
    const patch = (payload: object) => call(admin, 'PATCH', `/tools/${part.id}`, payload);
    expect((await patch({ salesUnit: 'pallet', maxOrderQuantity: 500 })).statusCode).toBe(200);
    expect(await saved(part.id)).toEqual({ unit: 'pallet', max: 500 });

    const below = await patch({ maxOrderQuantity: 5 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain(productEditMessages.maximumBelowMinimum);
    const both = await patch({ minimumOrderQuantity: 20, maxOrderQuantity: 10 });
    expect(both.statusCode).toBe(400);
    const minimumAbove = await patch({ minimumOrderQuantity: 600 });
    expect(minimumAbove.statusCode).toBe(400);
    expect(minimumAbove.json().message).toContain(productEditMessages.maximumBelowMinimum);
    expect((await patch({ salesUnit: 'litre' })).statusCode).toBe(400);
    expect(await saved(part.id)).toEqual({ unit: 'pallet', max: 500 });

    expect((await patch({ maxOrderQuantity: null })).statusCode).toBe(200);
    expect(await saved(part.id)).toEqual({ unit: 'pallet', max: null });
    // A customer cannot.
    expect((await call(buyer, 'PATCH', `/tools/${part.id}`, { salesUnit: 'kg' })).statusCode).toBe(
      403,
    );
  });

  it('imports and exports salesUnit and maxOrderQuantity (0: no limit), refusing bad lines by name', async () => {
    const importCsv = async (csv: string) => {
      const form = multipartBody([
        { name: 'file', filename: 'parts.csv', contentType: 'text/csv', content: csv },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/catalog/import',
        headers: { ...form.headers, cookie: admin.cookie, accept: 'application/json' },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { created: number; rejections: { line: number; reason: string }[] };
    };
    const report = await importCsv(
      [
        'sku,name,price,img,minimumOrderQuantity,packSize,salesUnit,maxOrderQuantity',
        'HOSE-R1,Hydraulic hose R1,4.10,/images/products/hose.svg,5,5,metre,200',
        'BOLT-BOX,Bolt box,9,/images/products/hose.svg,1,1,box,0',
        'BAD-UNIT,Bad unit,9,/images/products/hose.svg,1,1,litre,',
        'BAD-MAX,Bad max,9,/images/products/hose.svg,50,1,each,10',
      ].join('\n'),
    );
    expect(report.created, JSON.stringify(report)).toBe(2);
    expect(report.rejections.map((r) => r.line)).toEqual([4, 5]);
    expect(report.rejections[0]?.reason).toContain(
      'salesUnit: one of each, box, pallet, metre, kg',
    );
    expect(report.rejections[1]?.reason).toBe(
      'maxOrderQuantity: 10 is below the minimum order quantity 50',
    );
    const csv = (
      await app.inject({ method: 'GET', url: '/api/v1/catalog/export.csv', headers: as(admin) })
    ).body;
    const header = csv.split('\n')[0]?.split(',') ?? [];
    const row = (sku: string) => {
      const cells =
        csv
          .split('\n')
          .find((line) => line.startsWith(`${sku},`))
          ?.split(',') ?? [];
      return [cells[header.indexOf('salesUnit')], cells[header.indexOf('maxOrderQuantity')]];
    };
    expect(row('HOSE-R1')).toEqual(['metre', '200']);
    expect(row('BOLT-BOX')).toEqual(['box', '']);
    const again = await importCsv(csv);
    expect(again.created).toBe(0);
  });
});
