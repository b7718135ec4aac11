import type {
  DeletePartNumbersRequest,
  PartNumber,
  PartNumbersQuery,
} from '@proper-parts/domain/part-numbers';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { companyPartNumbers, products } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

/** The list pages newest first (`company_part_numbers_newest_idx`). */
const byAdded = { createdAt: companyPartNumbers.createdAt, id: companyPartNumbers.id };

/** `q` found anywhere in the number or the SKU, whatever its case. */
const finds = (q: string): SQL =>
  sql`(strpos(lower(${companyPartNumbers.customerPartNumber}), lower(${q})) > 0
    or strpos(lower(${products.sku}), lower(${q})) > 0)`;

/** A company's part numbers with their products; only its own, whoever asks. */
export async function listPartNumbers(db: Database, companyId: string, query: PartNumbersQuery) {
  const conditions = [eq(companyPartNumbers.companyId, companyId)];
  if (query.q) conditions.push(finds(query.q));
  if (query.cursor) conditions.push(afterCursor(byAdded, query.cursor, 'desc'));
  const rows = await db
    .select({
      id: companyPartNumbers.id,
      customerPartNumber: companyPartNumbers.customerPartNumber,
      productId: companyPartNumbers.productId,
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      updatedAt: companyPartNumbers.updatedAt,
      cursorAt: cursorAt(byAdded),
    })
    .from(companyPartNumbers)
    .innerJoin(products, eq(products.id, companyPartNumbers.productId))
    .where(and(...conditions))
    .orderBy(desc(companyPartNumbers.createdAt), desc(companyPartNumbers.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return pageOf(
    rows,
    query.limit,
    (row): PartNumber => ({
      _id: row.id,
      customerPartNumber: row.customerPartNumber,
      productId: row.productId,
      sku: row.sku,
      name: row.name,
      slug: row.slug,
      updatedAt: new Date(row.updatedAt).toISOString(),
    }),
    (row) => row.id,
  );
}

/**
 * Deletes the company's numbers of these SKUs (whatever their case) and these ids; another
 * company's ids delete nothing. Answers how many were deleted.
 */
export async function deletePartNumbers(
  db: Queryable,
  companyId: string,
  { skus = [], ids = [] }: DeletePartNumbersRequest,
): Promise<number> {
  const gone = await rowsOf<{ id: string }>(
    db,
    sql`delete from company_part_numbers n
      where n.company_id = ${companyId}
        and (n.id = any(${sql.param(ids)}::uuid[])
          or n.product_id in (select p.id from products p
            where lower(p.sku) = any(${sql.param(skus.map((sku) => sku.toLowerCase()))}::text[])))
      returning n.id`,
  );
  return gone.length;
}
