import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AcceptQuoteRequest,
  acceptQuoteRequest,
  type Quote,
} from '@proper-parts/domain/quotes';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAcceptQuote } from '../api/accept-quote';

type AcceptInput = z.input<typeof acceptQuoteRequest>;

/** Accept an answered quote: where to ship it; it becomes one order, paid by card next. */
export function AcceptQuoteForm({
  quote,
  defaults,
}: {
  quote: Quote;
  defaults?: { address?: string; phone?: string };
}) {
  const accept = useAcceptQuote();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInput, unknown, AcceptQuoteRequest>({
    resolver: zodResolver(acceptQuoteRequest),
    values: { address: defaults?.address ?? '', phone: defaults?.phone ?? '', poNumber: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await accept.mutateAsync({ id: quote._id, input });
      toast.success('Quote accepted: your order is placed');
    } catch {
      // The refusal (expired, already accepted) is shown under the button.
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="accept-quote"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 id="accept-quote" className="text-lg font-bold">
        Accept this quote
      </h3>
      <p className="text-sm text-base-content/70">
        It becomes one order of {formatPrice(quote.total ?? 0)} at the quoted prices; you pay it by
        card next.
      </p>
      <FormField
        label="Ship to (address)"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        label="PO number (optional)"
        error={errors.poNumber?.message}
        {...register('poNumber')}
      />
      <FormAlert message={accept.error?.message} />
      <BusyButton busy={accept.isPending}>Accept and place order</BusyButton>
    </form>
  );
}
