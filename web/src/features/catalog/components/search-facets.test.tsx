import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FACET_VALUES_SHOWN, SearchFacets } from './search-facets';

const brandsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    slug: `brand-${i + 1}`,
    name: `Brand ${i + 1}`,
    count: 100 - i,
  }));

function renderFacets({ brands = 20, chosen = [] as string[] } = {}) {
  const onBrand = vi.fn();
  render(
    <SearchFacets
      facets={{
        brands: brandsOf(brands),
        categories: [{ slug: 'bearings', name: 'Bearings', count: 1200 }],
        inStock: 5,
        price: null,
        attributes: [],
      }}
      category={null}
      brands={chosen}
      inStock={false}
      price={{ min: '', max: '' }}
      attributes={{}}
      onCategory={vi.fn()}
      onBrand={onBrand}
      onInStock={vi.fn()}
      onPrice={vi.fn()}
      onAttribute={vi.fn()}
    />,
  );
  const brandGroup = screen.getByRole('group', { name: 'Brand' });
  const boxes = () => within(brandGroup).getAllByRole('checkbox');
  return { brandGroup, boxes, onBrand };
}

describe('SearchFacets', () => {
  it('shows the commonest brands and folds the rest behind "Show all", keeping a chosen one in view', async () => {
    const user = userEvent.setup();
    const { brandGroup, boxes, onBrand } = renderFacets({ brands: 20, chosen: ['brand-17'] });
    // The first 8, and Brand 17 (chosen), checked.
    expect(boxes()).toHaveLength(FACET_VALUES_SHOWN + 1);
    expect(within(brandGroup).getByRole('checkbox', { name: /Brand 17/ })).toBeChecked();
    expect(within(brandGroup).queryByRole('checkbox', { name: /Brand 12/ })).toBeNull();

    const more = within(brandGroup).getByRole('button', { name: 'Show all 20 brands' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(boxes()).toHaveLength(20);
    await user.click(within(brandGroup).getByRole('checkbox', { name: /Brand 12/ }));
    expect(onBrand).toHaveBeenCalledWith('brand-12', true);

    const fewer = within(brandGroup).getByRole('button', { name: 'Show fewer brands' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(boxes()).toHaveLength(FACET_VALUES_SHOWN + 1);
  });

  it('shows a short list whole, with no button', () => {
    const { brandGroup, boxes } = renderFacets({ brands: FACET_VALUES_SHOWN + 2 });
    expect(boxes()).toHaveLength(FACET_VALUES_SHOWN + 2);
    expect(within(brandGroup).queryByRole('button')).toBeNull();
  });
});
