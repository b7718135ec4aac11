import type { Tool } from '@proper-parts/domain/catalog';
import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { CreateToolRequest } from '@proper-parts/domain/product-admin';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { scopeConditions } from '../company-catalogs/catalog-scope.ts';
import { productSnapshot } from './product-snapshot.ts';

type ProductRow = typeof products.$inferSelect;

/**
 * The one definition of "in the catalog": not deleted. Every query that lists, shows or sells a
 * product goes through it (ordering reserves stock only `where` this holds); deleted rows stay for
 * the orders that reference them (docs/decisions/005).
 */
export const isLiveProduct = isNull(products.deletedAt);

/** The API shows the spec's field names and dollars; the database keeps cents. */
export function toTool(row: ProductRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
    price: row.priceCents / 100,
    slug: row.slug,
  };
}

/** Dollars from the API (at most two decimals, checked by the schema) to whole cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Newest first, by offset or after a cursor (http/keyset.ts). Within a restricted company's
 * scope (decision 039), only what it shows, filtered before the page is cut.
 */
export async function listTools(
  db: Database,
  page: PaginationQuery,
  scope?: CatalogScope,
): Promise<{ items: Tool[]; nextCursor: string | null }> {
  const rows = await db
    .select({ row: products, cursorAt: cursorAt(products) })
    .from(products)
    .where(
      and(
        isLiveProduct,
        page.cursor ? afterCursor(products, page.cursor) : undefined,
        ...scopeConditions(scope, sql`${products}`),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(
    rows,
    page.limit,
    ({ row }) => toTool(row),
    ({ row }) => row.id,
  );
}

/** A product that is in the catalog, as its row (cents); deleted products are not found. */
export async function findLiveProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isLiveProduct))
    .limit(1);
  return row;
}

export async function findTool(db: Database, id: string): Promise<Tool | undefined> {
  const row = await findLiveProduct(db, id);
  return row ? toTool(row) : undefined;
}

/**
 * Adds a product; `catalog` holds its brand and category as ids (the route resolves them). A SKU
 * left out is made by the database (`PP-` and 10 hex digits). The audit entry commits with it.
 */
export async function insertTool(
  db: Database,
  actor: AuditActor,
  input: CreateToolRequest,
  catalog: { brandId?: string; categoryId?: string } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        ...(input.sku ? { sku: input.sku } : {}),
        brandId: catalog.brandId ?? null,
        categoryId: catalog.categoryId ?? null,
        name: input.name,
        img: input.img,
        description: input.description,
        minimumOrderQuantity: input.minimumOrderQuantity,
        availableQuantity: input.availableQuantity,
        priceCents: dollarsToCents(input.price),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('insert returned no row');
    const after = await productSnapshot(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'product.create',
      targetType: 'product',
      targetId: row.id,
      summary: `Added ${after?.sku} (${input.name}) at $${input.price.toFixed(2)}`,
      after,
    });
    return row.id;
  });
}

/**
 * Takes a product out of the catalog (soft delete); answers how many rows left it: 0 when it was
 * unknown or already deleted, so two deletes racing each other count once (and are logged once).
 */
export async function deleteTool(db: Database, actor: AuditActor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, id), isLiveProduct))
      .returning({ id: products.id });
    if (rows.length === 0) return 0;
    // Read after the update, under its row lock: as it was, but for `deleted`.
    const snapshot = await productSnapshot(tx, id);
    const before = snapshot && { ...snapshot, deleted: false };
    await recordAudit(tx, actor, {
      action: 'product.delete',
      targetType: 'product',
      targetId: id,
      summary: `Deleted ${before?.sku} (${before?.name})`,
      before,
      after: { deleted: true },
    });
    return rows.length;
  });
}
