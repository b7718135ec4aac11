import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';

/**
 * Issue 36: an admin changes a warehouse and removes one nothing needs; one that holds pieces,
 * has orders' records, or is the first (where stock set without a warehouse goes) stays, with a
 * message saying why. PGlite, and PostgreSQL with DATABASE_URL.
 */
describe('changing and removing warehouses', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app);
  const headers = as(admin);
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, payload });
  const made = async (name: string) => {
    const res = await call('POST', '/admin/warehouses', {
      name,
      publicName: name,
      country: 'GB',
      shipsTo: ['GB'],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const names = async () =>
    (await app.inject({ url: '/api/v1/admin/warehouses', headers }))
      .json()
      .data.map((w: { name: string }) => w.name);
  const audited = async (action: string) =>
    (
      await app.db.execute(
        sql`select summary, before, after from audit_log where action = ${action} order by id`,
      )
    ).rows;

  it('changes every field, audited with before and after', async () => {
    const id = await made('Leeds DC');
    const res = await call('PUT', `/admin/warehouses/${id}`, {
      name: 'Leeds North',
      publicName: 'Leeds',
      line1: '2 Canal St',
      city: 'Leeds',
      postalCode: 'LS1 2AA',
      country: 'gb',
      shipsTo: 'all',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Warehouse "Leeds North" saved',
      data: { id, name: 'Leeds North', publicName: 'Leeds', country: 'GB', shipsTo: 'all' },
    });
    expect(await names()).toContain('Leeds North');
    const [entry] = await audited('warehouse.update');
    expect(entry).toMatchObject({
      summary: 'Warehouse "Leeds North" saved',
      before: expect.objectContaining({ name: 'Leeds DC', shipsTo: ['GB'] }),
      after: expect.objectContaining({ name: 'Leeds North', shipsTo: 'all' }),
    });
  });

  it('refuses another warehouse’s name, an unknown warehouse and bad input, changing nothing', async () => {
    const id = await made('Bristol');
    const body = { name: 'main', publicName: 'B', country: 'GB', shipsTo: 'all' };
    const taken = await call('PUT', `/admin/warehouses/${id}`, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: 'name: a warehouse "main" exists already',
    });
    const unknown = await call('PUT', '/admin/warehouses/999999', { ...body, name: 'Nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'No such warehouse' });
    for (const path of ['abc', '0', '-1', '99999999999']) {
      const bad = await call('PUT', `/admin/warehouses/${path}`, body);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().message).toMatch(/^id: /);
    }
    const noCountry = await call('PUT', `/admin/warehouses/${id}`, { ...body, country: 'ZZ' });
    expect(noCountry.statusCode).toBe(400);
    expect(await names()).toContain('Bristol');
  });

  it('removes an empty warehouse without orders; the first one, one with pieces or with orders stay', async () => {
    const first = await call('DELETE', '/admin/warehouses/1');
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(
      '"Main" is where stock set without a warehouse goes (the product form, the catalog import, the ERP\'s sync): it stays',
    );

    const holding = await made('Holding');
    const part = await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 });
    const set = (warehouse: number, quantity: number) =>
      call('PUT', `/admin/stock/${part.id}`, { warehouse, quantity, reason: 'count' });
    expect((await set(holding, 4)).statusCode).toBe(200);
    const full = await call('DELETE', `/admin/warehouses/${holding}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      '"Holding" holds 4 pieces: move them to another warehouse first',
    );

    // An order took 2 of them: the warehouse keeps the order's record, even once empty.
    const bought = await app.inject({
      method: 'POST',
      url: '/api/v1/purchase',
      headers: as(buyer),
      payload: { toolId: part.id, quantity: 2 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await set(holding, 0)).statusCode).toBe(200);
    const history = await call('DELETE', `/admin/warehouses/${holding}`);
    expect(history.statusCode).toBe(409);
    expect(history.json().message).toMatch(/^"Holding" has shipped or allocated orders/);

    // Counted once and emptied, without orders: it goes, with its empty stock rows.
    const spare = await made('Spare');
    expect((await set(spare, 3)).statusCode).toBe(200);
    expect((await set(spare, 0)).statusCode).toBe(200);
    const removed = await call('DELETE', `/admin/warehouses/${spare}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: 'Warehouse "Spare" removed',
      data: { id: spare, name: 'Spare' },
    });
    expect(await names()).not.toContain('Spare');
    const rows = await app.db.execute(
      sql`select count(*)::int as n from warehouse_stock where warehouse_id = ${spare}`,
    );
    expect(rows.rows[0]?.n).toBe(0);
    expect(await audited('warehouse.remove')).toEqual([
      expect.objectContaining({ summary: 'Warehouse "Spare" removed' }),
    ]);
    const again = await call('DELETE', `/admin/warehouses/${spare}`);
    expect(again.statusCode).toBe(404);
  });
});
