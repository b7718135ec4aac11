import { MAX_PRICE_BREAKS } from '@proper-parts/domain/price-breaks';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import type { EditProductFormInput, EditProductFormValues } from './edit-product-schema';

/**
 * Volume pricing (issue 18): rows of "from this many pieces, this unit price", the smallest
 * quantity first, each with its own messages under its fields.
 */
export function PriceBreaksFields({
  control,
  register,
  errors,
}: {
  control: Control<EditProductFormInput, unknown, EditProductFormValues>;
  register: UseFormRegister<EditProductFormInput>;
  errors: FieldErrors<EditProductFormInput>['priceBreaks'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const numberOptions = { valueAsNumber: true } as const;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-3 sm:col-span-2 sm:p-4">
      <legend className="px-1 text-sm font-medium">Volume pricing</legend>
      <p className="text-xs text-base-content/60">
        From a quantity on, every piece costs the unit price. Each row starts at more pieces and
        costs less than the row above it, and less than the price per piece.
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-base-content/70">
          No volume pricing: every quantity costs the price per piece.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Price breaks">
          {fields.map((field, i) => (
            <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 sm:gap-3">
              <FormField
                label="From quantity"
                type="number"
                inputMode="numeric"
                min={2}
                step={1}
                error={errors?.[i]?.minQuantity?.message}
                {...register(`priceBreaks.${i}.minQuantity`, numberOptions)}
              />
              <FormField
                label="Unit price ($)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                error={errors?.[i]?.price?.message}
                {...register(`priceBreaks.${i}.price`, numberOptions)}
              />
              <button
                type="button"
                className="btn btn-ghost text-error mt-[1.625rem] px-2 sm:px-3"
                aria-label={`Remove price break ${i + 1}`}
                onClick={() => remove(i)}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-error">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={fields.length >= MAX_PRICE_BREAKS}
        onClick={() => append({ minQuantity: Number.NaN, price: Number.NaN })}
      >
        Add a price break
      </button>
      {fields.length >= MAX_PRICE_BREAKS && (
        <p className="text-xs text-base-content/60">At most {MAX_PRICE_BREAKS} price breaks.</p>
      )}
    </fieldset>
  );
}
