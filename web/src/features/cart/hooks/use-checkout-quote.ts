import { type StructuredAddress, structuredAddress } from '@proper-parts/domain/addresses';
import { useEffect, useMemo, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useCartQuote } from '../api/cart-quote';
import type { CheckoutFormInput } from '../checkout-form';

/** How long the buyer's typing rests before the cart is priced for the address. */
export const QUOTE_DELAY_MS = 400;

/**
 * The ship-to address being typed, once it is a valid address (the domain's
 * `structuredAddress`, as the server checks it) and the typing has rested; null while it is not
 * valid. `settling`: a valid address is typed that is not priced yet. Checkout and a quote's
 * acceptance price what this gives.
 */
export function useSettledShipTo(control: Control<CheckoutFormInput>) {
  const typed = useWatch({ control, name: 'shipTo' });
  const method = useWatch({ control, name: 'shippingMethod' });
  const text = JSON.stringify(typed);
  const valid = useMemo((): StructuredAddress | null => {
    const parsed = structuredAddress.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  }, [text]);
  const [address, setAddress] = useState<StructuredAddress | null>(valid);
  useEffect(() => {
    if (JSON.stringify(valid) === JSON.stringify(address)) return;
    const timer = setTimeout(() => setAddress(valid), valid ? QUOTE_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [valid, address]);
  return {
    address,
    method: method || undefined,
    settling: JSON.stringify(valid) !== JSON.stringify(address),
  };
}

/**
 * Issue 33: the cart priced for the address being typed at checkout (`useSettledShipTo`), by the
 * method chosen, else the cheapest. Null address: not valid yet, nothing asked.
 */
export function useCheckoutQuote(control: Control<CheckoutFormInput>) {
  const { address, method, settling } = useSettledShipTo(control);
  const quote = useCartQuote(address, method);
  return { address, quote, settling };
}

/**
 * Whether the order may be placed now: not while a valid address waits for its price (the
 * method and totals shown would not be the ones placed). An address not valid yet leaves the
 * button on, so a click names the fields to fix; a failed price leaves it on, so the buyer hears
 * the server's reason.
 */
export const waitingForPrice = (
  address: StructuredAddress | null,
  settling: boolean,
  quote: { isFetching: boolean },
) => settling || (address !== null && quote.isFetching);
