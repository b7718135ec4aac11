import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';

/**
 * Issue 33: a quote's acceptance takes the structured ship-to address and a shipping method as
 * checkout does; freight and tax of the quoted lines, at the quoted prices, are what
 * `POST /quotes/{id}/price` showed and what the order stores, pays and charges a company's
 * account. A client that sends the one-line address keeps placing orders without them.
 * Texas taxes freight at 6.25%; Ground: $15.50 up to 10 kg, quoted by the shop above 20 kg.
 */
describe('accepting a quote with a structured address: freight and tax', async () => {
  const app = await buildTestApp();
  const shop = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  const setUp = await Promise.all([
    call(shop, 'PUT', '/admin/tax-rates', {
      rates: [
        { country: 'US', region: 'TX', name: 'Texas sales tax', rate: 6.25, freightTaxable: true },
      ],
    }),
    call(shop, 'PUT', '/admin/shipping-methods', {
      methods: [
        {
          code: 'ground',
          name: 'Ground',
          kind: 'rates',
          estimate: '3-5 business days',
          quoteAboveGrams: 20_000,
          zones: [{ countries: ['US'], bands: [{ upToGrams: 10_000, price: 15.5 }] }],
        },
      ],
    }),
  ]);
  // 500 g a piece, 3 in stock: a quote for 10 back-orders 7, and is priced for all 10.
  const gear = await createProduct(app, {
    priceCents: 1234,
    minimumOrderQuantity: 1,
    availableQuantity: 3,
    weightGrams: 500,
  });
  const texas = {
    name: 'Pat Buyer',
    line1: '1 Main St',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '+1 512 555 0142',
  };
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  /** An answered quote of `who` for `quantity` gears at $10.00 each; its id. */
  async function answeredQuote(who: TestUser, quantity = 10) {
    const requested = await call(who, 'POST', '/quotes', {
      message: 'Price please',
      lines: [{ productId: gear.id, quantity }],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().data._id as string;
    const answered = await call(shop, 'POST', `/admin/quotes/${id}/answer`, {
      lines: [{ lineNo: 1, unitPrice: 10 }],
      leadTimeDays: 5,
      expiresOn: inAWeek,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    return id;
  }
  const orderOf = async (who: TestUser, accepted: { json(): { data: { orderId: string } } }) =>
    (await call(who, 'GET', `/myPurchase/${accepted.json().data.orderId}`)).json().data;

  it('prices the quoted lines as the order then stores them, to the cent, and the card pays that', async () => {
    expect(setUp.map((res) => res.statusCode)).toEqual([200, 200]);
    const buyer = await signUp(app);
    const id = await answeredQuote(buyer);
    // $100.00 + $15.50 freight; tax 6.25% of each: 6.25 + 0.96875 -> 0.97 = 7.22.
    const priced = await call(buyer, 'POST', `/quotes/${id}/price`, { shipTo: texas });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data).toMatchObject({
      subtotal: 100,
      shippingMethod: 'ground',
      shippingMethods: [{ code: 'ground', price: 15.5, quoted: false }],
      freight: 15.5,
      taxes: [{ name: 'Texas sales tax', rate: 6.25, amount: 7.22 }],
      tax: 7.22,
      total: 122.72,
    });
    // Back-ordered pieces are no problem of a quote.
    expect(priced.json().data.lines).toEqual([
      expect.objectContaining({ quantity: 10, unitPrice: 10, tax: 6.25, problem: null }),
    ]);
    // Checkout's rule: a shop with methods needs one named to place the order.
    const unnamed = await call(buyer, 'POST', `/quotes/${id}/accept`, { shipTo: texas });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/shippingMethod/);
    const accepted = await call(buyer, 'POST', `/quotes/${id}/accept`, {
      shipTo: texas,
      shippingMethod: 'ground',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order = await orderOf(buyer, accepted);
    expect(order).toMatchObject({
      status: 'unpaid',
      quoteId: id,
      subtotal: 100,
      freight: 15.5,
      taxes: [{ name: 'Texas sales tax', rate: 6.25, amount: 7.22 }],
      tax: 7.22,
      total: 122.72,
      price: 122.72,
      shipTo: texas,
      shippingMethod: 'ground',
      shippingMethodName: 'Ground',
      phone: texas.phone,
    });
    expect(order.address).toContain('Austin');
    expect(order.lines).toEqual([
      expect.objectContaining({ quantity: 10, backordered: 7, lineTotal: 100, tax: 6.25 }),
    ]);
    expect((await payWithSandbox(app, buyer, order._id)).statusCode).toBe(200);
    const [paid] = (
      await app.db.execute(
        sql`select amount_cents as "amountCents" from payments where order_id = ${order._id}`,
      )
    ).rows as { amountCents: number | string }[];
    expect(Number(paid?.amountCents)).toBe(12_272);
  });

  it("keeps an old client's one-line address working: no freight, no tax", async () => {
    const buyer = await signUp(app);
    const id = await answeredQuote(buyer);
    const accepted = await call(buyer, 'POST', `/quotes/${id}/accept`, {
      address: '1 Mill Rd, Peoria IL',
      phone: '+1 309 555 0100',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await orderOf(buyer, accepted)).toMatchObject({
      address: '1 Mill Rd, Peoria IL',
      shipTo: null,
      subtotal: 100,
      freight: 0,
      tax: 0,
      total: 100,
    });
    // Neither an address nor a ship-to: refused naming the field.
    const other = await answeredQuote(buyer);
    const bare = await call(buyer, 'POST', `/quotes/${other}/accept`, { phone: '555 0100' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/address/i);
  });

  it('freight the shop quotes: the order waits for it; never on account; the price route says who may', async () => {
    const buyer = await signUp(app);
    const id = await answeredQuote(buyer, 50); // 25 kg
    const priced = (await call(buyer, 'POST', `/quotes/${id}/price`, { shipTo: texas })).json();
    expect(priced.data).toMatchObject({ freight: null, tax: 31.25, total: 531.25 });
    const onAccount = await call(buyer, 'POST', `/quotes/${id}/accept`, {
      shipTo: texas,
      shippingMethod: 'ground',
      paymentTerms: 'account',
      poNumber: 'PO-1',
    });
    expect(onAccount.statusCode).toBe(400);
    // Refused whole: the quote is still answered, and is accepted by card.
    const accepted = await call(buyer, 'POST', `/quotes/${id}/accept`, {
      shipTo: texas,
      shippingMethod: 'ground',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await orderOf(buyer, accepted)).toMatchObject({
      status: 'awaiting_freight',
      freight: 0,
      tax: 31.25,
      total: 531.25,
    });
    // Accepted: no more pricing of it; someone else's quote: not found; a bad address: 400.
    const again = await call(buyer, 'POST', `/quotes/${id}/price`, { shipTo: texas });
    expect(again.statusCode).toBe(409);
    const stranger = await signUp(app);
    const fresh = await answeredQuote(buyer);
    expect(
      (await call(stranger, 'POST', `/quotes/${fresh}/price`, { shipTo: texas })).statusCode,
    ).toBe(404);
    const bad = await call(buyer, 'POST', `/quotes/${fresh}/price`, {
      shipTo: { ...texas, region: 'BY' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/region/i);
  });

  it("a company's rules judge the whole total: above the limit with freight and tax, approval; on account, the balance takes the total", async () => {
    const [limited, payer] = [await signUp(app), await signUp(app)];
    const [company] = (
      await app.db.execute(
        sql`insert into companies (name, billing_address, terms_days, credit_limit_cents)
          values ('Quote Freight Co', '1 Road', 30, 100000) returning id`,
      )
    ).rows as { id: string }[];
    for (const [who, role, limit] of [
      [limited, 'buyer', 11_000],
      [payer, 'admin', null],
    ] as const)
      await app.db.execute(
        sql`insert into company_members (user_id, company_id, role, order_limit_cents)
          select id, ${company?.id}, ${role}, ${limit} from "user" where email = ${who.email}`,
      );
    // $100 is within a $110 limit; $122.72 with freight and tax is not.
    const id = await answeredQuote(limited);
    const waits = await call(limited, 'POST', `/quotes/${id}/accept`, {
      shipTo: texas,
      shippingMethod: 'ground',
    });
    expect(waits.statusCode, waits.body).toBe(200);
    expect(await orderOf(limited, waits)).toMatchObject({
      status: 'awaiting_approval',
      total: 122.72,
    });
    const own = await answeredQuote(payer);
    const invoiced = await call(payer, 'POST', `/quotes/${own}/accept`, {
      shipTo: texas,
      shippingMethod: 'ground',
      paymentTerms: 'account',
      poNumber: 'PO-9',
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect(await orderOf(payer, invoiced)).toMatchObject({ status: 'pending', total: 122.72 });
    const [balance] = (
      await app.db.execute(
        sql`select balance_cents as "balanceCents" from companies where id = ${company?.id}`,
      )
    ).rows as { balanceCents: number | string }[];
    expect(Number(balance?.balanceCents)).toBe(12_272);
  });
});
