import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

/** Issue 37: a return's refund asks Stripe for that amount, with the return's idempotency key. */
describe('Stripe refundPart', async () => {
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const settings = { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', apiUrl: fake.url };
  const provider = createStripeProvider(createStripeClient(settings), settings);

  it('sends the amount and the key; asked again with the key, Stripe answers the same refund', async () => {
    const { id } = await provider.createIntent({
      orderId: '00000000-0000-4000-8000-000000000001',
      amountCents: 5000,
      email: 'bea@example.com',
    });
    fake.succeed(id);
    const first = await provider.refundPart(id, 1280, 'return-refund-r1');
    const again = await provider.refundPart(id, 1280, 'return-refund-r1');
    expect(again.id).toBe(first.id);
    const calls = fake.seen.filter((r) => r.path === '/v1/refunds');
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['return-refund-r1', 'return-refund-r1']);
    expect(calls[0]?.body.get('amount')).toBe('1280');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === id)).toEqual([
      { id: first.id, payment_intent: id, amount: 1280 },
    ]);
  });
});
