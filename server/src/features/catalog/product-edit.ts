import { breakAbovePrice, sameBreaks } from '@proper-parts/domain/price-breaks';
import { productEditMessages, type UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkViolationOf, uniqueViolationOf } from '../../db/pg-errors.ts';
import type { Queryable } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { lowLineOf, type OutboxEvent, recordEvents } from '../webhooks/outbox.ts';
import { dollarsToCents } from './catalog-repository.ts';
import { taxonomy } from './catalog-taxonomy.ts';
import { breaksToCents, breaksToDollars, type StoredPriceBreak } from './price-breaks.ts';
import { changedFields, type ProductSnapshot, productSnapshot } from './product-snapshot.ts';
import { writeProducts } from './product-writes.ts';
import { skuTakenReason } from './sku-clash.ts';

/**
 * An admin's edit of one product (`PATCH /tools/{id}`): the fields sent change, the rest stay,
 * through the same write as the CSV import (one transaction: the product, its specifications,
 * its cross-references, its price breaks, its search words). Answers false when there is no such
 * live product.
 */
export async function editProduct(
  db: Database,
  actor: AuditActor,
  id: string,
  edit: UpdateProductRequest,
): Promise<boolean> {
  const [current] = (
    await db.execute<{
      sku: string;
      name: string;
      price_cents: number;
      price_breaks: StoredPriceBreak[] | string;
    }>(
      sql`select sku, name, price_cents,
        coalesce((select json_agg(json_build_object('minQuantity', pb.min_quantity, 'priceCents', pb.price_cents) order by pb.min_quantity)
          from price_breaks pb where pb.product_id = p.id), '[]') as price_breaks
      from products p where id = ${id} and deleted_at is null`,
    )
  ).rows;
  if (!current) return false;
  if (edit.price !== undefined || edit.priceBreaks !== undefined) {
    const stored = breaksToDollars(
      typeof current.price_breaks === 'string'
        ? JSON.parse(current.price_breaks)
        : current.price_breaks,
    );
    const breaks = edit.priceBreaks ?? stored;
    const price = edit.price ?? Number(current.price_cents) / 100;
    const changed =
      dollarsToCents(price) !== Number(current.price_cents) || !sameBreaks(breaks, stored);
    const above = changed ? breakAbovePrice(breaks, price) : undefined;
    if (above) throw new AppError('INVALID', `priceBreaks.${above.index}.price: ${above.message}`);
  }
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
    pack_size: edit.packSize ?? null,
    sales_unit: edit.salesUnit ?? null,
    max_order_quantity: edit.maxOrderQuantity === undefined ? null : (edit.maxOrderQuantity ?? 0),
    weight_grams: edit.weightGrams ?? null,
    length_mm: edit.lengthMm ?? null,
    width_mm: edit.widthMm ?? null,
    height_mm: edit.heightMm ?? null,
    price_breaks: edit.priceBreaks ? breaksToCents(edit.priceBreaks) : null,
    superseded_by: edit.supersededBy ?? null,
    core_deposit_cents: edit.coreDeposit === undefined ? null : dollarsToCents(edit.coreDeposit),
    core_return_days: edit.coreReturnDays ?? null,
  };
  try {
    await db.transaction(async (tx) => {
      // Locked first: `before` is what this edit changes, not what a racing edit left.
      await tx.execute(sql`select id from products where id = ${id} for update`);
      const before = await productSnapshot(tx, id);
      await writeProducts(tx as unknown as Database, [{ line: 0, kind: 'update', values }], {
        events: false,
      });
      const after = await productSnapshot(tx, id);
      if (!before || !after) return;
      const changed = changedFields(before, after);
      // An edit that changed nothing tells no one: no event, no audit entry.
      if (changed.keys.length === 0) return;
      await recordEditEvents(tx, id, before, after);
      await recordAudit(tx, actor, {
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        summary: editSummary(after.sku, changed),
        before: changed.before,
        after: changed.after,
      });
    });
  } catch (error) {
    // Issue 35: a maximum below the minimum, whichever of the two this edit sent.
    if (checkViolationOf(error)?.includes('products_max_order_not_below_minimum'))
      throw new AppError('INVALID', productEditMessages.maximumBelowMinimum);
    const taken = uniqueViolationOf(error);
    if (taken?.includes('sku'))
      throw new AppError('CONFLICT', await skuTakenReason(db, values.sku, id));
    if (taken?.includes('slug'))
      throw new AppError(
        'CONFLICT',
        `slug: another product already has the URL /products/${values.slug}`,
      );
    throw error;
  }
  return true;
}

/** "Edited SKU-1: price 12.00 → 14.50, name": the price in full, other fields by name. */
function editSummary(sku: string, changed: ReturnType<typeof changedFields>): string {
  const parts = changed.keys.map((key) =>
    key === 'price'
      ? `price ${Number(changed.before.price).toFixed(2)} → ${Number(changed.after.price).toFixed(2)}`
      : key,
  );
  return `Edited ${sku}: ${parts.join(', ')}`;
}

/**
 * Issue 34: the edit's `product.updated` (the shape the import's statement writes) and, when the
 * edit took the stock from at or above its low line to below it, `stock.low`, on the edit's
 * transaction.
 */
function recordEditEvents(
  tx: Queryable,
  id: string,
  before: ProductSnapshot,
  after: ProductSnapshot,
) {
  const available = Number(after.availableQuantity);
  const lowLine = lowLineOf(Number(after.minimumOrderQuantity));
  const events: OutboxEvent[] = [
    {
      type: 'product.updated',
      subject: `product:${id}`,
      data: {
        id,
        sku: after.sku,
        name: after.name,
        price: Number(after.price),
        available,
        created: false,
      },
    },
  ];
  if (available < lowLine && Number(before.availableQuantity) >= lowLine)
    events.push({
      type: 'stock.low',
      subject: `product:${id}`,
      data: { productId: id, sku: after.sku, available, lowLine },
    });
  return recordEvents(tx, events);
}
