import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@proper-parts/domain/catalog';
import { orderFormFields, orderMessages, quantityProblem } from '@proper-parts/domain/orders';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/use-current-user';
import { useOrder } from '../api/get-order';
import { usePlaceOrder } from '../api/place-order';

type OrderFormInput = z.input<typeof orderFormFields>;
type OrderFormValues = z.output<typeof orderFormFields>;

/** The order form beside a product (spec §2 /purchase, §5): quantity, address, phone. */
export function OrderForm({
  product,
  prefill,
}: {
  product: Tool;
  /** From the buyer's profile, once it has loaded: fills the fields the buyer has not touched. */
  prefill?: { address?: string; phone?: string };
}) {
  const { user } = useCurrentUser();
  const place = usePlaceOrder();
  const [placedId, setPlacedId] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormFields),
    defaultValues: { quantity: product.minimumOrderQuantity, address: '', phone: '' },
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const { address: prefillAddress, phone: prefillPhone } = prefill ?? {};
  useEffect(() => {
    if (prefillAddress && !getFieldState('address').isDirty) setValue('address', prefillAddress);
    if (prefillPhone && !getFieldState('phone').isDirty) setValue('phone', prefillPhone);
  }, [prefillAddress, prefillPhone, getFieldState, setValue]);
  const total =
    typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0
      ? formatPrice(quantity * product.price)
      : '—';

  const submit = handleSubmit(async (values) => {
    const problem = quantityProblem(values.quantity, product);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const { insertedId } = await place.mutateAsync({ toolId: product._id, ...values });
      setPlacedId(insertedId);
      toast.success(orderMessages.placed(insertedId));
    } catch (error) {
      toast.error((error as Error).message);
    }
  });

  if (placedId) return <OrderPlaced id={placedId} onAnother={() => setPlacedId(null)} />;
  // Spec §6: admins do not buy (the server refuses too); say so rather than offer a dead form.
  if (user?.isAdmin)
    return (
      <p className="text-base-content/70">Admins manage orders; buying is for customer accounts.</p>
    );
  const busy = isSubmitting || place.isPending;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <FormField
        label="Name"
        value={user?.displayName ?? ''}
        readOnly
        autoComplete="name"
        className="bg-base-200 text-base-content/80"
      />
      <FormField
        label="Email"
        value={user?.email ?? ''}
        readOnly
        autoComplete="email"
        className="bg-base-200 text-base-content/80"
      />
      <FormField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={product.minimumOrderQuantity}
        max={product.availableQuantity}
        step={1}
        error={errors.quantity?.message}
        {...register('quantity', { valueAsNumber: true })}
      />
      <p className="text-sm text-base-content/70">
        Minimum {formatPieces(product.minimumOrderQuantity)}, up to{' '}
        {formatPieces(product.availableQuantity)} available.
      </p>
      <FormField
        label="Address (optional)"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div
        className="flex items-baseline justify-between rounded-box bg-base-100 px-4 py-3"
        aria-live="polite"
      >
        <span className="text-sm text-base-content/70">
          Total ({formatPrice(product.price)} × {Number.isNaN(quantity) ? 0 : quantity})
        </span>
        <span className="text-xl font-bold" data-testid="order-total">
          {total}
        </span>
      </div>
      <FormAlert message={place.error?.message} />
      <BusyButton busy={busy}>Place Order</BusyButton>
    </form>
  );
}

function OrderPlaced({ id, onAnother }: { id: string; onAnother: () => void }) {
  // Issue 19: a company buyer's order above their limit waits for an approver before it is paid.
  const { data: placed } = useOrder(id);
  const awaiting = placed?.status === 'awaiting_approval';
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-lg font-semibold text-success">Your order is placed.</p>
      <p className="break-all text-sm text-base-content/70">
        Purchase Id <span className="font-mono">{id}</span>
      </p>
      <p className="text-base-content/70">
        {awaiting
          ? 'It is above your spending limit: an approver of your company has been asked. You pay it once it is approved.'
          : 'Pay it now by card, or later from My Orders.'}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {!awaiting && (
          <Link to={paths.dashboard.payment(id)} className="btn btn-primary">
            Pay now
          </Link>
        )}
        <Link to={paths.dashboard.myOrders} className="btn btn-outline">
          My Orders
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onAnother}>
          Order again
        </button>
      </div>
    </div>
  );
}
