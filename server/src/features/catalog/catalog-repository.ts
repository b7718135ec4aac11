import type { Tool } from '@proper-parts/domain/catalog';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

type ProductRow = typeof products.$inferSelect;

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
  };
}

/** Newest first. */
export async function listTools(db: Database, page: PaginationQuery): Promise<Tool[]> {
  const rows = await db
    .select()
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toTool);
}

export async function findTool(db: Database, id: string): Promise<Tool | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toTool(row) : undefined;
}
