import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';
import { importStockCsv } from './stock-import.ts';

/**
 * Issue 36: a stock import racing checkouts. The file counts the stock as it was when the import
 * began; checkouts placed while it runs, before or after their product's line is applied, stay
 * taken: each warehouse ends at the file's count less what those orders took from it, no unit
 * lost or created. PGlite, and PostgreSQL with DATABASE_URL.
 */
describe('stock import racing checkouts', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  await app.inject({
    method: 'POST',
    url: '/api/v1/admin/warehouses',
    headers: as(admin),
    payload: { name: 'Leeds', publicName: 'Leeds', country: 'GB', shipsTo: 'all' },
  });
  const parts = await Promise.all(
    Array.from({ length: 8 }, () =>
      createProduct(app, { availableQuantity: 50, minimumOrderQuantity: 1 }),
    ),
  );
  const buyers = await Promise.all(Array.from({ length: 16 }, () => signUp(app)));

  it('keeps every order’s pieces taken, before or after its line is applied', async () => {
    for (const [i, buyer] of buyers.entries())
      await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${parts[i % parts.length]?.id}`,
        headers: as(buyer),
        payload: { quantity: 3 },
      });
    const file = new PassThrough();
    let batches = 0;
    const report = importStockCsv(app.db, file, () => {
      batches++;
    });
    // Junk lines first (unknown SKUs), a batch at a time, then the parts' lines, checkouts between.
    const junk = (from: number) =>
      `${Array.from({ length: 1000 }, (_, i) => `NO-SUCH-${from + i},Main,1`).join('\n')}\n`;
    file.write(`sku,warehouse,quantity\n${junk(0)}${junk(1000)}`);
    while (batches === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const checkouts = Promise.all(
      buyers.map((buyer) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: as(buyer),
          payload: { address: '1 Mill Rd', phone: '555 0100' },
        }),
      ),
    );
    for (const [i, part] of parts.entries())
      file.write(`${part.sku},Main,${40 + i}\n${part.sku},Leeds,10\n`);
    file.end(junk(2000));
    const [done, answers] = await Promise.all([report, checkouts]);
    expect(done).toMatchObject({ added: 8, rejected: 3000 });
    expect(answers.map((a) => a.statusCode)).toEqual(buyers.map(() => 200));

    const rows = (
      await app.db.execute(sql`select s.product_id as p, w.name as w, s.quantity as q,
          (select coalesce(sum(a.quantity), 0) from order_line_allocations a
            join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
            where l.product_id = s.product_id and a.warehouse_id = s.warehouse_id)::int as taken
        from warehouse_stock s join warehouses w on w.id = s.warehouse_id
        where s.product_id = any(${sql.param(parts.map((p) => p.id))}::uuid[])`)
    ).rows;
    expect(rows).toHaveLength(16);
    for (const row of rows) {
      const n = parts.findIndex((p) => p.id === row.p);
      const counted = row.w === 'Main' ? 40 + n : 10;
      expect({ ...row, q: Number(row.q) }).toEqual({ ...row, q: counted - Number(row.taken) });
    }
    const [off] = (
      await app.db.execute(sql`select count(*)::int as n from products p
        where p.available_quantity <> (select coalesce(sum(quantity), 0) from warehouse_stock s
          where s.product_id = p.id)`)
    ).rows;
    expect(off?.n).toBe(0);
  });
});
