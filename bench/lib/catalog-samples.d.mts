export interface CatalogSamples {
  products: number;
  skus: string[];
  prefixes: string[];
  oneWord: string[];
  threeWords: string[];
  typos: string[];
  facets: {
    category: string;
    brands: [string, string];
    attribute: string;
    min: number;
    max: number;
  }[];
  browse: string[];
  slugs: string[];
  coldSlugs: string[];
}
/** `query(text, params)` answers the rows of a parameterized statement. */
export function catalogSamples(
  query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
): Promise<CatalogSamples>;
