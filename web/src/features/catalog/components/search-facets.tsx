import type { SearchResult } from '@proper-parts/domain/catalog-search';
import { formatCount } from '@proper-parts/domain/format';
import { type ReactNode, useState } from 'react';
import { RangeFacet } from './range-facet';

type Range = { min: string; max: string };

/** `attr.bore=17..25` as a range; `attr.seal=rubber` as a value. */
export const rangeOf = (text: string | null): Range => {
  const [min = '', max = ''] = text?.includes('..') ? text.split('..') : [text ?? '', text ?? ''];
  return { min, max };
};

interface SearchFacetsProps {
  facets: SearchResult['facets'];
  category: string | null;
  brands: string[];
  inStock: boolean;
  price: Range;
  /** The `attr.<name>` filters in the URL, by name. */
  attributes: Record<string, string>;
  onCategory: (slug: string | null) => void;
  onBrand: (slug: string, on: boolean) => void;
  onInStock: (on: boolean) => void;
  onPrice: (range: Range) => void;
  /** `null` removes the attribute's filter. */
  onAttribute: (name: string, value: string | null) => void;
}

/** Values a facet shows before "Show all": the commonest first, as the search answers them. */
export const FACET_VALUES_SHOWN = 8;

interface FacetListProps<T> {
  items: readonly T[];
  /** A chosen value stays in view when the rest are folded away. */
  isChosen: (item: T) => boolean;
  /** What the values are, for the button: 'brands'. */
  noun: string;
  renderItem: (item: T, chosen: boolean) => ReactNode;
  className?: string;
}

/**
 * A facet's values: the first `FACET_VALUES_SHOWN` and any chosen one, then "Show all N" for the
 * rest. The demo catalog has 250 brands: all of them were 250 checkboxes in the server's HTML,
 * over half of the catalog page's elements, laid out and hydrated on every visit (issue 17's TBT).
 */
function FacetList<T>({ items, isChosen, noun, renderItem, className = '' }: FacetListProps<T>) {
  const [open, setOpen] = useState(false);
  // Two more are shown rather than folded behind a button of their own.
  const folds = items.length > FACET_VALUES_SHOWN + 2;
  const shown = items
    .map((item) => ({ item, chosen: isChosen(item) }))
    .filter(({ chosen }, index) => open || !folds || index < FACET_VALUES_SHOWN || chosen);
  return (
    <>
      <ul className={`flex flex-col gap-1 text-sm ${className}`}>
        {shown.map(({ item, chosen }) => renderItem(item, chosen))}
      </ul>
      {folds && (
        <button
          type="button"
          className="link link-primary mt-2 text-sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? `Show fewer ${noun}` : `Show all ${formatCount(items.length)} ${noun}`}
        </button>
      )}
    </>
  );
}

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

/**
 * Narrowing the results: stock, category, brand, price and, once a category is chosen, its
 * specifications; each with how many parts it would leave, or the range the results span.
 */
export function SearchFacets({
  facets,
  category,
  brands,
  inStock,
  price,
  attributes,
  onCategory,
  onBrand,
  onInStock,
  onPrice,
  onAttribute,
}: SearchFacetsProps) {
  return (
    <div className="flex flex-col gap-6">
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={inStock}
          onChange={(event) => onInStock(event.target.checked)}
        />
        <span>
          In stock only{' '}
          <span className="text-base-content/70">({formatCount(facets.inStock)})</span>
        </span>
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Category</legend>
        {category && (
          <button
            type="button"
            className="link link-primary mb-2 text-sm"
            onClick={() => onCategory(null)}
          >
            All categories
          </button>
        )}
        <FacetList
          items={facets.categories}
          isChosen={(facet) => facet.slug === category}
          noun="categories"
          renderItem={(facet, chosen) => (
            <li key={facet.slug}>
              <button
                type="button"
                className={`link-hover text-left ${chosen ? 'font-semibold text-primary' : ''}`}
                aria-pressed={chosen}
                onClick={() => onCategory(facet.slug)}
              >
                {facet.name}{' '}
                <span className="text-base-content/70">({formatCount(facet.count)})</span>
              </button>
            </li>
          )}
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Brand</legend>
        <FacetList
          items={facets.brands}
          isChosen={(facet) => brands.includes(facet.slug)}
          noun="brands"
          className="max-h-72 overflow-y-auto"
          renderItem={(facet, chosen) => (
            <li key={facet.slug}>
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs"
                  checked={chosen}
                  onChange={(event) => onBrand(facet.slug, event.target.checked)}
                />
                <span>
                  {facet.name}{' '}
                  <span className="text-base-content/70">({formatCount(facet.count)})</span>
                </span>
              </label>
            </li>
          )}
        />
      </fieldset>
      {facets.price && (
        <RangeFacet legend="Price" unit="$" bounds={facets.price} value={price} onApply={onPrice} />
      )}
      {facets.attributes.map((facet) =>
        facet.min !== null && facet.max !== null ? (
          <RangeFacet
            key={facet.name}
            legend={title(facet.name)}
            unit={facet.unit}
            bounds={{ min: facet.min, max: facet.max }}
            value={rangeOf(attributes[facet.name] ?? null)}
            onApply={({ min, max }) =>
              onAttribute(facet.name, min === '' && max === '' ? null : `${min}..${max}`)
            }
          />
        ) : (
          <fieldset key={facet.name}>
            <legend className="mb-2 text-sm font-semibold">{title(facet.name)}</legend>
            <FacetList
              items={facet.values}
              isChosen={({ value }) =>
                attributes[facet.name]?.toLowerCase() === value.toLowerCase()
              }
              noun="values"
              renderItem={({ value, count }, chosen) => (
                <li key={value}>
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-xs"
                      checked={chosen}
                      onChange={() => onAttribute(facet.name, chosen ? null : value)}
                    />
                    <span>
                      {value} <span className="text-base-content/70">({formatCount(count)})</span>
                    </span>
                  </label>
                </li>
              )}
            />
          </fieldset>
        ),
      )}
    </div>
  );
}
