import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../addresses/components/address-fields';
import type { CheckoutFormInput, CheckoutFormValues } from '../../cart/checkout-form';
import { usePrefilledShipTo } from './use-prefilled-ship-to';
import type { ShippingDefaults } from './use-shipping-defaults';

const defaults: ShippingDefaults = { address: '', phone: '+1 309 555 0100', shipTo: null };

/** A checkout-like form whose ship-to name is prefilled from the account ("Pat"). */
function Harness({ loaded }: { loaded: ShippingDefaults | null }) {
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    defaultValues: {
      shipTo: emptyAddress(),
      shippingMethod: '',
      poNumber: '',
      note: '',
      paymentTerms: 'card',
      acceptBackorder: false,
    },
  });
  usePrefilledShipTo(form, loaded, () => ({ name: 'Pat' }));
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <input aria-label="Name" {...form.register('shipTo.name')} />
      <button type="submit">Place order</button>
    </form>
  );
}

describe('usePrefilledShipTo', () => {
  it('fills the name once the defaults load', async () => {
    const { rerender } = render(<Harness loaded={null} />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    rerender(<Harness loaded={defaults} />);
    expect(await screen.findByDisplayValue('Pat')).toBeInTheDocument();
  });

  it('leaves the form alone once the buyer pressed Place order before they came (CI: the message wiped)', async () => {
    const { rerender } = render(<Harness loaded={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    rerender(<Harness loaded={defaults} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
