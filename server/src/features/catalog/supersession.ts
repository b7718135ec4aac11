import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';

/**
 * Issue 36: superseded part numbers. A product may be replaced by another (`superseded_by_id`),
 * forming chains A → B → C; a buyer is offered the end of the chain (`pp_replacement_of`,
 * migration 0032). Written by the admin's product edit and the catalog import, both through
 * `writeProducts`, in their transaction.
 */

/** Any fixed key: every write of a replacement takes it, so two writes cannot close a cycle between them. */
const SUPERSESSION_LOCK = 7360001;

export type SupersessionWrite = {
  productId: string;
  /** The replacement's SKU, in any case; '' takes the replacement off. */
  replacement: string;
};

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

/**
 * Sets each product's replacement, by SKU (case-insensitive, as SKUs are). Throws INVALID, naming
 * the column `supersededBy`, for an unknown SKU, a product replacing itself, or a replacement
 * that leads back to the product (a cycle); the caller's transaction then writes nothing.
 */
export async function writeSupersession(db: Queryable, writes: SupersessionWrite[]) {
  if (writes.length === 0) return;
  await db.execute(sql`select pg_advisory_xact_lock(${SUPERSESSION_LOCK})`);
  const resolved = await rowsOf<{
    product_id: string;
    sku: string;
    replacement: string;
    replacement_id: string | null;
  }>(
    db,
    sql`select x.product_id, p.sku, x.replacement, r.id as replacement_id
      from json_to_recordset(${json(writes.map((w) => ({ product_id: w.productId, replacement: w.replacement })))})
        as x(product_id uuid, replacement text)
      join products p on p.id = x.product_id
      left join products r on x.replacement <> '' and lower(r.sku) = lower(x.replacement)
        and r.deleted_at is null`,
  );
  for (const row of resolved) {
    if (row.replacement !== '' && row.replacement_id === null)
      throw new AppError('INVALID', `supersededBy: no product has the SKU ${row.replacement}`);
    if (row.replacement_id === row.product_id)
      throw new AppError('INVALID', `supersededBy: ${row.sku} cannot replace itself`);
  }
  const updates = resolved.map((row) => ({ id: row.product_id, by_id: row.replacement_id }));
  await db.execute(sql`update products p set superseded_by_id = x.by_id, updated_at = now()
    from json_to_recordset(${json(updates)}) as x(id uuid, by_id uuid)
    where p.id = x.id and p.superseded_by_id is distinct from x.by_id`);
  const [cycle] = await cycleThrough(
    db,
    updates.filter((u) => u.by_id !== null).map((u) => u.id),
  );
  if (cycle)
    throw new AppError(
      'INVALID',
      `supersededBy: ${cycle.path.join(' → ')} would be a cycle: a product cannot be replaced by one it replaces`,
    );
}

/**
 * The first cycle through one of `ids`, as the SKUs along it (`A → B → A`). Before this write the
 * chains had none, so a new cycle passes through a product the write changed.
 */
function cycleThrough(db: Queryable, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<{ path: string[] }>(
    db,
    sql`with recursive walk(start, id, path, depth) as (
        select p.id, p.superseded_by_id, array[p.sku]::text[], 1 from products p
        where p.id in (select value::uuid from json_array_elements_text(${json(ids)}))
          and p.superseded_by_id is not null
        union all
        select w.start, p.superseded_by_id, w.path || p.sku, w.depth + 1
        from walk w join products p on p.id = w.id
        where w.id <> w.start and w.depth < 50
      )
      select w.path || s.sku as path from walk w join products s on s.id = w.start
      where w.id = w.start limit 1`,
  );
}

/**
 * The replacement a buyer is offered for each of these products (the end of its chain), by the
 * superseded product's id; products not replaced are left out.
 */
export async function replacementsOf(
  db: Queryable,
  productIds: string[],
): Promise<Map<string, { id: string; sku: string; slug: string; name: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await rowsOf<{
    old_id: string;
    id: string;
    sku: string;
    slug: string;
    name: string;
  }>(
    db,
    sql`select o.id as old_id, r.id, r.sku, r.slug, r.name
      from products o join products r on r.id = pp_replacement_of(o.id)
      where o.id in (select value::uuid from json_array_elements_text(${json(productIds)}))
        and o.superseded_by_id is not null`,
  );
  return new Map(rows.map(({ old_id, ...replacement }) => [old_id, replacement]));
}
