import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StripeCardForm } from './stripe-card-form';

// Stripe.js loads from Stripe's host, which tests do not reach: its React binding is stood in
// for by a card element that reports "ready" when the test says so, and a confirm we control.
const confirmCardPayment = vi.fn();
const card = { kind: 'card-element' };
let markReady: () => void = () => {};

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: ({ onReady }: { onReady: () => void }) => {
    markReady = onReady;
    return <div data-testid="card-element" />;
  },
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => card }),
}));

afterEach(() => confirmCardPayment.mockReset());

function renderForm() {
  const onConfirmed = vi.fn(async () => {});
  render(
    <StripeCardForm
      publishableKey="pk_test_shop"
      clientSecret="pi_1_secret_2"
      billing={{ name: 'Bea Buyer', email: 'bea@example.com' }}
      onConfirmed={onConfirmed}
      busy={false}
    />,
  );
  return { onConfirmed, user: userEvent.setup() };
}

describe('StripeCardForm', () => {
  it('keeps Pay disabled until the card element is ready', async () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    markReady();
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it("confirms with the billing name and email, and shows Stripe's error in red", async () => {
    const { onConfirmed, user } = renderForm();
    confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    markReady();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card, billing_details: { name: 'Bea Buyer', email: 'bea@example.com' } },
    });
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('hands over the PaymentIntent id once Stripe confirms it', async () => {
    const { onConfirmed, user } = renderForm();
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    markReady();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pi_1'));
  });
});
