import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryNamedSql } from '../../db/named-statement.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { resolveActor } from '../auth/actor.ts';
import { credentialsOf } from '../sessions/session-cache.ts';

/**
 * The columns of a member's company's limit, from `company_members m`: its categories' and
 * brands' slugs as JSON arrays (null for none). `scopeOfRow` makes the scope of them.
 */
export const SCOPE_COLUMNS = sql`
        (select json_agg(c.slug order by c.slug) from company_catalog_categories r
          join categories c on c.id = r.category_id where r.company_id = m.company_id) as categories,
        (select json_agg(b.slug order by b.slug) from company_catalog_brands r
          join brands b on b.id = r.brand_id where r.company_id = m.company_id) as brands`;

/** A row of `SCOPE_COLUMNS` (or none: no company) as a scope, or null when it limits nothing. */
export function scopeOfRow(
  row: { categories: string[] | string | null; brands: string[] | string | null } | undefined,
): CatalogScope | null {
  const categories = listed(row?.categories);
  const brands = listed(row?.brands);
  return categories.length === 0 && brands.length === 0 ? null : { categories, brands };
}

/** The user's company's limit, or null when they see everything (no company, or no limit). */
export async function catalogScopeOfUser(
  db: Queryable,
  userId: string,
): Promise<CatalogScope | null> {
  // Under a name: read on every signed-in catalog request, planned 0.2 ms to run 0.03.
  const [row] = await queryNamedSql<{
    categories: string[] | string | null;
    brands: string[] | string | null;
  }>(
    db,
    'catalog-scope-of-user',
    sql`select ${SCOPE_COLUMNS} from company_members m where m.user_id = ${userId}`,
  );
  return scopeOfRow(row);
}

const listed = (value: string[] | string | null | undefined): string[] =>
  typeof value === 'string' ? JSON.parse(value) : (value ?? []);

/**
 * The caller's scope on a public catalog route: null for a visitor (no credentials: nothing is
 * read) and for anyone whose company has no limit. A request that carries a session or a key is
 * answered `private, no-store` whatever it gets (plugins/private-answers.ts).
 */
export async function catalogScopeOf(request: FastifyRequest): Promise<CatalogScope | null> {
  if (!credentialsOf(request)) return null;
  const app = request.server;
  const actor = await app.sessions.resolve(request, () => resolveActor(app.auth, request));
  if (!actor) return null;
  return catalogScopeOfUser(app.db, actor.id);
}

/**
 * Whether a product, as the catalog's answers show it (its brand and its category path, top
 * first), is inside a scope: the same rule as `pp_catalog_has` (migration 0038) in SQL.
 */
export function scopeHolds(
  scope: CatalogScope,
  product: { brand: { slug: string } | null; categoryPath: { slug: string }[] },
): boolean {
  const byCategory =
    scope.categories.length === 0 ||
    product.categoryPath.some((category) => scope.categories.includes(category.slug));
  const byBrand =
    scope.brands.length === 0 ||
    (product.brand !== null && scope.brands.includes(product.brand.slug));
  return byCategory && byBrand;
}

/**
 * Issue 35, decision 039: the products of `product` (an alias, `p` unless named, or the table) a
 * restricted company's members see: in one of its categories or below, and of one of its brands
 * (an empty list limits nothing). The rule of `pp_catalog_has` (migration 0038), by the slugs the
 * scope names, so an answer kept under its scope holds nothing of any company.
 */
export function scopeConditions(scope: CatalogScope | undefined, product: SQL = sql`p`): SQL[] {
  if (!scope) return [];
  const where: SQL[] = [];
  if (scope.categories.length > 0)
    where.push(sql`${product}.category_id = any(array(
      with recursive below as (
        select id from categories where slug = any(${sql.param(scope.categories)}::text[])
        union
        select c.id from categories c join below on c.parent_id = below.id
      ) select id from below))`);
  if (scope.brands.length > 0)
    where.push(
      sql`${product}.brand_id = any(array(select id from brands where slug = any(${sql.param(scope.brands)}::text[])))`,
    );
  return where;
}

/**
 * Whether the product with this id (or slug) is inside a scope, by `scopeConditions`: for the
 * answers that do not carry its brand and category path (`/tools/{id}`, a product's fitment).
 */
export async function scopeHoldsProduct(
  db: Queryable,
  scope: CatalogScope,
  product: { id: string } | { slug: string },
): Promise<boolean> {
  const which = 'id' in product ? sql`p.id = ${product.id}::uuid` : sql`p.slug = ${product.slug}`;
  const held = scopeConditions(scope).map((condition) => sql` and ${condition}`);
  const [row] = await rowsOf<{ held: boolean }>(
    db,
    sql`select exists (select 1 from products p where ${which}${sql.join(held, sql``)}) as held`,
  );
  return row?.held === true;
}
