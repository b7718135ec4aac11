import { z } from 'zod';

/**
 * Issue 35, decision 039: a company's restricted catalog. A shop admin may limit a company to
 * some categories (each with the categories below it) and/or some brands; its members then see
 * and buy only those parts. Both empty: no limit.
 */

/**
 * What a restricted company's members may see, by slug (as a search filters): the categories
 * (each with those below it) and the brands; an empty list limits nothing. The server reads it
 * from the database on every request, as it reads memberships: a change of limit, or a buyer who
 * leaves the company, is seen at the next request in every process.
 */
export interface CatalogScope {
  categories: string[];
  brands: string[];
}

/** The most categories, and the most brands, one company's limit names. */
export const MAX_CATALOG_LIMIT_ENTRIES = 200;

const slugs = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(120)
        .regex(
          /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
          `Each ${what} is a slug: lower-case letters, digits and hyphens`,
        ),
    )
    .max(MAX_CATALOG_LIMIT_ENTRIES, `At most ${MAX_CATALOG_LIMIT_ENTRIES} ${what}s`)
    .transform((values) => [...new Set(values)]);

/** `PUT /admin/companies/{id}/catalog`: the categories and brands by slug; both empty lifts the limit. */
export const setCompanyCatalogRequest = z.object({
  categories: slugs('category'),
  brands: slugs('brand'),
});
export type SetCompanyCatalogRequest = z.input<typeof setCompanyCatalogRequest>;

const named = z.object({ slug: z.string(), name: z.string() });

export const companyCatalog = z.object({
  companyId: z.string(),
  /** False: the company sees the whole catalog. */
  restricted: z.boolean(),
  categories: z.array(named),
  brands: z.array(named),
});
export type CompanyCatalog = z.infer<typeof companyCatalog>;

export const companyCatalogMessages = {
  /** The product page's answer (404) to a member of a company whose catalog leaves it out. */
  productNotInCatalog: "This part is not in your company's catalog",
  /** Cart, checkout and `/purchase` refuse it (403), naming the part. */
  notInCatalog: (name: string, sku: string) =>
    `${name} (${sku}) is not in your company's catalog: ask your company's admin or the shop to add it`,
  /** Quick order's line. */
  quickOrderLine: "Not in your company's catalog",
  unknownCategory: (slug: string) => `Unknown category: ${slug}`,
  unknownBrand: (slug: string) => `Unknown brand: ${slug}`,
} as const;
