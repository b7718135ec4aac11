import { zodResolver } from '@hookform/resolvers/zod';
import { type CheckoutRequest, checkoutRequest } from '@proper-parts/domain/cart';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../components/busy-button';
import { FormAlert } from '../components/form-alert';
import { TextAreaField } from '../components/form-field';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useCheckout } from '../features/cart/api/checkout';
import { useCart } from '../features/cart/api/use-cart';
import { useAddresses } from '../features/companies/api/get-addresses';
import { useMyCompany } from '../features/companies/api/get-my-company';
import { ShippingFields } from '../features/orders/components/shipping-fields';
import { useShippingDefaults } from '../features/orders/hooks/use-shipping-defaults';
import { formatPieces, formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

type CheckoutInput = z.input<typeof checkoutRequest>;

/** Checkout (issue 18): where to ship, a PO number and a note; the order is the cart. */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const { user } = useCurrentUser();
  const { data: cart, isPending } = useCart();
  const defaults = useShippingDefaults();
  const { company } = useMyCompany();
  const place = useCheckout();
  const navigate = useNavigate();
  const form = useForm<CheckoutInput, unknown, CheckoutRequest>({
    resolver: zodResolver(checkoutRequest),
    defaultValues: { address: '', phone: '', poNumber: '', note: '', paymentTerms: 'card' },
  });
  const {
    register,
    handleSubmit,
    setValue,
    getFieldState,
    formState: { errors },
  } = form;
  // Where the last order went (or the company's address): a field the buyer has typed in stays.
  const [shipTo, phone] = [defaults?.address, defaults?.phone];
  useEffect(() => {
    if (shipTo && !getFieldState('address').isDirty) setValue('address', shipTo);
    if (phone && !getFieldState('phone').isDirty) setValue('phone', phone);
  }, [shipTo, phone, getFieldState, setValue]);

  if (user?.isAdmin) return <Navigate to={paths.cart} replace />;
  if (isPending || !cart) return <Spinner className="min-h-[50vh]" />;
  if (cart.lines.length === 0 && !place.isSuccess) return <Navigate to={paths.cart} replace />;
  const blocked = cart.lines.some((line) => line.problem);

  const submit = handleSubmit(async (values) => {
    try {
      const order = await place.mutateAsync(values);
      const placed = `Order placed: ${order.lines.length} ${order.lines.length === 1 ? 'line' : 'lines'}, ${formatPrice(order.price)}`;
      if (order.status === 'awaiting_approval') {
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
      toast.error((error as Error).message);
    }
  });

  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-[1fr_22rem]">
      <div>
        <PageHeader
          title="Checkout"
          description={
            company?.termsDays
              ? 'Your cart becomes one order, paid by card next or on your company’s account.'
              : 'Your cart becomes one order. You pay it by card next.'
          }
        />
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            {company && (
              <AddressBookPicker
                onPick={(address) =>
                  setValue('address', address, { shouldDirty: true, shouldValidate: true })
                }
              />
            )}
            <ShippingFields company={company} total={cart.total} what="cart">
              <TextAreaField
                label="Note (optional)"
                rows={3}
                error={errors.note?.message}
                {...register('note')}
              />
            </ShippingFields>
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
              <BusyButton busy={place.isPending}>Place order</BusyButton>
            )}
          </form>
        </FormProvider>
      </div>
      <aside aria-labelledby="order-summary" className="rounded-box bg-base-200 p-5 self-start">
        <h2 id="order-summary" className="mb-3 text-lg font-bold">
          Order summary
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          {cart.lines.map((line) => (
            <li key={line.productId} className="flex justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate">{line.name}</span>
                <span className="text-base-content/70">
                  {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)}
                </span>
                {line.problem && <span className="block text-error">{line.problem}</span>}
              </span>
              <span className="font-medium">{formatPrice(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex justify-between border-t border-base-300 pt-3 text-lg font-bold">
          <span>Total</span>
          <span data-testid="checkout-total">{formatPrice(cart.total)}</span>
        </p>
        <p className="mt-1 text-xs text-base-content/70">
          Taxes and shipping are quoted separately.
        </p>
      </aside>
    </section>
  );
}

/** A company member ships to one of the company's addresses in one click (issue 19). */
function AddressBookPicker({ onPick }: { onPick: (address: string) => void }) {
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
          if (picked) onPick(picked.address);
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
