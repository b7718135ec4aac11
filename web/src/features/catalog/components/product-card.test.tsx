import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTool, renderWithProviders } from '../../../../test/test-utils';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  it('shows image, name, the $ price and quantities in pcs', () => {
    const product = buildTool({
      name: 'Brake Disc',
      price: 1250,
      minimumOrderQuantity: 25,
      availableQuantity: 900,
    });
    renderWithProviders(<ProductCard product={product} />);

    expect(screen.getByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brake Disc' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('$1,250')).toBeInTheDocument();
    expect(screen.getByText('Minimum order:').nextSibling).toHaveTextContent('25 pcs');
    expect(screen.getByText('Available:').nextSibling).toHaveTextContent('900 pcs');
  });

  it('cuts a 160-character description at 150 with a see-more suffix', () => {
    const description = 'x'.repeat(150) + 'y'.repeat(10);
    renderWithProviders(<ProductCard product={buildTool({ description })} />);

    const text = screen.getByText(/\.\.\.see more/).parentElement;
    expect(text).toHaveTextContent(`${'x'.repeat(150)}...see more`, { normalizeWhitespace: false });
    expect(text?.textContent).not.toContain('y');
  });

  it('shows a 90-character description whole', () => {
    const description = 'z'.repeat(90);
    renderWithProviders(<ProductCard product={buildTool({ description })} />);

    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByText(/see more/)).not.toBeInTheDocument();
  });

  it('links Purchase Now to the product purchase page', () => {
    const product = buildTool();
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'Purchase Now' })).toHaveAttribute(
      'href',
      `/purchase/${product._id}`,
    );
  });

  it('disables Purchase Now for admins', () => {
    renderWithProviders(<ProductCard product={buildTool()} disabled />);
    expect(screen.getByRole('button', { name: 'Purchase Now' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });
});
