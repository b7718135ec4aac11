import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, placeOrder, stockOf } from '../../../test/order-helpers.ts';
import { orders, payments, sandboxIntents } from '../../db/schema.ts';

/**
 * Requests racing on one product or one order. On PostgreSQL (DATABASE_URL) these run on a
 * pool of connections at the same time; on PGlite they interleave on its one connection.
 */
describe('orders under concurrency', async () => {
  const app = await buildTestApp();
  const buyers = await Promise.all([
    signUp(app),
    signUp(app),
    signUp(app),
    signUp(app),
    signUp(app),
  ]);
  const admin = await signUpAdmin(app);
  const [buyer] = buyers;
  if (!buyer) throw new Error('no buyer');
  const orderRow = async (id: string) =>
    (await app.db.select().from(orders).where(eq(orders.id, id)))[0];
  const paymentsOf = (orderId: string) =>
    app.db.select().from(payments).where(eq(payments.orderId, orderId));

  it('50 simultaneous purchases against stock for 10: exactly 10 succeed, stock ends at 0', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/purchase',
          headers: as(buyers[i % buyers.length] ?? buyer),
          payload: { toolId: product.id, quantity: 1 },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(app, product.id)).toBe(0);
    const placed = await app.db.select().from(orders).where(eq(orders.toolId, product.id));
    expect(placed).toHaveLength(10);
  });

  it('mixed quantities never oversell: what was sold plus what is left is the stock', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 2, availableQuantity: 25 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/purchase',
          headers: as(buyers[i % buyers.length] ?? buyer),
          payload: { toolId: product.id, quantity: 2 + (i % 4) },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const placed = await app.db.select().from(orders).where(eq(orders.toolId, product.id));
    const sold = placed.reduce((sum, o) => sum + o.quantity, 0);
    expect(sold).toBeLessThanOrEqual(25);
    expect(sold + (await stockOf(app, product.id))).toBe(25);
  });

  it('cancel vs admin delete vs ship on one unpaid order: it is cancelled once, its stock given back once', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    for (let round = 0; round < 5; round++) {
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 5 });
      const before = await stockOf(app, product.id);
      const answers = await Promise.all([
        app.inject({ method: 'DELETE', url: `/api/v1/myPurchase/${id}`, headers: as(buyer) }),
        app.inject({ method: 'DELETE', url: `/api/v1/manageOrder/${id}`, headers: as(admin) }),
        app.inject({ method: 'PATCH', url: `/api/v1/manageOrder/${id}`, headers: as(admin) }),
        app.inject({ method: 'DELETE', url: `/api/v1/myPurchase/${id}`, headers: as(buyer) }),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
      expect((await orderRow(id))?.status).toBe('cancelled');
      expect(await stockOf(app, product.id)).toBe(before + 5);
    }
  });

  it('cancel vs ship on a paid order: it ships, the cancel is refused, the stock stays sold', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 5 });
    await payOnce(id);
    const before = await stockOf(app, product.id);
    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/v1/myPurchase/${id}`, headers: as(buyer) }),
      app.inject({ method: 'PATCH', url: `/api/v1/manageOrder/${id}`, headers: as(admin) }),
      app.inject({ method: 'DELETE', url: `/api/v1/manageOrder/${id}`, headers: as(admin) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([409, 200, 409]);
    expect((await orderRow(id))?.status).toBe('shipped');
    expect(await stockOf(app, product.id)).toBe(before);
  });

  /** Confirms a sandbox card for the order; answers the payment id, not yet recorded. */
  async function confirmedPayment(orderId: string): Promise<string> {
    const intent = await app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(buyer),
      payload: { orderId },
    });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/confirm',
      headers: as(buyer),
      payload: {
        clientSecret: intent.json().data.clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      },
    });
    return confirm.json().data.paymentIntentId;
  }
  async function payOnce(orderId: string) {
    const transactionId = await confirmedPayment(orderId);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/myPurchase/${orderId}`,
      headers: as(buyer),
      payload: { transactionId },
    });
    expect(res.statusCode).toBe(200);
  }

  it('cancel vs pay on one order: either paid with one record, or cancelled with the stock back — never both', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 3 });
      const transactionId = await confirmedPayment(id);
      const before = await stockOf(app, product.id);
      const pay = () =>
        app.inject({
          method: 'PATCH',
          url: `/api/v1/myPurchase/${id}`,
          headers: as(buyer),
          payload: { transactionId },
        });
      const cancel = () =>
        app.inject({ method: 'DELETE', url: `/api/v1/myPurchase/${id}`, headers: as(buyer) });
      const [first, second] =
        round % 2 ? await Promise.all([pay(), cancel()]) : await Promise.all([cancel(), pay()]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
      const row = await orderRow(id);
      const records = await paymentsOf(id);
      if (row?.status === 'cancelled') {
        expect(row.paid).toBe(false);
        expect(records).toHaveLength(0);
        expect(await stockOf(app, product.id)).toBe(before + 3);
        // The card was charged in the sandbox: the money went back.
        const [intent] = await app.db
          .select()
          .from(sandboxIntents)
          .where(eq(sandboxIntents.id, transactionId));
        expect(intent?.status).toBe('refunded');
      } else {
        expect(row).toMatchObject({ status: 'pending', paid: true, transactionId });
        expect(records).toHaveLength(1);
        expect(await stockOf(app, product.id)).toBe(before);
      }
      outcomes.add(row?.status ?? 'missing');
    }
    expect([...outcomes].every((s) => s === 'cancelled' || s === 'pending')).toBe(true);
  });

  /**
   * Two real server processes on one PostgreSQL database (the scale-out setup): buyers spread
   * over both can still never take more stock than there is.
   */
  const baseUrl = process.env.DATABASE_URL;
  const entry = ['--import', 'tsx', join(import.meta.dirname, '../../server.ts')];

  function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  }

  async function startServer(env: Record<string, string>) {
    const child = spawn('node', entry, {
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
      stdio: 'pipe',
    });
    const url = `http://127.0.0.1:${env.PORT}`;
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/api/v1/health`)).ok) return { child, url };
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not start');
  }

  const stopped = (child: ChildProcess) =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(null);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });

  // Only on PostgreSQL: two processes cannot share one PGlite data directory.
  if (baseUrl)
    describe('two server processes on one database', () => {
      const name = `pp_two_${randomUUID().replaceAll('-', '')}`;
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const dirs: string[] = [];
      const children: ChildProcess[] = [];
      afterAll(async () => {
        await Promise.all(children.map(stopped));
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });

      it('50 buyers spread over both against stock for 10: exactly 10 orders, stock 0', {
        timeout: 120_000,
      }, async () => {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const env = (port: number) => {
          const dir = mkdtempSync(join(tmpdir(), 'pp-two-'));
          dirs.push(dir);
          return {
            PORT: String(port),
            DATA_DIR: dir,
            DATABASE_URL: url.toString(),
            SEED_DEMO: 'false',
            AUTH_SECRET: 'two-processes-test-secret-0123456789',
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          };
        };
        // One after the other: the first applies the migrations.
        const a = await startServer(env(await freePort()));
        children.push(a.child);
        const b = await startServer(env(await freePort()));
        children.push(b.child);

        const signUp = await fetch(`${a.url}/api/v1/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Two Proc',
            email: 'twoproc@example.com',
            password: 'secret123',
          }),
        });
        expect(signUp.status).toBe(200);
        const cookie = signUp.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');

        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const { rows } = await db.query(
          `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
       values ('Shared Bearing', '/x.svg', 'Sold by two servers', 1, 10, 500) returning id`,
        );
        const toolId = rows[0].id as string;

        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${i % 2 ? b.url : a.url}/api/v1/purchase`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ toolId, quantity: 1 }),
            }).then((res) => res.status),
          ),
        );
        expect(answers.filter((s) => s === 200)).toHaveLength(10);
        expect(answers.filter((s) => s === 409)).toHaveLength(40);
        const stock = await db.query('select available_quantity from products where id = $1', [
          toolId,
        ]);
        const orders = await db.query('select count(*)::int as n from orders where tool_id = $1', [
          toolId,
        ]);
        await db.end();
        expect(stock.rows[0].available_quantity).toBe(0);
        expect(orders.rows[0].n).toBe(10);
      });
    });
});
