import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { ToasterHost } from '../../../components/toaster';
import { PartNumbersSection } from './part-numbers-section';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const entry = {
  _id: '00000000-0000-4000-8000-000000000035',
  customerPartNumber: 'ACME-001',
  productId: '00000000-0000-4000-8000-000000000001',
  sku: 'BRG-6204',
  name: 'Bearing 6204',
  slug: 'bearing-6204',
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const ok = (data: unknown) => jsonResponse({ success: true, data });
const result = (status: string, message: string | null) => ({
  results: [{ sku: 'BRG-6205', customerPartNumber: 'acme-001', status, id: null, message }],
  added: status === 'added' ? 1 : 0,
  updated: 0,
  unchanged: 0,
  rejected: status === 'rejected' ? 1 : 0,
});

describe('PartNumbersSection (issue 35)', () => {
  it('lists the numbers, says why an added one is refused, and deletes one by its id', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company/part-numbers': () =>
        jsonResponse({ success: true, data: [entry], nextCursor: null }),
      'PUT /api/v1/company/part-numbers': () =>
        ok(
          result(
            'rejected',
            'customerPartNumber: acme-001 is already your number for BRG-6204; delete or change that one first',
          ),
        ),
      'DELETE /api/v1/company/part-numbers': () => ok({ deleted: 1 }),
    });
    renderWithProviders(
      <>
        <ToasterHost />
        <PartNumbersSection />
      </>,
    );

    const list = await screen.findByRole('list', { name: 'Part numbers' });
    expect(within(list).getByText('ACME-001')).toBeInTheDocument();
    expect(within(list).getByText('BRG-6204')).toBeInTheDocument();

    // A field the server would refuse is named before it is sent.
    const form = screen.getByRole('form', { name: 'Add a part number' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('sku: required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/v1/company/part-numbers')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Our SKU'), 'BRG-6205');
    await user.type(within(form).getByLabelText('Your part number'), 'acme-001');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(/is already your number for BRG-6204/)).toBeVisible();
    expect(callsTo(fetchMock, 'PUT /api/v1/company/part-numbers')).toEqual([
      { items: [{ sku: 'BRG-6205', customerPartNumber: 'acme-001' }] },
    ]);

    await user.click(within(list).getByRole('button', { name: 'Delete ACME-001' }));
    expect(await screen.findByText('ACME-001 deleted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/v1/company/part-numbers')).toEqual([
      { ids: [entry._id] },
    ]);
  });
});
