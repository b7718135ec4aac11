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
 * Issue 18: checkouts of overlapping multi-line carts racing for scarce stock, through two real
 * server processes on one PostgreSQL database. Each checkout locks its cart's products in id order
 * (features/cart/checkout.ts), so buyers who share parts wait for each other instead of
 * deadlocking, and an order holds all of its lines or none. Runs in every `npm test`: on
 * DATABASE_URL's server, or the local one (as many-processes.test.ts).
 */
const BUYERS = 50;
const LINES = 3;

/**
 * Six parts, each with stock for about 40% of what the 50 carts ask for (some orders are placed,
 * most are refused); tier prices from 3 and from 5 pieces; one part sold in pairs.
 */
const PARTS = [
  {
    stock: 20,
    priceCents: 1000,
    packSize: 1,
    breaks: [
      [3, 900],
      [5, 750],
    ],
  },
  { stock: 44, priceCents: 2550, packSize: 1, breaks: [[3, 2400]] },
  { stock: 21, priceCents: 199, packSize: 1, breaks: [[5, 150]] },
  {
    stock: 40,
    priceCents: 12_000,
    packSize: 1,
    breaks: [
      [3, 11_000],
      [5, 9_999],
    ],
  },
  { stock: 40, priceCents: 480, packSize: 2, breaks: [[4, 400]] },
  { stock: 36, priceCents: 7300, packSize: 1, breaks: [] },
] as const;

/** The tier price the test expects, worked out here rather than read from the database. */
function expectedUnitCents(part: (typeof PARTS)[number], quantity: number): number {
  let unit: number = part.priceCents;
  for (const [from, cents] of part.breaks) if (quantity >= from) unit = cents;
  return unit;
}

/**
 * Buyer i's cart: three different parts, overlapping other buyers' carts, each with a quantity
 * that meets the part's pack, added in an order of the buyer's own (its rotation and direction).
 */
function cartOf(i: number): { part: number; quantity: number }[] {
  const picks = [i % 6, (i + 1 + (i % 2)) % 6, (i + 4) % 6];
  const lines = picks.map((part, j) => {
    const quantity = 1 + ((i + 2 * j) % 5);
    return { part, quantity: quantity * (PARTS[part]?.packSize ?? 1) };
  });
  const rotated = [...lines.slice(i % LINES), ...lines.slice(0, i % LINES)];
  return i % 2 === 0 ? rotated : rotated.reverse();
}

describe(`${BUYERS} buyers across two processes check out overlapping ${LINES}-line carts for scarce stock`, () => {
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  const run = randomUUID().slice(0, 8);
  const tokenOf = (i: number) => `checkout-token-${run}-${i}`;
  const userOf = (i: number) => `checkout-${run}-${i}`;
  const productIds: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase('pp_checkout');
    const start = async () => {
      const server = await startServer({
        dataDir: tempDir('pp-checkout-'),
        databaseUrl: database?.url,
        env: { SEED_DEMO: 'false', DATABASE_TIMEOUT_MS: RACE_DATABASE_TIMEOUT_MS },
      });
      servers.push(server);
      return server;
    };
    // One after the other: the first migrates.
    a = await start();
    b = await start();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    for (const [n, part] of PARTS.entries()) {
      const [row] = (
        await db.query(
          `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, pack_size)
           values ($1, '/images/products/piston.svg', 'Scarce.', 1, $2, $3, $4) returning id`,
          [`Scarce Part ${n}`, part.stock, part.priceCents, part.packSize],
        )
      ).rows as { id: string }[];
      if (!row) throw new Error('no product');
      productIds.push(row.id);
      for (const [minQuantity, priceCents] of part.breaks)
        await db.query(
          'insert into price_breaks (product_id, min_quantity, price_cents) values ($1, $2, $3)',
          [row.id, minQuantity, priceCents],
        );
    }
    // Buyers with sessions of known bearer tokens, straight in the database (no sign-in limits).
    await db.query(
      `insert into "user" (id, name, email, email_verified)
         select 'checkout-${run}-' || g, 'Buyer ' || g, 'checkout' || g || '-${run}@example.com', true
         from generate_series(0, ${2 * BUYERS - 1}) g`,
    );
    await db.query(
      `insert into session (id, token, user_id, expires_at)
         select 'checkout-session-${run}-' || g, 'checkout-token-${run}-' || g,
                'checkout-${run}-' || g, now() + interval '1 day'
         from generate_series(0, ${2 * BUYERS - 1}) g`,
    );
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => stopServer(s)));
    await killAllServers();
    removeTempDirs();
    await database?.drop();
  });

  /** Buyer i's request, through process a or b by `via`'s parity. */
  const call = (i: number, via: number, method: string, path: string, body: object) =>
    fetch(`${(via % 2 === 0 ? a : b).url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${tokenOf(i)}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('each order holds all its lines or none, nothing is oversold, only 200 or 409, totals are tier prices', async () => {
    const partOf = new Map(productIds.map((id, n) => [id, PARTS[n]]));
    // Carts filled through both processes, each buyer's lines in its own order.
    await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        for (const line of cartOf(i)) {
          const res = await call(i, i + line.part, 'PUT', `/cart/lines/${productIds[line.part]}`, {
            quantity: line.quantity,
          });
          expect(res.status).toBe(200);
        }
      }),
    );
    const deadlocksBefore = await deadlocks();

    const answers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const res = await call(i, i, 'POST', '/orders', {
          address: '1 Mill Rd, Peoria IL',
          phone: '+1 309 555 0100',
          poNumber: `PO-${i}`,
        });
        const body = (await res.json()) as {
          data?: { _id: string; lines: { productId: string; quantity: number }[] };
        };
        return { i, status: res.status, order: body.data };
      }),
    );

    // No deadlock, lock timeout or other failure reaches a buyer: placed, or refused as changed.
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const placed = answers.filter((x) => x.status === 200);
    const refused = answers.filter((x) => x.status === 409);
    // Scarce enough that some are refused, plentiful enough that some are placed.
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    // Every placed order is the buyer's whole cart: its three lines, and the cart is empty.
    for (const { i, order } of placed) {
      const wanted = cartOf(i)
        .map((l) => ({ productId: productIds[l.part], quantity: l.quantity }))
        .sort((x, y) => String(x.productId).localeCompare(String(y.productId)));
      const got = (order?.lines ?? [])
        .map((l) => ({ productId: l.productId, quantity: l.quantity }))
        .sort((x, y) => x.productId.localeCompare(y.productId));
      expect(got).toEqual(wanted);
    }
    const cartSizes = new Map(
      (
        await db.query(
          'select user_id, count(*)::int as n from cart_lines group by user_id order by user_id',
        )
      ).rows.map((r: { user_id: string; n: number }) => [r.user_id, r.n]),
    );
    for (const { i } of placed) expect(cartSizes.get(userOf(i))).toBeUndefined();
    // A refused buyer keeps the whole cart, to fix and try again.
    for (const { i } of refused) expect(cartSizes.get(userOf(i))).toBe(LINES);

    const orders = (
      await db.query(
        `select o.id, o.user_id, o.line_count, o.quantity, o.total_cents::bigint::text as total,
                count(l.*)::int as lines, coalesce(sum(l.line_total_cents), 0)::text as lines_total
           from orders o left join order_lines l on l.order_id = o.id
          group by o.id`,
      )
    ).rows as {
      id: string;
      user_id: string;
      line_count: number;
      quantity: number;
      total: string;
      lines: number;
      lines_total: string;
    }[];
    expect(orders.map((o) => o.id).sort()).toEqual(placed.map((x) => x.order?._id).sort());
    for (const o of orders) {
      expect(o.lines).toBe(LINES);
      expect(o.line_count).toBe(LINES);
      expect(o.total).toBe(o.lines_total);
    }

    // Each line at its tier price: the one SQL function's, and the test's own reckoning.
    const lines = (
      await db.query(
        `select l.order_id, l.product_id, l.quantity, l.unit_price_cents, l.line_total_cents::text as line_total,
                pp_unit_price_cents(p.id, p.price_cents, l.quantity) as priced
           from order_lines l join products p on p.id = l.product_id`,
      )
    ).rows as {
      order_id: string;
      product_id: string;
      quantity: number;
      unit_price_cents: number;
      line_total: string;
      priced: number;
    }[];
    expect(lines).toHaveLength(placed.length * LINES);
    const totals = new Map<string, bigint>();
    for (const l of lines) {
      const part = partOf.get(l.product_id);
      if (!part) throw new Error(`unknown product ${l.product_id}`);
      expect(l.unit_price_cents).toBe(l.priced);
      expect(l.unit_price_cents).toBe(expectedUnitCents(part, l.quantity));
      expect(BigInt(l.line_total)).toBe(BigInt(l.quantity) * BigInt(l.unit_price_cents));
      totals.set(l.order_id, (totals.get(l.order_id) ?? 0n) + BigInt(l.line_total));
    }
    for (const o of orders) expect(BigInt(o.total)).toBe(totals.get(o.id));

    // Nothing oversold: per part, the stock taken is exactly what the placed lines hold.
    const ledger = (
      await db.query(
        `select p.id, p.available_quantity as left,
                coalesce((select sum(l.quantity) from order_lines l where l.product_id = p.id), 0)::int as sold
           from products p`,
      )
    ).rows as { id: string; left: number; sold: number }[];
    for (const row of ledger) {
      const part = partOf.get(row.id);
      expect(row.left).toBeGreaterThanOrEqual(0);
      expect({ id: row.id, taken: (part?.stock ?? 0) - row.left }).toEqual({
        id: row.id,
        taken: row.sold,
      });
    }
    // Deadlocks PostgreSQL detected and broke while these ran (counted once a backend reports).
    expect(await deadlocks()).toBe(deadlocksBefore);
  });

  it('checkouts of 20-line carts racing other buyers filling carts with the same parts: no deadlock', async () => {
    // A cart filled with many lines at once checks each part's foreign key (`for key share`) in
    // its own order, while a checkout holds the same parts locked in id order.
    const [first] = (
      await db.query(
        `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
         select 'Shared Part ' || g, '/images/products/piston.svg', 'Plenty.', 1, 100000, 500 + g
           from generate_series(1, 20) g
         returning id`,
      )
    ).rows as { id: string }[];
    if (!first) throw new Error('no products');
    const shared = (
      (await db.query(`select id from products where name like 'Shared Part %' order by id`))
        .rows as { id: string }[]
    ).map((r) => r.id);
    const fill = (i: number, ids: string[]) =>
      call(i, i, 'POST', '/cart/merge', {
        lines: ids.map((productId) => ({ productId, quantity: 2 })),
      });
    const checkouts = Array.from({ length: BUYERS / 2 }, (_, k) => BUYERS + k);
    const fillers = Array.from({ length: BUYERS / 2 }, (_, k) => BUYERS + BUYERS / 2 + k);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const i of checkouts) expect((await fill(i, shared)).status).toBe(200);
      const answers = await Promise.all([
        ...checkouts.map((i) =>
          call(i, i, 'POST', '/orders', { address: '1 Mill Rd', phone: '+1 309 555 0100' }),
        ),
        // Each filler's lines in another order: reversed, or rotated by the buyer.
        ...fillers.map((i) =>
          fill(
            i,
            i % 2 ? [...shared].reverse() : [...shared.slice(i % 20), ...shared.slice(0, i % 20)],
          ),
        ),
      ]);
      statuses.push(...answers.map((res) => res.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  async function deadlocks(): Promise<number> {
    const [row] = (
      await db.query(
        'select deadlocks::int as n from pg_stat_database where datname = current_database()',
      )
    ).rows as { n: number }[];
    return row?.n ?? 0;
  }
});
