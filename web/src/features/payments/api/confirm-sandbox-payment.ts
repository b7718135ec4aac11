import { type SandboxCardInput, sandboxConfirmResponse } from '@proper-parts/domain/payments';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** The sandbox's stand-in for Stripe.js: the server checks the card and confirms the intent. */
export const confirmSandboxPayment = (input: {
  clientSecret: string;
  card: SandboxCardInput;
  billing: { name: string; email: string };
}) => apiFetch(api.sandboxConfirm, { method: 'POST', body: input, schema: sandboxConfirmResponse });
