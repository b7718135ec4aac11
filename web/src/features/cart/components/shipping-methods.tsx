import type { ShippingOption } from '@proper-parts/domain/shipping';
import { useFormContext } from 'react-hook-form';
import { formatPrice } from '../../../lib/format';
import { fieldError } from '../../addresses/components/address-fields';

/**
 * Issue 33: how the order ships, as the quote offers it for the address: name, price (or
 * "quoted by the shop") and delivery estimate, one to choose. A shop without methods charges no
 * freight: then nothing is asked.
 */
export function ShippingMethods({
  methods,
  waiting,
}: {
  /** The quote's methods; undefined until the address is valid and priced. */
  methods: ShippingOption[] | undefined;
  /** The address is being priced. */
  waiting: boolean;
}) {
  const { register, formState } = useFormContext();
  const error = fieldError(formState.errors, 'shippingMethod');
  if (methods === undefined)
    return (
      <p className="text-sm text-base-content/70" data-testid="shipping-methods-hint">
        {waiting
          ? 'Finding the shipping methods for this address…'
          : 'Enter the address to see the shipping methods, freight and tax.'}
      </p>
    );
  if (methods.length === 0)
    return (
      <p className="text-sm text-base-content/70" data-testid="shipping-methods-none">
        No freight is charged to this address.
      </p>
    );
  return (
    <fieldset aria-describedby={error ? 'shipping-method-error' : undefined}>
      <legend className="mb-2 text-base font-semibold">Shipping method</legend>
      <div className="flex flex-col gap-2" data-testid="shipping-methods">
        {methods.map((method) => (
          <label
            key={method.code}
            className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              className="radio radio-primary radio-sm mt-0.5"
              value={method.code}
              {...register('shippingMethod')}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{method.name}</span>
              {method.estimate && (
                <span className="block text-xs text-base-content/70">{method.estimate}</span>
              )}
            </span>
            <span className="whitespace-nowrap font-medium">
              {method.quoted
                ? 'quoted by the shop'
                : method.price === 0
                  ? 'Free'
                  : formatPrice(method.price ?? 0)}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="shipping-method-error" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
