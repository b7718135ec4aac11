import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { rowsOf } from '../../db/queryable.ts';

/** Issue 37: a received return of a card order refunded through the provider, once. */
describe('return refunds', async () => {
  const app = await buildTestApp();
  const [buyer, admin] = await Promise.all([signUp(app), signUpAdmin(app)]);

  /**
   * A paid card order of 10 pieces (its line's tax set to 137 cents), all shipped; a return of 3
   * approved and received as 1 restocked, 1 scrapped, 1 refused.
   */
  const receivedReturn = async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${part.id}`,
      headers: as(buyer),
      payload: { quantity: 10 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(buyer),
      payload: { address: '1 Mill Road, Springfield', phone: '555 0100' },
    });
    const orderId = placed.json().data._id as string;
    expect((await payWithSandbox(app, buyer, orderId)).statusCode).toBe(200);
    await app.db.execute(sql`update order_lines set tax_cents = 137 where order_id = ${orderId}`);
    const admin_ = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: as(admin), ...(payload ? { payload } : {}) });
    await admin_(`/api/v1/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/returns`,
      headers: as(buyer),
      payload: { lines: [{ productId: part.id, quantity: 3, reason: 'damaged' }] },
    });
    const id = asked.json().data.id as string;
    expect((await admin_(`/api/v1/admin/returns/${id}/refund`)).statusCode).toBe(409);
    await admin_(`/api/v1/admin/returns/${id}/approve`);
    const received = await admin_(`/api/v1/admin/returns/${id}/receive`, {
      lines: [
        { productId: part.id, quantity: 1, outcome: 'restock' },
        { productId: part.id, quantity: 1, outcome: 'scrap' },
        { productId: part.id, quantity: 1, outcome: 'refuse' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    // 2 pieces refunded: their price, and 2/10 of 137 cents of tax (27.4) rounded half up.
    return { id, orderId, expected: 2 * part.priceCents + 27 };
  };
  const refund = (id: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${id}/refund`,
      headers: as(admin),
      ...(payload ? { payload } : {}),
    });
  const refundsOf = (id: string) =>
    rowsOf<{ amount: number }>(
      app.db,
      sql`select amount_cents::int as amount from sandbox_refunds
        where idempotency_key = ${`return-refund-${id}`}`,
    );

  it('20 concurrent refund calls refund once, the price and tax of the pieces kept', async () => {
    const { id, expected } = await receivedReturn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await refundsOf(id)).toEqual([{ amount: expected }]);
    const seen = await app.inject({ url: `/api/v1/returns/${id}`, headers: as(buyer) });
    expect(seen.json().data).toMatchObject({ refundState: 'refunded', refundCents: expected });
    expect((await refund(id)).statusCode).toBe(409);
    const audit = await rowsOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from audit_log
        where target_id = ${id} and action = 'return.refund'`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('a provider failure releases the claim; the retry refunds once', async () => {
    const { id, orderId, expected } = await receivedReturn();
    await app.db.execute(
      sql`update sandbox_intents set status = 'requires_payment_method' where order_id = ${orderId}`,
    );
    expect((await refund(id)).statusCode).toBe(409);
    expect(await refundsOf(id)).toEqual([]);
    await app.db.execute(
      sql`update sandbox_intents set status = 'succeeded' where order_id = ${orderId}`,
    );
    expect((await refund(id)).statusCode).toBe(200);
    expect(await refundsOf(id)).toEqual([{ amount: expected }]);
  });

  it('a claim that died after the provider refunded is taken again and answers that refund', async () => {
    const { id, orderId, expected } = await receivedReturn();
    // The provider refunded, then the process died before recording it.
    await app.db.execute(
      sql`insert into sandbox_refunds (id, intent_id, idempotency_key, amount_cents)
        select 'sbx_re_died', id, ${`return-refund-${id}`}, ${expected}
        from sandbox_intents where order_id = ${orderId}`,
    );
    await app.db.execute(
      sql`update returns set refund_state = 'pending', refund_cents = ${expected},
          refund_claimed_at = now() - interval '1 minute' where id = ${id}`,
    );
    expect((await refund(id)).json().message).toMatch(/being refunded/);
    await app.db.execute(
      sql`update returns set refund_claimed_at = now() - interval '10 minutes' where id = ${id}`,
    );
    const retried = await refund(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await refundsOf(id)).toEqual([{ amount: expected }]);
    const [row] = await rowsOf<{ refundId: string }>(
      app.db,
      sql`select refund_id as "refundId" from returns where id = ${id}`,
    );
    expect(row?.refundId).toBe('sbx_re_died');
  });

  it('keeps a restocking fee from a card refund: the provider is asked for the rest', async () => {
    const { id, expected } = await receivedReturn();
    const goods = expected - 27;
    const fee = Math.floor((2 * goods * 10 + 100) / 200);
    const answer = await refund(id, { restockingFeePercent: 10 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      refundCents: expected - fee,
      restockingFeeCents: fee,
      creditNote: null,
    });
    expect(await refundsOf(id)).toEqual([{ amount: expected - fee }]);
  });
});
