import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { CartPage } from './cart-page';

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
  salesUnit: 'each',
  maxOrderQuantity: null,
  customerPartNumber: 'ACME-7',
  problem: null,
};
const ok = (data: unknown) => jsonResponse({ success: true, data });

function renderCart(
  punchout: { active: boolean; systemName: string | null },
  line: object = cartLine,
) {
  stubApi({
    ...signInAs(customer),
    'GET /api/v1/cart': () => ok({ lines: [line], total: 25 }),
    'GET /api/v1/punchout/session': () =>
      ok({ ...punchout, protocol: punchout.active ? 'cxml' : null }),
  });
  renderWithProviders(<CartPage />, { route: '/cart' });
}

describe('CartPage in a PunchOut session (issue 34)', () => {
  it('offers "Return cart to {system}", a form post to the shop\'s return page, instead of checkout', async () => {
    renderCart({ active: true, systemName: 'Acme Ariba' });
    const button = await screen.findByRole('button', { name: 'Return cart to Acme Ariba' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/punchout/return');
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  it('checks out as usual outside one', async () => {
    renderCart({ active: false, systemName: null });
    expect(await screen.findByRole('link', { name: 'Checkout' })).toBeVisible();
    // Issue 35: the buyer's company's own number beside the SKU.
    expect(screen.getByTestId('your-number')).toHaveTextContent('Your no. ACME-7');
    expect(screen.queryByRole('button', { name: /Return cart to/ })).toBeNull();
  });
});

describe('CartPage with contract prices (issue 35)', () => {
  it('strikes the list price through beside a contract price', async () => {
    renderCart(
      { active: false, systemName: null },
      { ...cartLine, listPrice: 3.1, priceSource: 'contract' },
    );
    const struck = await screen.findByText('$3.10');
    expect(struck.tagName).toBe('S');
    expect(screen.getByText('Your price')).toBeVisible();
  });

  it('shows no struck price for a tier or list price', async () => {
    renderCart(
      { active: false, systemName: null },
      { ...cartLine, listPrice: 3.1, priceSource: 'tier' },
    );
    await screen.findByText('Bearing 6204');
    expect(screen.queryByText('$3.10')).toBeNull();
  });
});
