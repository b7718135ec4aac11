import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';

/** Issue 36: the catalog CSV's `supersededBy` column. Runs on PGlite, and on PostgreSQL. */
describe('catalog CSV: supersededBy', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const importCsv = async (csv: string) => {
    const form = multipartBody([
      { name: 'file', filename: 'parts.csv', contentType: 'text/csv', content: csv },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      headers: { ...form.headers, cookie: admin.cookie, accept: 'application/json' },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      created: number;
      updated: number;
      rejected: number;
      rejections: { line: number; reason: string }[];
    };
  };
  const exported = async () =>
    (await app.inject({ url: '/api/v1/catalog/export.csv', headers: { cookie: admin.cookie } }))
      .body;
  const bySku = async (sku: string) => {
    const { rows } = await app.db.execute<{ slug: string }>(
      sql`select slug from products where sku = ${sku}`,
    );
    return (await app.inject({ url: `/api/v1/catalog/products/${rows[0]?.slug}` })).json().data;
  };
  const head = 'sku,name,price,img,supersededBy';
  const img = '/images/categories/bearings.svg';

  it('imports a chain (a line may name a product made in its batch, in any case)', async () => {
    const report = await importCsv(
      `${head}\nCSV-A,Part A,1.00,${img},csv-b\nCSV-B,Part B,1.00,${img},CSV-C\nCSV-C,Part C,1.00,${img},\n`,
    );
    expect(report).toMatchObject({ created: 3, rejected: 0 });
    const a = await bySku('CSV-A');
    expect(a.supersededBy.sku).toBe('CSV-C');
  });

  it('exports the direct replacement, and the export imports back changing nothing', async () => {
    const csv = await exported();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const replacementOf = (sku: string) => rows.find((row) => row.sku === sku)?.supersededBy;
    expect(replacementOf('CSV-A')).toBe('CSV-B');
    expect(replacementOf('CSV-C')).toBe('');
    const again = await importCsv(csv);
    expect(again).toMatchObject({ created: 0, updated: 0, rejected: 0 });
  });

  it('refuses a cycle, self-replacement and an unknown SKU line by line; the rest import', async () => {
    const report = await importCsv(
      `${head}\nCSV-C,Part C,1.00,${img},CSV-A\nCSV-D,Part D,1.00,${img},CSV-D\nCSV-E,Part E,1.00,${img},NOPE-1\nCSV-F,Part F,1.00,${img},CSV-C\n`,
    );
    expect(report.created).toBe(1);
    expect(report.rejections).toEqual([
      {
        line: 2,
        reason:
          'supersededBy: CSV-C → CSV-A → CSV-B → CSV-C would be a cycle: a product cannot be replaced by one it replaces',
      },
      { line: 3, reason: 'supersededBy: CSV-D cannot replace itself' },
      { line: 4, reason: 'supersededBy: no product has the SKU NOPE-1' },
    ]);
    const c = await bySku('CSV-C');
    expect(c.replacedBySku).toBeNull();
    expect(c.supersedes).toEqual(['CSV-B', 'CSV-F', 'CSV-A']); // nearest first
  });

  it('an empty cell takes the replacement off', async () => {
    expect((await importCsv(`${head}\nCSV-A,Part A,1.00,${img},\n`)).updated).toBe(1);
    const a = await bySku('CSV-A');
    expect(a.supersededBy).toBeNull();
  });
});
