import { checkoutRequest } from '@proper-parts/domain/cart';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';
import { countingStatements } from '../../../test/statement-counter.ts';
import type { Database } from '../../db/client.ts';
import { checkoutCart } from './checkout.ts';
import { shopPricing } from './pricing.ts';

/**
 * Issue 33 (checkout bench): a buyer of no company checks out the cart they last saw priced
 * (priced-cart-hint.ts) without the cart being read again first. The hint is never trusted: the
 * statement places the order only if the cart it locks has the hint's lines, quantities, unit
 * prices, deposits and weights and the buyer still belongs to no company; else the cart is read
 * and priced again. Each way a hint can go stale is made here, and the order must be priced as
 * the shop is now.
 */
describe('taxed checkout from the cart the buyer last saw', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const rates = await call(admin, 'PUT', '/admin/tax-rates', {
    rates: [{ country: 'US', region: 'TX', name: 'Texas', rate: 6.25, freightTaxable: true }],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  // $8 up to 1 kg, $20 above: a weight changed since the cart was seen changes the freight.
  const methods = await call(admin, 'PUT', '/admin/shipping-methods', {
    methods: [
      {
        code: 'ground',
        name: 'Ground',
        kind: 'rates',
        estimate: '3-5 days',
        freeOver: null,
        quoteAboveGrams: null,
        zones: [
          {
            countries: ['US'],
            bands: [
              { upToGrams: 1000, price: 8 },
              { upToGrams: 1_000_000, price: 20 },
            ],
          },
        ],
      },
    ],
  });
  expect(methods.statusCode, methods.body).toBe(200);
  const shipTo = {
    name: 'Pat',
    line1: '1 Main St',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  };
  const body = { shipTo, shippingMethod: 'ground' };
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)).rows as T[])[0] as T;

  /** A buyer who put 3 of a new $10.00, 100 g part in the cart (its answer priced the cart). */
  async function buyerWithCart() {
    const part = await createProduct(app, {
      priceCents: 1000,
      minimumOrderQuantity: 1,
      availableQuantity: 100,
      weightGrams: 100,
    });
    const user = await signUp(app);
    const put = await call(user, 'PUT', `/cart/lines/${part.id}`, { quantity: 3 });
    expect(put.statusCode, put.body).toBe(200);
    const { id } = await one<{ id: string }>(
      sql`select id from "user" where email = ${user.email}`,
    );
    return { part, user, buyer: { id, name: 'Pat', email: user.email } };
  }

  const checkout = (db: Database, buyer: { id: string; name: string; email: string }) =>
    checkoutCart(db, buyer, checkoutRequest.parse(body), {
      approvalHoldHours: 24,
      pricing: (tx) => shopPricing(app, tx),
    });

  /** 3 pieces at `unitCents`, `freight` dollars, 6.25 % on both, rounded per line. */
  const totalsAt = (unitCents: number, freight = 8, rate = 62500) => {
    const subtotal = unitCents * 3;
    const tax =
      Math.round((subtotal * rate) / 1_000_000) + Math.round((freight * 100 * rate) / 1_000_000);
    return {
      subtotal: subtotal / 100,
      freight,
      tax: tax / 100,
      total: (subtotal + freight * 100 + tax) / 100,
    };
  };

  // The rates and methods in memory (cart/rate-tables.ts), as after the shop's first quote: the
  // statements counted below are the checkout's own.
  const first = await buyerWithCart();
  expect((await call(first.user, 'POST', '/cart/quote', body)).statusCode).toBe(200);

  it('a cart no answer priced (written by another process) is read first', async () => {
    const part = await createProduct(app, { priceCents: 1000, minimumOrderQuantity: 1 });
    const user = await signUp(app);
    const { id } = await one<{ id: string }>(
      sql`select id from "user" where email = ${user.email}`,
    );
    await app.db.execute(
      sql`insert into cart_lines (user_id, product_id, quantity) values (${id}, ${part.id}, 3)`,
    );
    const counted = countingStatements(app);
    const order = await checkout(counted.db, { id, name: 'Pat', email: user.email });
    expect(counted.statements()).toBe(2);
    expect(order).toMatchObject(totalsAt(1000));
  });

  it('a new price since: placed at the new price, with its tax', async () => {
    const { part, user } = await buyerWithCart();
    await app.db.execute(sql`update products set price_cents = 1200 where id = ${part.id}`);
    const res = await call(user, 'POST', '/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject(totalsAt(1200));
    expect(res.json().data.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([
      12,
    ]);
  });

  it('another quantity since (another tab): placed for that quantity', async () => {
    const { part, user, buyer } = await buyerWithCart();
    await app.db.execute(
      sql`update cart_lines set quantity = 4 where user_id = ${buyer.id} and product_id = ${part.id}`,
    );
    const res = await call(user, 'POST', '/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ subtotal: 40, freight: 8, tax: 3 });
  });

  it('a heavier part since: the freight of the new weight', async () => {
    const { part, user } = await buyerWithCart();
    await app.db.execute(sql`update products set weight_grams = 1000 where id = ${part.id}`);
    const res = await call(user, 'POST', '/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject(totalsAt(1000, 20));
  });

  it('a company with a tax exemption joined since: its exemption applies, no tax', async () => {
    const { user, buyer } = await buyerWithCart();
    const company = await one<{ id: string }>(
      sql`insert into companies (name) values (${`Exempt ${buyer.id}`}) returning id`,
    );
    await app.db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${company.id}, ${buyer.id}, 'admin')`,
    );
    const exemption = await call(admin, 'PUT', `/admin/companies/${company.id}/tax-exemption`, {
      exemption: { certificateNumber: 'EX-1', regions: ['TX'], expiresOn: '2099-01-01' },
    });
    expect(exemption.statusCode, exemption.body).toBe(200);
    const res = await call(user, 'POST', '/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ subtotal: 30, freight: 8, tax: 0, total: 38 });
  });

  /** A buyer with a cart who then joined a new company (no answer has priced them as its member). */
  async function memberWithCart() {
    const found = await buyerWithCart();
    const company = await one<{ id: string }>(
      sql`insert into companies (name) values (${`Member ${found.buyer.id}`}) returning id`,
    );
    await app.db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${company.id}, ${found.buyer.id}, 'admin')`,
    );
    return { ...found, companyId: company.id };
  }

  it("a company member's cart: read first while no read has seen the company's tax facts", async () => {
    const { user, buyer } = await memberWithCart();
    // Seen again as a member: the hint names the company, whose facts were never read.
    expect((await call(user, 'GET', '/cart')).statusCode).toBe(200);
    const counted = countingStatements(app);
    const order = await checkout(counted.db, buyer);
    expect(counted.statements()).toBe(2);
    expect(order).toMatchObject(totalsAt(1000));
  });

  it.each([
    ['a buyer of no company', () => buyerWithCart()],
    ['a company member', () => memberWithCart()],
  ])("%s after their quote: one statement, at the quote's totals", async (_, withCart) => {
    const { user, buyer } = await withCart();
    const quote = await call(user, 'POST', '/cart/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    const counted = countingStatements(app);
    const order = await checkout(counted.db, buyer);
    expect(counted.statements()).toBe(1);
    const { subtotal, freight, tax, total } = quote.json().data;
    expect(order).toMatchObject({ subtotal, freight, tax, total });
    expect(order).toMatchObject(totalsAt(1000));
  });

  it("an exemption recorded for the member's company since their quote: no tax", async () => {
    const { user, companyId } = await memberWithCart();
    expect((await call(user, 'POST', '/cart/quote', body)).json().data.tax).toBeGreaterThan(0);
    const exemption = await call(admin, 'PUT', `/admin/companies/${companyId}/tax-exemption`, {
      exemption: { certificateNumber: 'EX-2', regions: ['TX'], expiresOn: '2099-01-01' },
    });
    expect(exemption.statusCode, exemption.body).toBe(200);
    const res = await call(user, 'POST', '/orders', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ subtotal: 30, freight: 8, tax: 0, total: 38 });
  });

  it("an exemption of the member's company expired since their quote: taxed", async () => {
    const { user, buyer, companyId } = await memberWithCart();
    const exemption = await call(admin, 'PUT', `/admin/companies/${companyId}/tax-exemption`, {
      exemption: { certificateNumber: 'EX-3', regions: ['TX'], expiresOn: '2099-01-01' },
    });
    expect(exemption.statusCode, exemption.body).toBe(200);
    expect((await call(user, 'POST', '/cart/quote', body)).json().data.tax).toBe(0);
    await app.db.execute(
      sql`update tax_exemptions set expires_on = '2020-01-01' where company_id = ${companyId}`,
    );
    const order = await checkout(app.db, buyer);
    expect(order).toMatchObject(totalsAt(1000));
  });

  it('a placed cart is forgotten: the next checkout of an empty cart is refused as empty', async () => {
    const { user } = await buyerWithCart();
    expect((await call(user, 'POST', '/orders', body)).statusCode).toBe(200);
    const again = await call(user, 'POST', '/orders', body);
    expect(again.statusCode).toBe(400);
  });
});
