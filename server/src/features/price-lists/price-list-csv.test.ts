import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { buildPriceListShop, postPriceList, writeContracts } from './price-list-fixture.ts';

/**
 * Issue 35: a price list as CSV, out and in. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('price list CSV import and export', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'csv');
  const lists = await writeContracts(app, shop);
  const admin = { cookie: shop.admin.cookie };

  const exportOf = (id: string, headers: Record<string, string> = admin) =>
    app.inject({ url: `/api/v1/admin/price-lists/${id}/export.csv`, headers });
  const importInto = (id: string, csv: string, headers: Record<string, string> = { ...admin }) => {
    const body = multipartBody([
      { name: 'file', filename: 'prices.csv', contentType: 'text/csv', content: csv },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/v1/admin/price-lists/${id}/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const entriesOf = async (id: string) =>
    (await app.inject({ url: `/api/v1/admin/price-lists/${id}`, headers: admin })).json().data
      .entries;

  it('exports a list in the columns the import reads, its name on every line', async () => {
    const res = await exportOf(lists.net);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('a-net.csv');
    expect(res.headers['cache-control']).toContain('no-store');
    const [header, ...lines] = res.body.trim().split('\n');
    expect(header).toBe('price_list,sku,min_quantity,price,brand,category,percent_off');
    expect(lines.sort()).toEqual([
      `A net,${shop.sku('net')},1,77.77,,,`,
      `A net,${shop.sku('net')},50,70.00,,,`,
    ]);
    const rules = (await exportOf(lists.general)).body.trim().split('\n').slice(1).sort();
    expect(rules).toEqual(
      [
        `A general,,,,,${shop.topSlug},20`,
        `A general,,,,,${shop.grandchildSlug},2`,
        `A general,,,,${shop.brandSlug},,5`,
        'A general,,,,,,1',
      ].sort(),
    );
  });

  it('imports its own export back changing nothing', async () => {
    for (const id of [lists.net, lists.general, lists.half]) {
      const before = await entriesOf(id);
      const res = await importInto(id, (await exportOf(id)).body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ added: 0, updated: 0, rejected: 0 });
      expect(res.json().data.unchanged).toBe(before.length);
      expect(await entriesOf(id)).toEqual(before);
    }
  });

  it('adds and changes prices and rules beside the entries it does not name', async () => {
    const id = await postPriceList(app, shop.admin, {
      name: 'Imported',
      companyIds: [shop.companyB],
      priority: 50,
      entries: [{ sku: shop.sku('plain'), price: 9 }],
    });
    const csv = [
      'sku,price,min_quantity,brand,category,percent_off',
      `${shop.sku('net')},60.00,,,,`,
      `${shop.sku('net')},55.5,20,,,`,
      `${shop.sku('plain').toLowerCase()},8.00,,,,`,
      `,,,${shop.brandSlug},,12.5`,
      ',,,,,3',
    ].join('\n');
    const res = await importInto(id, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: 4, updated: 1, unchanged: 0, rejected: 0 });
    const again = await importInto(id, csv.replace(',,,,,3', ',,,,,4'));
    expect(again.json().data).toMatchObject({ added: 0, updated: 1, unchanged: 4 });
    // Company B's buyer pays the imported prices at once (priority 50 beats "B half").
    const [row] = (
      await app.db.execute(
        sql`select pp_buyer_unit_price_cents(id, price_cents, 20, ${await userIdOf(shop.buyerB.email)}::text) as cents
          from products where id = ${shop.products.net.id}`,
      )
    ).rows as { cents: number }[];
    expect(Number(row?.cents)).toBe(5550);
  });

  async function userIdOf(email: string) {
    const { rows } = await app.db.execute(sql`select id from "user" where email = ${email}`);
    return (rows[0] as { id: string }).id;
  }

  it('refuses each bad line, naming its column, and imports the rest', async () => {
    const id = await postPriceList(app, shop.admin, {
      name: 'Refusals',
      companyIds: [],
      entries: [],
    });
    const csv = [
      'price_list,sku,min_quantity,price,brand,category,percent_off',
      `Refusals,${shop.sku('net')},,10.00,,,`, // 2: fine
      `Other list,${shop.sku('plain')},,10.00,,,`, // 3: another list's line
      'Refusals,NO-SUCH-SKU,,10.00,,,', // 4
      `Refusals,${shop.sku('plain')},,12.345,,,`, // 5: three decimals
      `Refusals,${shop.sku('plain')},0,12.00,,,`, // 6: below 1
      `Refusals,${shop.sku('plain')},,,,,`, // 7: no price
      'Refusals,,,,no-such-brand,,5', // 8
      'Refusals,,,,,,101', // 9
      `Refusals,${shop.sku('net')},,11.00,,,`, // 10: the same price again
      `Refusals,=HYPERLINK(1),,1.00,,,`, // 11: no such SKU, said as text
      `Refusals,,,,${shop.brandSlug},${shop.topSlug},5`, // 12: both
    ].join('\n');
    const res = await importInto(id, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ added: 1, rejected: 10 });
    const reasons = Object.fromEntries(
      report.rejections.map((r: { line: number; reason: string }) => [r.line, r.reason]),
    );
    expect(reasons[3]).toBe('price_list: this line is for "Other list", not "Refusals"');
    expect(reasons[4]).toBe('sku: no product has the SKU NO-SUCH-SKU');
    expect(reasons[5]).toMatch(/^price: dollars with at most 2 decimals/);
    expect(reasons[6]).toBe('min_quantity: a whole number from 1');
    expect(reasons[7]).toBe('price: required with sku');
    expect(reasons[8]).toBe('brand: no brand no-such-brand');
    expect(reasons[9]).toBe('percent_off: a number from 0 to 100');
    expect(reasons[10]).toBe('given again (first on line 2); one line per price');
    expect(reasons[11]).toMatch(/^sku: no product has the SKU =HYPERLINK/);
    expect(reasons[12]).toBe('brand: an entry names a brand or a category, not both');
    expect(await entriesOf(id)).toEqual([{ sku: shop.sku('net'), price: 10, minQuantity: 1 }]);
  });

  it('refuses a file without the sku and price columns, or not multipart, with a 4xx', async () => {
    const id = lists.half;
    const before = await entriesOf(id);
    const noColumns = await importInto(id, 'brand,percent_off\nx,5\n');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json()).toMatchObject({ success: false });
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/price-lists/${id}/import`,
      headers: admin,
      payload: { sku: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await entriesOf(id)).toEqual(before);
  });

  it('answers 404 for a list that does not exist, on both routes, before reading a file', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const exported = await exportOf(none);
    expect(exported.statusCode).toBe(404);
    expect(exported.json()).toEqual({ success: false, message: 'id: no such price list' });
    expect((await importInto(none, 'sku,price\n')).statusCode).toBe(404);
    const { rows } = await app.db.execute(
      sql`select count(*)::int as n from audit_log where target_id = ${none}`,
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('is for shop admins only: a buyer and a visitor are refused and nothing changes', async () => {
    const before = await entriesOf(lists.net);
    const csv = `sku,price\n${shop.sku('net')},0.01\n`;
    expect((await importInto(lists.net, csv, { cookie: shop.buyerA.cookie })).statusCode).toBe(403);
    expect((await importInto(lists.net, csv, {})).statusCode).toBe(401);
    expect((await exportOf(lists.net, { cookie: shop.buyerA.cookie })).statusCode).toBe(403);
    expect((await exportOf(lists.net, {})).statusCode).toBe(401);
    expect(await entriesOf(lists.net)).toEqual(before);
  });

  it('streams its progress batch by batch and records the import in the audit log', async () => {
    const id = await postPriceList(app, shop.admin, { name: 'Big', companyIds: [], entries: [] });
    const lines = ['sku,min_quantity,price'];
    for (let quantity = 1; quantity <= 2500; quantity++)
      lines.push(`${shop.sku('tiered')},${quantity},${(100 - quantity / 100).toFixed(2)}`);
    const res = await importInto(id, lines.join('\n'), {
      ...admin,
      accept: 'application/x-ndjson',
    });
    expect(res.statusCode).toBe(200);
    const answers = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.slice(0, -1).map((a) => a.progress.lines)).toEqual([1000, 2000, 2500]);
    expect(answers.at(-1)).toMatchObject({ success: true, data: { added: 2500, rejected: 0 } });
    const { rows } = await app.db.execute(
      sql`select action, after->>'state' as state from audit_log
        where action = 'price-list.import' and target_id = ${id}`,
    );
    expect(rows).toEqual([{ action: 'price-list.import', state: 'done' }]);
    const exported = (await exportOf(id)).body.trim().split('\n');
    expect(exported).toHaveLength(2501);
  });
});
