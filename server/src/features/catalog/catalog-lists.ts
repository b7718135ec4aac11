import type { BrandCount, CategoryNode } from '@proper-parts/domain/catalog-search';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';

/** Brands A–Z with their live products' count. */
export async function listBrands(db: Queryable): Promise<BrandCount[]> {
  const found = await rowsOf<{ slug: string; name: string; count: number }>(
    db,
    sql`
    select b.slug, b.name, count(p.id)::int as count
    from brands b left join products p on p.brand_id = b.id and p.deleted_at is null
    group by b.slug, b.name
    order by b.name`,
  );
  return found.map((b) => ({ ...b, count: Number(b.count) }));
}

/** The category tree; each count includes the categories below it. */
export async function categoryTree(db: Queryable): Promise<CategoryNode[]> {
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
    from categories c left join products p on p.category_id = c.id and p.deleted_at is null
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
  return roots;
}
