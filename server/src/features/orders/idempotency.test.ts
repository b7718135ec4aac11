import { idempotencyMessages } from '@proper-parts/domain/idempotency';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { idempotencyKeys, orders, products } from '../../db/schema.ts';

/**
 * Issue 15: purchases that answered 503 during a database hang had committed, and the buyer's
 * retry bought again. With an Idempotency-Key the retry answers the first order.
 */
describe('POST /purchase with an Idempotency-Key', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const buyer = await signUp(app);
  const other = await signUp(app);

  const purchase = (who: { cookie: string }, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/purchase',
      headers: { ...as(who), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const ordersOf = async (toolId: string) =>
    app.db.select().from(orders).where(eq(orders.toolId, toolId));

  it('a retry after a commit whose answer was lost answers the first order; stock taken once', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 2, availableQuantity: 50 });
    const body = { toolId: product.id, quantity: 5, address: '1 Dock Rd', phone: '555 0100' };
    // The first answer never reaches the buyer (a 503 from a proxy, a dropped connection)...
    const lost = await purchase(buyer, body, 'submit-7f3a');
    expect(lost.statusCode).toBe(200);
    // ...so the page sends the same request again, with the same key.
    const retry = await purchase(buyer, body, 'submit-7f3a');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(lost.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(lost.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(product.id)).toHaveLength(1);
    expect(await stockOf(app, product.id)).toBe(45);
    // One order, one order mail.
    await outbox.waitForMail(buyer.email, /Thank|order/i);
    const mails = outbox.received.filter(
      (m) => m.to.includes(buyer.email) && m.raw.includes(lost.json().data.insertedId),
    );
    expect(mails).toHaveLength(1);
  });

  it('the same key with another body is refused with 422 and places nothing', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    await purchase(buyer, { toolId: product.id, quantity: 3 }, 'key-body');
    const changed = await purchase(buyer, { toolId: product.id, quantity: 4 }, 'key-body');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ success: false, message: idempotencyMessages.keyReused });
    expect(await ordersOf(product.id)).toHaveLength(1);
    expect(await stockOf(app, product.id)).toBe(47);
  });

  it("a key is the buyer's own: another buyer's same key places their own order", async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const body = { toolId: product.id, quantity: 2 };
    const mine = await purchase(buyer, body, 'shared-key');
    const theirs = await purchase(other, body, 'shared-key');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.insertedId).not.toBe(mine.json().data.insertedId);
    expect(await ordersOf(product.id)).toHaveLength(2);
  });

  it('retries racing with one key place one order, and all answer it', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const body = { toolId: product.id, quantity: 4 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => purchase(buyer, body, 'racing-key')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().data.insertedId)).size).toBe(1);
    expect(await ordersOf(product.id)).toHaveLength(1);
    expect(await stockOf(app, product.id)).toBe(46);
  });

  it('without a key, every request is a new order (the spec clients)', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const body = { toolId: product.id, quantity: 1 };
    await purchase(buyer, body);
    await purchase(buyer, body);
    expect(await ordersOf(product.id)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['a space', 'two words'],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
  ])('refuses a key that is %s with 400, placing nothing', async (_, key) => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const res = await purchase(buyer, { toolId: product.id, quantity: 1 }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: idempotencyMessages.badKey });
    expect(await ordersOf(product.id)).toHaveLength(0);
  });

  it('a refused request records no key: once the cause is gone, the same key places the order', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 10, availableQuantity: 50 });
    const tooFew = await purchase(buyer, { toolId: product.id, quantity: 3 }, 'after-refusal');
    expect(tooFew.statusCode).toBe(400);
    await app.db
      .update(products)
      .set({ minimumOrderQuantity: 1 })
      .where(eq(products.id, product.id));
    const ok = await purchase(buyer, { toolId: product.id, quantity: 3 }, 'after-refusal');
    expect(ok.statusCode).toBe(200);
    expect(await ordersOf(product.id)).toHaveLength(1);
  });

  it('after 24 h a key is forgotten: the same key places a new order', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    const body = { toolId: product.id, quantity: 1 };
    const first = await purchase(buyer, body, 'yesterday');
    await app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'yesterday'));
    const next = await purchase(buyer, body, 'yesterday');
    expect(next.statusCode).toBe(200);
    expect(next.json().data.insertedId).not.toBe(first.json().data.insertedId);
    expect(await ordersOf(product.id)).toHaveLength(2);
  });
});
