import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { admin, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { TaxFreightPage } from './tax-freight-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const ok = (data: unknown) => jsonResponse({ success: true, data });
const texas = {
  country: 'US',
  region: 'TX',
  name: 'Texas sales tax',
  rate: 6.25,
  freightTaxable: true,
};
const ground = {
  code: 'ground',
  name: 'Ground freight',
  kind: 'rates',
  zones: [{ countries: ['US'], regions: [], bands: [{ upToGrams: 5000, price: 12 }] }],
  freeOver: 1000,
  quoteAboveGrams: null,
  estimate: '3-5 business days',
};

describe('TaxFreightPage (issue 33)', () => {
  it('edits the sales-tax table and saves it whole', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/tax-rates': () => ok({ rates: [texas] }),
      'PUT /api/v1/admin/tax-rates': ({ body }) => ok(body),
      'GET /api/v1/admin/shipping-methods': () => ok({ methods: [ground] }),
    });
    renderWithProviders(
      <>
        <TaxFreightPage />
        <Toaster />
      </>,
    );
    const table = await screen.findByRole('form', { name: 'Sales tax rates' });
    const texasRow = within(table).getByRole('group', { name: 'Tax rate 1' });
    expect(within(texasRow).getByLabelText('State')).toHaveValue('TX');
    await user.click(within(table).getByRole('button', { name: 'Add a state' }));
    const row = within(table).getByRole('group', { name: 'Tax rate 2' });
    await user.selectOptions(within(row).getByLabelText('State'), 'CA');
    await user.clear(within(row).getByLabelText('Rate (%)'));
    // Saved without a name: the problem in red under its field, nothing sent.
    await user.click(within(table).getByRole('button', { name: 'Save tax rates' }));
    expect(await within(row).findByText('name: is required')).toHaveClass('text-error');
    expect(within(row).getByLabelText('Name on invoices')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT /api/v1/admin/tax-rates')).toHaveLength(0);
    await user.type(within(row).getByLabelText('Name on invoices'), 'California sales tax');
    await user.type(within(row).getByLabelText('Rate (%)'), '7.25');
    await user.click(within(table).getByRole('button', { name: 'Save tax rates' }));
    expect(await screen.findByText('2 tax rates saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/admin/tax-rates')).toEqual([
      {
        rates: [
          texas,
          {
            country: 'US',
            region: 'CA',
            name: 'California sales tax',
            rate: 7.25,
            freightTaxable: false,
          },
        ],
      },
    ]);
  });

  it('edits the shipping methods in a form: kg and dollars shown, grams sent, red lines first', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/tax-rates': () => ok({ rates: [] }),
      'GET /api/v1/admin/shipping-methods': () => ok({ methods: [ground] }),
      'PUT /api/v1/admin/shipping-methods': ({ body }) => ok(body),
    });
    renderWithProviders(
      <>
        <TaxFreightPage />
        <Toaster />
      </>,
    );
    const row = await screen.findByTestId('shipping-method-row');
    expect(row).toHaveTextContent('Ground freight');
    expect(row).toHaveTextContent('US: ≤ 5 kg $12');
    expect(screen.getByText(/the shop collects no sales tax/)).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Method 1' });
    expect(within(first).getByLabelText('Name')).toHaveValue('Ground freight');
    expect(within(first).getByLabelText('Up to (kg)')).toHaveValue('5');
    expect(within(first).getByLabelText('Free freight over ($)')).toHaveValue('1000');

    // A new method saved empty: each problem in red under its field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add a shipping method' }));
    await user.click(screen.getByRole('button', { name: 'Save shipping methods' }));
    const added = screen.getByRole('group', { name: 'Method 2' });
    const name = within(added).getByLabelText('Name');
    expect(await within(added).findByText('name: is required')).toHaveClass('text-error');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(added).getByText('countries: name at least one')).toHaveClass('text-error');
    expect(within(added).getByText('Must be a weight in kg, e.g. 12.5')).toHaveClass('text-error');
    expect(within(added).getByText('price: must be an amount in dollars')).toHaveClass(
      'text-error',
    );
    expect(callsTo(fetchMock, 'PUT /api/v1/admin/shipping-methods')).toHaveLength(0);

    // Filled in, given a second band, moved first: sent in grams, region as its code.
    await user.type(name, 'Canada ground');
    await user.type(within(added).getByLabelText('Code'), 'canada-ground');
    await user.type(within(added).getByLabelText('Delivery estimate'), '4-6 business days');
    await user.type(within(added).getByLabelText('Countries'), 'ca');
    await user.type(within(added).getByLabelText('Regions (optional)'), 'Ontario');
    await user.type(within(added).getByLabelText('Up to (kg)'), '12.5');
    await user.type(within(added).getByLabelText('Price ($)'), '30');
    await user.click(within(added).getByRole('button', { name: 'Add a weight band' }));
    await user.type(within(added).getAllByLabelText('Up to (kg)')[1] as HTMLElement, '100');
    await user.type(within(added).getAllByLabelText('Price ($)')[1] as HTMLElement, '85.40');
    await user.click(screen.getByRole('button', { name: 'Move method 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save shipping methods' }));
    expect(await screen.findByText('2 shipping methods saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/admin/shipping-methods')).toEqual([
      {
        methods: [
          {
            code: 'canada-ground',
            name: 'Canada ground',
            kind: 'rates',
            estimate: '4-6 business days',
            freeOver: null,
            quoteAboveGrams: null,
            zones: [
              {
                countries: ['CA'],
                regions: ['ON'],
                bands: [
                  { upToGrams: 12_500, price: 30 },
                  { upToGrams: 100_000, price: 85.4 },
                ],
              },
            ],
          },
          ground,
        ],
      },
    ]);
    expect(await screen.findAllByTestId('shipping-method-row')).toHaveLength(2);
  });

  it("shows the server's refusal under the form", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/tax-rates': () => ok({ rates: [] }),
      'GET /api/v1/admin/shipping-methods': () => ok({ methods: [ground] }),
      'PUT /api/v1/admin/shipping-methods': () =>
        jsonResponse({ success: false, message: 'methods: at most 50' }, 400),
    });
    renderWithProviders(<TaxFreightPage />);
    const form = await screen.findByRole('form', { name: 'Shipping methods' });
    await user.click(within(form).getByRole('button', { name: 'Save shipping methods' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('methods: at most 50');
  });
});
