import { zodResolver } from '@hookform/resolvers/zod';
import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField, SelectField } from '../../../components/form-field';
import { showServerError } from '../../../lib/field-of-server-message';
import { toast } from '../../../lib/toast';
import { productIdOfSku, useAdjustStock, useTransferStock } from '../api/warehouses';
import { adjustStockForm, transferStockForm } from './warehouse-form-schemas';

const options = (warehouses: Warehouse[]) =>
  warehouses.map((w) => (
    <option key={w.id} value={w.id}>
      {w.name}
    </option>
  ));
const idOf = (warehouse: Warehouse | undefined) => String(warehouse?.id ?? '');

type AdjustInput = z.input<typeof adjustStockForm>;
const ADJUST_FIELDS: (keyof AdjustInput)[] = ['sku', 'warehouse', 'quantity', 'reason'];

/** Issue 36: sets a part's count in one warehouse, with the reason (audited). */
export function AdjustStockForm({ warehouses }: { warehouses: Warehouse[] }) {
  const adjust = useAdjustStock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdjustInput, unknown, z.output<typeof adjustStockForm>>({
    resolver: zodResolver(adjustStockForm),
    defaultValues: { sku: '', warehouse: idOf(warehouses[0]), quantity: '', reason: '' },
  });
  const submit = handleSubmit(async ({ sku, ...body }) => {
    try {
      const productId = await productIdOfSku(sku);
      const { data } = await adjust.mutateAsync({ productId, body });
      toast.success(`Stock saved: ${data.availableQuantity} in all`);
    } catch (failure) {
      showServerError(setError, ADJUST_FIELDS, (failure as Error).message);
    }
  });
  return (
    <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={submit}>
      <FormField label="SKU" error={errors.sku?.message} {...register('sku')} />
      <SelectField label="Warehouse" error={errors.warehouse?.message} {...register('warehouse')}>
        {options(warehouses)}
      </SelectField>
      <FormField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={0}
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <FormField label="Reason" error={errors.reason?.message} {...register('reason')} />
      <BusyButton busy={isSubmitting} className="btn-primary self-start sm:w-auto">
        Save stock
      </BusyButton>
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
    </form>
  );
}

type TransferInput = z.input<typeof transferStockForm>;
const TRANSFER_FIELDS: (keyof TransferInput)[] = ['sku', 'quantity', 'from', 'to'];

/** Issue 36: moves pieces of a part between two warehouses, all or nothing. */
export function TransferStockForm({ warehouses }: { warehouses: Warehouse[] }) {
  const transfer = useTransferStock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransferInput, unknown, z.output<typeof transferStockForm>>({
    resolver: zodResolver(transferStockForm),
    defaultValues: {
      sku: '',
      quantity: '',
      from: idOf(warehouses[0]),
      to: idOf(warehouses[1]),
    },
  });
  const submit = handleSubmit(async ({ sku, ...body }) => {
    try {
      const productId = await productIdOfSku(sku);
      const { message } = await transfer.mutateAsync({ productId, ...body });
      toast.success(message ?? 'Stock moved');
    } catch (failure) {
      showServerError(setError, TRANSFER_FIELDS, (failure as Error).message);
    }
  });
  return (
    <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={submit}>
      <FormField label="SKU to move" error={errors.sku?.message} {...register('sku')} />
      <FormField
        label="Pieces"
        type="number"
        inputMode="numeric"
        min={1}
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <SelectField label="From" error={errors.from?.message} {...register('from')}>
        {options(warehouses)}
      </SelectField>
      <SelectField label="To" error={errors.to?.message} {...register('to')}>
        {options(warehouses)}
      </SelectField>
      <BusyButton busy={isSubmitting} className="btn-primary self-start sm:w-auto">
        Move stock
      </BusyButton>
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
    </form>
  );
}
