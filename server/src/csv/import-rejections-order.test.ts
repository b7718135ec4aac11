import { MAX_REPORTED_REJECTIONS } from '@proper-parts/domain/csv-import';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../test/auth-helper.ts';
import { buildTestApp } from '../../test/helper.ts';
import { multipartBody } from '../../test/image-fixtures.ts';
import { createProduct } from '../../test/order-helpers.ts';

/**
 * Issue 31: an import's report listed refused lines in the order they were refused, not by line:
 * a bad cell is refused as it is read, a line of a batch (an unknown category or part) only when
 * its batch is applied, after later lines were read. Past the report's limit, the earliest lines
 * could even be left off. Both imports, both databases.
 */
describe('an import report lists refused lines by line number', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  await createProduct(app, { sku: 'ORDER-FIT', name: 'Fitted Part' });
  await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
    values (2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas')`);
  const upload = async (url: string, lines: string[]) => {
    const form = multipartBody([
      { name: 'file', filename: 'order.csv', contentType: 'text/csv', content: lines.join('\n') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rejected: number; rejections: { line: number; reason: string }[] };
  };
  const linesOf = (report: { rejections: { line: number }[] }) =>
    report.rejections.map((r) => r.line);
  const badPrices = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `ORDER-BAD-${i},Bad price,cheap,,/images/products/n.svg`,
    );

  it('the catalog import: a line its batch refuses comes before a later line refused as read', async () => {
    const report = await upload('/api/v1/catalog/import', [
      'sku,name,price,category,img',
      'ORDER-1,Unknown category,1.00,no-such-category,',
      'ORDER-2,Bad price,cheap,,/images/products/n.svg',
      'ORDER-3,Fine,1.00,,/images/products/n.svg',
    ]);
    expect(report.rejections).toEqual([
      { line: 2, reason: 'category: no category no-such-category' },
      { line: 3, reason: expect.stringMatching(/^price: /) },
    ]);
  });

  it('the catalog import: past the limit, the lowest-numbered lines are the ones listed', async () => {
    const report = await upload('/api/v1/catalog/import', [
      'sku,name,price,category,img',
      'ORDER-4,Unknown category,1.00,no-such-category,',
      ...badPrices(MAX_REPORTED_REJECTIONS + 100),
    ]);
    expect(report.rejected).toBe(MAX_REPORTED_REJECTIONS + 101);
    expect(linesOf(report)).toEqual(
      Array.from({ length: MAX_REPORTED_REJECTIONS }, (_, i) => i + 2),
    );
  });

  it('the fitment import: an unknown part of the first batch is listed first, past the limit too', async () => {
    const report = await upload('/api/v1/fitment/import', [
      'sku,year_from,make,model',
      'NO-SUCH-PART,2016,Toyota,Corolla',
      'ORDER-FIT,2016,Toyota,Corolla',
      ...Array.from(
        { length: MAX_REPORTED_REJECTIONS + 100 },
        () => 'ORDER-FIT,soon,Toyota,Corolla',
      ),
    ]);
    expect(report.rejected).toBe(MAX_REPORTED_REJECTIONS + 101);
    expect(report.rejections[0]).toMatchObject({ line: 2 });
    expect(linesOf(report)).toEqual([
      2,
      ...Array.from({ length: MAX_REPORTED_REJECTIONS - 1 }, (_, i) => i + 4),
    ]);
  });
});
