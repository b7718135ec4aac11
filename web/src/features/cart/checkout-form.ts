import { structuredAddress } from '@proper-parts/domain/addresses';
import { PAYMENT_TERMS } from '@proper-parts/domain/orders';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/**
 * The checkout form (issue 33): the structured ship-to address, checked per country by the
 * domain's `structuredAddress` as the server checks it, the shipping method chosen from the
 * quote, and how it is paid. What it sends is `POST /orders`' `checkoutRequest`.
 */
export const checkoutForm = z
  .object({
    shipTo: structuredAddress,
    shippingMethod: z.string().optional(),
    poNumber: optionalText(50, 'PO number'),
    note: optionalText(1000, 'Note'),
    paymentTerms: z.enum(PAYMENT_TERMS).default('card'),
    /** Issue 36: asked (and required) only when a line of the cart is backordered. */
    acceptBackorder: z.boolean().optional(),
  })
  .refine((body) => body.paymentTerms !== 'account' || Boolean(body.poNumber), {
    message: 'A PO number is required to pay on account',
    path: ['poNumber'],
  });
export type CheckoutFormInput = z.input<typeof checkoutForm>;
export type CheckoutFormValues = z.output<typeof checkoutForm>;

/**
 * A server refusal that names a field (`shipTo.postalCode: Not a postal code of Germany`,
 * `shippingMethod: ...`) shown under that field; true when it did. `fields` are the form's
 * field paths the server's names may point at.
 */
export function showServerFieldError<T extends FieldValues>(
  message: string,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): boolean {
  const match = /^([A-Za-z][\w.]*): (.+)$/.exec(message);
  if (!match) return false;
  const [, field = '', text = ''] = match;
  if (!fields.includes(field)) return false;
  setError(field as FieldPath<T>, { type: 'server', message: text }, { shouldFocus: true });
  return true;
}

export const SHIP_TO_FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
].map((field) => `shipTo.${field}`);
