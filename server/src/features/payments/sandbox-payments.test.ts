import { paymentMessages } from '@proper-parts/domain/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, placeOrder } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { orders, payments, sandboxIntents } from '../../db/schema.ts';

const GOOD = '4242 4242 4242 4242';

describe('payments through the offline sandbox', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const buyer = await signUp(app);
  const other = await signUp(app);
  const admin = await signUpAdmin(app);
  const product = await createProduct(app, {
    priceCents: 1999,
    minimumOrderQuantity: 1,
    availableQuantity: 1000,
  });
  const newOrder = (who: TestUser = buyer, quantity = 3) =>
    placeOrder(app, who, { toolId: product.id, quantity });

  const intent = (who: TestUser, body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(who),
      payload: body,
    });
  const confirm = (who: TestUser, clientSecret: string, card: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/confirm',
      headers: as(who),
      payload: { clientSecret, card, billing: { name: 'B', email: buyer.email } },
    });
  const record = (who: TestUser, orderId: string, transactionId: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/myPurchase/${orderId}`,
      headers: as(who),
      payload: { transactionId },
    });
  const paymentsOf = (orderId: string) =>
    app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const orderRow = async (id: string) =>
    (await app.db.select().from(orders).where(eq(orders.id, id)))[0];

  async function intentFor(orderId: string, who = buyer) {
    const res = await intent(who, { orderId });
    expect(res.statusCode).toBe(200);
    return res.json().data as { clientSecret: string; amount: number; provider: string };
  }

  it("answers a client secret for the order's total; a price in the body changes nothing", async () => {
    const orderId = await newOrder(buyer, 3);
    const res = await intent(buyer, { orderId, price: 0.5, amount: 1 });
    expect(res.json().data).toEqual({
      clientSecret: expect.stringMatching(/^sbx_pi_\w+_secret_\w+$/),
      provider: 'sandbox',
      publishableKey: null,
      amount: 59.97,
    });
    // One intent per order: asking again gives the same one.
    expect((await intentFor(orderId)).clientSecret).toBe(res.json().data.clientSecret);
  });

  it("refuses an intent for another customer's order (403), or an admin's (403)", async () => {
    const orderId = await newOrder(buyer);
    expect((await intent(other, { orderId })).statusCode).toBe(403);
    expect((await intent(admin, { orderId })).statusCode).toBe(403);
  });

  it('pays with 4242…: the server checks the payment, then the order is paid, pending, with one record and one mail', async () => {
    const orderId = await newOrder(buyer, 2);
    const { clientSecret } = await intentFor(orderId);
    const confirmed = await confirm(buyer, clientSecret, {
      number: GOOD,
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirmed.statusCode).toBe(200);
    const { paymentIntentId } = confirmed.json().data;
    const res = await record(buyer, orderId, paymentIntentId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Congrats ! Your payment is completed');
    expect(res.json().data).toMatchObject({
      _id: orderId,
      paid: true,
      status: 'pending',
      transactionId: paymentIntentId,
    });
    expect(await paymentsOf(orderId)).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        intentId: paymentIntentId,
        amountCents: 3998,
        status: 'succeeded',
      }),
    ]);
    const mail = await outbox.waitForMail(buyer.email, /Payment received/);
    expect(mail).toContain(orderId);
    expect(mail).toContain(paymentIntentId);
    expect(mail).toContain('Total: $39.98');

    // The same payment again (a retry): same answer, nothing new.
    const again = await record(buyer, orderId, paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const mails = outbox.received.filter((m) =>
      m.raw.includes(`Payment received for order ${orderId}`),
    );
    expect(mails).toHaveLength(1);
    // A second intent for a paid order is refused.
    expect((await intent(buyer, { orderId })).statusCode).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', paymentMessages.declined],
    ['4000000000009995', paymentMessages.insufficientFunds],
    ['4000-0000-0000-0069', paymentMessages.expired],
  ])('card %s fails with 402 "%s" and the order stays unpaid', async (number, message) => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    const res = await confirm(buyer, clientSecret, { number, expiry: '12/34', cvc: '123' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message });
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
    // The unconfirmed intent does not pay the order either.
    const intentId = clientSecret.split('_secret_')[0] as string;
    const recorded = await record(buyer, orderId, intentId);
    expect(recorded.statusCode).toBe(400);
    expect(recorded.json().message).toBe(paymentMessages.notConfirmed);
  });

  it.each([
    [
      { number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' },
      'card.number: Your card number is invalid.',
    ],
    [{ number: '', expiry: '12/34', cvc: '123' }, 'card.number: Card number is Required'],
    [{ number: GOOD, expiry: '13/34', cvc: '123' }, 'card.expiry: Expiry must read MM/YY'],
    [
      { number: GOOD, expiry: '12/34', cvc: '12' },
      "card.cvc: Your card's security code is invalid.",
    ],
  ])('checks the card like the form does: %j → 400', async (card, message) => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    const res = await confirm(buyer, clientSecret, card);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('a card whose expiry has passed is expired', async () => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    const res = await confirm(buyer, clientSecret, { number: GOOD, expiry: '01/20', cvc: '123' });
    expect(res.json()).toEqual({ success: false, message: paymentMessages.expired });
  });

  it('refuses made-up and foreign transaction ids, and paying twice', async () => {
    const mine = await newOrder(buyer, 1);
    const theirs = await newOrder(other, 5);
    const madeUp = await record(buyer, mine, 'sbx_pi_0123456789abcdef');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(paymentMessages.unknownPayment);
    expect((await record(buyer, mine, 'pi_3Nq')).statusCode).toBe(400);
    const pathy = await record(buyer, mine, '../../v1/customers');
    expect(pathy.json()).toEqual({
      success: false,
      message: 'transactionId: transactionId is not a payment id',
    });

    // Another customer's succeeded payment cannot pay my order.
    const theirIntent = await intentFor(theirs, other);
    const paid = await confirm(other, theirIntent.clientSecret, {
      number: GOOD,
      expiry: '12/34',
      cvc: '123',
    });
    const foreignId = paid.json().data.paymentIntentId;
    const foreign = await record(buyer, mine, foreignId);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(paymentMessages.wrongPayment);
    expect(await orderRow(mine)).toMatchObject({ paid: false, transactionId: null });
    // Nor may I record it on their order, or confirm their intent.
    expect((await record(buyer, theirs, foreignId)).statusCode).toBe(403);
    expect(
      (
        await confirm(buyer, theirIntent.clientSecret, {
          number: GOOD,
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(403);

    expect((await record(other, theirs, foreignId)).statusCode).toBe(200);
    // Paying twice with a different payment is refused.
    const myIntent = await intentFor(mine);
    const mineConfirmed = await confirm(buyer, myIntent.clientSecret, {
      number: GOOD,
      expiry: '12/34',
      cvc: '123',
    });
    expect((await record(buyer, mine, mineConfirmed.json().data.paymentIntentId)).statusCode).toBe(
      200,
    );
    const twice = await record(buyer, mine, foreignId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(paymentMessages.alreadyPaid);
    expect(await paymentsOf(mine)).toHaveLength(1);
  });

  it('a cancelled order cannot be paid: no intent, no card confirmation, no record', async () => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    const intentId = clientSecret.split('_secret_')[0] as string;
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/myPurchase/${orderId}`,
      headers: as(buyer),
    });
    const unconfirmed = await record(buyer, orderId, intentId);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(paymentMessages.notPayable);
    expect((await intent(buyer, { orderId })).statusCode).toBe(409);

    // The card form left open in another tab: the sandbox refuses the charge, as Stripe does.
    const confirmed = await confirm(buyer, clientSecret, {
      number: GOOD,
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toEqual({ success: false, message: paymentMessages.notPayable });
    const [stored] = await app.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, intentId));
    expect(stored?.status).not.toBe('succeeded');
    expect(stored?.last4).toBeNull();
  });

  it('a card charged while the order was being cancelled is refunded, and never charged again', async () => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    const intentId = clientSecret.split('_secret_')[0] as string;
    const card = { number: GOOD, expiry: '12/34', cvc: '123' };
    expect((await confirm(buyer, clientSecret, card)).statusCode).toBe(200);
    // The cancel lands between the charge and its record (the race the refund is for).
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const res = await record(buyer, orderId, intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(paymentMessages.refunded);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paid: false });
    expect(await paymentsOf(orderId)).toHaveLength(0);
    const refunded = async () =>
      (await app.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)))[0]
        ?.status;
    expect(await refunded()).toBe('refunded');

    const again = await confirm(buyer, clientSecret, card);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: paymentMessages.refunded });
    expect(await refunded()).toBe('refunded');
  });

  it('never stores a card number: only the last four digits of a card that paid', async () => {
    const orderId = await newOrder();
    const { clientSecret } = await intentFor(orderId);
    await confirm(buyer, clientSecret, {
      number: '5555 5555 5555 4444',
      expiry: '12/34',
      cvc: '123',
    });
    const dump = await app.db.execute(sql`select (
      select coalesce(json_agg(s), '[]') from sandbox_intents s)::text || (
      select coalesce(json_agg(p), '[]') from payments p)::text || (
      select coalesce(json_agg(o), '[]') from orders o)::text as everything`);
    const text = String((dump.rows[0] as { everything: string }).everything);
    expect(text).toContain('"last4":"4444"');
    for (const number of ['5555555555554444', '4242424242424242', '4000000000000002'])
      expect(text).not.toContain(number);
  });
});
