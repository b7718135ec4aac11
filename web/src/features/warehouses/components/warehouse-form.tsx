import { zodResolver } from '@hookform/resolvers/zod';
import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { showServerError } from '../../../lib/field-of-server-message';
import { toast } from '../../../lib/toast';
import { useCreateWarehouse, useUpdateWarehouse } from '../api/warehouses';
import { emptyWarehouse, warehouseForm } from './warehouse-form-schemas';

export const zoneText = (w: Warehouse) =>
  w.shipsTo === 'all' ? 'Everywhere' : w.shipsTo.join(', ');

type Input = z.input<typeof warehouseForm>;
type Values = z.output<typeof warehouseForm>;
const FIELDS = Object.keys(emptyWarehouse) as (keyof Input)[];

/** A warehouse's fields as the form shows them. */
const formValuesOf = ({ id: _id, shipsTo, ...w }: Warehouse): Input => ({
  ...w,
  shipsTo: shipsTo === 'all' ? 'all' : shipsTo.join(', '),
});

/**
 * Issue 36: adds a warehouse (name, public name, address, country, zone), or changes the one
 * given as `editing` (then `onDone` once saved).
 */
export function WarehouseForm({ editing, onDone }: { editing?: Warehouse; onDone?: () => void }) {
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(warehouseForm),
    defaultValues: editing ? formValuesOf(editing) : emptyWarehouse,
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = editing
        ? await update.mutateAsync({ id: editing.id, body: values })
        : await create.mutateAsync(values);
      toast.success(message ?? 'Warehouse saved');
      if (editing) onDone?.();
      else reset(emptyWarehouse);
    } catch (failure) {
      showServerError(setError, FIELDS, (failure as Error).message);
    }
  });
  return (
    <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={submit}>
      <FormField label="Name" error={errors.name?.message} {...register('name')} />
      <FormField
        label="Public name"
        hint="What buyers read: “12 in Leeds”"
        error={errors.publicName?.message}
        {...register('publicName')}
      />
      <FormField label="Street" error={errors.line1?.message} {...register('line1')} />
      <FormField label="City" error={errors.city?.message} {...register('city')} />
      <FormField
        label="Postal code"
        error={errors.postalCode?.message}
        {...register('postalCode')}
      />
      <FormField
        label="Country"
        hint="ISO code, like GB or NL"
        maxLength={2}
        error={errors.country?.message}
        {...register('country')}
      />
      <FormField
        label="Ships to"
        hint="all, or country codes: GB, IE"
        error={errors.shipsTo?.message}
        {...register('shipsTo')}
      />
      <div className="flex items-end gap-2">
        {editing && onDone && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
        <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto">
          {editing ? 'Save warehouse' : 'Add warehouse'}
        </BusyButton>
      </div>
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
    </form>
  );
}
