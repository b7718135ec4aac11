import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { imageUpload, multipartBody, solidImage } from '../../../test/image-fixtures.ts';
import { databaseBefore } from '../../../test/migrations-before.ts';
import { createProduct } from '../../../test/order-helpers.ts';

const CLASH =
  'sku: hb-cheap-1 is the SKU HB-CHEAP-1 of another product in another case; a SKU is the same part number whatever its case';

/** Issue 31 (decision 031): a SKU is unique whatever its case. Both databases. */
describe('SKUs that differ only in case', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const held = await createProduct(app, { sku: 'HB-CHEAP-1', name: 'Cheap Hub Bearing' });
  const other = await createProduct(app, { sku: 'HB-OTHER-2', name: 'Other Hub Bearing' });
  const skus = async () =>
    (
      await app.db.execute<{ sku: string }>(
        sql`select sku from products where lower(sku) like 'hb-%' order by sku`,
      )
    ).rows.map((row) => row.sku);

  it('the import refuses the line, naming the SKU that holds it, and makes no second product', async () => {
    const form = multipartBody([
      {
        name: 'file',
        filename: 'parts.csv',
        contentType: 'text/csv',
        content: `sku,name,price,img\nhb-cheap-1,Cheap Hub Bearing,2.00,/images/products/hb.svg\nHB-NEW-3,New Hub,3.00,/images/products/hb.svg\n`,
      },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      created: 1,
      updated: 0,
      rejected: 1,
      rejections: [{ line: 2, reason: CLASH }],
    });
    expect(await skus()).toEqual(['HB-CHEAP-1', 'HB-NEW-3', 'HB-OTHER-2']);
  });

  it('adding a product refuses it with a 409', async () => {
    const parts = imageUpload(await solidImage('png', 300, 200), 'hub.png', 'image/png');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...parts.headers, cookie: admin.cookie },
      payload: parts.payload,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Cheap Hub Bearing again',
        img: upload.json().data.url,
        description: 'A hub bearing.',
        minimumOrderQuantity: 1,
        availableQuantity: 1,
        price: 2,
        sku: 'hb-cheap-1',
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ success: false, message: CLASH });
  });

  it('an edit refuses another product’s SKU in another case, and takes its own in another case', async () => {
    const patch = (id: string, sku: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/tools/${id}`,
        headers: { cookie: admin.cookie },
        payload: { sku },
      });
    const clash = await patch(other.id, 'hb-cheap-1');
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toEqual({ success: false, message: CLASH });
    const own = await patch(held.id, 'Hb-Cheap-1');
    expect(own.statusCode, own.body).toBe(200);
    expect(await skus()).toEqual(['HB-NEW-3', 'HB-OTHER-2', 'Hb-Cheap-1']);
  });

  it('the database refuses a writer that checks nothing', async () => {
    await expect(createProduct(app, { sku: 'HB-OTHER-2'.toLowerCase() })).rejects.toThrow();
  });
});

describe('migration 0019 on a shop whose SKUs already clash in case', async () => {
  const database = await databaseBefore('0019_sku-case-and-running-imports');
  afterAll(() => database.close());
  const { run } = database;
  const product = (sku: string, at: string, deleted = false) =>
    run(`insert into products (name, img, description, minimum_order_quantity, available_quantity,
        price_cents, sku, created_at, deleted_at)
      values ('Part ${sku}', '/images/products/x.svg', 'x', 1, 1, 100, '${sku}', '${at}',
        ${deleted ? `'${at}'` : 'null'}) returning id`);
  // The oldest live one keeps its SKU; the other live one, then the deleted one (even older),
  // take the first free suffix: -2 is taken.
  const [gone] = await product('Ab-1', '2026-01-01', true);
  const [kept] = await product('AB-1', '2026-02-01');
  const [later] = await product('ab-1', '2026-03-01');
  await product('ab-1-2', '2026-01-15');
  await product('PLAIN-9', '2026-01-01');
  await database.migrateAll();

  it('renames the others to the first free suffix, and reports each rename in the audit log', async () => {
    const rows = await run(`select id, sku from products order by created_at, sku`);
    expect(rows).toEqual([
      { id: gone?.id, sku: 'Ab-1-4' },
      { id: expect.any(String), sku: 'PLAIN-9' },
      { id: expect.any(String), sku: 'ab-1-2' },
      { id: kept?.id, sku: 'AB-1' },
      { id: later?.id, sku: 'ab-1-3' },
    ]);
    const audit = await run(
      `select action, target_type, target_id, actor_id, before, after, summary from audit_log order by id`,
    );
    const entry = (id: unknown, before: string, after: string) => ({
      action: 'product.update',
      target_type: 'product',
      target_id: id,
      actor_id: null,
      before: { sku: before },
      after: { sku: after },
      summary: `SKU ${before} renamed ${after} by migration 0019: it differed from AB-1 only in case`,
    });
    expect(audit).toEqual([entry(later?.id, 'ab-1', 'ab-1-3'), entry(gone?.id, 'Ab-1', 'Ab-1-4')]);
  });

  it('then refuses a SKU in another case', async () => {
    await expect(product('plain-9', '2026-04-01')).rejects.toThrow();
  });
});
