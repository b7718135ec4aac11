import type { Warehouse } from '@proper-parts/domain/warehouses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { AdjustStockForm, TransferStockForm } from './stock-forms';
import { WarehouseForm } from './warehouse-form';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
const warehouse = (id: number, name: string): Warehouse => ({
  id,
  name,
  publicName: name,
  line1: '',
  city: '',
  postalCode: '',
  country: 'GB',
  shipsTo: 'all',
});
const warehouses = [warehouse(1, 'Main'), warehouse(2, 'Leeds')];
const search = {
  'GET /api/v1/catalog/search': () =>
    jsonResponse({ success: true, data: { items: [{ _id: PRODUCT, sku: 'BRG-6205' }] } }),
};
/** The red line under the field labelled `label`. */
const messageUnder = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('the admin’s stock forms (issue 36)', () => {
  it('say what is missing under each field and send nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...signInAs(admin), ...search });
    renderWithProviders(<AdjustStockForm warehouses={warehouses} />);
    await user.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(await screen.findByText('Give the part’s SKU')).toHaveClass('text-error');
    expect(messageUnder('Quantity')).toBe('Give a whole number of pieces, 0 or more');
    expect(messageUnder('Reason')).toBe('Say why the stock changes');
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/admin/'))).toEqual([]);
  });

  it('sends the chosen warehouse and puts the server’s refusal under the field it names', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      ...search,
      [`PUT /api/v1/admin/stock/${PRODUCT}`]: () =>
        jsonResponse({ success: false, message: 'warehouse: no warehouse "2"' }, 400),
    });
    renderWithProviders(<AdjustStockForm warehouses={warehouses} />);
    await user.type(screen.getByLabelText('SKU'), 'brg-6205');
    await user.selectOptions(screen.getByLabelText('Warehouse'), 'Leeds');
    await user.type(screen.getByLabelText('Quantity'), '12');
    await user.type(screen.getByLabelText('Reason'), 'counted');
    await user.click(screen.getByRole('button', { name: 'Save stock' }));
    await vi.waitFor(() => expect(messageUnder('Warehouse')).toBe('warehouse: no warehouse "2"'));
    expect(callsTo(fetchMock, `PUT /api/v1/admin/stock/${PRODUCT}`)).toEqual([
      { warehouse: 2, quantity: 12, reason: 'counted' },
    ]);
  });

  it('names an unknown SKU under the SKU field, before any change is asked', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/catalog/search': () => jsonResponse({ success: true, data: { items: [] } }),
    });
    renderWithProviders(<TransferStockForm warehouses={warehouses} />);
    await user.type(screen.getByLabelText('SKU to move'), 'NOPE-1');
    await user.type(screen.getByLabelText('Pieces'), '3');
    await user.click(screen.getByRole('button', { name: 'Move stock' }));
    await vi.waitFor(() =>
      expect(messageUnder('SKU to move')).toBe('sku: no part with the SKU "NOPE-1"'),
    );
    expect(callsTo(fetchMock, 'POST /api/v1/admin/stock/transfers')).toEqual([]);
  });

  it('refuses a move to the same warehouse under “To”', async () => {
    const user = userEvent.setup();
    stubApi({ ...signInAs(admin), ...search });
    renderWithProviders(<TransferStockForm warehouses={warehouses} />);
    await user.type(screen.getByLabelText('SKU to move'), 'BRG-6205');
    await user.type(screen.getByLabelText('Pieces'), '3');
    await user.selectOptions(screen.getByLabelText('To'), 'Main');
    await user.click(screen.getByRole('button', { name: 'Move stock' }));
    await vi.waitFor(() => expect(messageUnder('To')).toBe('Choose another warehouse'));
  });

  it('checks a new warehouse’s country and zone before sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(signInAs(admin));
    renderWithProviders(<WarehouseForm />);
    await user.type(screen.getByLabelText('Country'), 'XX');
    await user.clear(screen.getByLabelText('Ships to'));
    await user.type(screen.getByLabelText('Ships to'), 'GB, ZZ');
    const form = screen.getByRole('button', { name: 'Add warehouse' }).closest('form');
    await user.click(within(form as HTMLElement).getByRole('button', { name: 'Add warehouse' }));
    await vi.waitFor(() => expect(messageUnder('Name')).toBe('Give the warehouse a name'));
    expect(messageUnder('Country')).toBe('Give an ISO country code, like GB or NL');
    expect(messageUnder('Ships to')).toBe('Write all, or ISO country codes: GB, IE');
    expect(callsTo(fetchMock, 'POST /api/v1/admin/warehouses')).toEqual([]);
  });
});
