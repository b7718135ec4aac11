import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, stockOf } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { rowsOf } from '../../db/queryable.ts';

/**
 * Issue 37: core deposits. A remanufactured alternator at $189.99 carries a $45.50 core deposit
 * with a 30-day core window. Shipped to Texas (6.25 %, freight taxed), the deposit is a line of
 * its own taxed as the part is; a core returned in time gives back the deposit and its tax, once
 * whatever the races; a core returned late is taken, and the deposit kept.
 */
describe('core deposits', async () => {
  const app = await buildTestApp({ SHOP_TAX_COUNTRY: 'DE', SHOP_VAT_NUMBER: 'DE811128135' });
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  await call(admin, 'PUT', '/admin/tax-rates', {
    rates: [
      { country: 'US', region: 'TX', name: 'Texas sales tax', rate: 6.25, freightTaxable: true },
    ],
  });
  await call(admin, 'PUT', '/admin/shipping-methods', {
    methods: [
      {
        code: 'ground',
        name: 'Ground',
        kind: 'rates',
        estimate: '3-5 business days',
        zones: [{ countries: ['US'], bands: [{ upToGrams: 10_000, price: 9 }] }],
      },
    ],
  });
  const shipTo = {
    name: 'Pat Buyer',
    line1: '1 Main Street',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  };

  /** An alternator with its deposit set through the admin's edit (PATCH /tools/{id}). */
  const alternator = async () => {
    const part = await createProduct(app, {
      priceCents: 18_999,
      minimumOrderQuantity: 1,
      availableQuantity: 50,
    });
    const refused = await call(admin, 'PATCH', `/tools/${part.id}`, { coreDeposit: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Core deposit must be 0 \(none\) or more/);
    const set = await call(admin, 'PATCH', `/tools/${part.id}`, {
      coreDeposit: 45.5,
      coreReturnDays: 30,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ coreDeposit: 45.5, coreReturnDays: 30 });
    return part;
  };

  /** A buyer's paid card order of 3 alternators to Texas, shipped whole. */
  const shippedOrder = async () => {
    const part = await alternator();
    const buyer = await signUp(app);
    await call(buyer, 'PUT', `/cart/lines/${part.id}`, { quantity: 3 });
    const cart = (await call(buyer, 'GET', '/cart')).json().data;
    // 3 x 189.99 = 569.97, and 3 x 45.50 = 136.50 of deposits.
    expect(cart).toMatchObject({ total: 706.47, deposits: 136.5 });
    expect(cart.lines[0]).toMatchObject({ coreDeposit: 45.5, coreReturnDays: 30 });
    const quote = (
      await call(buyer, 'POST', '/cart/quote', { shipTo, shippingMethod: 'ground' })
    ).json().data;
    // Tax: 569.97 x 6.25 % = 35.623 -> 35.62; deposits 136.50 -> 8.53125 -> 8.53; freight
    // 9.00 -> 0.5625 -> 0.56. Total 569.97 + 136.50 + 9.00 + 44.71 = 760.18.
    expect(quote).toMatchObject({
      subtotal: 569.97,
      deposits: 136.5,
      freight: 9,
      total: 760.18,
      taxes: [{ name: 'Texas sales tax', rate: 6.25, amount: 44.71 }],
    });
    expect(quote.lines[0]).toMatchObject({ tax: 35.62, depositTax: 8.53 });
    const placed = await call(buyer, 'POST', '/orders', { shipTo, shippingMethod: 'ground' });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({ subtotal: 569.97, deposits: 136.5, total: 760.18 });
    expect(order.tax).toBeCloseTo(44.71, 10);
    expect(order.lines[0]).toMatchObject({
      tax: 35.62,
      coreDeposit: { unitDeposit: 45.5, total: 136.5, tax: 8.53, returnDays: 30, returnBy: null },
    });
    expect((await payWithSandbox(app, buyer, order._id)).statusCode).toBe(200);
    const shipped = await call(admin, 'POST', `/manageOrder/${order._id}/shipments`, {
      lines: [{ productId: part.id, quantity: 3 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return { part, buyer, orderId: order._id as string };
  };

  /** The buyer asks to return `quantity` cores; the admin approves and receives them. */
  const coresReceived = async (
    { part, buyer, orderId }: Awaited<ReturnType<typeof shippedOrder>>,
    quantity: number,
  ) => {
    const asked = await call(buyer, 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId: part.id, quantity, reason: 'core_return' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    expect((await call(admin, 'POST', `/admin/returns/${id}/approve`)).statusCode).toBe(200);
    const stock = await stockOf(app, part.id);
    const got = await call(admin, 'POST', `/admin/returns/${id}/receive`, {
      lines: [{ productId: part.id, quantity, outcome: 'restock' }],
    });
    expect(got.statusCode, got.body).toBe(200);
    // A core is the buyer's old unit: it never goes back into the part's sellable stock.
    expect(await stockOf(app, part.id)).toBe(stock);
    return id;
  };

  const refundsOf = (id: string) =>
    rowsOf<{ amount: number }>(
      app.db,
      sql`select amount_cents::int as amount from sandbox_refunds
        where idempotency_key = ${`return-refund-${id}`}`,
    );

  it('an accepted quote carries the deposit line too, priced as the order then stores it', async () => {
    const part = await alternator();
    const buyer = await signUp(app);
    const requested = await call(buyer, 'POST', '/quotes', {
      message: 'Two alternators, please',
      lines: [{ productId: part.id, quantity: 2 }],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().data._id as string;
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answered = await call(admin, 'POST', `/admin/quotes/${id}/answer`, {
      lines: [{ lineNo: 1, unitPrice: 150 }],
      leadTimeDays: 5,
      expiresOn: inAWeek,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const target = { shipTo, shippingMethod: 'ground' };
    const priced = (await call(buyer, 'POST', `/quotes/${id}/price`, target)).json().data;
    // 2 x 45.50 of deposits, taxed as the part: 91.00 x 6.25 % = 5.6875 -> 5.69.
    expect(priced).toMatchObject({ subtotal: 300, deposits: 91 });
    expect(priced.lines[0]).toMatchObject({ depositTax: 5.69 });
    const accepted = await call(buyer, 'POST', `/quotes/${id}/accept`, target);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = accepted.json().data.orderId as string;
    const order = (await call(buyer, 'GET', `/myPurchase/${orderId}`)).json().data;
    expect(order).toMatchObject({ subtotal: 300, deposits: 91, total: priced.total });
    expect(order.total).toBeCloseTo(300 + 91 + order.freight + order.tax, 10);
    expect(order.lines[0]).toMatchObject({
      coreDeposit: { unitDeposit: 45.5, total: 91, tax: 5.69, returnDays: 30 },
    });
    expect((await payWithSandbox(app, buyer, orderId)).statusCode).toBe(200);
  });

  it('prints the deposit as a line of its own on the invoice', async () => {
    const { buyer, orderId } = await shippedOrder();
    const pdf = await call(buyer, 'GET', `/orders/${orderId}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/Core deposit: Bearing \d+/);
    expect(text).toContain('$136.50');
    expect(text).toContain('$760.18');
  });

  it("exports the deposit line and the order's deposits with the orders (CSV)", async () => {
    const { part, orderId } = await shippedOrder();
    const day = new Date().toISOString().slice(0, 10);
    const csv = await call(admin, 'GET', `/manageOrder/export.csv?from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.orderId === orderId)).toMatchObject({
      sku: part.sku,
      lineTotal: '569.97',
      lineTax: '35.62',
      lineDeposit: '136.50',
      lineDepositTax: '8.53',
      orderSubtotal: '569.97',
      orderDeposits: '136.50',
      orderTotal: '760.18',
    });
  });

  it('a core returned in time refunds its deposit and tax to the cent, once under 20 concurrent calls', async () => {
    const shipped = await shippedOrder();
    const id = await coresReceived(shipped, 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(admin, 'POST', `/admin/returns/${id}/refund`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    // 2 x 45.50 = 91.00, and 2/3 of the deposit line's 8.53 of tax: 5.6867 -> 5.69. No price of
    // the part: the buyer keeps it.
    expect(await refundsOf(id)).toEqual([{ amount: 9669 }]);
    const seen = (await call(shipped.buyer, 'GET', `/returns/${id}`)).json().data;
    expect(seen).toMatchObject({ refundState: 'refunded', refundCents: 9669, refundTaxCents: 569 });
    expect(seen.lines[0]).toMatchObject({
      reason: 'core_return',
      coreLate: false,
      depositCents: 4550,
    });
    const order = (await call(shipped.buyer, 'GET', `/myPurchase/${shipped.orderId}`)).json().data;
    expect(order.lines[0].coreDeposit).toMatchObject({ returnedInTime: 2, returnedLate: 0 });
    expect(order.lines[0].coreDeposit.returnBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The third core, in time: the rest of the deposit line's tax (8.53 - 5.69 = 2.84).
    const last = await coresReceived(shipped, 1);
    expect((await call(admin, 'POST', `/admin/returns/${last}/refund`)).statusCode).toBe(200);
    expect(await refundsOf(last)).toEqual([{ amount: 4550 + 284 }]);
    // Every core is back: no more can be asked for.
    const more = await call(shipped.buyer, 'POST', `/orders/${shipped.orderId}/returns`, {
      lines: [{ productId: shipped.part.id, quantity: 1, reason: 'core_return' }],
    });
    expect(more.statusCode).toBe(422);
  });

  it('a core returned after its window is taken, and the deposit kept: nothing refunded', async () => {
    const shipped = await shippedOrder();
    await app.db.execute(
      sql`update shipments set created_at = now() - interval '31 days'
        where order_id = ${shipped.orderId}`,
    );
    // Past the 30-day return window too: another reason is refused, a core is taken.
    const notNeeded = await call(shipped.buyer, 'POST', `/orders/${shipped.orderId}/returns`, {
      lines: [{ productId: shipped.part.id, quantity: 1, reason: 'not_needed' }],
    });
    expect(notNeeded.statusCode).toBe(422);
    const id = await coresReceived(shipped, 1);
    const seen = (await call(shipped.buyer, 'GET', `/returns/${id}`)).json().data;
    expect(seen.lines[0]).toMatchObject({ reason: 'core_return', coreLate: true });
    const refund = await call(admin, 'POST', `/admin/returns/${id}/refund`);
    expect(refund.statusCode).toBe(422);
    expect(refund.json().message).toMatch(/after its core return window: the deposit is kept/);
    expect(await refundsOf(id)).toEqual([]);
    const order = (await call(shipped.buyer, 'GET', `/myPurchase/${shipped.orderId}`)).json().data;
    expect(order.lines[0].coreDeposit).toMatchObject({ returnedInTime: 0, returnedLate: 1 });
    expect(order.lines[0].coreDeposit.returnBy < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('a part returned whole gives back its price and its deposit; the restocking fee is on the part only', async () => {
    const shipped = await shippedOrder();
    const asked = await call(shipped.buyer, 'POST', `/orders/${shipped.orderId}/returns`, {
      lines: [{ productId: shipped.part.id, quantity: 1, reason: 'not_needed' }],
    });
    const id = asked.json().data.id as string;
    await call(admin, 'POST', `/admin/returns/${id}/approve`);
    const stock = await stockOf(app, shipped.part.id);
    await call(admin, 'POST', `/admin/returns/${id}/receive`, {
      lines: [{ productId: shipped.part.id, quantity: 1, outcome: 'restock' }],
    });
    expect(await stockOf(app, shipped.part.id)).toBe(stock + 1);
    const refund = await call(admin, 'POST', `/admin/returns/${id}/refund`, {
      restockingFeePercent: 10,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Part: 189.99 + 1/3 of 35.62 (11.873 -> 11.87); deposit: 45.50 + 1/3 of 8.53 (2.843 ->
    // 2.84); fee: 10 % of 189.99 = 19.00 (18.999 rounded half up).
    const expected = 18_999 + 1187 + 4550 + 284 - 1900;
    expect(refund.json().data).toMatchObject({ refundCents: expected, restockingFeeCents: 1900 });
    expect(await refundsOf(id)).toEqual([{ amount: expected }]);
  });

  it('refuses a core return of a part without a deposit', async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 10 });
    const buyer = await signUp(app);
    await call(buyer, 'PUT', `/cart/lines/${part.id}`, { quantity: 1 });
    const placed = await call(buyer, 'POST', '/orders', { shipTo, shippingMethod: 'ground' });
    const orderId = placed.json().data._id as string;
    expect(placed.json().data.lines[0].coreDeposit).toBeUndefined();
    expect(placed.json().data.deposits).toBe(0);
    await payWithSandbox(app, buyer, orderId);
    await call(admin, 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const asked = await call(buyer, 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId: part.id, quantity: 1, reason: 'core_return' }],
    });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().message).toMatch(/carries no core deposit/);
  });

  it('on account, a core returned in time is credited by a credit note naming the deposit line; the balance moves once', async () => {
    const part = await alternator();
    const buyer = await signUp(app);
    const company = await call(buyer, 'POST', '/company', {
      name: `Core Co ${buyer.email}`,
      billingAddress: '1 Main Street, Austin',
    });
    expect(company.statusCode, company.body).toBe(200);
    const companyId = company.json().data._id as string;
    const terms = await call(admin, 'PUT', `/admin/companies/${companyId}/terms`, {
      termsDays: 30,
      creditLimit: 100_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    await call(buyer, 'PUT', `/cart/lines/${part.id}`, { quantity: 3 });
    const placed = await call(buyer, 'POST', '/orders', {
      shipTo,
      shippingMethod: 'ground',
      paymentTerms: 'account',
      poNumber: 'PO-CORE-1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    expect(placed.json().data.total).toBe(760.18);
    await call(admin, 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 3 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const balance = async () =>
      Number(
        (
          await rowsOf<{ b: string }>(
            app.db,
            sql`select balance_cents as b from companies where id = ${companyId}`,
          )
        )[0]?.b,
      );
    expect(await balance()).toBe(76_018);
    const id = await coresReceived({ part, buyer, orderId }, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(admin, 'POST', `/admin/returns/${id}/refund`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // 45.50 and 1/3 of the deposit line's 8.53 of tax (2.843 -> 2.84).
    const [note] = await rowsOf<{ lines: unknown; total: number }>(
      app.db,
      sql`select lines, total_cents::int as total from credit_notes where return_id = ${id}`,
    );
    expect(note?.total).toBe(4834);
    const lines = typeof note?.lines === 'string' ? JSON.parse(note.lines) : note?.lines;
    expect(lines).toEqual([
      {
        sku: part.sku,
        name: `Core deposit: ${part.name}`,
        quantity: 1,
        unitPriceCents: 4550,
        lineTotalCents: 4550,
        taxCents: 284,
      },
    ]);
    expect(await balance()).toBe(76_018 - 4834);
    // The returns export names the deposit given back within the refund.
    const day = new Date().toISOString().slice(0, 10);
    const csv = await call(admin, 'GET', `/admin/returns/export.csv?from=${day}&to=${day}`);
    const rmaNumber = answers.find((r) => r.statusCode === 200)?.json().data.rmaNumber;
    expect(
      (parse(csv.body, { columns: true }) as Record<string, string>[]).find(
        (row) => row.rmaNumber === rmaNumber,
      ),
    ).toMatchObject({ refund: '48.34', tax: '2.84', deposits: '45.50', restockingFee: '0.00' });
  });
});
