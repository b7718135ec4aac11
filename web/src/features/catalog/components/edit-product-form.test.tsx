import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { EditProductForm } from './edit-product-form';

const bearing: CatalogProduct = {
  _id: '00000000-0000-4000-8000-000000006204',
  sku: 'BRG-6204-2RS',
  slug: 'deep-groove-ball-bearing-6204',
  name: 'Deep Groove Ball Bearing 6204',
  brand: { slug: 'armara-precision', name: 'Armara Precision' },
  category: { slug: 'ball-bearings', name: 'Ball Bearings' },
  categoryPath: [{ slug: 'ball-bearings', name: 'Ball Bearings' }],
  price: 4.2,
  img: '/images/categories/bearings.svg',
  minimumOrderQuantity: 10,
  availableQuantity: 12000,
  mpn: '6204-2RS',
  description: 'Sealed both sides.',
  createdAt: '2026-11-01T00:00:00.000Z',
  attributes: [],
  crossReferences: [],
  stock: [],
  backorder: { allowed: false, leadTimeDays: null, incoming: [] },
  packSize: 1,
  salesUnit: 'each',
  maxOrderQuantity: null,
  priceBreaks: [
    { minQuantity: 100, price: 3.9 },
    { minQuantity: 1000, price: 3.5 },
  ],
  weightGrams: 240,
  lengthMm: 60,
  widthMm: 60,
  heightMm: 20,
  supersededBy: null,
  supersedes: [],
  replacedBySku: null,
  coreDeposit: 0,
  coreReturnDays: 90,
};
const PATCH = `PATCH /api/v1/tools/${bearing._id}`;

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const renderForm = () =>
  renderWithProviders(
    <>
      <EditProductForm product={bearing} />
      <Toaster />
    </>,
  );
const rows = () =>
  within(screen.getByRole('list', { name: 'Price breaks' })).getAllByRole('listitem');
const row = (i: number) => {
  const item = rows()[i];
  if (!item) throw new Error(`no row ${i}`);
  return {
    quantity: within(item).getByLabelText('From quantity'),
    price: within(item).getByLabelText('Unit price ($)'),
  };
};
const retype = async (
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) => {
  await user.clear(field);
  if (text) await user.type(field, text);
};
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save changes' }));

describe('EditProductForm: volume pricing and pack size', () => {
  it('shows the breaks and pack size, and sends the edited list and the pack size only', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [PATCH]: ({ body }) =>
        jsonResponse({ success: true, data: { ...bearing, ...(body as object) } }),
    });
    renderForm();
    expect(rows()).toHaveLength(2);
    expect(row(0).quantity).toHaveValue(100);
    expect(row(1).price).toHaveValue(3.5);
    expect(screen.getByLabelText('Pack size')).toHaveValue(1);

    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    expect(rows()).toHaveLength(3);
    await retype(user, row(2).quantity, '5000');
    await retype(user, row(2).price, '3.25');
    await retype(user, screen.getByLabelText('Pack size'), '10');
    await save(user);

    expect(await screen.findByText(`${bearing.name} saved`)).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toEqual([
      {
        packSize: 10,
        priceBreaks: [
          { minQuantity: 100, price: 3.9 },
          { minQuantity: 1000, price: 3.5 },
          { minQuantity: 5000, price: 3.25 },
        ],
      },
    ]);
  });

  it('sets the unit and a maximum per order (red under one below the minimum), and clears it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [PATCH]: ({ body }) =>
        jsonResponse({ success: true, data: { ...bearing, ...(body as object) } }),
    });
    renderForm();
    const most = screen.getByLabelText('Maximum per order');
    expect(most).toHaveValue(null);
    await user.selectOptions(screen.getByLabelText('Unit'), 'box');
    await retype(user, most, '5');
    await save(user);
    expect(
      await screen.findByText('Maximum per order must be at least the minimum order quantity'),
    ).toBeInTheDocument();
    expect(most).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, PATCH)).toEqual([]);

    await retype(user, most, '500');
    await save(user);
    await screen.findByText(`${bearing.name} saved`);
    expect(callsTo(fetchMock, PATCH)).toEqual([{ salesUnit: 'box', maxOrderQuantity: 500 }]);
    await retype(user, screen.getByLabelText('Maximum per order'), '');
    await save(user);
    await waitFor(() => expect(callsTo(fetchMock, PATCH)).toHaveLength(2));
    expect(callsTo(fetchMock, PATCH)[1]).toEqual({ maxOrderQuantity: null });
  });

  it('removing every row sends an empty list: no volume pricing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [PATCH]: ({ body }) =>
        jsonResponse({ success: true, data: { ...bearing, ...(body as object) } }),
    });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove price break 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove price break 1' }));
    expect(screen.getByText(/No volume pricing/)).toBeInTheDocument();
    await save(user);
    await screen.findByText(`${bearing.name} saved`);
    expect(callsTo(fetchMock, PATCH)).toEqual([{ priceBreaks: [] }]);
  });

  it('puts red messages under the bad fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(signInAs(admin));
    renderForm();
    await retype(user, row(1).quantity, '50');
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await retype(user, screen.getByLabelText('Pack size'), '0');
    await save(user);

    expect(
      await screen.findByText('From quantity must be more than 100, the break above'),
    ).toHaveClass('text-error');
    expect(row(1).quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('From quantity is required')).toHaveClass('text-error');
    expect(screen.getByText('Unit price is required')).toHaveClass('text-error');
    expect(screen.getByText('Pack size must be at least 1')).toHaveClass('text-error');

    // Fixed rows, but a break dearer than the price per piece.
    await retype(user, row(1).quantity, '1000');
    await user.click(screen.getByRole('button', { name: 'Remove price break 3' }));
    await retype(user, screen.getByLabelText('Pack size'), '1');
    await retype(user, row(0).price, '4.2');
    await save(user);
    expect(await screen.findByText('Unit price must be below the base price, $4.20')).toHaveClass(
      'text-error',
    );
    expect(row(0).price).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, PATCH)).toEqual([]);
  });

  it("shows the server's refusal of a break under that break's field", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(admin),
      [PATCH]: () =>
        jsonResponse(
          { success: false, message: 'priceBreaks.1.price: Unit price must be below $3.90' },
          400,
        ),
    });
    renderForm();
    await retype(user, row(1).price, '3.4');
    await save(user);
    expect(
      await screen.findByText('priceBreaks.1.price: Unit price must be below $3.90'),
    ).toHaveClass('text-error');
    expect(row(1).price).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers at most 10 rows', async () => {
    const user = userEvent.setup();
    stubApi(signInAs(admin));
    renderForm();
    const add = screen.getByRole('button', { name: 'Add a price break' });
    for (let i = 0; i < 8; i++) await user.click(add);
    expect(rows()).toHaveLength(10);
    expect(add).toBeDisabled();
  });
});

describe('EditProductForm: shipping weight and size (issue 33)', () => {
  it('refuses a negative weight under its field, and sends only the weight and size changed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [PATCH]: ({ body }) =>
        jsonResponse({ success: true, data: { ...bearing, ...(body as object) } }),
    });
    renderForm();
    const weight = screen.getByLabelText('Weight (g)');
    expect(weight).toHaveValue(240);
    expect(screen.getByLabelText('Length (mm)')).toHaveValue(60);
    await retype(user, weight, '-5');
    await save(user);
    expect(await screen.findByText('Shipping weight: must not be negative')).toHaveClass(
      'text-error',
    );
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);

    await retype(user, weight, '310');
    await retype(user, screen.getByLabelText('Height (mm)'), '25');
    await save(user);
    expect(await screen.findByText(`${bearing.name} saved`)).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toEqual([{ weightGrams: 310, heightMm: 25 }]);
  });

  it('sets a core deposit and its window (red under a negative deposit), sending only those', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(admin),
      [PATCH]: ({ body }) =>
        jsonResponse({ success: true, data: { ...bearing, ...(body as object) } }),
    });
    renderForm();
    const deposit = screen.getByLabelText('Core deposit ($ per piece)');
    const window = screen.getByLabelText('Core return window (days)');
    expect(deposit).toHaveValue(0);
    expect(window).toHaveValue(90);
    await retype(user, deposit, '-1');
    await retype(user, window, '0');
    await save(user);
    expect(await screen.findByText('Core deposit must be 0 (none) or more')).toHaveClass(
      'text-error',
    );
    expect(screen.getByText('Core return window must be at least 1 day')).toHaveClass('text-error');
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);

    await retype(user, deposit, '45.50');
    await retype(user, window, '30');
    await save(user);
    expect(await screen.findByText(`${bearing.name} saved`)).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toEqual([{ coreDeposit: 45.5, coreReturnDays: 30 }]);
  });
});
