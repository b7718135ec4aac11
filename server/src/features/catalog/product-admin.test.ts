import { messages } from '@proper-parts/domain/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { imageUpload, solidImage } from '../../../test/image-fixtures.ts';
import { orders, products, user } from '../../db/schema.ts';
import { seedDemoCatalog } from './demo-seed.ts';

describe('product administration: POST /api/v1/tools and DELETE /api/v1/tools/{id}', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db, { parts: 1000 });
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  const as = (who: { cookie: string }) => ({ cookie: who.cookie });

  const parts = imageUpload(await solidImage('png', 300, 200), 'gear.png', 'image/png');
  const upload = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...parts.headers, ...as(admin) },
    payload: parts.payload,
  });
  const img: string = upload.json().data.url;

  const valid = {
    name: 'Planetary Gearbox PG-42',
    img,
    description: 'Two-stage planetary gearbox, 42 mm frame, ratio 1:49, 12 Nm rated output torque.',
    minimumOrderQuantity: 10,
    availableQuantity: 400,
    price: 89.5,
  };
  const post = (body: unknown, who: { cookie: string } | null = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/tools',
      headers: who ? as(who) : {},
      payload: body as object,
    });
  const del = (id: string, who: { cookie: string } | null = admin) =>
    app.inject({ method: 'DELETE', url: `/api/v1/tools/${id}`, headers: who ? as(who) : {} });
  const productCount = async () =>
    (await app.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n;
  const newest = async (limit = 6) =>
    (await app.inject({ url: `/api/v1/tools?limit=${limit}` })).json().data as {
      _id: string;
      name: string;
    }[];

  it('adds a product that leads the featured six, price in dollars on the wire, cents in the database', async () => {
    const res = await post(valid);
    expect(res.statusCode, res.body).toBe(200);
    const { insertedId } = res.json().data;
    expect(res.json()).toEqual({ success: true, data: { insertedId: expect.any(String) } });

    const [row] = await app.db.select().from(products).where(eq(products.id, insertedId));
    const six = await newest();
    expect(six).toHaveLength(6);
    expect(six[0]).toEqual({ _id: insertedId, ...valid, slug: row?.slug });
    const one = await app.inject({ url: `/api/v1/tools/${insertedId}` });
    expect(one.json().data).toEqual({ _id: insertedId, ...valid, slug: row?.slug });
    expect(row?.priceCents).toBe(8950);
    // Issue 16: the spec's body names no SKU or slug; the product gets both, and search finds it.
    expect(row?.sku).toMatch(/^PP-[0-9A-F]{10}$/);
    expect(row?.slug).toMatch(/^[a-z0-9-]+-[0-9a-f]{8}$/);
    const found = await app.inject({ url: `/api/v1/catalog/search?q=${row?.sku}` });
    expect(found.json().data.items[0]).toMatchObject({ _id: insertedId, sku: row?.sku });
    const page = await app.inject({ url: `/api/v1/catalog/products/${row?.slug}` });
    expect(page.json().data).toMatchObject({ _id: insertedId, name: valid.name });
  });

  it('takes a SKU, a brand (made when new) and a category, and refuses a SKU taken (issue 16)', async () => {
    const res = await post({
      ...valid,
      name: 'Planetary Gearbox PG-60',
      sku: 'PGB-60-49',
      brand: 'Gearwright Admin Works',
      category: 'ball-bearings',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { insertedId } = res.json().data;
    const made = (await app.inject({ url: `/api/v1/catalog/products/${insertedId}` })).json().data;
    expect(made).toMatchObject({
      sku: 'PGB-60-49',
      brand: { name: 'Gearwright Admin Works', slug: 'gearwright-admin-works' },
      category: { slug: 'ball-bearings' },
    });
    const taken = await post({ ...valid, sku: 'PGB-60-49' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('sku: another product already has the SKU PGB-60-49');
    const unknown = await post({ ...valid, category: 'no-such-category' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('category: no category no-such-category');
    // Empty catalog fields are as if not sent: the shop makes the SKU.
    const blank = await post({ ...valid, sku: '', brand: ' ', category: '' });
    expect(blank.statusCode, blank.body).toBe(200);
  });

  it('trims the text, ignores fields a client may not set, and takes minimum = quantity', async () => {
    const res = await post({
      ...valid,
      name: '  Hex Bolt M8  ',
      minimumOrderQuantity: 400,
      _id: '11111111-1111-4111-8111-111111111111',
      createdAt: '1999-01-01T00:00:00Z',
      deletedAt: '2000-01-01T00:00:00Z',
      priceCents: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { insertedId } = res.json().data;
    expect(insertedId).not.toBe('11111111-1111-4111-8111-111111111111');
    const [first] = await newest(1);
    expect(first).toMatchObject({ _id: insertedId, name: 'Hex Bolt M8', price: 89.5 });
  });

  const refusals: [string, unknown, string][] = [
    ['no name', { ...valid, name: undefined }, `name: ${messages.nameRequired}`],
    ['a blank name', { ...valid, name: '   ' }, `name: ${messages.nameRequired}`],
    ['no img', { ...valid, img: undefined }, `img: ${messages.imgRequired}`],
    ['an empty img', { ...valid, img: '' }, `img: ${messages.imgRequired}`],
    [
      'no description',
      { ...valid, description: undefined },
      `description: ${messages.descriptionRequired}`,
    ],
    [
      'no minimum',
      { ...valid, minimumOrderQuantity: undefined },
      `minimumOrderQuantity: ${messages.minimumRequired}`,
    ],
    [
      'no quantity',
      { ...valid, availableQuantity: undefined },
      `availableQuantity: ${messages.quantityRequired}`,
    ],
    ['no price', { ...valid, price: undefined }, `price: ${messages.priceRequired}`],
    [
      'a fractional minimum',
      { ...valid, minimumOrderQuantity: 2.5 },
      'minimumOrderQuantity: Minimum must be a whole number',
    ],
    [
      'a fractional quantity',
      { ...valid, availableQuantity: 10.1 },
      'availableQuantity: Quantity must be a whole number',
    ],
    [
      'a minimum of 0',
      { ...valid, minimumOrderQuantity: 0 },
      'minimumOrderQuantity: Minimum must be at least 1',
    ],
    [
      'a negative quantity',
      { ...valid, availableQuantity: -5, minimumOrderQuantity: 1 },
      'availableQuantity: Quantity must be at least 0',
    ],
    [
      'a minimum above the quantity',
      { ...valid, minimumOrderQuantity: 401 },
      `minimumOrderQuantity: ${messages.minimumAboveQuantity}`,
    ],
    [
      'a number as text',
      { ...valid, minimumOrderQuantity: '10' },
      'minimumOrderQuantity: Minimum must be a number',
    ],
    ['a price of 0', { ...valid, price: 0 }, 'price: Price must be more than 0'],
    ['a negative price', { ...valid, price: -3 }, 'price: Price must be more than 0'],
    [
      'a price below a cent',
      { ...valid, price: 1.005 },
      'price: Price must be in whole cents (at most two decimals)',
    ],
    [
      'a price over $1,000,000',
      { ...valid, price: 1_000_000.01 },
      'price: Price must be at most $1,000,000',
    ],
    [
      'a quantity over a billion',
      { ...valid, availableQuantity: 1e12 },
      'availableQuantity: Quantity must be at most 1,000,000,000',
    ],
    [
      'a name over 120 characters',
      { ...valid, name: 'x'.repeat(121) },
      'name: Name must be at most 120 characters',
    ],
    [
      'an image on another site',
      { ...valid, img: 'https://tracker.example.com/pixel.png' },
      `img: ${messages.imgNotUploaded}`,
    ],
    [
      'a javascript: URL',
      { ...valid, img: 'javascript:alert(1)' },
      `img: ${messages.imgNotUploaded}`,
    ],
    [
      'a path out of uploads',
      { ...valid, img: '/uploads/../../etc/passwd' },
      `img: ${messages.imgNotUploaded}`,
    ],
    [
      'a demo image path',
      { ...valid, img: '/images/products/piston.svg' },
      `img: ${messages.imgNotUploaded}`,
    ],
    [
      'an upload name never stored',
      { ...valid, img: `/uploads/${'ab'.repeat(16)}.webp` },
      `img: ${messages.imgNotUploaded}`,
    ],
  ];
  it.each(refusals)('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
    const before = await productCount();
    const res = await post(body);
    expect(res.json()).toEqual({ success: false, message });
    expect(res.statusCode).toBe(400);
    expect(await productCount()).toBe(before);
  });

  it('refuses visitors (401) and customers (403) and adds nothing', async () => {
    const before = await productCount();
    expect((await post(valid, null)).statusCode).toBe(401);
    const res = await post(valid, customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: messages.forbidden });
    expect(await productCount()).toBe(before);
  });

  it('deletes: the product leaves the list and its page, answers deletedCount 1', async () => {
    const { insertedId } = (await post({ ...valid, name: 'Short-lived Part' })).json().data;
    const res = await del(insertedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { deletedCount: 1 } });
    expect((await newest(100)).map((t) => t._id)).not.toContain(insertedId);
    const page = await app.inject({ url: `/api/v1/tools/${insertedId}` });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ success: false, message: messages.productNotFound });
  });

  it('a second delete, an unknown id and a malformed id are refused', async () => {
    const { insertedId } = (await post(valid)).json().data;
    expect((await del(insertedId)).statusCode).toBe(200);
    const again = await del(insertedId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: messages.productNotFound });
    expect((await del('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await del('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
  });

  it('two admins deleting at once: one deletes, the other is told it is gone', async () => {
    const { insertedId } = (await post(valid)).json().data;
    const other = await signUpAdmin(app);
    const answers = await Promise.all([del(insertedId), del(insertedId, other)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('refuses visitors (401) and customers (403) and deletes nothing', async () => {
    const { insertedId } = (await post(valid)).json().data;
    expect((await del(insertedId, null)).statusCode).toBe(401);
    expect((await del(insertedId, customer)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/tools/${insertedId}` })).statusCode).toBe(200);
  });

  it('an order of a deleted product keeps its history: the product row and the order stay', async () => {
    const { insertedId } = (await post({ ...valid, name: 'Discontinued Pump' })).json().data;
    const [buyer] = await app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, customer.email));
    const [order] = await app.db
      .insert(orders)
      .values({
        toolId: insertedId,
        userId: buyer?.id ?? '',
        purchaseName: 'Discontinued Pump',
        img,
        unitPriceCents: 8950,
        quantity: 10,
        totalCents: 89500,
        userName: customer.name,
        email: customer.email,
      })
      .returning();
    expect((await del(insertedId)).statusCode).toBe(200);

    const [kept] = await app.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ''));
    expect(kept).toEqual(order);
    const [row] = await app.db.select().from(products).where(eq(products.id, insertedId));
    expect(row).toMatchObject({
      name: 'Discontinued Pump',
      priceCents: 8950,
      deletedAt: expect.any(Date),
    });
    // The image stays served: the order still shows it.
    expect((await app.inject({ url: img })).statusCode).toBe(200);
  });
});
