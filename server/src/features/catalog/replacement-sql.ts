import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: `{ productId, sku, slug }` of what replaces the product `p` (the end of its chain), as
 * JSON, or null; read only for a product that is replaced (`superseded_by_id` set).
 */
export const replacementJson = (p: SQL = sql.raw('p')) =>
  sql`case when ${p}.superseded_by_id is null then null else
    (select json_build_object('productId', r.id, 'sku', r.sku, 'slug', r.slug)
      from products r where r.id = pp_replacement_of(${p}.id)) end`;

/** PGlite and node-postgres both parse `json`; a string is parsed here either way. */
export const parsedReplacement = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);
