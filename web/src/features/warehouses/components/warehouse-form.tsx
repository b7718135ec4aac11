import { zodResolver } from '@hookform/resolvers/zod';
import type { Warehouse } from '@proper-parts/domain/warehouses';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { showServerError } from '../../../lib/field-of-server-message';
import { toast } from '../../../lib/toast';
import { useCreateWarehouse } from '../api/warehouses';
import { emptyWarehouse, warehouseForm } from './warehouse-form-schemas';

export const zoneText = (w: Warehouse) =>
  w.shipsTo === 'all' ? 'Everywhere' : w.shipsTo.join(', ');

type Input = z.input<typeof warehouseForm>;
type Values = z.output<typeof warehouseForm>;
const FIELDS = Object.keys(emptyWarehouse) as (keyof Input)[];

/** Issue 36: adds a warehouse (name, public name, address, country, zone). */
export function WarehouseForm() {
  const create = useCreateWarehouse();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(warehouseForm),
    defaultValues: emptyWarehouse,
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message ?? 'Warehouse added');
      reset(emptyWarehouse);
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
      <div className="flex items-end">
        <BusyButton busy={isSubmitting} className="btn-primary sm:w-auto">
          Add warehouse
        </BusyButton>
      </div>
      <FormAlert message={errors.root?.server?.message} className="sm:col-span-2" />
    </form>
  );
}
