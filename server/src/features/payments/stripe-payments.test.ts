import { randomBytes } from 'node:crypto';
import { paymentMessages } from '@proper-parts/domain/payments';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../../test/auth-helper.ts';
import { type FakeIntent, startFakeStripe } from '../../../test/fake-stripe.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, placeOrder } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { orders, payments } from '../../db/schema.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');

describe('payments through Stripe (the real SDK against a local stand-in for its API)', async () => {
  const fake = await startFakeStripe();
  const outbox = await startSmtpOutbox();
  afterAll(async () => {
    await fake.close();
    await outbox.close();
  });
  const app = await buildTestApp({
    SMTP_URL: outbox.url,
    STRIPE_SECRET_KEY: 'sk_test_shop',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  const buyer = await signUp(app);
  const product = await createProduct(app, {
    priceCents: 4550,
    minimumOrderQuantity: 1,
    availableQuantity: 1000,
  });
  const newOrder = (quantity = 2) => placeOrder(app, buyer, { toolId: product.id, quantity });

  async function intentFor(orderId: string, who: TestUser = buyer) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(who),
      payload: { orderId, price: 1 },
    });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json().data;
    const intent = [...fake.intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error('no intent at the fake Stripe');
    return { intent, answer: res.json().data };
  }
  const record = (orderId: string, transactionId: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/myPurchase/${orderId}`,
      headers: as(buyer),
      payload: { transactionId },
    });
  function webhook(event: object, { secret = WEBHOOK_SECRET, tamper = false } = {}) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
      payload: tamper ? payload.replace('"amount_received":', '"amount_received":1') : payload,
    });
  }
  const event = (type: string, intent: FakeIntent) => ({
    id: `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent } },
  });
  const paymentsOf = (orderId: string) =>
    app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const orderRow = async (id: string) =>
    (await app.db.select().from(orders).where(eq(orders.id, id)))[0];
  const paidMails = (orderId: string) =>
    outbox.received.filter((m) => m.raw.includes(`Payment received for order ${orderId}`)).length;

  it("creates a PaymentIntent for the order's total with an idempotency key per order", async () => {
    const orderId = await newOrder(3);
    const first = await intentFor(orderId);
    expect(first.answer).toEqual({
      clientSecret: first.intent.client_secret,
      provider: 'stripe',
      publishableKey: 'pk_test_shop',
      amount: 136.5,
    });
    expect(first.intent).toMatchObject({ amount: 13650, currency: 'usd', metadata: { orderId } });
    const request = fake.seen.find(
      (r) => r.method === 'POST' && r.body.get('metadata[orderId]') === orderId,
    );
    expect(request?.authorization).toBe('Bearer sk_test_shop');
    expect(request?.idempotencyKey).toBe(`order-${orderId}`);
    expect(request?.stripeVersion).toBeTruthy();
    // Asking again answers the same intent (Stripe's idempotency), not a second charge.
    expect((await intentFor(orderId)).intent.id).toBe(first.intent.id);
  });

  it('records the payment only once Stripe says it succeeded, for this order and amount', async () => {
    const orderId = await newOrder();
    const { intent } = await intentFor(orderId);
    const early = await record(orderId, intent.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(paymentMessages.notConfirmed);
    fake.succeed(intent.id);
    const res = await record(orderId, intent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      paid: true,
      status: 'pending',
      transactionId: intent.id,
    });
    expect(await paymentsOf(orderId)).toEqual([
      expect.objectContaining({ provider: 'stripe', intentId: intent.id, amountCents: 9100 }),
    ]);
    await outbox.waitForMail(buyer.email, new RegExp(`Payment received for order ${orderId}`));
  });

  it('refuses a made-up id (Stripe knows none) and a succeeded payment of another order', async () => {
    const orderId = await newOrder();
    const madeUp = await record(orderId, 'pi_madeup123');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(paymentMessages.unknownPayment);
    const otherOrder = await newOrder(1);
    const { intent } = await intentFor(otherOrder);
    fake.succeed(intent.id);
    const foreign = await record(orderId, intent.id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(paymentMessages.wrongPayment);
    expect(await orderRow(orderId)).toMatchObject({ paid: false });
  });

  describe('webhook', () => {
    it('refuses a bad signature, a tampered body and a missing signature, changing nothing', async () => {
      const orderId = await newOrder();
      const { intent } = await intentFor(orderId);
      const succeeded = event('payment_intent.succeeded', fake.succeed(intent.id));
      const wrongSecret = await webhook(succeeded, { secret: 'whsec_wrong' });
      expect(wrongSecret.statusCode).toBe(400);
      expect(wrongSecret.json()).toEqual({
        success: false,
        message: 'The Stripe signature does not match',
      });
      expect((await webhook(succeeded, { tamper: true })).statusCode).toBe(400);
      const unsigned = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(succeeded),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
      expect(await paymentsOf(orderId)).toHaveLength(0);
    });

    it('marks the order paid once, however often the event comes', async () => {
      const orderId = await newOrder();
      const { intent } = await intentFor(orderId);
      const succeeded = event('payment_intent.succeeded', fake.succeed(intent.id));
      const first = await webhook(succeeded);
      expect(first.json()).toEqual({ success: true, data: { received: true, duplicate: false } });
      expect(await orderRow(orderId)).toMatchObject({
        paid: true,
        status: 'pending',
        transactionId: intent.id,
      });
      const again = await webhook(succeeded);
      expect(again.json()).toEqual({ success: true, data: { received: true, duplicate: true } });
      // The browser's PATCH arriving after the webhook: success, nothing new.
      expect((await record(orderId, intent.id)).statusCode).toBe(200);
      expect(await paymentsOf(orderId)).toHaveLength(1);
      await outbox.waitForMail(buyer.email, new RegExp(`Payment received for order ${orderId}`));
      expect(paidMails(orderId)).toBe(1);
    });

    it('out of order: a failure or creation event after the success does not undo it; a success after the PATCH adds nothing', async () => {
      const orderId = await newOrder();
      const { intent } = await intentFor(orderId);
      const created = event('payment_intent.created', intent);
      const failed = event('payment_intent.payment_failed', intent);
      fake.succeed(intent.id);
      expect((await record(orderId, intent.id)).statusCode).toBe(200);
      const succeeded = event('payment_intent.succeeded', intent);
      for (const late of [succeeded, failed, created]) {
        const res = await webhook(late);
        expect(res.json()).toEqual({ success: true, data: { received: true, duplicate: false } });
      }
      expect(await orderRow(orderId)).toMatchObject({
        paid: true,
        status: 'pending',
        transactionId: intent.id,
      });
      expect(await paymentsOf(orderId)).toHaveLength(1);
      await outbox.waitForMail(buyer.email, new RegExp(`Payment received for order ${orderId}`));
      expect(paidMails(orderId)).toBe(1);
    });

    it('refunds a payment for an order cancelled first, once; does not pay a wrong amount or an unknown order', async () => {
      const cancelled = await newOrder();
      const { intent } = await intentFor(cancelled);
      await app.inject({
        method: 'DELETE',
        url: `/api/v1/myPurchase/${cancelled}`,
        headers: as(buyer),
      });
      const succeeded = event('payment_intent.succeeded', fake.succeed(intent.id));
      expect((await webhook(succeeded)).statusCode).toBe(200);
      expect((await webhook(succeeded)).json().data.duplicate).toBe(true);
      expect(await orderRow(cancelled)).toMatchObject({ status: 'cancelled', paid: false });
      const refundCalls = () =>
        fake.seen.filter(
          (r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === intent.id,
        );
      expect(refundCalls()).toHaveLength(1);
      expect(refundCalls()[0]?.idempotencyKey).toBe(`refund-${intent.id}`);
      // The browser's PATCH then hears why; the refund is not made twice (same idempotency key).
      const patch = await record(cancelled, intent.id);
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe(paymentMessages.refunded);
      expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(
        1,
      );

      const short = await newOrder();
      const shortIntent = (await intentFor(short)).intent;
      const underpaid = { ...fake.succeed(shortIntent.id), amount_received: 1 };
      expect((await webhook(event('payment_intent.succeeded', underpaid))).statusCode).toBe(200);
      expect(await orderRow(short)).toMatchObject({ paid: false });

      const stray = { ...underpaid, id: 'pi_stray', metadata: { orderId: 'not-a-uuid' } };
      expect((await webhook(event('payment_intent.succeeded', stray))).statusCode).toBe(200);
      expect(await paymentsOf(cancelled)).toHaveLength(0);
      expect(await paymentsOf(short)).toHaveLength(0);
    });

    it('answers junk that is signed (or not JSON) with a 400, never a 5xx', async () => {
      const signed = (payload: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/stripe',
          headers: {
            'stripe-signature': signer.webhooks.generateTestHeaderString({
              payload,
              secret: WEBHOOK_SECRET,
            }),
            'content-type': 'application/json',
          },
          payload,
        });
      const junk = [
        'not json',
        '[]',
        'null',
        '{"type":"payment_intent.succeeded"}',
        '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":null}}',
        '{"id":"evt_2","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","amount_received":"1"}}}',
        `{"id":"${'e'.repeat(300)}","type":"x"}`,
      ];
      for (const payload of junk) {
        const res = await signed(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });

    it('PATCH and webhook at the same instant: one payment record, one state change, one mail', async () => {
      for (let round = 0; round < 5; round++) {
        const orderId = await newOrder();
        const { intent } = await intentFor(orderId);
        const succeeded = event('payment_intent.succeeded', fake.succeed(intent.id));
        const answers = await Promise.all([
          record(orderId, intent.id),
          webhook(succeeded),
          record(orderId, intent.id),
          webhook(succeeded),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        expect(await paymentsOf(orderId)).toHaveLength(1);
        expect(await orderRow(orderId)).toMatchObject({
          paid: true,
          status: 'pending',
          transactionId: intent.id,
        });
        await outbox.waitForMail(buyer.email, new RegExp(`Payment received for order ${orderId}`));
        expect(paidMails(orderId)).toBe(1);
      }
    });
  });

  it('answers 503 with a clear message when Stripe does not answer, and the order stays unpaid', async () => {
    const down = await startFakeStripe();
    await down.close();
    const offline = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_API_URL: down.url,
    });
    const someone = await signUp(offline);
    const tool = await createProduct(offline, { minimumOrderQuantity: 1 });
    const orderId = await placeOrder(offline, someone, { toolId: tool.id, quantity: 1 });
    const res = await offline.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(someone),
      payload: { orderId },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/payment service did not answer/);
    const paying = await offline.inject({
      method: 'PATCH',
      url: `/api/v1/myPurchase/${orderId}`,
      headers: as(someone),
      payload: { transactionId: 'pi_whatever' },
    });
    expect(paying.statusCode).toBe(503);
  });

  it('the sandbox is off when Stripe is configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/confirm',
      headers: as(buyer),
      payload: {
        clientSecret: 'x',
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      },
    });
    expect(res.statusCode).toBe(404);
  });
});
