import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import type { EditProductFormInput } from './edit-product-schema';

const sizes = [
  { name: 'lengthMm', label: 'Length (mm)' },
  { name: 'widthMm', label: 'Width (mm)' },
  { name: 'heightMm', label: 'Height (mm)' },
] as const;

/**
 * Issue 33: what one piece weighs and measures packed, for freight (weight bands of the shipping
 * methods). Whole grams and millimetres, none negative.
 */
export function ShippingSizeFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<EditProductFormInput>();
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2 md:grid-cols-4">
      <legend className="mb-1 text-sm font-semibold">Shipping (one piece, packed)</legend>
      <FormField
        label="Weight (g)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.weightGrams?.message}
        {...register('weightGrams', { valueAsNumber: true })}
      />
      {sizes.map(({ name, label }) => (
        <FormField
          key={name}
          label={label}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors[name]?.message}
          {...register(name, { valueAsNumber: true })}
        />
      ))}
    </fieldset>
  );
}
