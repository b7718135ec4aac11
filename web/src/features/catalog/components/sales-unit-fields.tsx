import { SALES_UNITS, type SalesUnit } from '@proper-parts/domain/sales-units';
import { useFormContext } from 'react-hook-form';
import { FormField, SelectField } from '../../../components/form-field';
import type { EditProductFormInput } from './edit-product-schema';

const unitLabel: Record<SalesUnit, string> = {
  each: 'Each (pieces)',
  box: 'Box (pieces per box below)',
  pallet: 'Pallet (pieces per pallet below)',
  metre: 'Metre',
  kg: 'Kilogram',
};

/**
 * How a product sells (issues 18, 35): its unit, the pieces in a pack, box or pallet (the order
 * multiple) and the most one order takes, empty for no limit but the stock.
 */
export function SalesUnitFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<EditProductFormInput>();
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-semibold">How it sells</legend>
      <SelectField label="Unit" error={errors.salesUnit?.message} {...register('salesUnit')}>
        {SALES_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {unitLabel[unit]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Pack size"
        labelAside={<span className="text-xs text-base-content/60">Order multiple</span>}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.packSize?.message}
        {...register('packSize', { valueAsNumber: true })}
      />
      <FormField
        label="Maximum per order"
        labelAside={<span className="text-xs text-base-content/60">Empty: no limit</span>}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.maxOrderQuantity?.message}
        {...register('maxOrderQuantity', {
          setValueAs: (value: unknown) =>
            value === '' || value === null || value === undefined ? null : Number(value),
        })}
      />
    </fieldset>
  );
}
