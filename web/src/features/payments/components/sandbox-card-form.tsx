import { zodResolver } from '@hookform/resolvers/zod';
import { paymentMessages, type SandboxCardInput, sandboxCard } from '@proper-parts/domain/payments';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormField } from '../../../components/form-field';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import type { CardFormProps } from './card-form-props';

/** The offline sandbox's card form: checked like Stripe's test mode, nothing real charged. */
export function SandboxCardForm({ clientSecret, billing, onConfirmed, busy }: CardFormProps) {
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SandboxCardInput, unknown, z.output<typeof sandboxCard>>({
    resolver: zodResolver(sandboxCard),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  const pay = handleSubmit(async (card) => {
    setCardError(null);
    try {
      const confirmed = await confirmSandboxPayment({ clientSecret, card, billing });
      await onConfirmed(confirmed.paymentIntentId);
    } catch (error) {
      // The provider's message, in red (spec §4).
      setCardError((error as Error).message);
    }
  });

  const processing = isSubmitting || busy;

  return (
    <form noValidate onSubmit={pay} className="flex flex-col gap-3">
      <span className="badge badge-warning gap-1 self-start">{paymentMessages.testMode}</span>
      <FormField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.number?.message}
        {...register('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <FormField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      {cardError && (
        <p role="alert" className="text-sm font-medium text-error">
          {cardError}
        </p>
      )}
      <BusyButton busy={processing}>Pay</BusyButton>
      <details className="text-sm text-base-content/70">
        <summary className="cursor-pointer">Test cards</summary>
        <ul className="mt-2 list-inside list-disc space-y-1">
          <li>4242 4242 4242 4242 — succeeds</li>
          <li>4000 0000 0000 0002 — declined</li>
          <li>4000 0000 0000 9995 — insufficient funds</li>
          <li>4000 0000 0000 0069 — expired card</li>
          <li>Any future expiry (MM/YY) and any 3 digits as CVC</li>
        </ul>
      </details>
    </form>
  );
}
