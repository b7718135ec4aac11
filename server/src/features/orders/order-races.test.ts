import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import {
  as,
  confirmWithSandbox,
  createProduct,
  placeOrder,
  stockOf,
} from '../../../test/order-helpers.ts';
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
    return confirmWithSandbox(app, buyer, orderId);
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
  // Buyers spread over two server processes on one PostgreSQL: server/test/many-processes.test.ts.
});
