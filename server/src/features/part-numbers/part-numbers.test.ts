import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { as, createProduct, insertBulkProducts } from '../../../test/order-helpers.ts';
import { twoCompanies } from '../../../test/part-number-fixtures.ts';

/**
 * Issue 35: a company's own part numbers through the API: set, list, search, delete, import;
 * each company only ever reads and writes its own. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
describe('company part numbers: /api/v1/company/part-numbers', async () => {
  const app = await buildTestApp();
  const f = await twoCompanies(app);
  const bearing = await createProduct(app, { sku: 'PN-BRG-6204', name: 'Bearing 6204' });
  const filter = await createProduct(app, { sku: 'PN-OF-200', name: 'Oil filter' });
  const gone = await createProduct(app, { sku: 'PN-GONE-1' });
  await app.db.execute(sql`update products set deleted_at = now() where id = ${gone.id}`);

  const call = (who: TestUser, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/company/part-numbers${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  const put = (who: TestUser, items: { sku: string; customerPartNumber: string }[]) =>
    call(who, 'PUT', '', { items });
  const list = async (who: TestUser, query = '') => {
    const res = await call(who, 'GET', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: { customerPartNumber: string; sku: string; _id: string }[];
      nextCursor: string | null;
    };
  };
  const clear = () => app.db.execute(sql`delete from company_part_numbers`);

  it('sets numbers by SKU (any case), answering each item: added, updated, unchanged', async () => {
    await clear();
    const first = await put(f.adminA, [
      { sku: 'pn-brg-6204', customerPartNumber: 'ACME-001' },
      { sku: 'PN-OF-200', customerPartNumber: 'ACME-002' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ added: 2, updated: 0, unchanged: 0, rejected: 0 });
    const again = await put(f.adminA, [
      { sku: 'PN-BRG-6204', customerPartNumber: 'ACME-001' },
      { sku: 'PN-OF-200', customerPartNumber: 'acme-002-b' },
    ]);
    expect(again.json().data.results.map((r: { status: string }) => r.status)).toEqual([
      'unchanged',
      'updated',
    ]);
    const { data } = await list(f.adminA);
    expect(data.map((n) => [n.customerPartNumber, n.sku]).sort()).toEqual([
      ['ACME-001', 'PN-BRG-6204'],
      ['acme-002-b', 'PN-OF-200'],
    ]);
  });

  it('refuses, naming the field, an unknown SKU, a number another part holds (any case), and repeats', async () => {
    await clear();
    await put(f.adminA, [{ sku: 'PN-BRG-6204', customerPartNumber: 'ACME-001' }]);
    const res = await put(f.adminA, [
      { sku: 'PN-NOPE', customerPartNumber: 'X-1' },
      { sku: 'PN-GONE-1', customerPartNumber: 'X-2' },
      { sku: 'PN-OF-200', customerPartNumber: 'acme-001' },
      { sku: 'PN-OF-200', customerPartNumber: 'X-3' },
      { sku: 'PN-OF-200', customerPartNumber: 'X-4' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as { status: string; message: string | null }[];
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'added',
      'rejected',
    ]);
    expect(results[0]?.message).toBe('sku: no product has the SKU PN-NOPE');
    expect(results[1]?.message).toMatch(/^sku: /);
    expect(results[2]?.message).toMatch(
      /^customerPartNumber: acme-001 is already your number for PN-BRG-6204/,
    );
    expect(results[4]?.message).toMatch(
      /^sku: PN-OF-200 is given a number again \(first on item 3\)/,
    );
    // The index holds the rule whatever writes: a second row of the same number in another case.
    await expect(
      app.db.execute(sql`insert into company_part_numbers (company_id, product_id, customer_part_number)
        values (${f.companyA}, ${filter.id}, 'ACME-001')`),
    ).rejects.toThrow();
  });

  it('answers a 400 naming the field for a body it cannot read', async () => {
    const bad = [
      [{ items: [] }, /^items: /],
      [{ items: [{ sku: 'PN-OF-200', customerPartNumber: '' }] }, /customerPartNumber/],
      [{ items: [{ sku: 'PN-OF-200', customerPartNumber: 'a,b' }] }, /customerPartNumber/],
      [{ items: [{ customerPartNumber: 'A-1' }] }, /sku/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call(f.adminA, 'PUT', '', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    const none = await call(f.adminA, 'DELETE', '', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^skus: /);
    const cursor = await call(f.adminA, 'GET', '?cursor=nonsense');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toMatch(/^cursor: /);
  });

  it('keeps each company to its own: same numbers allowed, never read, changed or deleted by the other', async () => {
    await clear();
    await put(f.adminA, [{ sku: 'PN-BRG-6204', customerPartNumber: 'SAME-1' }]);
    const b = await put(f.adminB, [{ sku: 'PN-OF-200', customerPartNumber: 'SAME-1' }]);
    expect(b.json().data.added).toBe(1);
    expect((await list(f.buyerA)).data.map((n) => n.sku)).toEqual(['PN-BRG-6204']);
    expect((await list(f.adminB)).data.map((n) => n.sku)).toEqual(['PN-OF-200']);
    const idOfA = (await list(f.adminA)).data[0]?._id as string;
    const deleted = await call(f.adminB, 'DELETE', '', { ids: [idOfA], skus: ['PN-BRG-6204'] });
    expect(deleted.json().data.deleted).toBe(0);
    expect((await list(f.adminA)).data).toHaveLength(1);
    expect((await call(f.outsider, 'GET', '')).statusCode).toBe(404);
    // A buyer reads, never writes.
    expect(
      (await put(f.buyerA, [{ sku: 'PN-OF-200', customerPartNumber: 'B-1' }])).statusCode,
    ).toBe(403);
    expect((await call(f.buyerA, 'DELETE', '', { skus: ['PN-BRG-6204'] })).statusCode).toBe(403);
  });

  it('finds by number or SKU, pages by cursor, deletes by SKU or id', async () => {
    await clear();
    await put(f.adminA, [
      { sku: 'PN-BRG-6204', customerPartNumber: 'ZZ-ONE' },
      { sku: 'PN-OF-200', customerPartNumber: 'ZZ-TWO' },
    ]);
    expect((await list(f.adminA, '?q=zz-t')).data.map((n) => n.sku)).toEqual(['PN-OF-200']);
    expect((await list(f.adminA, '?q=brg')).data.map((n) => n.customerPartNumber)).toEqual([
      'ZZ-ONE',
    ]);
    const first = await list(f.adminA, '?limit=1');
    expect(first.data).toHaveLength(1);
    const second = await list(f.adminA, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?._id).not.toBe(first.data[0]?._id);
    expect(second.nextCursor).toBeNull();
    const bySku = await call(f.adminA, 'DELETE', '', { skus: ['pn-brg-6204'] });
    expect(bySku.json().data.deleted).toBe(1);
    const byId = await call(f.adminA, 'DELETE', '', {
      ids: [second.data[0]?._id ?? first.data[0]?._id],
    });
    expect(byId.json().data.deleted + (await list(f.adminA)).data.length).toBe(1);
    expect(bearing.id).toBeTruthy();
  });

  const importCsv = (csv: string, who = f.adminA, accept = 'application/json') => {
    const form = multipartBody([
      { name: 'file', filename: 'numbers.csv', contentType: 'text/csv', content: csv },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/company/part-numbers/import',
      headers: { ...form.headers, cookie: who.cookie, accept },
      payload: form.payload,
    });
  };

  it('imports a CSV, refusing lines by column; the same file again changes nothing', async () => {
    await clear();
    const csv =
      'sku,customer_part_number\nPN-BRG-6204,CSV-1\nPN-NOPE,CSV-2\nPN-OF-200,\nPN-OF-200,csv-1\n';
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ added: 1, updated: 0, unchanged: 0, rejected: 3 });
    expect(report.rejections.map((r: { line: number }) => r.line)).toEqual([3, 4, 5]);
    expect(report.rejections[1].reason).toMatch(/^customer_part_number: required/);
    expect(report.rejections[2].reason).toMatch(
      /^customer_part_number: csv-1 is given again \(first on line 2\)/,
    );
    const again = (await importCsv(csv)).json().data;
    expect(again).toMatchObject({ added: 0, unchanged: 1, rejected: 3 });
    const header = await importCsv('sku,number\nPN-OF-200,A\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toMatch(/Unknown column "number"/);
    expect((await importCsv(csv, f.buyerA)).statusCode).toBe(403);
  });

  it('imports 10,000 lines with progress after each batch, and an audit entry', async () => {
    await clear();
    await insertBulkProducts(app, 10_000, { name: 'Bulk part', sku: 'PN-BULK-' });
    const lines = Array.from({ length: 10_000 }, (_, i) => `ACME-B-${i + 1},PN-BULK-${i + 1}`);
    const res = await importCsv(
      `customer_part_number,sku\n${lines.join('\n')}\n`,
      f.adminA,
      'application/x-ndjson',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const answers = res.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const progress = answers.slice(0, -1).map((a) => a.progress.lines);
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 1000));
    expect(answers.at(-1)).toMatchObject({ success: true, data: { added: 10_000, rejected: 0 } });
    const [count] = (
      await app.db.execute<{ n: string | number }>(
        sql`select count(*) as n from company_part_numbers where company_id = ${f.companyA}`,
      )
    ).rows;
    expect(Number(count?.n)).toBe(10_000);
    const [entry] = (
      await app.db.execute<{ target_id: string; after: { state: string; added: number } }>(
        sql`select target_id, after from audit_log where action = 'part-numbers.import'
          order by id desc limit 1`,
      )
    ).rows;
    expect(entry?.target_id).toBe(f.companyA);
    expect(entry?.after).toMatchObject({ state: 'done', added: 10_000 });
  });
});
