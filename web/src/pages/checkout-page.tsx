import { zodResolver } from '@hookform/resolvers/zod';
import { backorderMessages, formatExpectedOn } from '@proper-parts/domain/backorder-rules';
import type { CompanyAddress } from '@proper-parts/domain/companies';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { BusyButton } from '../components/busy-button';
import { FormAlert } from '../components/form-alert';
import { CheckboxField, TextAreaField } from '../components/form-field';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { emptyAddress } from '../features/addresses/components/address-fields';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useCheckout } from '../features/cart/api/checkout';
import { useCart } from '../features/cart/api/use-cart';
import {
  type CheckoutFormInput,
  type CheckoutFormValues,
  checkoutForm,
  SHIP_TO_FIELDS,
  showServerFieldError,
} from '../features/cart/checkout-form';
import { CheckoutSummary } from '../features/cart/components/checkout-summary';
import { ShippingMethods } from '../features/cart/components/shipping-methods';
import { useCheckoutQuote, waitingForPrice } from '../features/cart/hooks/use-checkout-quote';
import { useAddresses } from '../features/companies/api/get-addresses';
import { useMyCompany } from '../features/companies/api/get-my-company';
import { ShipToFields } from '../features/orders/components/ship-to-fields';
import { ShippingFields } from '../features/orders/components/shipping-fields';
import { usePrefilledShipTo } from '../features/orders/hooks/use-prefilled-ship-to';
import { useShippingDefaults } from '../features/orders/hooks/use-shipping-defaults';
import { useProfile } from '../features/profile/api/get-profile';
import { formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Checkout (issues 18, 33): where to ship (a structured address), how (the shipping methods the
 * address has, priced), a PO number and a note; the summary shows freight and each tax before
 * the order is placed. The order is the cart, priced by the server as the quote was.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const { user } = useCurrentUser();
  const { data: cart, isPending } = useCart();
  const defaults = useShippingDefaults();
  const { data: profile } = useProfile(user?.email ?? '');
  const { company } = useMyCompany();
  const place = useCheckout();
  const navigate = useNavigate();
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutForm),
    mode: 'onTouched',
    defaultValues: {
      shipTo: emptyAddress(),
      shippingMethod: '',
      poNumber: '',
      note: '',
      paymentTerms: 'card',
      acceptBackorder: false,
    },
  });
  const { register, handleSubmit, setValue, getValues, setError } = form;
  const { address, quote, settling } = useCheckoutQuote(form.control);
  // Issue 33: placed only once the address typed is priced, by the method the buyer sees.
  const pricing = waitingForPrice(address, settling, quote);
  const { textAddress, setTextAddress, markBegun } = usePrefilledShipTo(form, defaults, () => ({
    name: user?.displayName ?? '',
    city: profile?.city ?? '',
  }));

  // The method the quote priced: the buyer's choice, or the cheapest while none is made.
  const priced = quote.data?.shippingMethod ?? '';
  useEffect(() => {
    if (priced && !getValues('shippingMethod')) setValue('shippingMethod', priced);
  }, [priced, getValues, setValue]);
  // A method of the address before is not offered here: the cheapest one again.
  const quoteError = quote.error?.message ?? '';
  useEffect(() => {
    if (quoteError.startsWith('shippingMethod')) setValue('shippingMethod', '');
  }, [quoteError, setValue]);

  if (user?.isAdmin) return <Navigate to={paths.cart} replace />;
  if (isPending || !cart) return <Spinner className="min-h-[50vh]" />;
  if (cart.lines.length === 0 && !place.isSuccess) return <Navigate to={paths.cart} replace />;
  const blocked = cart.lines.some((line) => line.problem);
  // Issue 36: lines above the stock, backordered: the buyer accepts them before the order.
  const backordered = cart.lines.filter((line) => line.backordered > 0 && line.expectedOn);

  const submit = handleSubmit(async (values) => {
    const { shipTo, shippingMethod, poNumber, note, paymentTerms, acceptBackorder } = values;
    if (backordered.length > 0 && !acceptBackorder) {
      setError(
        'acceptBackorder',
        { type: 'required', message: 'Accept the backorder to place this order' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const order = await place.mutateAsync({
        shipTo,
        shippingMethod: shippingMethod || quote.data?.shippingMethod || undefined,
        address: '',
        phone: '',
        poNumber,
        note,
        paymentTerms,
        ...(backordered.length > 0 ? { acceptBackorder: true } : {}),
      });
      const placed = `Order placed: ${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}, ${formatPrice(order.total)}`;
      if (order.status === 'awaiting_freight') {
        toast.success(placed, {
          description: 'The shop prices its freight now: you can pay it once the freight is in.',
        });
        navigate(paths.dashboard.myOrders);
      } else if (order.status === 'awaiting_approval') {
        toast.success(placed, {
          description: 'It is above your limit: an approver of your company has been asked.',
        });
        navigate(paths.dashboard.myOrders);
      } else if (order.paymentTerms === 'account') {
        toast.success(placed, {
          description: `Invoiced on account${order.invoiceNumber ? `: invoice ${order.invoiceNumber}` : ''}${order.dueOn ? `, due ${order.dueOn}` : ''}.`,
        });
        navigate(paths.dashboard.myOrders);
      } else {
        toast.success(placed);
        navigate(paths.dashboard.payment(order._id));
      }
    } catch (error) {
      const message = (error as Error).message;
      if (!showServerFieldError(message, [...SHIP_TO_FIELDS, 'shippingMethod'], setError))
        toast.error(message);
    }
  });

  return (
    <section className="mx-auto grid max-w-5xl grid-cols-1 gap-10 px-4 py-10 md:grid-cols-[1fr_22rem]">
      <div className="min-w-0">
        <PageHeader
          title="Checkout"
          description={
            company?.termsDays
              ? 'Your cart becomes one order, paid by card next or on your company’s account.'
              : 'Your cart becomes one order. You pay it by card next.'
          }
        />
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            {company && (
              <AddressBookPicker
                onPick={(entry) => {
                  if (entry.shipTo) {
                    setValue(
                      'shipTo',
                      { ...emptyAddress(), ...entry.shipTo },
                      { shouldDirty: true, shouldValidate: true },
                    );
                    setTextAddress('');
                  } else setTextAddress(entry.address);
                }}
              />
            )}
            <ShippingFields
              company={company}
              total={quote.data?.total ?? cart.total}
              what="cart"
              address={<ShipToFields textAddress={textAddress} markBegun={markBegun} />}
            >
              <ShippingMethods
                methods={quote.data?.shippingMethods}
                waiting={settling || quote.isFetching}
              />
              <TextAreaField
                label="Note (optional)"
                rows={3}
                error={form.formState.errors.note?.message}
                {...register('note')}
              />
            </ShippingFields>
            <FormAlert
              message={
                quoteError && !quoteError.startsWith('shippingMethod') ? quoteError : undefined
              }
            />
            {backordered.length > 0 && (
              <fieldset
                className="rounded-box border border-warning/60 bg-warning/10 p-4"
                data-testid="backorder-acceptance"
              >
                <legend className="px-1 font-semibold">Backorder</legend>
                <ul className="mb-3 list-disc ps-5 text-sm">
                  {backordered.map((line) => (
                    <li key={line.productId}>
                      {line.name}: {line.quantity - line.backordered} ship now, {line.backordered}{' '}
                      backordered, expected {formatExpectedOn(line.expectedOn ?? '')}
                    </li>
                  ))}
                </ul>
                <CheckboxField
                  label={backorderMessages.accept}
                  error={form.formState.errors.acceptBackorder?.message}
                  {...register('acceptBackorder')}
                />
              </fieldset>
            )}
            <FormAlert message={place.error?.message} />
            {blocked ? (
              <p className="text-error">
                Some lines cannot be ordered as they are.{' '}
                <Link to={paths.cart} className="link">
                  Fix them in the cart
                </Link>
                .
              </p>
            ) : (
              <>
                <BusyButton busy={place.isPending} disabled={pricing}>
                  Place order
                </BusyButton>
                {pricing && (
                  <p
                    className="text-center text-sm text-base-content/70"
                    data-testid="pricing-wait"
                  >
                    Pricing freight and tax for this address…
                  </p>
                )}
              </>
            )}
          </form>
        </FormProvider>
      </div>
      <CheckoutSummary
        cart={cart}
        quote={quote.data}
        stale={settling || quote.isPlaceholderData || quote.isFetching}
      />
    </section>
  );
}

/** A company member ships to one of the company's addresses in one click (issue 19). */
function AddressBookPicker({ onPick }: { onPick: (address: CompanyAddress) => void }) {
  const { data } = useAddresses();
  const addresses = data?.pages.flatMap((page) => page.addresses) ?? [];
  if (addresses.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="checkout-address-book" className="text-sm font-medium">
        Company address book
      </label>
      <select
        id="checkout-address-book"
        className="select w-full"
        defaultValue=""
        onChange={(event) => {
          const picked = addresses.find((a) => a._id === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="" disabled>
          Choose a shipping address…
        </option>
        {addresses.map((a) => (
          <option key={a._id} value={a._id}>
            {a.label}: {a.address}
          </option>
        ))}
      </select>
    </div>
  );
}
