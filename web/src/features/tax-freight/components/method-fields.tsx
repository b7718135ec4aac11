import { SHIPPING_KINDS } from '@proper-parts/domain/shipping';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField, SelectField } from '../../../components/form-field';
import { fieldError } from '../../addresses/components/address-fields';
import type { ShippingMethodsForm } from './shipping-methods-schema';
import { ZonesFields } from './zone-fields';

const kindLabels: Record<(typeof SHIPPING_KINDS)[number], string> = {
  rates: 'Rates by zone and weight',
  pickup: 'Pickup at the shop (free)',
};

/**
 * Issue 33: one shipping method: the code orders and the API name it by, its name and delivery
 * estimate as checkout shows them, its kind; a rates method also has a free-freight threshold,
 * a weight above which the shop quotes the freight itself, and its zones.
 */
export function MethodFields({ method }: { method: number }) {
  const { control, register, formState } = useFormContext<ShippingMethodsForm>();
  const path = `methods.${method}` as const;
  const kind = useWatch({ control, name: `${path}.kind` });
  const error = (field: string) => fieldError(formState.errors, `${path}.${field}`);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FormField
          label="Name"
          hint="As checkout shows it"
          error={error('name')}
          {...register(`${path}.name`)}
        />
        <FormField
          label="Code"
          hint="Lowercase letters, digits, hyphens"
          autoCapitalize="none"
          spellCheck={false}
          error={error('code')}
          {...register(`${path}.code`)}
        />
        <SelectField label="Kind" error={error('kind')} {...register(`${path}.kind`)}>
          {SHIPPING_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindLabels[value]}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Delivery estimate"
          hint="e.g. 3-5 business days"
          error={error('estimate')}
          {...register(`${path}.estimate`)}
        />
        {kind !== 'pickup' && (
          <>
            <FormField
              label="Free freight over ($)"
              hint="Order subtotal; empty: never free"
              inputMode="decimal"
              error={error('freeOver')}
              {...register(`${path}.freeOver`)}
            />
            <FormField
              label="Freight quoted by the shop above (kg)"
              hint="Heavier orders wait for the shop's price; empty: never"
              inputMode="decimal"
              error={error('quoteAboveKg')}
              {...register(`${path}.quoteAboveKg`)}
            />
          </>
        )}
      </div>
      {kind !== 'pickup' && <ZonesFields method={method} />}
    </>
  );
}
