import { cartMessages, checkoutRequest } from '@proper-parts/domain/cart';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';
import type { Database } from '../../db/client.ts';
import type { Pricing } from './cart-quote.ts';
import { checkoutCart } from './checkout.ts';
import { shopPricing } from './pricing.ts';

/**
 * Issue 33 (checkout bench): the taxed checkout prices the cart once before its statement
 * (checkout-pricing.ts: one read, the rates and methods from memory), and the statement writes
 * that pricing only if the lines it locks price the same. Here the tax driver itself changes the
 * shop between the pricing and the statement: a new list price, a price break, a contract price
 * for the buyer's company, another quantity. Each must be caught, priced again, and the order
 * placed at the new price with its tax; a cart that keeps changing is refused, nothing taken.
 * Also: a rate saved by the admin reaches the next quote at once, and a rate written by anyone
 * else (another process) through the change feed.
 */
describe('taxed checkout: a change between the pricing and the statement', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const rates = (rate: number) =>
    call(admin, 'PUT', '/admin/tax-rates', {
      rates: [{ country: 'US', region: 'TX', name: 'Texas', rate, freightTaxable: true }],
    });
  expect((await rates(6.25)).statusCode).toBe(200);
  const methods = await call(admin, 'PUT', '/admin/shipping-methods', {
    methods: [
      {
        code: 'ground',
        name: 'Ground',
        kind: 'rates',
        estimate: '3-5 days',
        freeOver: null,
        quoteAboveGrams: null,
        zones: [{ countries: ['US'], bands: [{ upToGrams: 1_000_000, price: 8 }] }],
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
  const input = checkoutRequest.parse({ shipTo, shippingMethod: 'ground' });
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)).rows as T[])[0] as T;

  /** A buyer with 3 of a new $10.00 part in the cart. */
  async function cartOfThree() {
    const part = await createProduct(app, {
      priceCents: 1000,
      minimumOrderQuantity: 1,
      availableQuantity: 100,
    });
    const user = await signUp(app);
    expect((await call(user, 'PUT', `/cart/lines/${part.id}`, { quantity: 3 })).statusCode).toBe(
      200,
    );
    const { id } = await one<{ id: string }>(
      sql`select id from "user" where email = ${user.email}`,
    );
    return { part, user, buyer: { id, name: 'Pat', email: user.email } };
  }

  /** The shop's pricing, whose tax driver runs `change(n)` on its n-th call, before pricing. */
  function changingOn(change: (call: number) => Promise<void>) {
    let calls = 0;
    const pricing = (db: Database): Pricing => {
      const shop = shopPricing(app, db);
      return {
        ...shop,
        tax: {
          name: 'changing',
          async calculate(request) {
            calls += 1;
            await change(calls);
            return shop.tax.calculate(request);
          },
        },
      };
    };
    return { pricing, calls: () => calls };
  }

  /** 3 pieces at `unitCents`, $8 freight, 6.25 % on both, rounded per line. */
  const totalsAt = (unitCents: number) => {
    const subtotal = unitCents * 3;
    const tax = Math.round((subtotal * 62500) / 1_000_000) + 50;
    return {
      subtotal: subtotal / 100,
      freight: 8,
      tax: tax / 100,
      total: (subtotal + 800 + tax) / 100,
    };
  };

  it('a new list price: priced again, placed at the new price with its tax', async () => {
    const { part, buyer } = await cartOfThree();
    const changing = changingOn(async (n) => {
      if (n === 1)
        await app.db.execute(sql`update products set price_cents = 1200 where id = ${part.id}`);
    });
    const order = await checkoutCart(app.db, buyer, input, {
      approvalHoldHours: 24,
      pricing: changing.pricing,
    });
    expect(changing.calls()).toBe(2);
    expect(order).toMatchObject(totalsAt(1200));
    expect(order.lines.map((line) => line.unitPrice)).toEqual([12]);
  });

  it('a price break added: priced again at the tier price', async () => {
    const { part, buyer } = await cartOfThree();
    const changing = changingOn(async (n) => {
      if (n === 1)
        await app.db.execute(
          sql`insert into price_breaks (product_id, min_quantity, price_cents) values (${part.id}, 2, 900)`,
        );
    });
    const order = await checkoutCart(app.db, buyer, input, {
      approvalHoldHours: 24,
      pricing: changing.pricing,
    });
    expect(changing.calls()).toBe(2);
    expect(order).toMatchObject(totalsAt(900));
  });

  it("a contract price for the buyer's company: priced again, the contract applies (decision 038)", async () => {
    const { part, buyer } = await cartOfThree();
    const changing = changingOn(async (n) => {
      if (n !== 1) return;
      const company = await one<{ id: string }>(
        sql`insert into companies (name) values (${`Contract ${buyer.id}`}) returning id`,
      );
      await app.db.execute(
        sql`insert into company_members (company_id, user_id, role) values (${company.id}, ${buyer.id}, 'admin')`,
      );
      const list = await one<{ id: string }>(
        sql`insert into price_lists (name) values ('Net') returning id`,
      );
      await app.db.execute(
        sql`insert into price_list_companies (price_list_id, company_id) values (${list.id}, ${company.id})`,
      );
      await app.db.execute(
        sql`insert into price_list_entries (price_list_id, product_id, price_cents) values (${list.id}, ${part.id}, 700)`,
      );
    });
    const order = await checkoutCart(app.db, buyer, input, {
      approvalHoldHours: 24,
      pricing: changing.pricing,
    });
    expect(changing.calls()).toBe(2);
    expect(order).toMatchObject(totalsAt(700));
  });

  it('another quantity in the cart: priced again for it', async () => {
    const { part, buyer } = await cartOfThree();
    const changing = changingOn(async (n) => {
      if (n === 1)
        await app.db.execute(
          sql`update cart_lines set quantity = 4 where user_id = ${buyer.id} and product_id = ${part.id}`,
        );
    });
    const order = await checkoutCart(app.db, buyer, input, {
      approvalHoldHours: 24,
      pricing: changing.pricing,
    });
    expect(changing.calls()).toBe(2);
    expect(order.lines.map((line) => line.quantity)).toEqual([4]);
    expect(order.subtotal).toBe(40);
    expect(order.tax).toBe(3); // 6.25 % of 40 + 6.25 % of 8
  });

  it('a cart that changes at every pricing: 409, nothing taken, the cart kept', async () => {
    const { part, buyer } = await cartOfThree();
    const changing = changingOn(async (n) => {
      await app.db.execute(
        sql`update products set price_cents = ${1000 + n} where id = ${part.id}`,
      );
    });
    await expect(
      checkoutCart(app.db, buyer, input, { approvalHoldHours: 24, pricing: changing.pricing }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: cartMessages.cartChanged });
    expect(changing.calls()).toBe(2);
    const stock = await one<{ n: number }>(
      sql`select available_quantity as n from products where id = ${part.id}`,
    );
    expect(stock.n).toBe(100);
    const kept = await one<{ n: number }>(
      sql`select count(*)::int as n from cart_lines where user_id = ${buyer.id}`,
    );
    expect(kept.n).toBe(1);
  });

  it("on account, a statement refused for its pricing holds none of the company's credit: only the placed order's total", async () => {
    const { part, buyer } = await cartOfThree();
    const { id: companyId } = await one<{ id: string }>(
      sql`insert into companies (name, terms_days, credit_limit_cents)
        values ('Repriced Co', 30, 100000) returning id`,
    );
    await app.db.execute(
      sql`insert into company_members (user_id, company_id, role)
        values (${buyer.id}, ${companyId}, 'buyer')`,
    );
    const changing = changingOn(async (n) => {
      if (n === 1)
        await app.db.execute(sql`update products set price_cents = 1200 where id = ${part.id}`);
    });
    const order = await checkoutCart(
      app.db,
      buyer,
      checkoutRequest.parse({
        shipTo,
        shippingMethod: 'ground',
        paymentTerms: 'account',
        poNumber: 'PO-7',
      }),
      { approvalHoldHours: 24, pricing: changing.pricing },
    );
    expect(changing.calls()).toBe(2);
    expect(order).toMatchObject({ status: 'pending', ...totalsAt(1200) });
    // Before the fix the first, refused statement raised the balance by its own total too.
    const { balance } = await one<{ balance: string }>(
      sql`select balance_cents as balance from companies where id = ${companyId}`,
    );
    expect(Number(balance)).toBe(Math.round(totalsAt(1200).total * 100));
  });

  it("the admin's new rate reaches the next quote at once; a rate written elsewhere, through the change feed", async () => {
    const { user } = await cartOfThree();
    const taxOf = async () =>
      (await call(user, 'POST', '/cart/quote', { shipTo, shippingMethod: 'ground' })).json().data
        .tax;
    expect(await taxOf()).toBe(2.38); // 6.25 % of 30 (1.875 → 1.88) + of 8 (0.50)
    expect((await rates(8.25)).statusCode).toBe(200);
    expect(await taxOf()).toBe(3.14); // 8.25 % of 30 (2.475 → 2.48) + of 8 (0.66)
    // Another process's write: no route of this one announces it; the trigger's notification does.
    await app.db.execute(
      sql`update tax_rates set rate_ppm = 100000 where country = 'US' and region = 'TX'`,
    );
    await expect.poll(taxOf, { timeout: 5000 }).toBe(3.8); // 10 % of 30 and of 8
  });
});
