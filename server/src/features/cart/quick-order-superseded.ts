import type { QuickOrderLine } from '@proper-parts/domain/quick-order';
import { quickOrderMessages } from '@proper-parts/domain/quick-order-messages';
import type { Database } from '../../db/client.ts';
import { partNumberKey } from '../catalog/catalog-search.ts';
import { replacementsOf } from '../catalog/supersession.ts';
import { findProducts, type Match } from './quick-order-lookup.ts';

/**
 * Issue 36: for each matched product that is replaced, the replacement a buyer is offered (the
 * end of its chain), as quick order matches it, by the replaced product's id. Two statements
 * when a line names a replaced part, none otherwise.
 */
export async function replacementsFor(
  db: Database,
  matched: Match[],
  companyId: string | null,
): Promise<Map<string, Match>> {
  const ids = matched.filter((m) => m.replaced).map((m) => m.id);
  if (ids.length === 0) return new Map();
  const replaced = await replacementsOf(db, ids);
  if (replaced.size === 0) return new Map();
  const found = await findProducts(
    db,
    [...new Set([...replaced.values()].map((r) => partNumberKey(r.sku)))],
    companyId,
  );
  const byOld = new Map<string, Match>();
  for (const [oldId, replacement] of replaced) {
    const match = found.get(partNumberKey(replacement.sku));
    if (match) byOld.set(oldId, match);
  }
  return byOld;
}

/**
 * A line that named a replaced part: `superseded`, naming the replacement (its id, SKU, minimum,
 * stock and pack, priced for the line's quantity), never added to the cart as it stands: the
 * buyer is offered the replacement instead.
 */
export function supersededLine(
  base: QuickOrderLine,
  old: Match,
  replacement: Match,
  quantityAsked: number | null,
  unitCents: number,
): QuickOrderLine {
  const quantity = quantityAsked ?? replacement.minimum;
  return {
    ...base,
    status: 'superseded',
    productId: replacement.id,
    sku: replacement.sku,
    name: replacement.name,
    customerPartNumber: replacement.customerPartNumber,
    minimumOrderQuantity: replacement.minimum,
    availableQuantity: replacement.available,
    packSize: replacement.pack,
    quantity,
    replaces: old.sku,
    message: quickOrderMessages.superseded(old.sku, replacement.sku),
    unitPrice: unitCents / 100,
    lineTotal: (unitCents * quantity) / 100,
  };
}
