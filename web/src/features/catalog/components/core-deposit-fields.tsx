import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import type { EditProductFormInput } from './edit-product-schema';

/**
 * Issue 37: a remanufactured part's core deposit, charged as its own line of the order, and the
 * days after shipment within which the old unit must come back for it to be refunded.
 */
export function CoreDepositFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<EditProductFormInput>();
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">Core deposit</legend>
      <FormField
        label="Core deposit ($ per piece)"
        labelAside={<span className="text-xs text-base-content/60">0: none</span>}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        error={errors.coreDeposit?.message}
        {...register('coreDeposit', { valueAsNumber: true })}
      />
      <FormField
        label="Core return window (days)"
        labelAside={<span className="text-xs text-base-content/60">From shipment</span>}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.coreReturnDays?.message}
        {...register('coreReturnDays', { valueAsNumber: true })}
      />
    </fieldset>
  );
}
