import type { BuyerPrice } from '@proper-parts/domain/price-lists';
import { sql } from 'drizzle-orm';
import { queryNamedSql } from '../../db/named-statement.ts';
import type { Queryable } from '../../db/queryable.ts';
import { priceSourceOf } from '../cart/cart-repository.ts';

interface PriceRow {
  productId: string;
  quantity: number;
  moq: number;
  listCents: number;
  unitCents: number | string;
  tierCents: number | string;
  priceListId: string | null;
  priceListName: string | null;
}

/**
 * Issue 35, decision 038: a buyer's own prices for some products, computed for this request
 * (never cached): at each quantity where a price may change (the product's minimum, its tier
 * breaks, its entries in the buyer's company's active lists), as `pp_buyer_unit_price` (migration
 * 0030) prices: the least of the tier price and the contract offer, each read once (the function
 * itself read them again: the offer twice a quantity).
 * Products not sold (unknown, deleted) are left out.
 */
export async function buyerPrices(
  db: Queryable,
  userId: string,
  productIds: string[],
): Promise<BuyerPrice[]> {
  // Named, of fixed text: each pooled connection plans it once (the inlined offers made planning
  // as costly as running it).
  const rows = await queryNamedSql<PriceRow>(
    db,
    'buyer-prices',
    sql`with wanted as (
        select p.id, p.price_cents, greatest(p.minimum_order_quantity, 1) as moq
        from products p
        where p.id = any(${sql.param(productIds)}::uuid[]) and p.deleted_at is null
      ), quantities as (
        select w.id, w.moq as quantity from wanted w
        union
        select w.id, b.min_quantity from wanted w
          join price_breaks b on b.product_id = w.id and b.min_quantity > w.moq
        union
        select w.id, e.min_quantity from wanted w
          join company_members m on m.user_id = ${userId}
          join price_list_companies lc on lc.company_id = m.company_id
          join price_list_entries e on e.price_list_id = lc.price_list_id and e.product_id = w.id
          where e.min_quantity > w.moq
      )
      select w.id as "productId", q.quantity, w.moq, w.price_cents as "listCents",
        least(t.cents, o.cents) as "unitCents", t.cents as "tierCents",
        o.price_list_id as "priceListId", l.name as "priceListName"
      from wanted w join quantities q on q.id = w.id
      cross join lateral pp_unit_price(w.id, w.price_cents, q.quantity) t
      left join lateral pp_contract_offer(w.id, w.price_cents, q.quantity, ${userId}::text) o on true
      left join price_lists l on l.id = o.price_list_id
      order by w.id, q.quantity`,
  );
  const byProduct = new Map<string, PriceRow[]>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  const order = new Map(productIds.map((id, i) => [id, i]));
  return [...byProduct.values()]
    .sort(
      (a, b) => (order.get(a[0]?.productId ?? '') ?? 0) - (order.get(b[0]?.productId ?? '') ?? 0),
    )
    .flatMap((steps) => {
      const first = steps[0];
      if (!first) return [];
      const unit = Number(first.unitCents);
      const source = priceSourceOf(unit, Number(first.tierCents), first.listCents);
      const priceBreaks: BuyerPrice['priceBreaks'] = [];
      let last = unit;
      for (const step of steps.slice(1)) {
        const cents = Number(step.unitCents);
        if (cents >= last) continue;
        priceBreaks.push({ minQuantity: step.quantity, price: cents / 100 });
        last = cents;
      }
      return [
        {
          productId: first.productId,
          unitPrice: unit / 100,
          listPrice: first.listCents / 100,
          priceBreaks,
          source,
          priceList:
            source === 'contract' && first.priceListId && first.priceListName
              ? { id: first.priceListId, name: first.priceListName }
              : null,
        },
      ];
    });
}
