import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AcceptQuoteRequest,
  acceptQuoteRequest,
  type Quote,
} from '@proper-parts/domain/quotes';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { formatDay, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMyCompany } from '../../companies/api/get-my-company';
import { ShippingFields } from '../../orders/components/shipping-fields';
import { useAcceptQuote } from '../api/accept-quote';

type AcceptInput = z.input<typeof acceptQuoteRequest>;

/**
 * Accept an answered quote: where to ship it and, for a company member, how it is paid (by card
 * next, or on the company's account as at checkout). Above a buyer's limit it waits for an
 * approver. It becomes one order; the page then says what became of it.
 */
export function AcceptQuoteForm({
  quote,
  defaults,
}: {
  quote: Quote;
  defaults?: { address?: string; phone?: string };
}) {
  const accept = useAcceptQuote();
  // The quote's company is the order's: a quote asked for outside a company is paid by card.
  const { company: mine } = useMyCompany();
  const company = quote.companyName !== null ? mine : null;
  const form = useForm<AcceptInput, unknown, AcceptQuoteRequest>({
    resolver: zodResolver(acceptQuoteRequest),
    values: {
      address: defaults?.address ?? '',
      phone: defaults?.phone ?? '',
      poNumber: '',
      paymentTerms: 'card',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const total = quote.total ?? 0;

  const submit = form.handleSubmit(async (input) => {
    try {
      const { quote: accepted } = await accept.mutateAsync({ id: quote._id, input });
      const order = accepted.order;
      if (order?.status === 'awaiting_approval')
        toast.success('Quote accepted: your order awaits approval', {
          description: 'It is above your limit: an approver of your company has been asked.',
        });
      else if (order?.paymentTerms === 'account')
        toast.success('Quote accepted: your order is placed', {
          description: `Invoiced on account${order.invoiceNumber ? `: invoice ${order.invoiceNumber}` : ''}${order.dueOn ? `, due ${formatDay(order.dueOn)}` : ''}.`,
        });
      else toast.success('Quote accepted: your order is placed');
    } catch {
      // The refusal (expired, already accepted, no terms, over the credit) is under the button.
    }
  });
  return (
    <FormProvider {...form}>
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
          It becomes one order of {formatPrice(total)} at the quoted prices;{' '}
          {company?.termsDays
            ? 'you pay it by card next or on your company’s account.'
            : 'you pay it by card next.'}
        </p>
        <ShippingFields company={company} total={total} what="quote" />
        <FormAlert message={accept.error?.message} />
        <BusyButton busy={accept.isPending}>Accept and place order</BusyButton>
      </form>
    </FormProvider>
  );
}
