import type { BrandCount, CategoryNode } from '@proper-parts/domain/catalog-search';
import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { scopeConditions } from '../company-catalogs/catalog-scope.ts';

/** The products a scope shows, as a join condition on `p` (issue 35: nothing more unscoped). */
const scoped = (scope: CatalogScope | undefined) =>
  sql.join(
    scopeConditions(scope).map((condition) => sql` and ${condition}`),
    sql``,
  );

/**
 * Brands A–Z with their live products' count. Within a restricted company's scope (decision
 * 039), counted over what it shows, and only the brands with something to show.
 */
export async function listBrands(db: Queryable, scope?: CatalogScope): Promise<BrandCount[]> {
  const found = await rowsOf<{ slug: string; name: string; count: number }>(
    db,
    sql`
    select b.slug, b.name, count(p.id)::int as count
    from brands b left join products p on p.brand_id = b.id and p.deleted_at is null${scoped(scope)}
    group by b.slug, b.name
    order by b.name`,
  );
  return found.map((b) => ({ ...b, count: Number(b.count) })).filter((b) => !scope || b.count > 0);
}

/**
 * The category tree; each count includes the categories below it. Within a restricted company's
 * scope (decision 039), counted over what it shows, without the categories that show nothing.
 */
export async function categoryTree(db: Queryable, scope?: CatalogScope): Promise<CategoryNode[]> {
  const found = await rowsOf<{
    id: string;
    parent_id: string | null;
    slug: string;
    name: string;
    count: number;
  }>(
    db,
    sql`
    select c.id, c.parent_id, c.slug, c.name, count(p.id)::int as count
    from categories c left join products p on p.category_id = c.id and p.deleted_at is null${scoped(scope)}
    group by c.id
    order by c.name`,
  );
  const nodes = new Map(
    found.map((row) => [
      row.id,
      {
        slug: row.slug,
        name: row.name,
        count: Number(row.count),
        children: [] as CategoryNode[],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const row of found) {
    const node = nodes.get(row.id) as CategoryNode;
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: CategoryNode): number => {
    node.count += node.children.reduce((sum, child) => sum + total(child), 0);
    return node.count;
  };
  for (const root of roots) total(root);
  if (!scope) return roots;
  const shown = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes
      .filter((node) => node.count > 0)
      .map((node) => ({ ...node, children: shown(node.children) }));
  return shown(roots);
}
