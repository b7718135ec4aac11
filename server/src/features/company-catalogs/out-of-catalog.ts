import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';

/**
 * Issue 35, decision 039: the first of `productIds` (or of the products `source` selects as
 * `product_id`) that the user's company's catalog leaves out, by `pp_in_company_catalog`
 * (migration 0036), as a 403 naming the part; nothing when all are in it (or the user's company
 * has no limit). Cart, checkout and `/purchase` refuse with it.
 */
export async function refusalOutOfCatalog(
  db: Queryable,
  userId: string,
  products: string[] | SQL,
): Promise<AppError | null> {
  const ids = Array.isArray(products)
    ? sql`select unnest(${sql.param(products)}::uuid[]) as product_id`
    : products;
  const [row] = await rowsOf<{ name: string; sku: string }>(
    db,
    sql`select p.name, p.sku from (${ids}) w join products p on p.id = w.product_id
      where exists (select 1 from company_members m where m.user_id = ${userId})
        and not pp_in_company_catalog(p.id, ${userId}::text)
      order by p.sku limit 1`,
  );
  return row
    ? new AppError('FORBIDDEN', companyCatalogMessages.notInCatalog(row.name, row.sku))
    : null;
}

/** `refusalOutOfCatalog`, thrown. */
export async function assertInCatalog(
  db: Queryable,
  userId: string,
  products: string[] | SQL,
): Promise<void> {
  const refusal = await refusalOutOfCatalog(db, userId, products);
  if (refusal) throw refusal;
}

/**
 * One row, `company_id`: the user's company (null: none, or a visitor). Joined once into a
 * statement over many lines (`cross join ${buyerCompany(id)} m`), `pp_catalog_has(m.company_id,
 * p.id)` reads the membership once: `pp_in_company_catalog(p.id, user)` per line was a membership
 * read per line too, past the statement timeout for a full cart of 10,000. (`pp_catalog_has` is
 * PL/pgSQL, its queries planned once a connection: migration 0044.)
 */
export const buyerCompany = (userId: string | null) =>
  sql`(select (select company_id from company_members where user_id = ${userId}::text) as company_id)`;
