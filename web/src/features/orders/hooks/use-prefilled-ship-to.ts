import type { StructuredAddressInput } from '@proper-parts/domain/addresses';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { emptyAddress } from '../../addresses/components/address-fields';
import type { CheckoutFormInput, CheckoutFormValues } from '../../cart/checkout-form';
import type { ShippingDefaults } from './use-shipping-defaults';

/**
 * Fills a checkout's or a quote acceptance's ship-to fields once, when the buyer's shipping
 * defaults have loaded (null until then), unless the buyer has begun the address: any change in
 * its fields counts (`markBegun`, on the element around them). Choosing the country the form
 * already shows leaves it clean, so react-hook-form alone let a late prefill put another country
 * (and its regions) under the buyer's typing (seen in CI: the company's UK address under a US
 * address being typed). Where the defaults hold only a text address, it is answered to be shown
 * (`setTextAddress`: another one picked, e.g. from the address book).
 */
export function usePrefilledShipTo(
  form: UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>,
  defaults: ShippingDefaults | null,
  fallback: () => Partial<StructuredAddressInput>,
): { textAddress: string; setTextAddress: (text: string) => void; markBegun: () => void } {
  const begun = useRef(false);
  const markBegun = useCallback(() => {
    begun.current = true;
  }, []);
  const [textAddress, setTextAddress] = useState('');
  const ready = defaults !== null;
  // Read while rendering (react-hook-form counts it only then): a buyer who already pressed Place
  // order keeps the form and its messages; defaults that come later (a slow network) fill nothing.
  const tried = form.formState.submitCount > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the defaults have loaded
  useEffect(() => {
    if (!defaults || begun.current || tried || form.getFieldState('shipTo').isDirty) return;
    const shipTo = defaults.shipTo
      ? { ...emptyAddress(), ...defaults.shipTo }
      : { ...emptyAddress(), ...fallback(), phone: defaults.phone };
    form.reset({ ...form.getValues(), shipTo }, { keepDirtyValues: true, keepTouched: true });
    if (!defaults.shipTo) setTextAddress(defaults.address);
  }, [ready]);
  return { textAddress, setTextAddress, markBegun };
}
