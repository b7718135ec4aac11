import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-stubs';
import { buildTool, jsonResponse, renderWithProviders } from '../../test/test-utils';
import { PurchasePage } from './purchase-page';

afterEach(() => vi.unstubAllGlobals());

const at = (id: string) => ({ route: `/purchase/${id}`, path: '/purchase/:id' });

describe('PurchasePage', () => {
  it.each([
    ['unknown', 404, 'Product not found'],
    ['malformed', 400, 'id: Unknown product id'],
  ])('shows "Product not found" with a way back for a %s id', async (_kind, status, message) => {
    stubApi({
      'GET /api/v1/tools/x': () => jsonResponse({ success: false, message }, status),
    });
    renderWithProviders(<PurchasePage />, at('x'));

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByText(/Unknown product id/)).not.toBeInTheDocument();
  });

  it('shows the product with "$ per pc" and quantities in pcs', async () => {
    const product = buildTool({ price: 30, minimumOrderQuantity: 45000, availableQuantity: 75000 });
    stubApi({
      [`GET /api/v1/tools/${product._id}`]: () => jsonResponse({ success: true, data: product }),
    });
    renderWithProviders(<PurchasePage />, at(product._id));

    expect(await screen.findByRole('heading', { name: product.name })).toBeInTheDocument();
    expect(screen.getByText('$30').parentElement).toHaveTextContent('$30 per pc');
    expect(screen.getByText('Minimum order').nextSibling).toHaveTextContent('45,000 pcs');
    expect(screen.getByText('Available').nextSibling).toHaveTextContent('75,000 pcs');
  });

  it('says plainly that a product below its minimum is out of stock, with no order form', async () => {
    const product = buildTool({ minimumOrderQuantity: 45000, availableQuantity: 30000 });
    stubApi({
      [`GET /api/v1/tools/${product._id}`]: () => jsonResponse({ success: true, data: product }),
    });
    renderWithProviders(<PurchasePage />, at(product._id));

    const notice = await screen.findByTestId('out-of-stock');
    expect(notice).toHaveTextContent('Out of stock');
    expect(notice).toHaveTextContent(
      'Only 30,000 pcs left, below the minimum order of 45,000 pcs.',
    );
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
  });
});
