import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildTool, renderWithProviders } from '../../../../test/test-utils';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  it('shows image, name, "$ per pc" and quantities in pcs with thousands separators', () => {
    const product = buildTool({
      name: 'Brake Disc',
      price: 1250,
      minimumOrderQuantity: 45000,
      availableQuantity: 1200000,
    });
    renderWithProviders(<ProductCard product={product} />);

    expect(screen.getByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Brake Disc' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');
    expect(screen.getByText('$1,250').parentElement).toHaveTextContent('$1,250 per pc');
    // A non-breaking space: "45,000" never wraps away from "pcs".
    expect(screen.getByText('Minimum order:').nextSibling?.textContent).toBe('45,000\u00a0pcs');
    expect(screen.getByText('Available:').nextSibling).toHaveTextContent('1,200,000 pcs');
  });

  it('cuts a long description at 150 with a clean "…see more" that unfolds and folds it', async () => {
    // The 150th character is a full stop: the cut must not read "....see more".
    const description = `${'x'.repeat(146)}end. ${'y'.repeat(40)}`;
    renderWithProviders(<ProductCard product={buildTool({ description })} />);

    const more = screen.getByRole('button', { name: 'see more' });
    const text = more.parentElement;
    expect(text).toHaveTextContent(`${'x'.repeat(146)}end…see more`, {
      normalizeWhitespace: false,
    });
    expect(text?.textContent).not.toContain('y');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(text).toHaveTextContent(`${description} see less`);
    const less = screen.getByRole('button', { name: 'see less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(less);
    expect(screen.getByRole('button', { name: 'see more' })).toBeInTheDocument();
    expect(text?.textContent).not.toContain('y');
  });

  it('shows a 90-character description whole', () => {
    const description = 'z'.repeat(90);
    renderWithProviders(<ProductCard product={buildTool({ description })} />);

    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /see more/ })).not.toBeInTheDocument();
  });

  it('links the name and the image to the product page, Purchase Now to the order form', () => {
    const product = buildTool({ name: 'Timing Belt', slug: 'timing-belt' });
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'Purchase Now' })).toHaveAttribute(
      'href',
      `/purchase/${product._id}`,
    );
    const named = screen.getAllByRole('link', { name: 'Timing Belt' });
    expect(named).toHaveLength(2);
    for (const link of named) expect(link).toHaveAttribute('href', '/products/timing-belt');
  });

  it('disables Purchase Now for admins', () => {
    renderWithProviders(<ProductCard product={buildTool()} disabled />);
    expect(screen.getByRole('button', { name: 'Purchase Now' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('says Out of stock, with a badge and a disabled button, when the stock is below the minimum', () => {
    renderWithProviders(
      <ProductCard
        product={buildTool({ minimumOrderQuantity: 45000, availableQuantity: 30000 })}
      />,
    );
    expect(screen.getByText('Out of stock', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('offers Purchase Now when exactly the minimum is left', () => {
    renderWithProviders(
      <ProductCard product={buildTool({ minimumOrderQuantity: 50, availableQuantity: 50 })} />,
    );
    expect(screen.getByRole('link', { name: 'Purchase Now' })).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
  });
});
