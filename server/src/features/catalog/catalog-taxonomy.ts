import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * The taxonomy an import resolves names against, read once per import: categories by slug (with
 * their top-level slug, whose picture a new product gets), brands by name, made when new.
 */
export async function taxonomy(db: Database) {
  const categories = new Map<string, { id: string; top: string }>();
  const rows = (
    await db.execute<{ id: string; slug: string; top: string }>(sql`
      with recursive tree as (
        select id, slug, slug as top from categories where parent_id is null
        union all
        select c.id, c.slug, tree.top from categories c join tree on c.parent_id = tree.id
      ) select id, slug, top from tree`)
  ).rows;
  for (const row of rows) categories.set(row.slug, { id: row.id, top: row.top });

  const brands = new Map<string, string>();
  for (const row of (
    await db.execute<{ id: string; name: string }>(sql`select id, name from brands`)
  ).rows)
    brands.set(row.name.toLowerCase(), row.id);

  /** The brand's id, making the brand when the shop does not know it yet. */
  async function brandId(name: string): Promise<string> {
    const known = brands.get(name.toLowerCase());
    if (known) return known;
    const slug = slugify(name) || 'brand';
    await db.execute(sql`insert into brands (name, slug) values (${name}, ${slug})
      on conflict (slug) do nothing`);
    const [row] = (
      await db.execute<{ id: string }>(sql`select id from brands where slug = ${slug}`)
    ).rows;
    if (!row) throw new Error(`brand ${name} was not made`);
    brands.set(name.toLowerCase(), row.id);
    return row.id;
  }
  return { categories, brandId };
}
