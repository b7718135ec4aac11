import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { seedDemoCatalog } from './demo-seed.ts';

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('PATCH /api/v1/tools/{id}: an admin edits a product (issue 16)', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db);
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  const read = async (slugOrId: string) =>
    (await app.inject({ url: `/api/v1/catalog/products/${slugOrId}` })).json().data;
  const patch = (id: string, body: unknown, who = admin) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/tools/${id}`,
      headers: { cookie: who.cookie },
      payload: body as object,
    });
  const bearing = await read('deep-groove-ball-bearing-6204');

  it('changes what is sent and keeps the rest, slug and stock included', async () => {
    const res = await patch(bearing._id, {
      name: 'Deep Groove Ball Bearing 6204, sealed',
      mpn: '6204-2RSH',
      brand: 'Edited Brand Works',
      price: 4.75,
      attributes: [
        { name: 'bore', value: '20', num: 20, unit: 'mm' },
        { name: 'seal', value: 'contact seals', num: null, unit: null },
      ],
      crossReferences: [{ kind: 'oem', number: 'EDIT-6204-OEM' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({
      _id: bearing._id,
      slug: bearing.slug,
      sku: bearing.sku,
      name: 'Deep Groove Ball Bearing 6204, sealed',
      mpn: '6204-2RSH',
      brand: { name: 'Edited Brand Works' },
      category: bearing.category,
      price: 4.75,
      availableQuantity: bearing.availableQuantity,
      description: bearing.description,
    });
    expect(edited.attributes).toHaveLength(2);
    // The search follows at once: the new cross-reference and specification words find it.
    const found = await app.inject({ url: '/api/v1/catalog/search?q=edit6204oem' });
    expect(found.json().data.items[0]._id).toBe(bearing._id);
    const words = await app.inject({ url: '/api/v1/catalog/search?q=contact+seals' });
    expect(words.json().data.items.map((i: { _id: string }) => i._id)).toContain(bearing._id);
    // The spec's read shows the new name and price.
    const tool = (await app.inject({ url: `/api/v1/tools/${bearing._id}` })).json().data;
    expect(tool).toMatchObject({ name: 'Deep Groove Ball Bearing 6204, sealed', price: 4.75 });
  });

  it('changes the SKU, clears the MPN, and refuses a SKU another product has', async () => {
    const res = await patch(bearing._id, { sku: 'BRG-6204-EDIT', mpn: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sku: 'BRG-6204-EDIT', mpn: null });
    const other = await read('deep-groove-ball-bearing-6205');
    const clash = await patch(bearing._id, { sku: other?.sku ?? 'BRG-6205-2RS' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^sku: another product already has the SKU/);
    expect((await read(bearing._id)).sku).toBe('BRG-6204-EDIT');
  });

  it('refuses bad input by field, an unknown category, an unknown field and an empty edit', async () => {
    const cases: [unknown, RegExp][] = [
      [{ price: -1 }, /Price must be more than 0/],
      [{ price: 1.234 }, /whole cents/],
      [{ sku: 'no spaces?!' }, /sku: letters, digits/],
      [{ category: 'no-such-category' }, /category: no category no-such-category/],
      [{ availableQuantity: 1.5 }, /whole number/],
      [{ img: '/uploads/x.webp' }, /img|Unrecognized|unknown/i],
      [{}, /Nothing to change/],
      [
        { attributes: [{ name: 'Bad Name', value: '1', num: 1, unit: null }] },
        /specification name/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await patch(bearing._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
  });

  it('sets the shipping weight and size (issue 33), refusing negative ones by field', async () => {
    const res = await patch(bearing._id, {
      weightGrams: 240,
      lengthMm: 60,
      widthMm: 60,
      heightMm: 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await app.db.execute<Record<string, number>>(
      sql`select weight_grams as "w", length_mm as "l", width_mm as "d", height_mm as "h"
        from products where id = ${bearing._id}`,
    );
    expect(rows[0]).toEqual({ w: 240, l: 60, d: 60, h: 20 });
    // The edit answer and the product's read carry them: the admin's form shows them back.
    const size = { weightGrams: 240, lengthMm: 60, widthMm: 60, heightMm: 20 };
    expect(res.json().data).toMatchObject(size);
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${bearing._id}`,
    });
    expect(read.json().data).toMatchObject(size);
    const negative = await patch(bearing._id, { weightGrams: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/weightGrams: must not be negative/);
    const fraction = await patch(bearing._id, { heightMm: 2.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toMatch(/heightMm/);
  });

  it('is for admins only, and answers 404 for a product that is gone', async () => {
    const refused = await patch(bearing._id, { name: 'Customer rename' }, customer);
    expect(refused.statusCode).toBe(403);
    expect((await read(bearing._id)).name).not.toBe('Customer rename');
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a new slug moves the page: the old one finds the product under its new slug (the page answers 301)', async () => {
    const [other] = (await app.inject({ url: '/api/v1/catalog/search?q=bearing&limit=2' })).json()
      .data.items as { _id: string; slug: string }[];
    if (!other) throw new Error('no product');
    const updatedAt = async (id: string) =>
      String(
        (
          await app.db.execute<{ at: string }>(
            sql`select updated_at::text as at from products where id = ${id}`,
          )
        ).rows[0]?.at,
      );
    // Its words as an edit makes them (the demo seed's can differ, and the first edit that
    // rewrites them moves updated_at: which product the search puts first varies by run).
    await app.db.execute(sql`update products set search_vector = null where id = ${other._id}`);
    const before = await updatedAt(other._id);
    // Stock alone is not a change of the page (the sitemap's lastmod stays).
    expect((await patch(other._id, { availableQuantity: 77 })).statusCode).toBe(200);
    expect(await updatedAt(other._id)).toBe(before);
    const moved = await patch(other._id, { slug: 'a-moved-part-page' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.slug).toBe('a-moved-part-page');
    expect(await updatedAt(other._id)).not.toBe(before);
    expect((await read(other.slug)).slug).toBe('a-moved-part-page');
    expect((await read('a-moved-part-page'))._id).toBe(other._id);
    // Moved again: both older slugs lead to the newest.
    expect((await patch(other._id, { slug: 'a-moved-part-page-2' })).statusCode).toBe(200);
    expect((await read(other.slug)).slug).toBe('a-moved-part-page-2');
    expect((await read('a-moved-part-page')).slug).toBe('a-moved-part-page-2');
    // Another product's slug is refused by name; a malformed one too.
    const taken = await patch(other._id, { slug: bearing.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^slug: /);
    const bad = await patch(other._id, { slug: 'Not A Slug!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/slug/);
  });

  describe('volume pricing and pack size (issue 18)', () => {
    const unitPriceAt = async (productId: string, quantity: number) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${productId}`,
        headers: { cookie: customer.cookie },
        payload: { quantity },
      });
      expect(res.statusCode, res.body).toBe(200);
      const line = res
        .json()
        .data.lines.find((l: { productId: string }) => l.productId === productId);
      return line.unitPrice as number;
    };
    const breaksInTable = async (productId: string) =>
      (
        await app.db.execute<{ min_quantity: number; price_cents: number }>(
          sql`select min_quantity, price_cents from price_breaks where product_id = ${productId} order by min_quantity`,
        )
      ).rows.map((r) => [Number(r.min_quantity), Number(r.price_cents)]);

    it('saves the breaks and the pack size, the product read shows them, and the cart prices by them', async () => {
      const part = await createProduct(app, {
        priceCents: 1000,
        minimumOrderQuantity: 1,
        availableQuantity: 1000,
      });
      const res = await patch(part.id, {
        priceBreaks: [
          { minQuantity: 10, price: 9.5 },
          { minQuantity: 50, price: 8.75 },
        ],
        packSize: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        packSize: 1,
        priceBreaks: [
          { minQuantity: 10, price: 9.5 },
          { minQuantity: 50, price: 8.75 },
        ],
      });
      // What fills the edit form: the product read by id.
      expect(await read(part.id)).toMatchObject({
        price: 10,
        priceBreaks: [
          { minQuantity: 10, price: 9.5 },
          { minQuantity: 50, price: 8.75 },
        ],
      });
      expect(await unitPriceAt(part.id, 9)).toBe(10);
      expect(await unitPriceAt(part.id, 10)).toBe(9.5);
      expect(await unitPriceAt(part.id, 60)).toBe(8.75);

      // Replaced: the cart follows the new tiers at once.
      const replaced = await patch(part.id, {
        price: 12,
        priceBreaks: [{ minQuantity: 20, price: 11 }],
        packSize: 5,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data).toMatchObject({ price: 12, packSize: 5 });
      expect(await breaksInTable(part.id)).toEqual([[20, 1100]]);
      expect(await unitPriceAt(part.id, 10)).toBe(12);
      expect(await unitPriceAt(part.id, 60)).toBe(11);

      // An empty list takes volume pricing off.
      expect((await patch(part.id, { priceBreaks: [] })).json().data.priceBreaks).toEqual([]);
      expect(await breaksInTable(part.id)).toEqual([]);
      expect(await unitPriceAt(part.id, 60)).toBe(12);
    });

    it('refuses bad breaks and pack sizes, naming the break and the rule', async () => {
      const part = await createProduct(app, { priceCents: 1000, minimumOrderQuantity: 1 });
      const tiers = (...list: [number, number][]) =>
        list.map(([minQuantity, price]) => ({ minQuantity, price }));
      const cases: [unknown, RegExp][] = [
        [
          { priceBreaks: tiers([1, 9]) },
          /^priceBreaks\.0\.minQuantity: From quantity must be at least 2/,
        ],
        [{ priceBreaks: tiers([2.5, 9]) }, /^priceBreaks\.0\.minQuantity: .*whole number/],
        [
          { priceBreaks: tiers([10, -1]) },
          /^priceBreaks\.0\.price: Unit price must not be negative/,
        ],
        [{ priceBreaks: tiers([10, 9.999]) }, /^priceBreaks\.0\.price: .*whole cents/],
        [
          { priceBreaks: tiers([50, 8], [10, 9]) },
          /^priceBreaks\.1\.minQuantity: From quantity must be more than 50, the break above/,
        ],
        [
          { priceBreaks: tiers([10, 9], [10, 8]) },
          /^priceBreaks\.1\.minQuantity: From quantity must be more than 10/,
        ],
        [
          { priceBreaks: tiers([10, 9], [50, 9]) },
          /^priceBreaks\.1\.price: Unit price must be below \$9\.00, the price from 10/,
        ],
        // Against the stored price, and against a price sent with the breaks.
        [
          { priceBreaks: tiers([10, 10]) },
          /^priceBreaks\.0\.price: Unit price must be below the base price, \$10\.00/,
        ],
        [
          { price: 8, priceBreaks: tiers([10, 9]) },
          /^priceBreaks\.0\.price: Unit price must be below the base price, \$8\.00/,
        ],
        [
          {
            priceBreaks: Array.from({ length: 11 }, (_, i) => ({
              minQuantity: i + 2,
              price: 9 - i / 2,
            })),
          },
          /^priceBreaks: At most 10 price breaks/,
        ],
        [{ priceBreaks: [{ minQuantity: 10 }] }, /^priceBreaks\.0\.price: Unit price is required/],
        [{ packSize: 0 }, /^packSize: Pack size must be at least 1/],
        [{ packSize: 100_001 }, /^packSize: Pack size must be at most 100,000/],
        [{ packSize: 2.5 }, /^packSize: Pack size must be a whole number/],
      ];
      for (const [body, message] of cases) {
        const res = await patch(part.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual({
          success: false,
          message: expect.stringMatching(message),
        });
      }
      expect(await breaksInTable(part.id)).toEqual([]);

      // A price cut below the stored breaks is refused too; the breaks and price stay.
      expect((await patch(part.id, { priceBreaks: tiers([10, 9], [50, 8]) })).statusCode).toBe(200);
      const cut = await patch(part.id, { price: 8.5 });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().message).toBe(
        'priceBreaks.0.price: Unit price must be below the base price, $8.50',
      );
      expect((await read(part.id)).price).toBe(10);
      expect(await breaksInTable(part.id)).toEqual([
        [10, 900],
        [50, 800],
      ]);
    });

    it('writes the breaks in the same transaction as the product: a refused edit keeps the old ones', async () => {
      const part = await createProduct(app, { priceCents: 1000, minimumOrderQuantity: 1 });
      const other = await createProduct(app, { sku: 'PB-CLASH-1' });
      expect(
        (await patch(part.id, { priceBreaks: [{ minQuantity: 5, price: 9 }] })).statusCode,
      ).toBe(200);
      const clash = await patch(part.id, {
        sku: other.sku,
        priceBreaks: [{ minQuantity: 20, price: 7 }],
        packSize: 4,
      });
      expect(clash.statusCode).toBe(409);
      expect(await breaksInTable(part.id)).toEqual([[5, 900]]);
      expect((await read(part.id)).packSize).toBe(1);
    });
  });
});
