import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { StartupError } from '../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

export interface Payments {
  provider: PaymentProvider;
  sandbox?: SandboxProvider;
  stripe?: Stripe;
  webhookSecret?: string;
}

/** Stripe when both keys are set; otherwise the offline sandbox. One key alone stops the start. */
export function setUpPayments(config: Config, db: Database): Payments {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = config;
  if (!secretKey && !publishableKey) {
    const sandbox = createSandboxProvider(db);
    return { provider: sandbox, sandbox };
  }
  if (!secretKey || !publishableKey)
    throw new StartupError(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  const settings = { secretKey, publishableKey, apiUrl: config.STRIPE_API_URL };
  const stripe = createStripeClient(settings);
  return {
    provider: createStripeProvider(stripe, settings),
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
}
