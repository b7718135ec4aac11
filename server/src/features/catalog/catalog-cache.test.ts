import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import { createProduct, placeOrder } from '../../../test/order-helpers.ts';
import { products, reviews, session } from '../../db/schema.ts';
import { CATALOG_MAX_AGE_MS } from './catalog-cache.ts';
import { seedDemoCatalog } from './demo-seed.ts';

/**
 * Catalog reads and session checks come from memory (docs/decisions/008). These prove that they
 * do, and that every kind of write empties them: our own routes, a statement straight in the
 * database (the trigger's notification), a sign-out. Runs on PGlite and on PostgreSQL.
 */
describe('reads from memory, dropped on every write', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db, { parts: 1000 });
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  const withoutNotifications = async (
    table: 'products' | 'session' | 'reviews',
    write: () => Promise<void>,
  ) => {
    await app.db.execute(sql.raw(`alter table "${table}" disable trigger ${table}_notify_change`));
    try {
      await write();
    } finally {
      await app.db.execute(sql.raw(`alter table "${table}" enable trigger ${table}_notify_change`));
    }
  };
  const six = async () =>
    (await app.inject({ url: '/api/v1/tools?limit=6' })).json().data as {
      _id: string;
      name: string;
      availableQuantity: number;
    }[];
  const one = (id: string) => app.inject({ url: `/api/v1/tools/${id}` });

  // Each test below first waits for the notifications of earlier writes (seed, sign-ups, its own
  // API writes): one arriving late would empty the caches after the quiet write.
  it('answers from memory: a write that notifies no one is not seen', async () => {
    await changesSettled(app);
    // Read afresh now, so the answers below are well within CATALOG_MAX_AGE_MS.
    app.changes.emit('products');
    const [first] = await six();
    if (!first) throw new Error('no products');
    expect((await one(first._id)).json().data.name).toBe(first.name);
    await withoutNotifications('products', async () => {
      await app.db
        .update(products)
        .set({ name: 'Renamed Quietly' })
        .where(eq(products.id, first._id));
    });
    expect((await six())[0]?.name).toBe(first.name);
    expect((await one(first._id)).json().data.name).toBe(first.name);
    // The next notified write, even one touching no row, drops the cache.
    await app.db.update(products).set({ name: 'x' }).where(sql`false`);
    await vi.waitFor(async () => expect((await six())[0]?.name).toBe('Renamed Quietly'));
    expect((await one(first._id)).json().data.name).toBe('Renamed Quietly');
  });

  it('search, product, brand and category answers come from memory; a notified change is seen at once', async () => {
    await changesSettled(app);
    app.changes.emit('products');
    const [first] = await six();
    if (!first) throw new Error('no products');
    const { sku, slug } = (
      await app.inject({ url: `/api/v1/catalog/products/${first._id}` })
    ).json().data as { sku: string; slug: string };
    const find = async () =>
      (await app.inject({ url: `/api/v1/catalog/search?q=${encodeURIComponent(sku)}` })).json().data
        .items[0]?.name;
    const page = async () =>
      (await app.inject({ url: `/api/v1/catalog/products/${slug}` })).json().data.name;
    expect(await find()).toBe(first.name);
    expect(await page()).toBe(first.name);
    await withoutNotifications('products', async () => {
      await app.db
        .update(products)
        .set({ name: 'Quietly Renamed Part' })
        .where(eq(products.id, first._id));
    });
    expect(await find()).toBe(first.name);
    expect(await page()).toBe(first.name);
    await app.db.update(products).set({ name: 'x' }).where(sql`false`);
    await vi.waitFor(async () => expect(await find()).toBe('Quietly Renamed Part'));
    expect(await page()).toBe('Quietly Renamed Part');
    // The same query, its parameters in another order: one entry, so the same bytes.
    const a = await app.inject({ url: '/api/v1/catalog/search?category=bearings&sort=name' });
    const b = await app.inject({ url: '/api/v1/catalog/search?sort=name&category=bearings' });
    expect(a.body).toBe(b.body);
  });

  /** The tables notified while `write` ran (the marker of `changesSettled` comes after them). */
  const notifiedBy = async (write: () => Promise<unknown>) => {
    await changesSettled(app);
    const heard: string[] = [];
    app.changes.subscribe((table) => heard.push(table));
    await write();
    await changesSettled(app);
    return heard.filter((table) => table === 'products');
  };

  it('stock taken by an order or a statement notifies no one; any other product change does', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1 });
    const buyer = await signUp(app);
    expect(
      await notifiedBy(() => placeOrder(app, buyer, { toolId: product.id, quantity: 2 })),
    ).toEqual([]);
    expect(
      await notifiedBy(() =>
        app.db.execute(
          sql`update products set available_quantity = available_quantity + 1 where id = ${product.id}`,
        ),
      ),
    ).toEqual([]);
    for (const edit of [
      sql`update products set price_cents = price_cents + 1 where id = ${product.id}`,
      sql`update products set name = 'Renamed', available_quantity = 5 where id = ${product.id}`,
      sql`update products set deleted_at = now() where id = ${product.id}`,
      sql`delete from products where false`,
    ])
      expect(await notifiedBy(() => app.db.execute(edit))).toEqual(['products']);
    expect(await notifiedBy(() => createProduct(app))).toEqual(['products']);
  });

  it('the trigger covers every product column but the stock (a new column must be added to it)', async () => {
    const { rows } = await app.db.execute(sql`
      select a.attname as name from pg_attribute a
       where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped
         and a.attgenerated = '' -- a generated column changes with the columns it is made of
         and a.attnum <> all ((select tgattr from pg_trigger
                                where tgrelid = 'products'::regclass
                                  and tgname = 'products_notify_change')::int2[])`);
    expect(rows.map((row) => (row as { name: string }).name)).toEqual(['available_quantity']);
  });

  it(`stock taken without a notification shows once the answer is ${CATALOG_MAX_AGE_MS} ms old`, async () => {
    await changesSettled(app);
    const [first] = await six();
    if (!first) throw new Error('no products');
    await one(first._id);
    await app.db
      .update(products)
      .set({ availableQuantity: first.availableQuantity - 1 })
      .where(eq(products.id, first._id));
    await new Promise((resolve) => setTimeout(resolve, CATALOG_MAX_AGE_MS));
    expect((await one(first._id)).json().data.availableQuantity).toBe(first.availableQuantity - 1);
    expect((await six())[0]?.availableQuantity).toBe(first.availableQuantity - 1);
  });

  it('a statement straight in the database (another process, psql) shows within a second', async () => {
    const [first] = await six();
    if (!first) throw new Error('no products');
    await app.db
      .update(products)
      .set({ availableQuantity: first.availableQuantity - 7 })
      .where(eq(products.id, first._id));
    await vi.waitFor(async () =>
      expect((await one(first._id)).json().data.availableQuantity).toBe(
        first.availableQuantity - 7,
      ),
    );
    // The list answer may have been made after the product's: it has its own second.
    await vi.waitFor(async () =>
      expect((await six())[0]?.availableQuantity).toBe(first.availableQuantity - 7),
    );
  });

  it("a write through this process's API is seen by the very next read", async () => {
    const [first, second] = await six();
    if (!first || !second) throw new Error('no products');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/tools/${first._id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await six())[0]?._id).toBe(second._id);
    expect((await one(first._id)).statusCode).toBe(404);
  });

  it('an unknown product is 404 every time, and unknown ids are not kept', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await one(missing)).statusCode).toBe(404);
    expect((await one(missing)).json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('sessions: believed from memory, refused after a sign-out at once, and after a revocation in the database', async () => {
    const profile = (cookie: string) =>
      app.inject({ url: `/api/v1/profile/${customer.email}`, headers: { cookie } });
    await changesSettled(app);
    expect((await profile(customer.cookie)).statusCode).toBe(200);
    // Deleted without a notification: the checked session is still believed (from memory).
    const cookieSession =
      decodeURIComponent(customer.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    await withoutNotifications('session', async () => {
      await app.db.delete(session).where(eq(session.token, cookieSession));
    });
    expect((await profile(customer.cookie)).statusCode).toBe(200);
    // Any notified statement on the table (here one that touches no row) empties it.
    await app.db.delete(session).where(sql`false`);
    await vi.waitFor(async () => expect((await profile(customer.cookie)).statusCode).toBe(401));

    const other = await signUp(app);
    const mine = (headers: Record<string, string>) =>
      app.inject({ url: `/api/v1/profile/${other.email}`, headers });
    expect((await mine({ cookie: other.cookie })).statusCode).toBe(200);
    expect((await mine({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: other.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect((await mine({ cookie: other.cookie })).statusCode).toBe(401);
    // The API client's token is a session of its own (POST /tokens): it signs out by itself.
    expect((await mine({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    const apiOut = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(apiOut.statusCode).toBe(200);
    expect((await mine({ authorization: `Bearer ${other.token}` })).statusCode).toBe(401);
  });

  it('a role taken away in the database holds within the notification, not the 30 s cache', async () => {
    const adminOnly = () => app.inject({ url: '/api/v1/user', headers: { cookie: admin.cookie } });
    expect((await adminOnly()).statusCode).toBe(200);
    await app.db.execute(sql`update "user" set role = 'user' where email = ${admin.email}`);
    await vi.waitFor(async () => expect((await adminOnly()).statusCode).toBe(403));
  });
  it('reviews: answered from memory; a review written through the API shows on the next read', async () => {
    const list = async () =>
      (await app.inject({ url: '/api/v1/reviews?limit=2' })).json().data as {
        description: string;
      }[];
    const writer = await signUp(app);
    const write = (description: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reviews',
        headers: { cookie: writer.cookie, origin: 'http://localhost:3000' },
        payload: { rating: 4, description },
      });
    expect((await write('First batch of bearings fit perfectly.')).statusCode).toBe(200);
    await changesSettled(app);
    expect((await list())[0]?.description).toBe('First batch of bearings fit perfectly.');
    await withoutNotifications('reviews', async () => {
      await app.db
        .update(reviews)
        .set({ description: 'Edited quietly' })
        .where(eq(reviews.description, 'First batch of bearings fit perfectly.'));
    });
    expect((await list())[0]?.description).toBe('First batch of bearings fit perfectly.');
    expect((await write('Second order arrived a day early.')).statusCode).toBe(200);
    expect((await list()).map((r) => r.description)).toEqual([
      'Second order arrived a day early.',
      'Edited quietly',
    ]);
  });
});
