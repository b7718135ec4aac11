import type { Warehouse } from '@proper-parts/domain/warehouses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { WarehousesTable } from './warehouses-table';

const leeds: Warehouse = {
  id: 2,
  name: 'Leeds DC',
  publicName: 'Leeds',
  line1: '1 Canal St',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  country: 'GB',
  shipsTo: ['GB', 'IE'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('the warehouses table (issue 36)', () => {
  it('edits a warehouse in a dialog, its fields filled in, and sends them all', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      'PUT /api/v1/admin/warehouses/2': ({ body }) =>
        jsonResponse({
          success: true,
          data: { ...leeds, ...(body as object), shipsTo: 'all' },
          message: 'Warehouse "Leeds North" saved',
        }),
    });
    renderWithProviders(<WarehousesTable warehouses={[leeds]} />);
    await user.click(screen.getByRole('button', { name: 'Edit Leeds DC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Leeds DC' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Leeds DC');
    expect(within(dialog).getByLabelText('Ships to')).toHaveValue('GB, IE');
    await user.clear(name);
    await user.type(name, 'Leeds North');
    await user.click(within(dialog).getByRole('button', { name: 'Save warehouse' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'PUT /api/v1/admin/warehouses/2')).toEqual([
      {
        name: 'Leeds North',
        publicName: 'Leeds',
        line1: '1 Canal St',
        city: 'Leeds',
        postalCode: 'LS1 1AA',
        country: 'GB',
        shipsTo: ['GB', 'IE'],
      },
    ]);
  });

  it('asks before removing, and shows why the server keeps one', async () => {
    const user = userEvent.setup();
    const refusal = '"Leeds DC" holds 4 pieces: move them to another warehouse first';
    stubApi({
      ...signInAs(admin),
      'DELETE /api/v1/admin/warehouses/2': () =>
        jsonResponse({ success: false, message: refusal }, 409),
    });
    renderWithProviders(<WarehousesTable warehouses={[leeds]} />);
    await user.click(screen.getByRole('button', { name: 'Remove Leeds DC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Leeds DC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });
});
