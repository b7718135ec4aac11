import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { buildOrder } from '../../test/order-fixtures';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { CheckoutPage } from './checkout-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const cartLine = {
  productId: '00000000-0000-4000-8000-000000000001',
  sku: 'BRG-6204',
  name: 'Bearing 6204',
  slug: 'bearing-6204',
  img: '/images/products/piston.svg',
  quantity: 10,
  unitPrice: 2.5,
  lineTotal: 25,
  minimumOrderQuantity: 10,
  availableQuantity: 500,
  packSize: 1,
  problem: null,
};
const ok = (data: unknown) => jsonResponse({ success: true, data });
const myOrders = `GET /api/v1/purchase/${encodeURIComponent(customer.email)}`;
const profile = {
  email: customer.email,
  name: customer.name,
  photoURL: null,
  city: 'Peoria',
  education: '',
  phone: '+1 309 555 0100',
  link: '',
};

function renderCheckout(answers: Parameters<typeof stubApi>[0]) {
  stubApi({
    ...signInAs(customer),
    'GET /api/v1/cart': () => ok({ lines: [cartLine], total: 25 }),
    [`GET /api/v1/profile/${encodeURIComponent(customer.email)}`]: () => ok(profile),
    [myOrders]: () => ok([]),
    ...answers,
  });
  renderWithProviders(<CheckoutPage />, { route: '/checkout' });
}

describe('CheckoutPage', () => {
  it('fills the address and phone of the last order (issue 31: they were empty on every order)', async () => {
    const last = buildOrder({ address: '12 Foundry Rd, Peoria IL', phone: '+1 309 555 0142' });
    renderCheckout({ [myOrders]: () => ok([last, buildOrder({ address: 'older' })]) });

    await waitFor(() =>
      expect(screen.getByLabelText('Ship to (address)')).toHaveValue('12 Foundry Rd, Peoria IL'),
    );
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 309 555 0142');
  });

  it("fills a company member's first order with the company's address", async () => {
    const company = {
      _id: '00000000-0000-4000-8000-000000000077',
      name: 'Acme Ltd',
      taxId: 'GB123',
      billingAddress: '1 Mill Road, Leeds',
      termsDays: null,
      creditLimit: 0,
      balance: 0,
      availableCredit: 0,
      createdAt: '2026-03-14T10:00:00.000Z',
      me: { role: 'buyer', orderLimit: null, canLeave: true },
    };
    renderCheckout({
      'GET /api/v1/company': () => ok(company),
      'GET /api/v1/company/addresses': () =>
        jsonResponse({ success: true, data: [], nextCursor: null }),
    });

    await waitFor(() =>
      expect(screen.getByLabelText('Ship to (address)')).toHaveValue('1 Mill Road, Leeds'),
    );
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 309 555 0100');
  });

  it('keeps what the buyer typed before the defaults arrived', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const last = buildOrder({ address: '12 Foundry Rd, Peoria IL', phone: '+1 309 555 0142' });
    renderCheckout({
      [myOrders]: async () => {
        await held;
        return ok([last]);
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Ship to (address)'), 'Dock 4');
    release();
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+1 309 555 0142'));
    expect(screen.getByLabelText('Ship to (address)')).toHaveValue('Dock 4');
  });
});
