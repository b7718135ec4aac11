import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../../test/auth-stubs';
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
      'Net 2027Active5Always – open21,200CSV',
      'Old dealEnded1Always – Jan 1, 202021,200CSV',
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
});
