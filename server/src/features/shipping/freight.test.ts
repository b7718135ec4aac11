import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';

/**
 * Issue 33: each freight rule of the built-in driver (weight bands, a region's own zone, the free
 * threshold, pickup, freight quoted by the shop above a weight), and the quoted-freight state: an
 * order that cannot be paid until the shop enters its freight. Bad input is refused naming the
 * field. No sales tax here (an empty rate table): the totals are subtotal + freight.
 */
describe('freight', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  // $10.00 a piece, 2 kg each.
  const crate = await createProduct(app, {
    priceCents: 1000,
    minimumOrderQuantity: 1,
    availableQuantity: 100_000,
    weightGrams: 2000,
  });
  const saved = await call(admin, 'PUT', '/admin/shipping-methods', {
    methods: [
      {
        code: 'ground',
        name: 'Ground',
        kind: 'rates',
        estimate: '3-5 business days',
        freeOver: 500,
        quoteAboveGrams: 100_000,
        zones: [
          {
            countries: ['US'],
            regions: ['Alaska', 'HI'],
            bands: [{ upToGrams: 100_000, price: 80 }],
          },
          {
            countries: ['US'],
            bands: [
              { upToGrams: 5000, price: 9.5 },
              { upToGrams: 20_000, price: 19 },
              { upToGrams: 100_000, price: 49 },
            ],
          },
        ],
      },
      { code: 'pickup', name: 'Pick up at the shop', kind: 'pickup', estimate: 'Next day' },
    ],
  });
  const texas = {
    name: 'Pat',
    line1: '1 Main St',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  };

  async function buyerWith(quantity: number) {
    const buyer = await signUp(app);
    await call(buyer, 'PUT', `/cart/lines/${crate.id}`, { quantity });
    return buyer;
  }
  const quote = (buyer: TestUser, shipTo: object, shippingMethod?: string) =>
    call(buyer, 'POST', '/cart/quote', { shipTo, ...(shippingMethod ? { shippingMethod } : {}) });

  it('stores the methods as given (dollars, grams, region codes)', () => {
    expect(saved.statusCode, saved.body).toBe(200);
    const [ground] = saved.json().data.methods;
    expect(ground.zones[0].regions).toEqual(['AK', 'HI']);
    expect(ground.freeOver).toBe(500);
  });

  it.each([
    [2, 9.5],
    [3, 19],
    [10, 19],
    [11, 49],
  ])('prices %i crates by their weight band: $%s', async (quantity, freight) => {
    const buyer = await buyerWith(quantity);
    const q = (await quote(buyer, texas, 'ground')).json().data;
    expect(q.freight).toBe(freight);
    expect(q.total).toBe(quantity * 10 + freight);
    expect(q.shippingMethods).toEqual([
      {
        code: 'ground',
        name: 'Ground',
        price: freight,
        quoted: false,
        estimate: '3-5 business days',
      },
      {
        code: 'pickup',
        name: 'Pick up at the shop',
        price: 0,
        quoted: false,
        estimate: 'Next day',
      },
    ]);
  });

  it('prices Alaska by its own zone, and a country no zone names offers only pickup', async () => {
    const buyer = await buyerWith(2);
    const alaska = { ...texas, city: 'Juneau', region: 'AK', postalCode: '99801' };
    expect((await quote(buyer, alaska, 'ground')).json().data.freight).toBe(80);
    const france = {
      name: 'Pat',
      line1: '1 rue X',
      city: 'Lyon',
      postalCode: '69002',
      country: 'FR',
    };
    const abroad = (await quote(buyer, france)).json().data;
    expect(abroad.shippingMethods.map((m: { code: string }) => m.code)).toEqual(['pickup']);
    expect((await quote(buyer, france, 'ground')).statusCode).toBe(400);
  });

  it('ships free from the threshold on, and pickup is free', async () => {
    const below = await buyerWith(49);
    expect((await quote(below, texas, 'ground')).json().data.freight).toBe(49);
    const at = await buyerWith(50);
    expect((await quote(at, texas, 'ground')).json().data.freight).toBe(0);
    expect((await quote(below, texas, 'pickup')).json().data.freight).toBe(0);
    // Without a method named, the quote takes the cheapest.
    expect((await quote(below, texas)).json().data.shippingMethod).toBe('pickup');
  });

  it('leaves freight above the weight to the shop: the order waits, cannot be paid, then can', async () => {
    const buyer = await buyerWith(51); // 102 kg, above 100 kg: quoted by the shop, though $510 is above the free threshold
    const q = (await quote(buyer, texas, 'ground')).json().data;
    expect(q.freight).toBeNull();
    expect(q.shippingMethods[0]).toMatchObject({ code: 'ground', price: null, quoted: true });
    expect(q.total).toBe(510);
    const onAccount = await call(buyer, 'POST', '/orders', {
      shipTo: texas,
      shippingMethod: 'ground',
      paymentTerms: 'account',
      poNumber: 'PO-1',
    });
    expect(onAccount.statusCode).toBe(400);
    const placed = await call(buyer, 'POST', '/orders', {
      shipTo: texas,
      shippingMethod: 'ground',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({ status: 'awaiting_freight', freight: 0, total: 510, price: 510 });
    const intent = await call(buyer, 'POST', '/create-payment-intent', { orderId: order._id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toMatch(/pricing the freight/);
    // Only an admin enters it; a negative freight is refused naming the field.
    expect(
      (await call(buyer, 'PUT', `/manageOrder/${order._id}/freight`, { freight: 5 })).statusCode,
    ).toBe(403);
    const negative = await call(admin, 'PUT', `/manageOrder/${order._id}/freight`, { freight: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/freight/);
    const entered = await call(admin, 'PUT', `/manageOrder/${order._id}/freight`, {
      freight: 123.45,
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().data).toMatchObject({ status: 'unpaid', freight: 123.45, total: 633.45 });
    // Entered once: a second entry is refused.
    expect(
      (await call(admin, 'PUT', `/manageOrder/${order._id}/freight`, { freight: 1 })).statusCode,
    ).toBe(409);
    expect((await payWithSandbox(app, buyer, order._id)).statusCode).toBe(200);
    const paid = (await call(buyer, 'GET', `/myPurchase/${order._id}`)).json().data;
    expect(paid).toMatchObject({ paid: true, total: 633.45 });
  });

  it("judges a company buyer's limit once the freight is in: above it, approval", async () => {
    const buyer = await buyerWith(51); // 102 kg: quoted; $510
    const made = await call(buyer, 'POST', '/company', {
      name: `Limited Co ${buyer.email}`,
      billingAddress: '1 Main St, Austin TX',
    });
    expect(made.statusCode, made.body).toBe(200);
    // The buyer may order up to $600 without an approver (set here as a company admin would).
    await app.db.execute(
      sql`update company_members set role = 'buyer', order_limit_cents = 60000
        where company_id = ${made.json().data._id}`,
    );
    const placed = await call(buyer, 'POST', '/orders', {
      shipTo: texas,
      shippingMethod: 'ground',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data;
    // Within the limit while the freight is unknown: it waits for the freight, not for approval.
    expect(order).toMatchObject({ status: 'awaiting_freight', approvalExpiresAt: null });
    const entered = await call(admin, 'PUT', `/manageOrder/${order._id}/freight`, { freight: 150 });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().data).toMatchObject({ status: 'awaiting_approval', total: 660 });
    expect(entered.json().data.approvalExpiresAt).not.toBeNull();
  });

  it('refuses bad addresses and bad methods with a 400 naming the field', async () => {
    const buyer = await buyerWith(1);
    const long = 'x'.repeat(10_240);
    const cases: [object, RegExp][] = [
      [{ ...texas, country: 'XX' }, /country/i],
      [{ ...texas, region: 'BY' }, /region/i],
      [{ ...texas, region: '' }, /region/i],
      [{ ...texas, postalCode: '7870' }, /postal/i],
      [{ ...texas, postalCode: 'ABCDE' }, /postal/i],
      [{ ...texas, country: 'DE', region: 'TX', postalCode: '10115' }, /region/i],
      [{ ...texas, country: 'DE', region: '', postalCode: '1011' }, /postal/i],
      [{ ...texas, phone: '12' }, /phone/i],
      [{ ...texas, name: long }, /name/i],
      [{ ...texas, line1: long }, /line ?1/i],
      [{ ...texas, city: '' }, /city/i],
    ];
    for (const [shipTo, field] of cases) {
      const res = await quote(buyer, shipTo);
      expect(res.statusCode, JSON.stringify(shipTo).slice(0, 100)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    const badMethods = [
      [
        {
          code: 'x',
          name: 'X',
          kind: 'rates',
          zones: [{ countries: ['US'], bands: [{ upToGrams: -5, price: 1 }] }],
        },
        /upToGrams/,
      ],
      [
        {
          code: 'x',
          name: 'X',
          kind: 'rates',
          zones: [{ countries: ['US'], bands: [{ upToGrams: 5, price: -1 }] }],
        },
        /price/,
      ],
      [
        {
          code: 'x',
          name: 'X',
          kind: 'rates',
          zones: [{ countries: ['ZZ'], bands: [{ upToGrams: 5, price: 1 }] }],
        },
        /countries/,
      ],
      [
        {
          code: 'x',
          name: 'X',
          kind: 'rates',
          zones: [{ countries: ['US'], regions: ['Bavaria'], bands: [{ upToGrams: 5, price: 1 }] }],
        },
        /regions/,
      ],
      [{ code: 'x', name: long, kind: 'pickup' }, /name/],
      [{ code: 'x', name: 'X', kind: 'pickup', quoteAboveGrams: -1 }, /quoteAboveGrams/],
    ] as const;
    for (const [method, field] of badMethods) {
      const res = await call(admin, 'PUT', '/admin/shipping-methods', { methods: [method] });
      expect(res.statusCode, JSON.stringify(method).slice(0, 100)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    const badRates = [
      [{ region: 'Bavaria', name: 'X', rate: 5 }, /region/],
      [{ region: 'TX', name: 'X', rate: -1 }, /rate/],
      [{ region: 'TX', name: 'X', rate: 6.123456 }, /rate/],
      [{ region: 'TX', name: long, rate: 6 }, /name/],
    ] as const;
    for (const [rate, field] of badRates) {
      const res = await call(admin, 'PUT', '/admin/tax-rates', { rates: [rate] });
      expect(res.statusCode, JSON.stringify(rate).slice(0, 100)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
  });
});
