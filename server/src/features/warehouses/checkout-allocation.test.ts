import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';

/**
 * Issue 36: checkout takes each line's pieces from warehouses, in its one statement: the nearest
 * warehouse holding the whole cart, else the fewest; the order's lines record where; a cancel
 * gives back to where they came from. PGlite, and PostgreSQL with DATABASE_URL.
 */
describe('allocation at checkout', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const methods = await call(admin, 'PUT', '/admin/shipping-methods', {
    methods: [
      {
        code: 'ground',
        name: 'Ground',
        kind: 'rates',
        estimate: '3-5 days',
        freeOver: null,
        quoteAboveGrams: null,
        zones: [{ countries: ['US', 'GB', 'NL'], bands: [{ upToGrams: 1_000_000, price: 8 }] }],
      },
    ],
  });
  expect(methods.statusCode, methods.body).toBe(200);
  const made = async (body: object) =>
    (await call(admin, 'POST', '/admin/warehouses', body)).json().data.id as number;
  const leeds = await made({
    name: 'Leeds',
    publicName: 'Leeds',
    country: 'GB',
    shipsTo: ['GB', 'IE'],
  });
  const rotterdam = await made({
    name: 'Rotterdam',
    publicName: 'Rotterdam',
    country: 'NL',
    shipsTo: 'all',
  });
  const MAIN = 1;
  const shipTo = (country: string) =>
    country === 'US'
      ? {
          name: 'Pat',
          line1: '1 Main St',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          country,
        }
      : {
          name: 'Pat',
          line1: '1 Canal St',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          country,
          phone: '+44 113 496 0000',
        };

  /** A part with these pieces per warehouse (Main, Leeds, Rotterdam). */
  async function part(main: number, inLeeds: number, inRotterdam: number) {
    const p = await createProduct(app, { availableQuantity: main, minimumOrderQuantity: 1 });
    for (const [warehouse, quantity] of [
      [leeds, inLeeds],
      [rotterdam, inRotterdam],
    ] as const)
      if (quantity > 0)
        await call(admin, 'PUT', `/admin/stock/${p.id}`, { warehouse, quantity, reason: 'test' });
    return p.id;
  }
  const levels = async (productId: string) =>
    (
      await app.db.execute(
        sql`select warehouse_id as w, quantity as q from warehouse_stock
          where product_id = ${productId} order by warehouse_id`,
      )
    ).rows.map((r) => [Number(r.w), Number(r.q)]);
  const allocationsOf = async (orderId: string) =>
    (
      await app.db.execute(
        sql`select l.product_id as p, a.warehouse_id as w, a.quantity as q
          from order_line_allocations a
            join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
          where a.order_id = ${orderId} order by l.line_no, a.warehouse_id`,
      )
    ).rows.map((r) => [String(r.p), Number(r.w), Number(r.q)]);
  async function checkout(lines: [string, number][], country: string) {
    const buyer = await signUp(app);
    for (const [id, quantity] of lines)
      expect((await call(buyer, 'PUT', `/cart/lines/${id}`, { quantity })).statusCode).toBe(200);
    const res = await call(buyer, 'POST', '/orders', {
      shipTo: shipTo(country),
      shippingMethod: 'ground',
      phone: '+1 512 555 0100',
    });
    return { res, buyer, id: res.json().data?._id as string };
  }
  const sumsOff = async () =>
    (
      await app.db.execute(
        sql`select count(*)::int as n from products p where p.available_quantity <>
          (select coalesce(sum(quantity), 0) from warehouse_stock s where s.product_id = p.id)`,
      )
    ).rows[0]?.n;

  it('ships a cart whole from the warehouse in the ship-to’s country', async () => {
    const a = await part(10, 5, 10);
    const b = await part(10, 2, 10);
    const { res, id } = await checkout(
      [
        [a, 3],
        [b, 2],
      ],
      'GB',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocationsOf(id)).toEqual([
      [a, leeds, 3],
      [b, leeds, 2],
    ]);
    expect(await levels(a)).toEqual([
      [MAIN, 10],
      [leeds, 2],
      [rotterdam, 10],
    ]);
  });

  it('prefers a farther warehouse holding the whole cart to splitting it', async () => {
    const a = await part(0, 5, 10);
    const b = await part(0, 2, 10);
    const { res, id } = await checkout(
      [
        [a, 3],
        [b, 3],
      ],
      'GB',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocationsOf(id)).toEqual([
      [a, rotterdam, 3],
      [b, rotterdam, 3],
    ]);
  });

  it('splits a line no warehouse holds whole, nearest first, and the takes sum to the line', async () => {
    const c = await part(0, 4, 4);
    const { res, id } = await checkout([[c, 6]], 'GB');
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocationsOf(id)).toEqual([
      [c, leeds, 4],
      [c, rotterdam, 2],
    ]);
    expect(await levels(c)).toEqual([
      [leeds, 0],
      [rotterdam, 2],
    ]);
  });

  it('takes from the fewest warehouses when none holds the whole cart', async () => {
    const d = await part(3, 1, 5);
    const e = await part(0, 5, 1);
    const { res, id } = await checkout(
      [
        [d, 4],
        [e, 4],
      ],
      'US',
    );
    expect(res.statusCode, res.body).toBe(200);
    const got = await allocationsOf(id);
    expect(new Set(got.map(([, w]) => w)).size).toBe(2);
    expect(got).toEqual([
      [d, rotterdam, 4],
      [e, leeds, 3],
      [e, rotterdam, 1],
    ]);
  });

  it('takes nothing from any warehouse when one line cannot be had (all or nothing)', async () => {
    const f = await part(2, 2, 2);
    const g = await part(1, 0, 0);
    const before = [await levels(f), await levels(g)];
    const { res } = await checkout(
      [
        [f, 5],
        [g, 2],
      ],
      'GB',
    );
    expect(res.statusCode).toBe(409);
    expect([await levels(f), await levels(g)]).toEqual(before);
    expect(await stockOf(app, f)).toBe(6);
  });

  it('gives a cancelled order’s pieces back to the warehouses they came from', async () => {
    const h = await part(1, 3, 3);
    const { res, buyer, id } = await checkout([[h, 6]], 'GB');
    expect(res.statusCode, res.body).toBe(200);
    expect(await levels(h)).toEqual([
      [MAIN, 1],
      [leeds, 0],
      [rotterdam, 0],
    ]);
    const cancelled = await call(buyer, 'DELETE', `/myPurchase/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await levels(h)).toEqual([
      [MAIN, 1],
      [leeds, 3],
      [rotterdam, 3],
    ]);
    expect(await stockOf(app, h)).toBe(7);
  });

  it('allocates the spec’s one-line purchase too: one warehouse holding it all first', async () => {
    const k = await part(2, 0, 9);
    const buyer = await signUp(app);
    const res = await call(buyer, 'POST', '/purchase', {
      toolId: k,
      quantity: 5,
      address: '1 Mill Rd',
      phone: '+1 309 555 0100',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocationsOf(res.json().data.insertedId)).toEqual([[k, rotterdam, 5]]);
    const split = await call(buyer, 'POST', '/purchase', {
      toolId: k,
      quantity: 6,
      address: '1 Mill Rd',
      phone: '+1 309 555 0100',
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(await allocationsOf(split.json().data.insertedId)).toEqual([
      [k, MAIN, 2],
      [k, rotterdam, 4],
    ]);
    expect(await stockOf(app, k)).toBe(0);
    expect(await sumsOff()).toBe(0);
  });
});
