import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { CompanyCatalogForm } from './company-catalog-form';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const COMPANY = '7b0f6c52-6a2e-4d3c-9f0e-2b1d6c9a1e11';
const path = `/api/v1/admin/companies/${COMPANY}/catalog`;
const catalog = (categories: { slug: string; name: string }[], brands: typeof categories = []) =>
  jsonResponse({
    success: true,
    data: {
      companyId: COMPANY,
      restricted: categories.length + brands.length > 0,
      categories,
      brands,
    },
  });
const tree = [
  {
    slug: 'bearings',
    name: 'Bearings',
    count: 3,
    children: [{ slug: 'ball-bearings', name: 'Ball bearings', count: 3, children: [] }],
  },
  { slug: 'seals', name: 'Seals', count: 1, children: [] },
];

function renderForm() {
  const fetchMock = stubApi({
    ...signInAs(admin),
    [`GET ${path}`]: () => catalog([]),
    [`PUT ${path}`]: () => catalog([{ slug: 'ball-bearings', name: 'Ball bearings' }]),
    'GET /api/v1/catalog/categories': () => jsonResponse({ success: true, data: tree }),
    'GET /api/v1/catalog/brands': () =>
      jsonResponse({ success: true, data: [{ slug: 'skf', name: 'SKF', count: 2 }] }),
  });
  renderWithProviders(
    <>
      <CompanyCatalogForm companyId={COMPANY} />
      <Toaster />
    </>,
  );
  return fetchMock;
}

describe('CompanyCatalogForm (issue 35)', () => {
  it('says the company sees the whole catalog, refuses an unknown slug under its field, and saves', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm();
    const form = await screen.findByRole('form', { name: 'Company catalog' });
    expect(
      await within(form).findByText('Whole catalog: the members see and buy every part.'),
    ).toBeInTheDocument();
    const categories = within(form).getByLabelText('Categories');
    await user.type(categories, 'ball-bearings, gears');
    await user.click(within(form).getByRole('button', { name: 'Save catalog' }));
    expect(await within(form).findByText('Unknown category: gears')).toBeInTheDocument();
    expect(categories).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `PUT ${path}`)).toEqual([]);

    await user.clear(categories);
    await user.type(categories, 'ball-bearings');
    await user.click(within(form).getByRole('button', { name: 'Save catalog' }));
    expect(await screen.findByText('Catalog limited')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${path}`)).toEqual([
      { categories: ['ball-bearings'], brands: [] },
    ]);
    expect(
      within(form).getByText(
        'Limited to categories Ball bearings: the members see and buy only these parts.',
      ),
    ).toBeInTheDocument();
  });
});
