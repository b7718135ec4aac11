import { zodResolver } from '@hookform/resolvers/zod';
import { structuredAddress } from '@proper-parts/domain/addresses';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AddressFields, emptyAddress } from './address-fields';

const schema = z.object({ shipTo: structuredAddress });

function Harness({
  onValid,
  initial = emptyAddress(),
}: {
  onValid: (values: z.output<typeof schema>) => void;
  initial?: z.input<typeof structuredAddress>;
}) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { shipTo: initial },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <AddressFields name="shipTo" legend="Ship to" />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('AddressFields', () => {
  it("lists a country's regions, empties a region the new country lacks, and checks its postal code", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText('Name'), 'Jonas Weber');
    await user.type(screen.getByLabelText('Address line 1'), 'Friedrichstraße 123');
    await user.type(screen.getByLabelText('City'), 'Berlin');
    // The US: a state is required, chosen from the list.
    expect(screen.getByLabelText('State')).toHaveProperty('tagName', 'SELECT');
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    // Germany: its Länder, optional; Texas is not one of them.
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    const region = screen.getByLabelText('State / region (optional)');
    expect(region).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Berlin' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Postal code'), '1011');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a postal code of Germany')).toHaveClass('text-error');
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Postal code'), '7');
    await user.selectOptions(region, 'BE');
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      {
        shipTo: {
          name: 'Jonas Weber',
          company: '',
          line1: 'Friedrichstraße 123',
          line2: '',
          city: 'Berlin',
          region: 'BE',
          postalCode: '10117',
          country: 'DE',
          phone: '+49 30 1234567',
        },
      },
      expect.anything(),
    );
  });

  it('names each missing field and a state the US needs, each under itself', async () => {
    const user = userEvent.setup();
    render(<Harness onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of ['Name is required', 'Address line 1 is required', 'City is required'])
      expect(await screen.findByText(message)).toHaveClass('text-error');
    await user.type(screen.getByLabelText('Name'), 'Dana');
    await user.type(screen.getByLabelText('Address line 1'), '500 Congress Ave');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Postal code'), '78701');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('State / region is required for this country')).toBeVisible();
    expect(screen.getByText(/Not a valid phone number/)).toBeVisible();
  });

  it('shows a stored address in its fields, its region selected', () => {
    render(
      <Harness
        onValid={vi.fn()}
        initial={{
          ...emptyAddress(),
          name: 'Jonas',
          line1: 'Friedrichstraße 123',
          city: 'Berlin',
          region: 'BE',
          postalCode: '10117',
          country: 'DE',
        }}
      />,
    );
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
    expect(screen.getByLabelText('State / region (optional)')).toHaveValue('BE');
  });
});
