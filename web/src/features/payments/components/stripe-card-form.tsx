import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import type { CardFormProps } from './card-form-props';

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js, loaded once per key from Stripe's own host. */
const stripeFor = (publishableKey: string) => {
  const existing = loaded.get(publishableKey);
  if (existing) return existing;
  const promise = loadStripe(publishableKey);
  loaded.set(publishableKey, promise);
  return promise;
};

function CardForm({ clientSecret, billing, onConfirmed, busy }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setProcessing(true);
    setCardError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (error) setCardError(error.message ?? 'Your card was not charged.');
      else if (paymentIntent) await onConfirmed(paymentIntent.id);
    } catch (error) {
      setCardError((error as Error).message);
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-3">
      <div className="rounded-field border border-base-300 bg-base-100 px-3 py-3">
        <CardElement onReady={() => setCardReady(true)} options={{ hidePostalCode: true }} />
      </div>
      {cardError && (
        <p role="alert" className="text-sm font-medium text-error">
          {cardError}
        </p>
      )}
      {/* Spec §4: disabled until the card library is ready, and while paying. */}
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={!stripe || !cardReady || processing || busy}
        aria-busy={processing || busy || undefined}
      >
        {(processing || busy) && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Pay
      </button>
    </form>
  );
}

/** Stripe Elements' card form, confirmed in the browser with the billing name and email. */
export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
