import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { seedDemoCatalog } from './demo-seed.ts';

const HEADER =
  'sku,name,mpn,brand,category,price,minimumOrderQuantity,availableQuantity,img,description,attributes,crossReferences';

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('catalog CSV: POST /api/v1/catalog/import and GET /api/v1/catalog/export.csv', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db);
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);

  const importCsv = async (csv: string | Buffer, field = 'file', accept = 'application/json') => {
    const form = multipartBody([
      { name: field, filename: 'parts.csv', contentType: 'text/csv', content: csv },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      headers: { ...form.headers, cookie: admin.cookie, accept },
      payload: form.payload,
    });
  };
  const report = async (csv: string) => {
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      created: number;
      updated: number;
      rejected: number;
      rejections: { line: number; reason: string }[];
      stopped: string | null;
    };
  };
  const product = async (slugOrSku: string) => {
    const [row] = (
      await app.db.execute<{ slug: string }>(
        sql`select slug from products where sku = ${slugOrSku} or slug = ${slugOrSku}`,
      )
    ).rows;
    if (!row) return undefined;
    return (await app.inject({ url: `/api/v1/catalog/products/${row.slug}` })).json().data;
  };
  const exportCsv = async () => {
    const res = await app.inject({
      url: '/api/v1/catalog/export.csv',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="catalog-/);
    return res.body;
  };
  /** Everything an import can change, for every product: to prove a round trip changes nothing. */
  const snapshot = async () =>
    (
      await app.db.execute(sql`
        select p.id, p.sku, p.slug, p.name, p.mpn, p.brand_id, p.category_id, p.price_cents,
          p.minimum_order_quantity, p.available_quantity, p.img, p.description, p.search_vector::text,
          (select json_agg(a order by a.name)::text from product_attributes a where a.product_id = p.id) as specs,
          (select json_agg(r.kind || r.number order by r.kind, r.number)::text from cross_references r where r.product_id = p.id) as refs,
          p.pack_size,
          (select json_agg(b.min_quantity || '=' || b.price_cents order by b.min_quantity)::text from price_breaks b where b.product_id = p.id) as breaks
        from products p where p.deleted_at is null order by p.sku`)
    ).rows;

  it('creates and updates by SKU, with specifications, cross-references and a new brand', async () => {
    const first = await report(`${HEADER}
IMP-100,Import Test Bearing 6300,6300-2RS,Rollbright Works,ball-bearings,3.25,10,500,,Sealed bearing for imports.,bore=10 mm; outer_diameter=35 mm; seal=rubber seals,oem:IMP 100 OEM; competitor:6300RS
IMP-101,"Import Test Bearing, with a comma",,,ball-bearings,4.5,1,0,,,,
`);
    expect(first).toMatchObject({ created: 2, updated: 0, rejected: 0, stopped: null });
    const made = await product('IMP-100');
    expect(made).toMatchObject({
      sku: 'IMP-100',
      mpn: '6300-2RS',
      name: 'Import Test Bearing 6300',
      brand: { name: 'Rollbright Works', slug: 'rollbright-works' },
      category: { slug: 'ball-bearings' },
      price: 3.25,
      minimumOrderQuantity: 10,
      availableQuantity: 500,
      img: '/images/categories/bearings.svg',
    });
    expect(made.attributes).toContainEqual({ name: 'bore', value: '10', num: 10, unit: 'mm' });
    expect(made.attributes).toContainEqual({
      name: 'seal',
      value: 'rubber seals',
      num: null,
      unit: null,
    });
    expect(made.crossReferences).toContainEqual({ kind: 'competitor', number: '6300RS' });
    // Found by its cross-reference and its specification words at once.
    const found = await app.inject({ url: '/api/v1/catalog/search?q=imp100oem' });
    expect(found.json().data.items[0].sku).toBe('IMP-100');
    const bySpec = await app.inject({
      url: '/api/v1/catalog/search?category=ball-bearings&attr.outer_diameter=35&q=import',
    });
    expect(bySpec.json().data.items.map((i: { sku: string }) => i.sku)).toEqual(['IMP-100']);

    // A file of only some columns changes only those; the rest stays.
    const second = await report(
      'sku,name,price\nIMP-100,Import Test Bearing 6300 (new name),3.5\n',
    );
    expect(second).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    const updated = await product('IMP-100');
    expect(updated).toMatchObject({
      name: 'Import Test Bearing 6300 (new name)',
      price: 3.5,
      slug: made.slug,
      mpn: '6300-2RS',
      availableQuantity: 500,
    });
    expect(updated.attributes).toHaveLength(3);
  });

  it('imports the README’s sample file as it is', async () => {
    const sample = readFileSync(
      join(import.meta.dirname, '../../../../docs/samples/catalog-import.csv'),
      'utf8',
    );
    expect(await report(sample)).toMatchObject({ created: 2, rejected: 0 });
    const bolt = await product('M10X40-8.8-ZN-ACM');
    expect(bolt.attributes).toContainEqual({ name: 'length', value: '40', num: 40, unit: 'mm' });
    expect(bolt.attributes).toContainEqual({
      name: 'thread',
      value: 'M10x1.5',
      num: null,
      unit: null,
    });
  });

  it('reports each bad line with its number and reason, and imports the good ones', async () => {
    const result = await report(`${HEADER}
BAD-1,Bad price,,,ball-bearings,abc,1,1,,,,
BAD-2,,,,ball-bearings,1,1,1,,,,
GOOD-1,Good line,,,ball-bearings,1,1,1,,,,
GOOD-1,Duplicate of the good line,,,ball-bearings,1,1,1,,,,
BAD-3,No such category,,,no-such-category,1,1,1,,,,
BAD-4,A new product needs a price,,,ball-bearings,,1,1,,,,
BAD-5,Bad spec,,,ball-bearings,1,1,1,,,bore,
BAD-6,Bad reference,,,ball-bearings,1,1,1,,,,vendor:123
BAD-7,Foreign picture,,,ball-bearings,1,1,1,https://evil.example/x.png,,,
BAD-8,Too few cells
BAD-9,Negative stock,,,ball-bearings,1,1,-5,,,,
`);
    expect(result.created).toBe(1);
    expect(result.rejected).toBe(10);
    const reason = (line: number) => result.rejections.find((r) => r.line === line)?.reason;
    expect(reason(2)).toMatch(/price/i);
    expect(reason(3)).toMatch(/^name: required/);
    expect(reason(4)).toBeUndefined();
    expect(reason(5)).toBe('sku: GOOD-1 is also on line 4');
    expect(reason(6)).toBe('category: no category no-such-category');
    expect(reason(7)).toBe('price: required for a new product');
    expect(reason(8)).toMatch(/^attributes: "bore" is not name=value/);
    expect(reason(9)).toMatch(/^crossReferences: "vendor:123" is not kind:number/);
    expect(reason(10)).toMatch(/^img: a picture of this shop/);
    expect(reason(11)).toBe('has 2 cells; the header has 12');
    expect(reason(12)).toMatch(/availableQuantity: at least 0/);
    expect(await product('BAD-1')).toBeUndefined();
    expect((await product('GOOD-1')).name).toBe('Good line');
  });

  it('refuses a file that is not a catalog CSV with a 400 naming the problem', async () => {
    const cases: [string | Buffer, RegExp][] = [
      ['sku,name,colour\nX-1,Part,red\n', /Unknown column "colour"/],
      ['name,price\nPart,1\n', /needs the columns sku/],
      ['sku,name,sku\nX,Y,Z\n', /sku is in the header twice/],
      ['', /empty/],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        /Unknown column/,
      ],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv);
      expect(res.statusCode, String(csv)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    const wrongField = await importCsv('sku,name\n', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/multipart field 'file'/);
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
      payload: 'sku,name\n',
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('stops at a 10 MB line and says so, keeping the lines before it', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const result = await report(
      `sku,name,price,category\nLONG-1,Before the long line,1,ball-bearings\nLONG-2,${huge},1,ball-bearings\nLONG-3,After,1,ball-bearings\n`,
    );
    expect(result.created).toBe(1);
    expect(result.stopped).toBe('Line 3 is longer than 64 KB: the import stopped there');
    expect(result.rejections).toContainEqual({ line: 3, reason: result.stopped });
    expect(await product('LONG-1')).toBeDefined();
    expect(await product('LONG-3')).toBeUndefined();
  });

  it('imports shipping weights and sizes (issue 33), refusing a negative one by its column', async () => {
    const result = await report(
      'sku,name,price,category,weightGrams,lengthMm,widthMm,heightMm\nHEAVY-1,Heavy gear,5,ball-bearings,12500,400,300,200\nHEAVY-2,Bad gear,5,ball-bearings,-3,1,1,1\n',
    );
    expect(result).toMatchObject({ created: 1, rejected: 1 });
    expect(result.rejections[0]?.reason).toMatch(/weightGrams: must not be negative/);
    const [row] = (
      await app.db.execute<Record<string, number>>(
        sql`select weight_grams as "w", length_mm as "l", width_mm as "d", height_mm as "h"
          from products where sku = 'HEAVY-1'`,
      )
    ).rows;
    expect(row).toEqual({ w: 12500, l: 400, d: 300, h: 200 });
    // A file without the columns keeps them.
    await report('sku,name\nHEAVY-1,Heavy gear renamed\n');
    const [kept] = (
      await app.db.execute<{ w: number }>(
        sql`select weight_grams as "w" from products where sku = 'HEAVY-1'`,
      )
    ).rows;
    expect(kept?.w).toBe(12500);
  });

  // 10,000 demo products on PGlite: ~20 s alone, more beside the journeys in CI (a hang guard).
  it('exports the whole catalog, and importing that file changes nothing', async () => {
    const csv = await exportCsv();
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `${HEADER},priceBreaks,packSize,salesUnit,maxOrderQuantity,weightGrams,lengthMm,widthMm,heightMm,supersededBy,coreDeposit,coreReturnDays`,
    );
    const [{ live = 0 } = {}] = (
      await app.db.execute<{ live: number }>(
        sql`select count(*)::int as live from products where deleted_at is null`,
      )
    ).rows;
    // Descriptions hold no line breaks in the demo: one product per line.
    expect(lines).toHaveLength(Number(live) + 1);
    expect(csv).toContain('BRG-6204-2RS,');

    const before = await snapshot();
    const result = await report(csv);
    expect(result.rejections.slice(0, 3)).toEqual([]);
    expect(result).toMatchObject({ created: 0, updated: 0, rejected: 0, stopped: null });
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('imports volume pricing and pack sizes; an empty cell clears the breaks, a left-out column keeps them', async () => {
    const breaksOf = async (sku: string) => {
      const { priceBreaks, packSize } = await product(sku);
      return { priceBreaks, packSize };
    };
    const file = `sku,name,price,category,priceBreaks,packSize
TIER-1,Tiered washer,0.20,ball-bearings,100=0.18; 1000=0.15,50
TIER-2,Untiered washer,0.30,ball-bearings,,
`;
    expect(await report(file)).toMatchObject({ created: 2, updated: 0, rejected: 0 });
    expect(await breaksOf('TIER-1')).toEqual({
      packSize: 50,
      priceBreaks: [
        { minQuantity: 100, price: 0.18 },
        { minQuantity: 1000, price: 0.15 },
      ],
    });
    expect(await breaksOf('TIER-2')).toEqual({ packSize: 1, priceBreaks: [] });
    // The same file again changes nothing; so does a copy written another way.
    expect(await report(file)).toMatchObject({ created: 0, updated: 0, rejected: 0 });
    expect(
      await report(
        'sku,name,priceBreaks,packSize\nTIER-1,Tiered washer, 100 = 0.180 ;1000=0.15; ,50\n',
      ),
    ).toMatchObject({ updated: 0, rejected: 0 });

    // Columns left out keep the breaks and the pack; a new price above them is fine.
    expect(await report('sku,name,price\nTIER-1,Tiered washer,0.25\n')).toMatchObject({
      updated: 1,
    });
    expect((await breaksOf('TIER-1')).priceBreaks).toHaveLength(2);
    // New breaks replace the old ones; an empty cell clears them.
    await report('sku,name,priceBreaks\nTIER-1,Tiered washer,500=0.2\n');
    expect((await breaksOf('TIER-1')).priceBreaks).toEqual([{ minQuantity: 500, price: 0.2 }]);
    await report('sku,name,priceBreaks,packSize\nTIER-1,Tiered washer,,10\n');
    expect(await breaksOf('TIER-1')).toEqual({ packSize: 10, priceBreaks: [] });
  });

  it('refuses bad price breaks and pack sizes line by line, saying which break is wrong', async () => {
    await report(
      'sku,name,price,category,priceBreaks\nTIER-9,Tiered nut,1.00,ball-bearings,10=0.90\n',
    );
    const result = await report(`sku,name,price,category,priceBreaks,packSize
TIER-10,Bad syntax,1,ball-bearings,10-0.90,
TIER-11,Unsorted,1,ball-bearings,50=0.80; 10=0.90,
TIER-12,Dearer by volume,1,ball-bearings,10=0.90; 50=0.95,
TIER-13,Break at the price,1,ball-bearings,10=1.00,
TIER-14,From one,1,ball-bearings,1=0.90,
TIER-15,Too many,1,ball-bearings,${Array.from({ length: 11 }, (_, i) => `${i + 2}=0.${50 - i}`).join('; ')},
TIER-16,No pack,1,ball-bearings,,0
TIER-9,Tiered nut,0.85,ball-bearings,,
TIER-17,Good,1,ball-bearings,10=0.9,2
`);
    const reason = (line: number) => result.rejections.find((r) => r.line === line)?.reason;
    expect(reason(2)).toBe('priceBreaks: "10-0.90" is not quantity=price, like 10=9.50; 50=8.75');
    expect(reason(3)).toBe(
      'priceBreaks: "10=0.90": From quantity must be more than 50, the break above',
    );
    expect(reason(4)).toBe(
      'priceBreaks: "50=0.95": Unit price must be below $0.90, the price from 10',
    );
    expect(reason(5)).toBe(
      'priceBreaks: "10=1.00": Unit price must be below the base price, $1.00',
    );
    expect(reason(6)).toBe('priceBreaks: "1=0.90": From quantity must be at least 2');
    expect(reason(7)).toBe('priceBreaks: At most 10 price breaks');
    expect(reason(8)).toBe('packSize: at least 1');
    // Clearing the breaks and cutting the price at once is fine.
    expect(reason(9)).toBeUndefined();
    expect(result).toMatchObject({ created: 1, updated: 1, rejected: 7 });
    // A price cut under the breaks the product keeps is refused.
    await report('sku,name,priceBreaks\nTIER-9,Tiered nut,10=0.80\n');
    const cut = await report('sku,name,price\nTIER-9,Tiered nut,0.80\n');
    expect(cut.rejections).toEqual([
      { line: 2, reason: 'priceBreaks: "10=0.80": Unit price must be below the base price, $0.80' },
    ]);
    expect((await product('TIER-9')).price).toBe(0.85);
  });

  it('an import racing orders for the same product loses no stock', async () => {
    await report(
      'sku,name,price,category,availableQuantity\nRACE-1,Race bearing,2,ball-bearings,1000\n',
    );
    const { _id: id, minimumOrderQuantity } = await product('RACE-1');
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUp(app)));
    // Renamed by the import while 8 orders of 10 take stock: the import leaves stock alone.
    const orders = buyers.map((buyer) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/purchase',
        headers: { cookie: buyer.cookie },
        payload: { toolId: id, quantity: Math.max(10, minimumOrderQuantity) },
      }),
    );
    const renames = Array.from({ length: 4 }, (_, i) =>
      report(`sku,name,description\nRACE-1,Race bearing mark ${i},Renamed during orders.\n`),
    );
    const placed = (await Promise.all(orders)).filter((res) => res.statusCode === 200).length;
    await Promise.all(renames);
    expect(placed).toBe(8);
    expect((await product('RACE-1')).availableQuantity).toBe(1000 - 8 * 10);
  });

  it('tells its progress line by line when asked (the admin page’s progress bar)', async () => {
    const rows = Array.from(
      { length: 1200 },
      (_, i) => `PROG-${i},Progress part ${i},1.50,ball-bearings`,
    );
    const csv = `sku,name,price,category\n${rows.join('\n')}\n`;
    const res = await importCsv(csv, 'file', 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const progress = lines.slice(0, -1).map((line) => line.progress);
    expect(progress.map((p) => p.lines)).toEqual([500, 1000, 1200]);
    expect(progress.at(-1).bytes).toBe(Buffer.byteLength(csv));
    expect(lines.at(-1)).toMatchObject({ success: true, data: { created: 1200, rejected: 0 } });

    // A refused file: the last line says why.
    const refused = await importCsv('sku,name,colour\n', 'file', 'application/x-ndjson');
    expect(
      refused.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ success: false, message: expect.stringMatching(/^Unknown column "colour"/) }]);
  });

  it('is for admins only', async () => {
    for (const who of [null, customer]) {
      const form = multipartBody([{ name: 'file', filename: 'x.csv', content: 'sku,name\n' }]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/catalog/import',
        headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(who ? 403 : 401);
      const exported = await app.inject({
        url: '/api/v1/catalog/export.csv',
        headers: who ? { cookie: who.cookie } : {},
      });
      expect(exported.statusCode).toBe(who ? 403 : 401);
      expect(exported.body).not.toContain('BRG-6204');
    }
  });
});
