import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  killAllServers,
  RACE_DATABASE_TIMEOUT_MS,
  removeTempDirs,
  type ServerProcess,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Issue 36: 50 buyers through two server processes on one PostgreSQL check out overlapping carts
 * for stock spread thin over 3 warehouses, while an admin moves stock between the warehouses
 * (through both processes too). Every writer locks the product row, then its warehouse rows (cart/allocation.ts):
 * no deadlock reaches anyone, no warehouse goes below 0, each order's allocation adds up to its
 * lines, and per warehouse the stock left is what was there, moved in and out, less what orders
 * took. One part takes backorders against a purchase order of 10, received into Leeds during the
 * checkouts: the backordered pieces never exceed what it promised, and once received they are
 * the orders' (allocated in Leeds) and the rest is stock. Runs on DATABASE_URL's server, or the
 * local one (as checkout-races.test.ts).
 */
const BUYERS = 50;
/** Per part: pieces in Main, Leeds, Rotterdam: about 40% of what the carts ask for, spread. */
const STOCK = [
  [6, 5, 7],
  [0, 9, 8],
  [10, 0, 6],
  [4, 4, 4],
] as const;

/** The part that takes backorders, and its purchase order's pieces. */
const BACKORDERED_PART = 3;
const INCOMING = 10;

const cartOf = (i: number) =>
  [i % 4, (i + 1 + (i % 3)) % 4].map((part, j) => ({ part, quantity: 1 + ((i + j) % 4) }));

describe(`${BUYERS} buyers over two processes, 3 warehouses, scarce stock`, () => {
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: pg.Client;
  const run = randomUUID().slice(0, 8);
  const productIds: string[] = [];
  const warehouseIds: number[] = [];
  let purchaseOrderId = '';

  beforeAll(async () => {
    database = await createPostgresDatabase('pp_wh_races');
    for (let n = 0; n < 2; n++)
      servers.push(
        await startServer({
          dataDir: tempDir('pp-wh-races-'),
          databaseUrl: database.url,
          env: { SEED_DEMO: 'false', DATABASE_TIMEOUT_MS: RACE_DATABASE_TIMEOUT_MS },
        }),
      );
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query(`insert into warehouses (name, public_name, country, ships_to)
      values ('Leeds', 'Leeds', 'GB', '{GB}'), ('Rotterdam', 'Rotterdam', 'NL', null)`);
    warehouseIds.push(
      ...(await db.query('select id from warehouses order by id')).rows.map((r) => Number(r.id)),
    );
    for (const [n, levels] of STOCK.entries()) {
      const [row] = (
        await db.query(
          `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
           values ($1, '/images/products/piston.svg', 'Scarce.', 1, $2, 1000) returning id`,
          [`Spread Part ${n}`, levels[0]],
        )
      ).rows as { id: string }[];
      if (!row) throw new Error('no product');
      productIds.push(row.id);
      // The rows and the sum in one statement, as the shop's stock code writes them.
      await db.query(
        `with rows as (
           insert into warehouse_stock (product_id, warehouse_id, quantity)
           values ($1, $2, $4), ($1, $3, $5)
         )
         update products set available_quantity = available_quantity + $4 + $5 where id = $1`,
        [row.id, warehouseIds[1], warehouseIds[2], levels[1], levels[2]],
      );
    }
    await db.query('update products set backorder_allowed = true where id = $1', [
      productIds[BACKORDERED_PART],
    ]);
    purchaseOrderId = (
      await db.query(
        `insert into purchase_orders (product_id, quantity, expected_on)
         values ($1, $2, current_date + 30) returning id`,
        [productIds[BACKORDERED_PART], INCOMING],
      )
    ).rows[0].id;
    await db.query(
      `insert into "user" (id, name, email, email_verified, role)
         select 'wh-${run}-' || g, 'Buyer ' || g, 'wh' || g || '-${run}@example.com', true,
           case when g = 0 then 'admin' else 'user' end
         from generate_series(0, ${BUYERS}) g`,
    );
    await db.query(
      `insert into session (id, token, user_id, expires_at)
         select 'wh-session-${run}-' || g, 'wh-token-${run}-' || g, 'wh-${run}-' || g,
           now() + interval '1 day'
         from generate_series(0, ${BUYERS}) g`,
    );
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => stopServer(s)));
    await killAllServers();
    removeTempDirs();
    await database?.drop();
  });

  /** Caller i (0: the admin) through one process or the other by `via`'s parity. */
  const call = (i: number, via: number, method: string, path: string, body?: object) =>
    fetch(`${servers[via % 2]?.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer wh-token-${run}-${i}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const levels = async () =>
    new Map(
      (await db.query('select product_id, warehouse_id, quantity from warehouse_stock')).rows.map(
        (r) => [`${r.product_id}:${r.warehouse_id}`, Number(r.quantity)],
      ),
    );

  it('oversells no warehouse, allocates every order whole, deadlocks nobody', async () => {
    for (let i = 1; i <= BUYERS; i++)
      for (const line of cartOf(i)) {
        const res = await call(i, i, 'PUT', `/cart/lines/${productIds[line.part]}`, {
          quantity: line.quantity,
        });
        expect(res.status).toBe(200);
      }
    const before = await levels();
    const [{ n: deadlocksBefore }] = (
      await db.query(
        'select deadlocks::int as n from pg_stat_database where datname = current_database()',
      )
    ).rows;

    // The admin's transfers, one piece each way around the three warehouses, during the checkouts.
    const transfers = Array.from({ length: 24 }, (_, k) => ({
      productId: productIds[k % 4] as string,
      from: warehouseIds[k % 3] as number,
      to: warehouseIds[(k + 1) % 3] as number,
      quantity: 1,
    }));
    const [orders, moves, receipt] = await Promise.all([
      Promise.all(
        Array.from({ length: BUYERS }, async (_, k) => {
          const res = await call(k + 1, k, 'POST', '/orders', {
            address: '1 Mill Rd, Peoria IL',
            phone: '+1 309 555 0100',
            acceptBackorder: true,
          });
          return res.status;
        }),
      ),
      Promise.all(
        transfers.map(async (body, k) => ({
          body,
          status: (await call(0, k, 'POST', '/admin/stock/transfers', body)).status,
        })),
      ),
      // The goods come in to Leeds while the checkouts run.
      new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        call(0, 1, 'POST', `/admin/purchase-orders/${purchaseOrderId}/receive`, {
          warehouse: warehouseIds[1],
        }),
      ),
    ]);
    expect(receipt.status, await receipt.text()).toBe(200);
    expect(orders.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(orders.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(orders.filter((s) => s === 409).length).toBeGreaterThan(0);
    expect(moves.filter((m) => m.status !== 200 && m.status !== 409)).toEqual([]);

    // Each order line's allocations add up to what of it is not backordered.
    const uneven = await db.query(`select l.order_id, l.line_no from order_lines l
      left join order_line_allocations a on a.order_id = l.order_id and a.line_no = l.line_no
      group by l.order_id, l.line_no, l.quantity, l.backordered
      having coalesce(sum(a.quantity), 0) <> l.quantity - l.backordered`);
    expect(uneven.rows).toEqual([]);
    // Received: no piece is still backordered (all were promised from it), none still promised.
    const backorders = await db.query(
      `select
        (select coalesce(sum(backordered), 0)::int from order_lines) as back,
        (select count(*)::int from backorder_promises) as promises,
        (select promised from purchase_orders where id = $1) as promised`,
      [purchaseOrderId],
    );
    expect(backorders.rows[0]).toMatchObject({ back: 0, promises: 0 });
    expect(backorders.rows[0].promised).toBeLessThanOrEqual(INCOMING);

    // Per warehouse: before, moved in and out, less what orders took.
    const expected = new Map(before);
    for (const { body, status } of moves) {
      if (status !== 200) continue;
      const from = `${body.productId}:${body.from}`;
      const to = `${body.productId}:${body.to}`;
      expected.set(from, (expected.get(from) ?? 0) - body.quantity);
      expected.set(to, (expected.get(to) ?? 0) + body.quantity);
    }
    const taken = await db.query(`select l.product_id, a.warehouse_id, sum(a.quantity)::int as q
      from order_line_allocations a join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
      group by 1, 2`);
    for (const r of taken.rows) {
      const k = `${r.product_id}:${r.warehouse_id}`;
      expected.set(k, (expected.get(k) ?? 0) - Number(r.q));
    }
    // The purchase order's pieces came into Leeds: those promised are in the orders' allocations
    // there (taken above), the rest is Leeds' stock.
    const received = `${productIds[BACKORDERED_PART]}:${warehouseIds[1]}`;
    expected.set(received, (expected.get(received) ?? 0) + INCOMING);
    const after = await levels();
    for (const [k, q] of after) expect({ k, q }).toEqual({ k, q: expected.get(k) ?? 0 });
    for (const q of after.values()) expect(q).toBeGreaterThanOrEqual(0);

    // The product's sum is its warehouses', and nothing was sold that was not there.
    const sums = await db.query(`select p.id, p.available_quantity as left,
        (select coalesce(sum(quantity), 0)::int from warehouse_stock s where s.product_id = p.id) as held,
        (select coalesce(sum(quantity), 0)::int from order_lines l where l.product_id = p.id) as sold
      from products p`);
    for (const [n, id] of productIds.entries()) {
      const row = sums.rows.find((r) => r.id === id);
      expect(row.left).toBe(row.held);
      const incoming = n === BACKORDERED_PART ? INCOMING : 0;
      expect(row.left + row.sold).toBe(
        (STOCK[n] as readonly number[]).reduce((a, b) => a + b, 0) + incoming,
      );
    }
    const [{ n: deadlocksAfter }] = (
      await db.query(
        'select deadlocks::int as n from pg_stat_database where datname = current_database()',
      )
    ).rows;
    expect(deadlocksAfter).toBe(deadlocksBefore);
  });
});
