import { zodResolver } from '@hookform/resolvers/zod';
import type { Quote } from '@proper-parts/domain/quotes';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { formatDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { emptyAddress } from '../../addresses/components/address-fields';
import {
  type CheckoutFormInput,
  type CheckoutFormValues,
  checkoutForm,
  SHIP_TO_FIELDS,
  showServerFieldError,
} from '../../cart/checkout-form';
import { PricedTotals } from '../../cart/components/priced-totals';
import { ShippingMethods } from '../../cart/components/shipping-methods';
import { useSettledShipTo, waitingForPrice } from '../../cart/hooks/use-checkout-quote';
import { useMyCompany } from '../../companies/api/get-my-company';
import { ShipToFields } from '../../orders/components/ship-to-fields';
import { ShippingFields } from '../../orders/components/shipping-fields';
import { usePrefilledShipTo } from '../../orders/hooks/use-prefilled-ship-to';
import type { ShippingDefaults } from '../../orders/hooks/use-shipping-defaults';
import { useAcceptQuote } from '../api/accept-quote';
import { useQuotePrice } from '../api/price-quote';

/**
 * Accept an answered quote (issues 19, 33): where to ship it (the structured address, as at
 * checkout), how (the shipping methods the address has, priced for the quoted lines), and, for a
 * company member, how it is paid (by card next, or on the company's account). Freight, each tax
 * and the total show before it is accepted; above a buyer's limit it waits for an approver.
 */
export function AcceptQuoteForm({
  quote,
  defaults,
}: {
  quote: Quote;
  /** Null while they load: the address is filled once they have, unless the buyer has begun it. */
  defaults: ShippingDefaults | null;
}) {
  const accept = useAcceptQuote();
  // The quote's company is the order's: a quote asked for outside a company is paid by card.
  const { company: mine } = useMyCompany();
  const company = quote.companyName !== null ? mine : null;
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutForm),
    mode: 'onTouched',
    defaultValues: {
      shipTo: { ...emptyAddress(), name: quote.buyerName },
      shippingMethod: '',
      poNumber: '',
      note: '',
      paymentTerms: 'card',
    },
  });
  const { textAddress, markBegun } = usePrefilledShipTo(form, defaults, () => ({
    name: quote.buyerName,
  }));
  const { getValues, setValue, setError } = form;
  const { address, method, settling } = useSettledShipTo(form.control);
  const price = useQuotePrice(quote._id, address, method);
  const pricing = waitingForPrice(address, settling, price);
  // The method priced: the buyer's choice, or the cheapest while none is made.
  const priced = price.data?.shippingMethod ?? '';
  useEffect(() => {
    if (priced && !getValues('shippingMethod')) setValue('shippingMethod', priced);
  }, [priced, getValues, setValue]);
  const priceError = price.error?.message ?? '';
  useEffect(() => {
    if (priceError.startsWith('shippingMethod')) setValue('shippingMethod', '');
  }, [priceError, setValue]);

  const submit = form.handleSubmit(async ({ shipTo, shippingMethod, poNumber, paymentTerms }) => {
    try {
      const input = {
        shipTo,
        shippingMethod: shippingMethod || price.data?.shippingMethod || undefined,
        address: '',
        phone: '',
        poNumber,
        paymentTerms,
      };
      const { quote: accepted } = await accept.mutateAsync({ id: quote._id, input });
      const order = accepted.order;
      if (order?.status === 'awaiting_freight')
        toast.success('Quote accepted: the shop prices its freight', {
          description: 'You can pay the order once the freight is in (My Orders shows it).',
        });
      else if (order?.status === 'awaiting_approval')
        toast.success('Quote accepted: your order awaits approval', {
          description: 'It is above your limit: an approver of your company has been asked.',
        });
      else if (order?.paymentTerms === 'account')
        toast.success('Quote accepted: your order is placed', {
          description: `Invoiced on account${order.invoiceNumber ? `: invoice ${order.invoiceNumber}` : ''}${order.dueOn ? `, due ${formatDay(order.dueOn)}` : ''}.`,
        });
      else toast.success('Quote accepted: your order is placed');
    } catch (error) {
      // A field the server refuses shows under it; any other refusal (expired, already
      // accepted, no terms, over the credit) under the button.
      showServerFieldError(
        (error as Error).message,
        [...SHIP_TO_FIELDS, 'shippingMethod'],
        setError,
      );
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
          It becomes one order at the quoted prices, with the freight and tax of the address you
          ship to;{' '}
          {company?.termsDays
            ? 'you pay it by card next or on your company’s account.'
            : 'you pay it by card next.'}
        </p>
        <ShippingFields
          company={company}
          total={price.data?.total ?? quote.total ?? 0}
          what="quote"
          address={<ShipToFields textAddress={textAddress} markBegun={markBegun} />}
        >
          <ShippingMethods methods={price.data?.shippingMethods} waiting={pricing} />
        </ShippingFields>
        <div className="rounded-box bg-base-200 p-4">
          <PricedTotals
            quote={price.data}
            stale={pricing || price.isPlaceholderData}
            subtotal={quote.total ?? 0}
            testId="quote-price"
          />
        </div>
        <FormAlert
          message={priceError && !priceError.startsWith('shippingMethod') ? priceError : undefined}
        />
        <FormAlert message={accept.error?.message} />
        <BusyButton busy={accept.isPending} disabled={pricing}>
          Accept and place order
        </BusyButton>
      </form>
    </FormProvider>
  );
}
