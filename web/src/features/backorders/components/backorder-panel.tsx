import { zodResolver } from '@hookform/resolvers/zod';
import { formatExpectedOn } from '@proper-parts/domain/backorder-rules';
import { leadTimeDaysField } from '@proper-parts/domain/backorders';
import { isoDay } from '@proper-parts/domain/days';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { CheckboxField, FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  useAddPurchaseOrder,
  useBackorderTerms,
  usePurchaseOrders,
  useRemovePurchaseOrder,
  useSaveBackorderTerms,
} from '../api/backorders';
import { ReceivePurchaseOrder } from './receive-purchase-order';

/** An empty box is no lead time (backorders only up to the purchase orders). */
const termsForm = z.object({
  allowed: z.boolean(),
  leadTimeDays: z.preprocess(
    (value) => (value === '' || value === undefined || Number.isNaN(value) ? null : Number(value)),
    leadTimeDaysField,
  ),
});
type TermsInput = z.input<typeof termsForm>;
type TermsValues = z.output<typeof termsForm>;

const purchaseOrderForm = z.object({
  quantity: z.preprocess(
    (value) => (value === '' ? undefined : Number(value)),
    z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(1_000_000_000, 'Quantity must be at most 1,000,000,000'),
  ),
  expectedOn: z.string().min(1, 'Expected on is required').pipe(isoDay),
  reference: z.string().trim().max(80, 'Reference must be at most 80 characters'),
});
type PurchaseOrderInput = z.input<typeof purchaseOrderForm>;
type PurchaseOrderValues = z.output<typeof purchaseOrderForm>;

/**
 * Issue 36: on the product's edit page, whether it takes backorders and its lead time, and the
 * purchase orders of stock coming in (quantity, expected day), which buyers may backorder from.
 */
export function BackorderPanel({ productId }: { productId: string }) {
  const terms = useBackorderTerms(productId);
  return (
    <section aria-labelledby="backorders-heading" className="mt-10 flex flex-col gap-4">
      <h3 id="backorders-heading" className="text-lg font-bold">
        Backorders and incoming stock
      </h3>
      {terms.isPending ? (
        <Spinner text="Loading the backorder terms…" />
      ) : terms.isError ? (
        <p role="alert" className="text-error">
          {terms.error.message}
        </p>
      ) : (
        <TermsForm
          key={`${terms.data.allowed}:${terms.data.leadTimeDays}`}
          productId={productId}
          allowed={terms.data.allowed}
          leadTimeDays={terms.data.leadTimeDays}
        />
      )}
      <PurchaseOrders productId={productId} />
    </section>
  );
}

function TermsForm({
  productId,
  allowed,
  leadTimeDays,
}: {
  productId: string;
  allowed: boolean;
  leadTimeDays: number | null;
}) {
  const save = useSaveBackorderTerms(productId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TermsInput, unknown, TermsValues>({
    resolver: zodResolver(termsForm),
    defaultValues: { allowed, leadTimeDays: leadTimeDays ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await save.mutateAsync(values);
      toast.success(message ?? 'Backorder terms saved');
    } catch {
      // Shown in the form's alert.
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end">
      <CheckboxField
        label="Allow backorders above the stock"
        hint="Buyers may order more than is in stock and accept a later date for the rest"
        {...register('allowed')}
      />
      <FormField
        label="Lead time (days)"
        type="number"
        inputMode="numeric"
        min={0}
        hint="Empty: only up to the purchase orders below"
        error={errors.leadTimeDays?.message}
        {...register('leadTimeDays')}
      />
      <FormAlert message={save.error?.message} />
      <div className="sm:col-span-2">
        <BusyButton busy={save.isPending} className="btn-primary sm:w-60">
          Save backorder terms
        </BusyButton>
      </div>
    </form>
  );
}

function PurchaseOrders({ productId }: { productId: string }) {
  const orders = usePurchaseOrders(productId);
  const add = useAddPurchaseOrder(productId);
  const remove = useRemovePurchaseOrder(productId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PurchaseOrderInput, unknown, PurchaseOrderValues>({
    resolver: zodResolver(purchaseOrderForm),
    defaultValues: { quantity: '', expectedOn: '', reference: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await add.mutateAsync({ productId, ...values });
      toast.success(message ?? 'Purchase order added');
      reset();
    } catch {
      // Shown in the form's alert.
    }
  });
  const list = orders.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <h4 className="font-semibold">Purchase orders</h4>
      <p className="text-sm text-base-content/70">
        Many parts at once: a supplier&apos;s CSV, under{' '}
        <Link to={paths.dashboard.warehouses} className="link link-primary">
          Import purchase orders (CSV)
        </Link>{' '}
        on Warehouses &amp; stock.
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-base-content/70">No stock on order.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm" data-testid="purchase-orders">
            <thead>
              <tr>
                <th>Expected</th>
                <th className="text-right">Quantity</th>
                <th className="text-right">Promised</th>
                <th>Reference</th>
                <th className="text-right">Received</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((po) => (
                <tr key={po.id}>
                  <td>{formatExpectedOn(po.expectedOn)}</td>
                  <td className="text-right">{formatCount(po.quantity)}</td>
                  <td className="text-right">{formatCount(po.promised)}</td>
                  <td>{po.reference}</td>
                  <td className="text-right">
                    <ReceivePurchaseOrder po={po} />
                  </td>
                  <td className="text-right">
                    {po.promised === 0 && !po.receivedAt && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs text-error"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(po.id, {
                            onSuccess: ({ message }) => toast.success(message ?? 'Removed'),
                            onError: (failure) => toast.error(failure.message),
                          })
                        }
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <FormField
          label="Quantity on order"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <FormField
          label="Expected on"
          type="date"
          error={errors.expectedOn?.message}
          {...register('expectedOn')}
        />
        <FormField
          label="Reference (optional)"
          error={errors.reference?.message}
          {...register('reference')}
        />
        <FormAlert message={add.error?.message} />
        <div className="sm:col-span-3">
          <BusyButton busy={add.isPending} className="btn-outline btn-primary sm:w-60">
            Add purchase order
          </BusyButton>
        </div>
      </form>
    </div>
  );
}
