import type { CategoryNode } from '@proper-parts/domain/catalog-search';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useBrands, useCategories } from '../api/get-taxonomy';

/** The category tree as options, indented by depth. */
export function categoryOptions(
  nodes: CategoryNode[],
  depth = 0,
): { slug: string; label: string }[] {
  return nodes.flatMap((node) => [
    { slug: node.slug, label: `${'\u2003'.repeat(depth)}${node.name}` },
    ...categoryOptions(node.children, depth + 1),
  ]);
}

/** The shop's brands as a typeahead for a Brand input (`list={id}`): a new name makes a brand. */
export function BrandOptions({ id }: { id: string }) {
  const brands = useBrands();
  return (
    <datalist id={id}>
      {brands.data?.map((brand) => (
        <option key={brand.slug} value={brand.name} />
      ))}
    </datalist>
  );
}

/** A Category select over the tree; `empty` names the choice of none (when one is allowed). */
export function CategorySelect({
  field,
  error,
  empty,
  current,
}: {
  field: UseFormRegisterReturn;
  error?: string;
  empty?: string;
  /** The product's category, shown while the tree loads. */
  current?: { slug: string; name: string } | null;
}) {
  const id = useId();
  const categories = useCategories();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Category
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {categories.data
          ? categoryOptions(categories.data).map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.label}
              </option>
            ))
          : current && <option value={current.slug}>{current.name}</option>}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
