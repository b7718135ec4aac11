import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { admin, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { PriceListsPage } from './price-lists-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const list = (name: string, extra: object) => ({
  id: `id-${name}`,
  name,
  validFrom: null,
  validTo: null,
  priority: 5,
  companyIds: ['c1', 'c2'],
  entryCount: 1200,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

describe('PriceListsPage (issue 35)', () => {
  it('lists each price list with its state, priority, companies and entries', async () => {
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/price-lists': () =>
        jsonResponse({
          success: true,
          data: [
            list('Net 2027', {}),
            list('Old deal', { validTo: '2020-01-01T00:00:00.000Z', priority: 1 }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<PriceListsPage />, { route: '/dashboard/price-lists' });
    const table = await screen.findByRole('table', { name: 'Price lists' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Net 2027Active5Always – open21,200EditCSV',
      'Old dealEnded1Always – Jan 1, 202021,200EditCSV',
    ]);
  });

  it("opens a list's CSV panel: its export link and an import with the list's name", async () => {
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/price-lists': () =>
        jsonResponse({ success: true, data: [list('Net 2027', {})], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PriceListsPage />, { route: '/dashboard/price-lists' });
    expect(screen.queryByRole('link', { name: 'Export this list' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'CSV of Net 2027' }));
    expect(
      screen.getByRole('heading', { name: 'Net 2027: import and export (CSV)' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export this list' })).toHaveAttribute(
      'href',
      '/api/v1/admin/price-lists/id-Net%202027/export.csv',
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file first');
  });

  it('creates a list from the form, and edits one (PATCH), a red line under a bad field', async () => {
    const user = userEvent.setup();
    const companies = [
      { _id: 'c1', name: 'Acme Mills' },
      { _id: 'c2', name: 'Borg Tools' },
    ].map((c) => ({
      ...c,
      taxId: '',
      members: 1,
      termsDays: null,
      creditLimit: 0,
      balance: 0,
      overdue: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
    }));
    const fetchMock = stubApi({
      ...signInAs(admin),
      'GET /api/v1/admin/price-lists': () =>
        jsonResponse({ success: true, data: [list('Net 2027', {})], nextCursor: null }),
      'GET /api/v1/admin/companies': () =>
        jsonResponse({ success: true, data: companies, nextCursor: null }),
      'POST /api/v1/admin/price-lists': () =>
        jsonResponse({ success: true, data: { id: 'new-id' }, message: 'Price list "Q1" created' }),
      'PATCH /api/v1/admin/price-lists/id-Net%202027': () =>
        jsonResponse({ success: true, data: { id: 'id-Net 2027' }, message: 'saved' }),
    });
    renderWithProviders(<PriceListsPage />, { route: '/dashboard/price-lists' });
    await user.click(await screen.findByRole('button', { name: 'New price list' }));
    const form = screen.getByRole('form', { name: 'New price list' });
    await user.type(within(form).getByLabelText('Name'), 'Q1');
    await user.clear(within(form).getByLabelText('Priority'));
    await user.type(within(form).getByLabelText('Priority'), '7');
    await user.type(within(form).getByLabelText('First day (optional)'), '2027-03-01');
    await user.type(within(form).getByLabelText('Last day, not included (optional)'), '2027-01-01');
    await user.click(await within(form).findByRole('checkbox', { name: 'Borg Tools' }));
    await user.click(within(form).getByRole('button', { name: 'Create list' }));
    expect(within(form).getByText('Must be after the first day')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/v1/admin/price-lists')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Last day, not included (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Create list' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/v1/admin/price-lists')).toEqual([
        {
          name: 'Q1',
          priority: 7,
          validFrom: '2027-03-01T00:00:00.000Z',
          validTo: null,
          companyIds: ['c2'],
          entries: [],
        },
      ]),
    );

    await user.click(await screen.findByRole('button', { name: 'Edit Net 2027' }));
    const edit = screen.getByRole('form', { name: 'Edit Net 2027' });
    expect(within(edit).getByLabelText('Name')).toHaveValue('Net 2027');
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'Net 2028');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/v1/admin/price-lists/id-Net%202027')).toEqual([
        {
          name: 'Net 2028',
          priority: 5,
          validFrom: null,
          validTo: null,
          companyIds: ['c1', 'c2'],
        },
      ]),
    );
  });
});
