import { zodResolver } from '@hookform/resolvers/zod';
import type { CategoryNode } from '@proper-parts/domain/catalog-search';
import {
  type CompanyCatalog,
  companyCatalogMessages,
  MAX_CATALOG_LIMIT_ENTRIES,
} from '@proper-parts/domain/company-catalogs';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import { useBrands, useCategories } from '../../catalog/api/get-taxonomy';
import { useCompanyCatalog, useSaveCompanyCatalog } from '../api/company-catalog';

/** Slugs typed as a list (`bearings, seals`): commas, semicolons or spaces between them. */
const slugsOf = (text: string) => [
  ...new Set(
    text
      .split(/[,;\s]+/)
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/** Every category's slug, down the tree. */
const slugsIn = (nodes: CategoryNode[]): string[] =>
  nodes.flatMap((node) => [node.slug, ...slugsIn(node.children)]);

/** The form's schema: each slug must be one the catalog has (the server checks it again). */
function catalogForm(known: { categories: Set<string>; brands: Set<string> } | null) {
  const field = (set: 'categories' | 'brands', unknown: (slug: string) => string) =>
    z.string().superRefine((text, context) => {
      const slugs = slugsOf(text);
      if (slugs.length > MAX_CATALOG_LIMIT_ENTRIES)
        context.addIssue({ code: 'custom', message: `At most ${MAX_CATALOG_LIMIT_ENTRIES}` });
      const missing = known ? slugs.find((slug) => !known[set].has(slug)) : undefined;
      if (missing) context.addIssue({ code: 'custom', message: unknown(missing) });
    });
  return z.object({
    categories: field('categories', companyCatalogMessages.unknownCategory),
    brands: field('brands', companyCatalogMessages.unknownBrand),
  });
}
type CatalogForm = z.infer<ReturnType<typeof catalogForm>>;

const asText = (catalog: CompanyCatalog | undefined): CatalogForm => ({
  categories: catalog?.categories.map((c) => c.slug).join(', ') ?? '',
  brands: catalog?.brands.map((b) => b.slug).join(', ') ?? '',
});

/**
 * Issue 35, decision 039, shop admin: limit a company's members to some categories (each with
 * those below it) and/or brands, by the slugs the catalog's addresses use. Both empty: the whole
 * catalog. The company's own admins have no such form: they cannot change their own limit.
 */
export function CompanyCatalogForm({ companyId }: { companyId: string }) {
  const recorded = useCompanyCatalog(companyId);
  const save = useSaveCompanyCatalog(companyId);
  const categories = useCategories();
  const brands = useBrands();
  const known = useMemo(
    () =>
      categories.data && brands.data
        ? {
            categories: new Set(slugsIn(categories.data)),
            brands: new Set(brands.data.map((b) => b.slug)),
          }
        : null,
    [categories.data, brands.data],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CatalogForm>({
    resolver: zodResolver(catalogForm(known)),
    defaultValues: asText(undefined),
  });
  const current = recorded.data;
  useEffect(() => {
    if (current) reset(asText(current));
  }, [current, reset]);

  const submit = handleSubmit(async (form) => {
    try {
      const saved = await save.mutateAsync({
        categories: slugsOf(form.categories),
        brands: slugsOf(form.brands),
      });
      toast.success(saved.restricted ? 'Catalog limited' : 'Whole catalog open to the company');
    } catch {
      // Under the form.
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Company catalog"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 className="text-lg font-semibold">Catalog</h3>
      {recorded.isPending ? (
        <Spinner className="py-2" text="Reading the company's catalog…" />
      ) : recorded.isError ? (
        <FormAlert message={`The company's catalog could not be read: ${recorded.error.message}`} />
      ) : (
        <p role="status" className="text-sm break-words">
          {describe(recorded.data)}
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <FormField
          label="Categories"
          hint="Slugs, e.g. bearings, seals: each with the categories below it. Empty: any category."
          error={errors.categories?.message}
          {...register('categories')}
        />
        <FormField
          label="Brands"
          hint="Slugs, e.g. skf. Empty: any brand. With categories too, a part must match both."
          error={errors.brands?.message}
          {...register('brands')}
        />
      </div>
      <FormAlert message={save.error?.message} />
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={save.isPending} className="btn-primary btn-sm sm:w-auto">
          Save catalog
        </BusyButton>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={save.isPending || !current?.restricted}
          onClick={() => reset({ categories: '', brands: '' })}
        >
          Clear the fields
        </button>
      </div>
    </form>
  );
}

/** The limit in words: what the company's members see. */
function describe(catalog: CompanyCatalog): string {
  if (!catalog.restricted) return 'Whole catalog: the members see and buy every part.';
  const parts = [];
  if (catalog.categories.length > 0)
    parts.push(`categories ${catalog.categories.map((c) => c.name).join(', ')}`);
  if (catalog.brands.length > 0)
    parts.push(`brands ${catalog.brands.map((b) => b.name).join(', ')}`);
  return `Limited to ${parts.join(' and ')}: the members see and buy only these parts.`;
}
