import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { customer, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { CartPage } from '../../../pages/cart-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const OLD = '00000000-0000-4000-8000-000000000001';
const NEW = '00000000-0000-4000-8000-000000000003';
const line = (productId: string, sku: string, quantity: number, supersededBy: object | null) => ({
  productId,
  sku,
  name: `Bearing ${sku}`,
  slug: sku.toLowerCase(),
  img: '/images/products/piston.svg',
  quantity,
  unitPrice: 2,
  lineTotal: 2 * quantity,
  minimumOrderQuantity: 1,
  availableQuantity: 500,
  packSize: 1,
  salesUnit: 'each',
  maxOrderQuantity: null,
  customerPartNumber: null,
  problem: null,
  supersededBy,
});
const ok = (data: unknown) => jsonResponse({ success: true, data });

describe('a cart line whose part is replaced (issue 36)', () => {
  it('says by what, with a link, and swaps it in one click: the replacement takes its quantity', async () => {
    const replacement = { productId: NEW, sku: 'BRG-3', slug: 'brg-3' };
    const cart = {
      lines: [line(OLD, 'BRG-1', 4, replacement), line(NEW, 'BRG-3', 2, null)],
      total: 12,
    };
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/cart': () => ok(cart),
      'GET /api/v1/punchout/session': () => ok({ active: false, systemName: null, protocol: null }),
      [`PUT /api/v1/cart/lines/${NEW}`]: () => ok(cart),
      [`DELETE /api/v1/cart/lines/${OLD}`]: () => ok(cart),
    });
    renderWithProviders(<CartPage />, { route: '/cart' });
    const note = await screen.findByTestId('replaced-by');
    expect(note).toHaveTextContent('Replaced by BRG-3');
    expect(screen.getByRole('link', { name: 'BRG-3' })).toHaveAttribute('href', '/products/brg-3');
    // Only the replaced line says so.
    expect(screen.getAllByTestId('replaced-by')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Swap for BRG-3' }));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, `DELETE /api/v1/cart/lines/${OLD}`)).toHaveLength(1),
    );
    expect(callsTo(fetchMock, `PUT /api/v1/cart/lines/${NEW}`)).toEqual([{ quantity: 6 }]);
  });
});
