import type { UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { taxonomy, writeProducts } from './catalog-import.ts';
import { dollarsToCents } from './catalog-repository.ts';

/**
 * An admin's edit of one product (`PATCH /tools/{id}`): the fields sent change, the rest stay,
 * through the same write as the CSV import (one transaction: the product, its specifications,
 * its cross-references, its search words). Answers false when there is no such live product.
 */
export async function editProduct(
  db: Database,
  id: string,
  edit: UpdateProductRequest,
): Promise<boolean> {
  const [current] = (
    await db.execute<{ sku: string; name: string }>(
      sql`select sku, name from products where id = ${id} and deleted_at is null`,
    )
  ).rows;
  if (!current) return false;
  const { categories, brandId } = await taxonomy(db);
  const category = edit.category === undefined ? undefined : categories.get(edit.category);
  if (edit.category !== undefined && !category)
    throw new AppError('INVALID', `category: no category ${edit.category}`);
  const values = {
    id,
    sku: edit.sku ?? current.sku,
    name: edit.name ?? current.name,
    slug: edit.slug ?? null,
    mpn: edit.mpn ?? null,
    brand_id: edit.brand === undefined ? null : await brandId(edit.brand),
    category_id: category?.id ?? null,
    price_cents: edit.price === undefined ? null : dollarsToCents(edit.price),
    minimum_order_quantity: edit.minimumOrderQuantity ?? null,
    available_quantity: edit.availableQuantity ?? null,
    img: null,
    description: edit.description ?? null,
    attributes: edit.attributes ?? null,
    cross_references: edit.crossReferences ?? null,
  };
  try {
    await db.transaction((tx) =>
      writeProducts(tx as unknown as Database, [{ line: 0, kind: 'update', values }]),
    );
  } catch (error) {
    const taken = uniqueViolationOf(error);
    if (taken?.includes('sku'))
      throw new AppError('CONFLICT', `sku: another product already has the SKU ${values.sku}`);
    if (taken?.includes('slug'))
      throw new AppError(
        'CONFLICT',
        `slug: another product already has the URL /products/${values.slug}`,
      );
    throw error;
  }
  return true;
}
