import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../test/auth-helper.ts';
import { buildTestApp } from '../../test/helper.ts';
import { multipartBody } from '../../test/image-fixtures.ts';
import { createProduct } from '../../test/order-helpers.ts';

/**
 * Issue 31: a CSV import line with a NUL byte was refused as "could not be saved" (PostgreSQL
 * stores no NUL); it now says which cell, as the JSON routes do. Both databases.
 */
describe('CSV import lines with a NUL byte', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  await createProduct(app, { sku: 'NUL-FIT', name: 'Fitted Part' });
  await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
    values (2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas')`);
  const upload = async (url: string, content: string) => {
    const form = multipartBody([
      { name: 'file', filename: 'nul.csv', contentType: 'text/csv', content },
    ]);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('the catalog import names the cell, and imports the other lines', async () => {
    const report = await upload(
      '/api/v1/catalog/import',
      'sku,name,price,img,description\n' +
        'NUL-1,Bad\u0000Name,1.00,/images/products/n.svg,fine\n' +
        'NUL-2,Good Name,1.00,/images/products/n.svg,a\u0000description\n' +
        'NUL-3,Good Name,1.00,/images/products/n.svg,fine\n',
    );
    expect(report).toMatchObject({
      created: 1,
      rejected: 2,
      rejections: [
        { line: 2, reason: 'name: must not contain NUL characters' },
        { line: 3, reason: 'description: must not contain NUL characters' },
      ],
    });
  });

  it('the fitment import names the cell too', async () => {
    const report = await upload(
      '/api/v1/fitment/import',
      'sku,year_from,make,model,note\nNUL-FIT,2016,Toyota,Corolla,a\u0000note\nNUL-FIT,2016,Toyota,Corolla,\n',
    );
    expect(report).toMatchObject({
      added: 1,
      rejected: 1,
      rejections: [{ line: 2, reason: 'note: must not contain NUL characters' }],
    });
  });

  it('a header with a NUL byte (a binary file) is refused with a 400, and its entry says so', async () => {
    const form = multipartBody([
      { name: 'file', filename: 'bin.csv', contentType: 'text/csv', content: 'sku,na\u0000me\n' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message.startsWith('Unknown column "na\u0000me"')).toBe(true);
    const [entry] = (
      await app.db.execute<{ summary: string; after: { state: string } }>(
        sql`select summary, after from audit_log where target_id = 'bin.csv'`,
      )
    ).rows;
    expect(entry?.after.state).toBe('failed');
    expect(entry?.summary).toMatch(/^Import of bin.csv failed \(Unknown column "na\ufffdme"/);
  });
});
