import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';

describe('GET /manageOrder/export.csv', async () => {
  const app = await buildTestApp();
  const buyer = await signUp(app, { name: '=cmd|calc' });
  const admin = await signUpAdmin(app);
  const today = new Date().toISOString().slice(0, 10);
  const exportCsv = (query: string, who = admin) =>
    app.inject({ url: `/api/v1/manageOrder/export.csv?${query}`, headers: as(who) });

  const a = await createProduct(app, { sku: 'EXP-A', minimumOrderQuantity: 1, priceCents: 250 });
  const b = await createProduct(app, { sku: 'EXP-B', minimumOrderQuantity: 1, priceCents: 100 });
  for (const [product, quantity] of [
    [a, 4],
    [b, 10],
  ] as const)
    await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${product.id}`,
      headers: as(buyer),
      payload: { quantity },
    });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: as(buyer),
    payload: { address: '1 Mill Rd', phone: '555 0100', poNumber: '+SUM(A1:A9)' },
  });
  const orderId = placed.json().data._id as string;
  await payWithSandbox(app, buyer, orderId);

  it('writes one row per order line, with the order and invoice repeated, oldest first', async () => {
    const res = await exportCsv(`from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${today}-to-${today}.csv"`,
    );
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const mine = rows.filter((row) => row.orderId === orderId);
    expect(
      mine.map((row) => [row.lineNo, row.sku, row.quantity, row.unitPrice, row.lineTotal]),
    ).toEqual([
      ['1', 'EXP-A', '4', '2.50', '10.00'],
      ['2', 'EXP-B', '10', '1.00', '10.00'],
    ]);
    expect(mine[0]).toMatchObject({ orderTotal: '20.00', paid: 'yes', status: 'pending' });
    expect(mine[0]?.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
  });

  it('keeps text a buyer typed from running as a spreadsheet formula', async () => {
    const rows = parse((await exportCsv(`from=${today}&to=${today}`)).body, {
      columns: true,
    }) as Record<string, string>[];
    const row = rows.find((r) => r.orderId === orderId);
    expect(row?.poNumber).toBe("'+SUM(A1:A9)");
    expect(row?.customer).toBe("'=cmd|calc");
  });

  it('answers only the header outside the range, and refuses bad ranges and non-admins', async () => {
    const empty = await exportCsv('from=2001-01-01&to=2001-12-31');
    expect(empty.body.trim().split('\n')).toHaveLength(1);
    for (const query of [
      '',
      `from=${today}`,
      'from=2026-13-01&to=2026-12-01',
      'from=2026-02-01&to=2026-01-01',
      `from=${today}&to=${today}&x=1`,
    ]) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await exportCsv(`from=${today}&to=${today}`, buyer)).statusCode).toBe(403);
  });
});
